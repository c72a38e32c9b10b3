import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { businessDay, formatDay, isCalendarDay } from '@storedesk/shared/dates';
import {
  byLine,
  daysInPeriod,
  maxReportDays,
  salesGroupings,
  type SalesGrouping,
} from '@storedesk/shared/reports/schemas';
import { lowRatingsListed, lowRatingStars } from '@storedesk/shared/reports/ratings';
import { useT } from '@storedesk/web/i18n';
import { useSearchParams } from 'react-router';
import { LoadError } from '@/components/load-error.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { useNow } from '@/lib/use-now.ts';
import { useTimeZone } from '@/lib/session.ts';
import { useZoneFilter } from '@/lib/zone-filter.ts';
import {
  salesCsvHref,
  useSalesReport,
  type SalesReportQuery,
} from '@/features/reports/api/get-sales-report.ts';
import { gstCsvHref, useGstReport } from '@/features/reports/api/get-gst-report.ts';
import { paymentsCsvHref, usePaymentsReport } from '@/features/reports/api/get-payments-report.ts';
import { useRatingsReport } from '@/features/reports/api/get-ratings-report.ts';
import { PaymentDaysTable, PaymentEntriesTable } from '@/features/reports/components/payments-tables.tsx';
import { GstDocumentsTable, GstSummaryTable } from '@/features/reports/components/gst-tables.tsx';
import { PeriodPicker } from '@/features/reports/components/period-picker.tsx';
import {
  LowRatingsTable,
  RatingGroupsTable,
  RatingTotals,
} from '@/features/reports/components/ratings-tables.tsx';
import { SalesChart } from '@/features/reports/components/sales-chart.tsx';
import { SalesTable } from '@/features/reports/components/sales-table.tsx';
import { presetPeriod } from '@/features/reports/period.ts';

/** The reports: the sales of a period (B15), its GST or its online payments (B18), its ratings (B19). */
type ReportKind = 'sales' | 'gst' | 'payments' | 'ratings';
const reportKinds: readonly ReportKind[] = ['sales', 'gst', 'payments', 'ratings'];

/** The report in the address (report, from, to, groupBy), so it can be shared and comes back on reload; this month's sales by default. */
function useReportParams(today: string) {
  const [params, setParams] = useSearchParams();
  const from = params.get('from');
  const to = params.get('to');
  const groupBy = params.get('groupBy');
  const asked = params.get('report') as ReportKind | null;
  const kind: ReportKind = asked && reportKinds.includes(asked) ? asked : 'sales';
  const fallback = presetPeriod('thisMonth', today)!;
  const period = from && to && isCalendarDay(from) && isCalendarDay(to) ? { from, to } : fallback;
  const grouping = salesGroupings.includes(groupBy as SalesGrouping) ? (groupBy as SalesGrouping) : 'day';
  const change = (next: { from?: string; to?: string; groupBy?: SalesGrouping; kind?: ReportKind }) =>
    setParams(
      (current) => {
        const merged = new URLSearchParams(current);
        merged.set('from', next.from ?? period.from);
        merged.set('to', next.to ?? period.to);
        merged.set('groupBy', next.groupBy ?? grouping);
        const shown = next.kind ?? kind;
        if (shown === 'sales') merged.delete('report');
        else merged.set('report', shown);
        return merged;
      },
      { replace: true },
    );
  return { kind, period, groupBy: grouping, change };
}

/**
 * /reports (B15): the sales of a period, grouped by day, store, category, item,
 * payment mode, coupon or executive, as a chart and a table with its totals,
 * for the zone of the top bar (D4); the CSV is the table as shown. The GST
 * report (B18) gives the period's tax invoices and credit notes, per rate. The
 * ratings (B19) are those customers gave in the period: in all, per store, per
 * executive, and the low ones to call back; they have no CSV.
 */
