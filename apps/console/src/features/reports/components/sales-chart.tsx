import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import { useTheme } from '@mui/material/styles';
import { formatRupees } from '@storedesk/shared/money';
import { byLine, type SalesGrouping, type SalesRow } from '@storedesk/shared/reports/schemas';
import { useT } from '@storedesk/web/i18n';
import { useCallback, useMemo } from 'react';
import { ChartCanvas, type ResolveColor } from '@/components/chart-canvas.tsx';
import { useRowLabel } from './row-label.ts';

// Only what these charts draw: bars, a line with its points, two scales and the tooltip (ADR 0045).
Chart.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Tooltip,
);

/** Amounts on the value axis as a phone has room for them: 20K, 1.5L. */
const compactAmount = new Intl.NumberFormat('en-IN', { notation: 'compact', maximumFractionDigits: 1 });
/** A group's name on the chart, short enough for a phone; the tooltip and the table have it whole. */
const shortLabel = (label: string) => (label.length > 18 ? `${label.slice(0, 17)}…` : label);

/** At most this many groups are drawn (the largest first); the table has them all. */
export const chartedGroups = 20;

/** The net sales of each day as a line, or of each group (gross for items and categories) as bars. */
export function SalesChart({ rows, groupBy }: { rows: SalesRow[]; groupBy: SalesGrouping }) {
  const t = useT();
  const rowLabel = useRowLabel(groupBy);
  const theme = useTheme();
  const { palette } = theme.vars ?? theme;
  const byDay = groupBy === 'day';
  const figure = byLine(groupBy) ? 'grossPaise' : 'netPaise';
  const shown = useMemo(() => (byDay ? rows : rows.slice(0, chartedGroups)), [byDay, rows]);
  const seriesLabel = t(`reports.column.${figure}`);
  const labels = useMemo(() => shown.map(rowLabel), [shown, rowLabel]);
  const config = useCallback(
    (color: ResolveColor): ChartConfiguration => {
      const main = color(palette.primary.main);
      const text = color(palette.text.secondary);
      const grid = color(palette.divider);
      return {
        type: byDay ? 'line' : 'bar',
        data: {
          labels: labels.map((label) => (byDay ? label.slice(0, 5) : shortLabel(label))),
          datasets: [
            {
              label: seriesLabel,
              data: shown.map((row) => (row[figure] ?? 0) / 100),
              backgroundColor: main,
              borderColor: main,
              pointRadius: shown.length > 62 ? 0 : 2,
              borderWidth: byDay ? 2 : 0,
            },
          ],
        },
        options: {
          maintainAspectRatio: false,
          animation: false,
          indexAxis: byDay ? 'x' : 'y',
          plugins: {
            tooltip: {
              callbacks: {
                title: (items) => labels[items[0]?.dataIndex ?? 0] ?? '',
                label: (item) =>
                  `${seriesLabel} ${formatRupees(Math.round(item.parsed[byDay ? 'y' : 'x']! * 100))}`,
              },
            },
          },
          scales: {
            x: {
              ticks: byDay
                ? { color: text, autoSkip: true, maxRotation: 0 }
                : { color: text, maxTicksLimit: 5, callback: (value) => compactAmount.format(Number(value)) },
              grid: { color: grid },
              beginAtZero: true,
            },
            y: {
              ticks: byDay
                ? { color: text, maxTicksLimit: 6, callback: (value) => compactAmount.format(Number(value)) }
                : { color: text, autoSkip: false },
              grid: { color: grid },
              beginAtZero: true,
            },
          },
        },
      };
    },
    [byDay, figure, labels, palette, seriesLabel, shown],
  );
  const words = {
    figure: seriesLabel.toLowerCase(),
    grouping: t(`reports.grouping.${groupBy}`).toLowerCase(),
    count: String(chartedGroups),
  };
  const description = t(
    byDay
      ? 'reports.chart.line'
      : rows.length > chartedGroups
        ? 'reports.chart.barLargest'
        : 'reports.chart.bar',
    words,
  );
  const height = byDay ? 280 : Math.max(160, shown.length * 28 + 40);
  return <ChartCanvas config={config} label={description} height={height} />;
}
