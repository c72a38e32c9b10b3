import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import ShareLocationOutlined from '@mui/icons-material/ShareLocationOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { formatDay, isCalendarDay } from '@storedesk/shared/dates';
import type { CashQuery, CashRow } from '@storedesk/shared/delivery/schemas';
import { lastSevenDays } from '@storedesk/shared/delivery/dispatch';
import { useT } from '@storedesk/web/i18n';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths.ts';
import { LoadError } from '@/components/load-error.tsx';
import { DayRangeFields } from '@/components/day-range-fields.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { useDayRangeParams } from '@/lib/day-range-params.ts';
import { useTimeZone } from '@/lib/session.ts';
import { useZoneFilter } from '@/lib/zone-filter.ts';
import { cashCsvHref, useCash } from '@/features/dispatch/api/get-cash.ts';
import { CashTable } from '@/features/dispatch/components/cash-table.tsx';
import { SettleCashDialog } from '@/features/dispatch/components/settle-cash-dialog.tsx';

/**
 * /dispatch/cash (B14): cash collected on delivery per executive and business day (D19) in a range
 * of days, what was settled, by whom and when, and the totals; Settle records that an executive
 * handed a day's cash over; the same rows download as CSV.
 */
export function CashPage() {
  const t = useT();
  const timeZone = useTimeZone();
  const { zoneId } = useZoneFilter();
  // Until a range is chosen, the last 7 days.
  const { from, to, setRange } = useDayRangeParams(() => lastSevenDays(Date.now(), timeZone));
  const valid = isCalendarDay(from) && isCalendarDay(to) && from <= to;
  const query: CashQuery = { from, to, zoneId };
  const cash = useCash(query, timeZone, { enabled: valid });
  const [settling, setSettling] = useState<CashRow | null>(null);

  return (
    <>
      <PageHeader
        title={t('cash.title')}
        description={t('cash.description')}
        actions={
          <>
            <Button
              startIcon={<ShareLocationOutlined />}
              component={RouterLink}
              to={paths.dispatch.map.getHref()}
            >
              {t('dispatch.map')}
            </Button>
            <Button
              startIcon={<AccountBalanceWalletOutlined />}
              component={RouterLink}
              to={paths.dispatch.payouts.getHref()}
            >
              {t('payouts.title')}
            </Button>
          </>
        }
      />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        useFlexGap
        sx={{ mb: 2, flexWrap: 'wrap', alignItems: { xs: 'stretch', sm: 'flex-start' } }}
      >
        <DayRangeFields
          from={from}
          to={to}
          clearable={false}
          onChange={(changes) => {
            // Each field keeps a day: a change always names one.
            if (Object.values(changes).every((day) => day !== undefined)) setRange(changes);
          }}
        />
        {valid ? (
          <Button
            startIcon={<DownloadOutlined />}
            href={cashCsvHref(query)}
            download
            sx={{ alignSelf: { sm: 'center' } }}
          >
            {t('common.downloadCsv')}
          </Button>
        ) : null}
      </Stack>
      {cash.isError ? (
        <Box sx={{ mb: 2 }}>
          <LoadError
            title={t('cash.loadFailed')}
            error={cash.error}
            onRetry={() => void cash.refetch()}
            retrying={cash.isFetching}
          />
        </Box>
      ) : null}
      <Box sx={{ height: 4 }}>
        {cash.isPlaceholderData ? <LinearProgress aria-label={t('cash.loading')} /> : null}
      </Box>
      <CashTable
        list={cash.data}
        pending={valid && cash.isPending && !cash.isError}
        timeZone={timeZone}
        onSettle={setSettling}
        empty={valid ? t('cash.empty', { from: formatDay(from), to: formatDay(to) }) : t('cash.reversed')}
      />
      {settling ? <SettleCashDialog row={settling} onClose={() => setSettling(null)} /> : null}
    </>
  );
}
