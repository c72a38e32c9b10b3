import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import type { DailyOrders } from '@storedesk/shared/dashboard/schemas';
import { formatDay } from '@storedesk/shared/dates';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  LinearScale,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import { useT } from '@storedesk/web/i18n';
import { useCallback, useId } from 'react';
import { ChartCanvas, type ResolveColor } from '@/components/chart-canvas.tsx';
import { ChartLegend } from './chart-legend.tsx';
import { formatCount, formatDayMonth } from './dashboard-format.ts';
import type { OrderSeries } from './chart-colors.ts';
import { useChartColors, useSeriesLabels } from './chart-colors.ts';

// Only what this chart draws: grouped bars on two scales, with the tooltip (ADR 0045).
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

const series = ['cancelled', 'delivered', 'total'] as const satisfies readonly OrderSeries[];

const height = 260;

/** 'Orders Overview' (SPEC §2): cancelled, delivered and total orders of each of the last 7 days. */
export function OrdersOverviewChart({ days }: { days: DailyOrders[] }) {
  const titleId = useId();
  const descriptionId = useId();
  const colors = useChartColors();
  const seriesLabels = useSeriesLabels();
  const t = useT();

  const first = days.at(0);
  const last = days.at(-1);
  const description =
    first && last
      ? t('overview.description', { first: formatDay(first.day), last: formatDay(last.day) })
      : t('overview.descriptionEmpty');

  const config = useCallback(
    (color: ResolveColor): ChartConfiguration => ({
      type: 'bar',
      data: {
        labels: days.map((day) => formatDayMonth(day.day)),
        datasets: series.map((key) => ({
          label: seriesLabels[key],
          data: days.map((day) => day[key]),
          backgroundColor: color(colors.series[key]),
          borderRadius: 3,
          maxBarThickness: 18,
        })),
      },
      options: {
        maintainAspectRatio: false,
        animation: false,
        scales: {
          x: { ticks: { color: color(colors.text), maxRotation: 0 }, grid: { display: false } },
          y: {
            beginAtZero: true,
            ticks: {
              color: color(colors.text),
              precision: 0,
              callback: (value) => formatCount(Number(value)),
            },
            grid: { color: color(colors.grid) },
          },
        },
      },
    }),
    [days, colors, seriesLabels],
  );

  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: 2.5, height: '100%' }}>
      <Typography id={titleId} variant="h6" component="h2">
        {t('overview.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        {t('overview.subtitle')}
      </Typography>
      <ChartLegend
        label={t('overview.legend')}
        entries={series.map((key) => ({ key, label: seriesLabels[key], color: colors.series[key] }))}
      />
      <Box sx={{ mt: 2 }}>
        <ChartCanvas config={config} labelledBy={titleId} describedBy={descriptionId} height={height} />
        <Box id={descriptionId} sx={visuallyHidden}>
          {description}
        </Box>
      </Box>
      <Box component="table" sx={visuallyHidden}>
        <caption>{t('overview.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('overview.day')}</th>
            {series.map((key) => (
              <th key={key} scope="col">
                {seriesLabels[key]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.day}>
              <th scope="row">{formatDayMonth(day.day)}</th>
              {series.map((key) => (
                <td key={key}>{formatCount(day[key])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </Box>
    </Paper>
  );
}
