import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { limits } from '@storedesk/shared/limits';
import { useT } from '@storedesk/web/i18n';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths.ts';
import { ListPagination } from '@/components/list-pagination.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { ListQueryStatus } from '@/components/table-states.tsx';
import { useListParams, usePageInRange } from '@/lib/list-params.ts';
import { useZoneFilter } from '@/lib/zone-filter.ts';
import type { OrdersQuery } from '@/features/orders/api/get-orders.ts';
import { useOrders } from '@/features/orders/api/get-orders.ts';
import { ExportOrdersButton } from '@/features/orders/components/export-orders-button.tsx';
import { OrderFiltersBar } from '@/features/orders/components/order-filters.tsx';
import { OrdersTable } from '@/features/orders/components/orders-table.tsx';
import { useOrderFilters } from '@/features/orders/order-list-params.ts';

/**
 * /orders/completed (SPEC §2, D8): the newest 100 delivered and cancelled
 * orders, in the same table as /orders without More or checkboxes, filtered the
 * same way (B2) but with no status tabs.
 */
export function CompletedOrdersPage() {
  const t = useT();
  const { zoneId } = useZoneFilter();
  const [listParams, setListParams] = useListParams();
  const [filters, setFilters] = useOrderFilters();
  const { q, page, pageSize } = listParams;
  // Closed orders have no status tab.
  const query: OrdersQuery = { view: 'completed', ...filters, status: undefined, q, page, pageSize, zoneId };
  const orders = useOrders(query);
  const items = orders.data?.items ?? [];
  const lastPage = usePageInRange(orders, listParams, setListParams);
  const filtered =
    q !== '' || filters.storeId !== undefined || filters.from !== undefined || filters.to !== undefined;

  return (
    <>
      <PageHeader
        title={
          orders.data
            ? t('orders.completedCount', { count: String(orders.data.total) })
            : t('orders.completedOrders')
        }
        description={t('orders.completedDescription', { limit: String(limits.completedOrdersLimit) })}
        actions={
          <>
            <ExportOrdersButton query={query} />
            <Button startIcon={<ArrowBackOutlined />} component={RouterLink} to={paths.orders.list.getHref()}>
              {t('common.back')}
            </Button>
          </>
        }
      />
      <Paper variant="outlined">
        <OrderFiltersBar
          filters={filters}
          q={q}
          zoneId={zoneId}
          onFilters={setFilters}
          onSearch={(next) => setListParams({ q: next })}
        />
        <ListQueryStatus query={orders} noun={t('orders.completedNoun')} />
        <OrdersTable
          view="completed"
          query={orders}
          items={items}
          sort={filters.sort}
          onSort={(sort) => setFilters({ sort })}
          filtered={filtered}
          onClearFilters={() => setFilters({ storeId: undefined, from: undefined, to: undefined, q: '' })}
        />
        <ListPagination
          total={orders.data?.total ?? 0}
          page={Math.min(page, lastPage)}
          pageSize={pageSize}
          onChange={setListParams}
        />
      </Paper>
    </>
  );
}
