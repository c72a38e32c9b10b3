import CurrencyRupeeOutlined from '@mui/icons-material/CurrencyRupeeOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import RemoveShoppingCartOutlined from '@mui/icons-material/RemoveShoppingCartOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import Box from '@mui/material/Box';
import { dashboardMonths } from '@storedesk/shared/dashboard/months';
import type { Dashboard } from '@storedesk/shared/dashboard/schemas';
import { businessDay } from '@storedesk/shared/dates';
import { formatRupees } from '@storedesk/shared/money';
import { useT } from '@storedesk/web/i18n';
import { useDeferredValue } from 'react';
import type { ScreenPrefetch } from '@/lib/lazy-page.tsx';
import { LoadError } from '@/components/load-error.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { useSignedInSession } from '@/lib/session.ts';
import { chosenZoneId, useZoneFilter } from '@/lib/zone-filter.ts';
import { dashboardQueryOptions, useDashboard } from '@/features/dashboard/api/get-dashboard.ts';
import { storeTotalQueryOptions } from '@/features/dashboard/api/get-store-total.ts';
import { formatCount, monthValues } from '@/features/dashboard/components/dashboard-format.ts';
import { DashboardCharts } from '@/features/dashboard/components/dashboard-charts.tsx';
import { CardGrid, DashboardSkeleton } from '@/features/dashboard/components/dashboard-layout.tsx';
import { FirstStoreCard } from '@/features/dashboard/components/first-store-card.tsx';
import { StatCard } from '@/features/dashboard/components/stat-card.tsx';

/** The figures and the store count, asked for while the console's code still renders (see preloadScreens). */
export const prefetch: ScreenPrefetch = ({ queryClient, session }) => {
  const zoneId = chosenZoneId(session);
  void queryClient.prefetchQuery(dashboardQueryOptions({ zoneId }, session.business.timeZone));
  void queryClient.prefetchQuery(storeTotalQueryOptions);
};

/**
 * /dashboard (SPEC §2): this month's users, orders, cancellations and earnings
 * against last month, the last 7 days of orders and today's orders by status,
 * for the zone of the top bar (D4). Live with every order event (D10).
 */
export function DashboardPage() {
  const { zoneId } = useZoneFilter();
  const dashboard = useDashboard({ zoneId });
  // The figures render in the background once they arrive (React yields between components), so
  // a slow phone stays responsive while the cards and charts are built; the skeleton shows till then.
  const data = useDeferredValue(dashboard.data);
  const retry = () => void dashboard.refetch();
  const t = useT();
  const { timeZone } = useSignedInSession().business;
  // The months are the figures' once they arrive; before, the business's clock names the same
  // ones, so the heading is whole from the first paint and does not wait for the figures.
  const months = data ?? dashboardMonths(businessDay(new Date(), timeZone));

  return (
    <>
      <PageHeader
        title={t('dashboard.title')}
        description={t('dashboard.description', {
          month: t('dashboard.month', monthValues(months.month)),
          previous: t('dashboard.month', monthValues(months.previousMonth)),
        })}
      />
      <FirstStoreCard />
      {data ? (
        <>
          {dashboard.isError ? (
            // The figures on screen are the last ones that loaded.
            <Box sx={{ mb: 2 }}>
              <LoadError
                title={t('dashboard.refreshFailed')}
                error={dashboard.error}
                onRetry={retry}
                retrying={dashboard.isFetching}
              />
            </Box>
          ) : null}
          <DashboardFigures dashboard={data} />
        </>
      ) : dashboard.isError ? (
        <LoadError
          title={t('dashboard.loadFailed')}
          error={dashboard.error}
          onRetry={retry}
          retrying={dashboard.isFetching}
        />
      ) : (
        <DashboardSkeleton />
      )}
    </>
  );
}

function DashboardFigures({ dashboard }: { dashboard: Dashboard }) {
  const { cards } = dashboard;
  const t = useT();
  return (
    <>
      <CardGrid>
        <StatCard
          title={t('dashboard.totalUsers')}
          value={formatCount(cards.totalUsers.value)}
          caption={t('dashboard.totalUsersCaption')}
          icon={<PeopleOutlined />}
          change={cards.totalUsers}
        />
        <StatCard
          title={t('dashboard.totalOrders')}
          value={formatCount(cards.totalOrders.value)}
          caption={t('dashboard.totalOrdersCaption')}
          icon={<ShoppingCartOutlined />}
          change={cards.totalOrders}
        />
        <StatCard
          title={t('dashboard.cancelledOrders')}
          value={formatCount(cards.cancelledOrders.value)}
          caption={t('dashboard.cancelledOrdersCaption')}
          icon={<RemoveShoppingCartOutlined />}
          change={cards.cancelledOrders}
          rising="bad"
        />
        <StatCard
          title={t('dashboard.earnings')}
          value={formatRupees(cards.earningsPaise)}
          caption={t('dashboard.earningsCaption')}
          icon={<CurrencyRupeeOutlined />}
        />
      </CardGrid>
      <DashboardCharts dashboard={dashboard} />
    </>
  );
}
