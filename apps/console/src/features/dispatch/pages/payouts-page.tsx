import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import ShareLocationOutlined from '@mui/icons-material/ShareLocationOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { businessDay, formatDay, isCalendarDay } from '@storedesk/shared/dates';
import { addDays } from '@storedesk/shared/delivery/dispatch';
import type { PayoutRow, PayoutsQuery } from '@storedesk/shared/delivery/earnings';
import { useT } from '@storedesk/web/i18n';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths.ts';
import { DayRangeFields } from '@/components/day-range-fields.tsx';
import { LoadError } from '@/components/load-error.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import type { DayRange } from '@/lib/day-range-params.ts';
import { useDayRangeParams } from '@/lib/day-range-params.ts';
import { useTimeZone } from '@/lib/session.ts';
import { useZoneFilter } from '@/lib/zone-filter.ts';
import { payoutsCsvHref, usePayouts } from '@/features/dispatch/api/get-payouts.ts';
import { MarkPaidDialog } from '@/features/dispatch/components/mark-paid-dialog.tsx';
import { PayoutsTable } from '@/features/dispatch/components/payouts-table.tsx';

/** The business's week so far, Monday to today: executives are paid by the week, as their app counts it. */
function thisWeekSoFar(now: number, timeZone: string): DayRange {
  const today = businessDay(now, timeZone);
  const sinceMonday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  return { from: addDays(today, -sinceMonday), to: today };
}

/** The longest period the server reports on: a year. */
const maxDays = 366;

function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
}

/**
 * /dispatch/payouts (B18): per delivery executive, the period's deliveries, fees and tips, what of
 * it is unpaid, the cash on delivery they still hold and the net; Mark paid pays the net (or takes
 * what they owe) and counts their cash as handed over; the same rows download as CSV.
 */
export function PayoutsPage() {
  const t = useT();
  const timeZone = useTimeZone();
  const { zoneId } = useZoneFilter();
  const { from, to, setRange } = useDayRangeParams(() => thisWeekSoFar(Date.now(), timeZone));
  const days = isCalendarDay(from) && isCalendarDay(to) && from <= to;
  const tooLong = days && daysBetween(from, to) > maxDays;
  const valid = days && !tooLong;
  const query: PayoutsQuery = { from, to, zoneId };
  const payouts = usePayouts(query, timeZone, { enabled: valid });
  const [paying, setPaying] = useState<PayoutRow | null>(null);

  return (
    <>
      <PageHeader
        title={t('payouts.title')}
        description={t('payouts.description')}
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
              startIcon={<PaymentsOutlined />}
              component={RouterLink}
              to={paths.dispatch.cash.getHref()}
            >
              {t('cash.title')}
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
          toError={tooLong ? t('payouts.tooLong') : undefined}
          onChange={(changes) => {
            // Each field keeps a day: a change always names one.
            if (Object.values(changes).every((day) => day !== undefined)) setRange(changes);
          }}
        />
        {valid ? (
          <Button
            startIcon={<DownloadOutlined />}
            href={payoutsCsvHref(query)}
            download
            sx={{ alignSelf: { sm: 'center' } }}
          >
            {t('common.downloadCsv')}
          </Button>
        ) : null}
      </Stack>
      {payouts.isError ? (
        <Box sx={{ mb: 2 }}>
          <LoadError
            title={t('payouts.loadFailed')}
            error={payouts.error}
            onRetry={() => void payouts.refetch()}
            retrying={payouts.isFetching}
          />
        </Box>
      ) : null}
      <Box sx={{ height: 4 }}>
        {payouts.isPlaceholderData ? <LinearProgress aria-label={t('payouts.loading')} /> : null}
      </Box>
      <PayoutsTable
        list={payouts.data}
        pending={valid && payouts.isPending && !payouts.isError}
        timeZone={timeZone}
        onPay={setPaying}
        empty={
          valid ? t('payouts.empty', { from: formatDay(from), to: formatDay(to) }) : t('payouts.invalid')
        }
      />
      {paying ? <MarkPaidDialog row={paying} from={from} to={to} onClose={() => setPaying(null)} /> : null}
    </>
  );
}