export function ReportsPage() {
  const t = useT();
  const timeZone = useTimeZone();
  const today = businessDay(useNow(), timeZone);
  const { kind, period, groupBy, change } = useReportParams(today);
  const { zoneId } = useZoneFilter();
  const days = daysInPeriod(period.from, period.to);
  const valid = days >= 1 && days <= maxReportDays;
  const query: SalesReportQuery = { ...period, groupBy, zoneId };
  const sales = useSalesReport(query, valid && kind === 'sales');
  const gst = useGstReport({ ...period, zoneId }, valid && kind === 'gst');
  const payments = usePaymentsReport({ ...period, zoneId }, valid && kind === 'payments');
  const ratings = useRatingsReport({ ...period, zoneId }, valid && kind === 'ratings');
  const shownPeriod =
    period.from === period.to
      ? formatDay(period.from)
      : t('period.range', { from: formatDay(period.from), to: formatDay(period.to) });
  // Each report's query, what the page says of it, and its CSV (none for ratings): one record per kind.
  const reports = {
    sales: {
      query: sales,
      description: t('reports.description', { period: shownPeriod }),
      csv: salesCsvHref(query),
    },
    gst: {
      query: gst,
      description: t('gst.description', { period: shownPeriod }),
      csv: gstCsvHref({ ...period, zoneId }),
    },
    payments: {
      query: payments,
      description: t('payments.description', { period: shownPeriod }),
      csv: paymentsCsvHref({ ...period, zoneId }),
    },
    ratings: {
      query: ratings,
      description: t('ratings.description', { period: shownPeriod, stars: String(lowRatingStars) }),
      csv: null,
    },
  } as const;
  const report = reports[kind].query;
  const csv = reports[kind].csv;
  const data = valid ? sales.data : undefined;
  const rated = ratings.data && !ratings.isPending ? ratings.data.totals.rated > 0 : true;
  const hasSales =
    kind === 'sales' && data !== undefined && (data.totals.orders > 0 || data.totals.cancelled > 0);

  return (
    <>
      <PageHeader
        title={t('reports.title')}
        description={reports[kind].description}
        actions={
          csv === null ? null : (
            <Button
              startIcon={<DownloadOutlined />}
              href={csv}
              download
              disabled={!valid || !report.data || report.isPlaceholderData}
            >
              {t('reports.exportCsv')}
            </Button>
          )
        }
      />
      <Tabs
        value={kind}
        onChange={(_event, next: ReportKind) => change({ kind: next })}
        aria-label={t('reports.tabs')}
        variant="scrollable"
        scrollButtons="auto"
        sx={{ mb: 2 }}
      >
        <Tab value="sales" label={t('reports.tab.sales')} />
        <Tab value="gst" label={t('reports.tab.gst')} />
        <Tab value="payments" label={t('reports.tab.payments')} />
        <Tab value="ratings" label={t('reports.tab.ratings')} />
      </Tabs>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <PeriodPicker period={period} today={today} onChange={(next) => change(next)} />
          {kind === 'sales' ? (
            <TextField
              select
              label={t('reports.groupBy')}
              size="small"
              value={groupBy}
              onChange={(event) => change({ groupBy: event.target.value as SalesGrouping })}
              sx={{ minWidth: 180 }}
            >
              {salesGroupings.map((key) => (
                <MenuItem key={key} value={key}>
                  {t(`reports.grouping.${key}`)}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
        </Stack>
      </Paper>
      {valid && report.isError ? (
        <Box sx={{ mb: 2 }}>
          <LoadError
            title={t('reports.loadFailed')}
            error={report.error}
            onRetry={() => void report.refetch()}
            retrying={report.isFetching}
          />
        </Box>
      ) : null}
      <Box sx={{ height: 4 }}>
        {valid && report.isFetching && report.data ? (
          <LinearProgress aria-label={t('reports.loading')} />
        ) : null}
      </Box>
      {hasSales ? (
        <Paper
          component="section"
          variant="outlined"
          aria-labelledby="sales-chart-title"
          sx={{ p: 2, mb: 2 }}
        >
          <Typography id="sales-chart-title" variant="h6" component="h2" sx={{ mb: 1 }}>
            {t(byLine(groupBy) ? 'reports.chartTitleGross' : 'reports.chartTitleNet', {
              grouping: t(`reports.grouping.${groupBy}`).toLowerCase(),
            })}
          </Typography>
          <SalesChart rows={data.rows} groupBy={groupBy} />
        </Paper>
      ) : null}
      {valid && kind === 'sales' && !(sales.isError && !sales.data) ? (
        <Paper variant="outlined">
          <SalesTable groupBy={groupBy} report={data} pending={sales.isPending} period={shownPeriod} />
        </Paper>
      ) : null}
      {valid && kind === 'gst' && !(gst.isError && !gst.data) ? (
        <>
          <Paper component="section" variant="outlined" aria-labelledby="gst-rates-title" sx={{ mb: 2 }}>
            <Typography id="gst-rates-title" variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
              {t('gst.byRate')}
            </Typography>
            <GstSummaryTable report={gst.data} pending={gst.isPending} period={shownPeriod} />
          </Paper>
          <Paper component="section" variant="outlined" aria-labelledby="gst-documents-title">
            <Typography id="gst-documents-title" variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
              {t('gst.documents')}
            </Typography>
            <GstDocumentsTable report={gst.data} pending={gst.isPending} period={shownPeriod} />
          </Paper>
        </>
      ) : null}
      {valid && kind === 'payments' && !(payments.isError && !payments.data) ? (
        <>
          <Paper component="section" variant="outlined" aria-labelledby="payment-days-title" sx={{ mb: 2 }}>
            <Typography id="payment-days-title" variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
              {t('payments.byDay')}
            </Typography>
            <PaymentDaysTable report={payments.data} pending={payments.isPending} period={shownPeriod} />
          </Paper>
          <Paper component="section" variant="outlined" aria-labelledby="payment-entries-title">
            <Typography id="payment-entries-title" variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
              {t('payments.entries')}
            </Typography>
            <PaymentEntriesTable report={payments.data} pending={payments.isPending} period={shownPeriod} />
          </Paper>
        </>
      ) : null}
      {valid && kind === 'ratings' && !(ratings.isError && !ratings.data) ? (
        <>
          <Paper
            component="section"
            variant="outlined"
            aria-labelledby="ratings-totals-title"
            sx={{ p: 2, mb: 2 }}
          >
            <Typography id="ratings-totals-title" variant="h6" component="h2" sx={{ mb: 1 }}>
              {t('ratings.inAll')}
            </Typography>
            <RatingTotals report={ratings.data} pending={ratings.isPending} />
          </Paper>
          {rated ? (
            <>
              <Paper
                component="section"
                variant="outlined"
                aria-labelledby="rating-stores-title"
                sx={{ mb: 2 }}
              >
                <Typography id="rating-stores-title" variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
                  {t('ratings.byStore')}
                </Typography>
                <RatingGroupsTable
                  by="store"
                  report={ratings.data}
                  pending={ratings.isPending}
                  period={shownPeriod}
                />
              </Paper>
              <Paper
                component="section"
                variant="outlined"
                aria-labelledby="rating-executives-title"
                sx={{ mb: 2 }}
              >
                <Typography id="rating-executives-title" variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
                  {t('ratings.byExecutive')}
                </Typography>
                <RatingGroupsTable
                  by="executive"
                  report={ratings.data}
                  pending={ratings.isPending}
                  period={shownPeriod}
                />
              </Paper>
              <Paper component="section" variant="outlined" aria-labelledby="low-ratings-title">
                <Typography id="low-ratings-title" variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
                  {t('ratings.low')}
                </Typography>
                {ratings.data && ratings.data.totals.low > ratings.data.lowRatings.length ? (
                  <Typography variant="body2" sx={{ px: 2, color: 'text.secondary' }}>
                    {t('ratings.newest', {
                      listed: String(lowRatingsListed),
                      low: String(ratings.data.totals.low),
                    })}
                  </Typography>
                ) : null}
                <LowRatingsTable report={ratings.data} pending={ratings.isPending} period={shownPeriod} />
              </Paper>
            </>
          ) : (
            <Paper variant="outlined" sx={{ py: 4, px: 2, textAlign: 'center' }}>
              <Typography variant="subtitle1">{t('ratings.none')}</Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
                {t('ratings.noneHint')}
              </Typography>
            </Paper>
          )}
        </>
      ) : null}
    </>
  );
}
