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
import { groupingLabels } from '@storedesk/shared/reports/columns';
import type { SalesGrouping, SalesRow } from '@storedesk/shared/reports/schemas';
import { useCallback, useMemo } from 'react';
import { ChartCanvas, type ResolveColor } from '@/components/chart-canvas.tsx';

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

/** At most this many groups are drawn (the largest first); the table has them all. */
export const chartedGroups = 20;

/** The net sales of each day as a line, or of each group (gross for items and categories) as bars. */
export function SalesChart({ rows, groupBy }: { rows: SalesRow[]; groupBy: SalesGrouping }) {
  const theme = useTheme();
  const { palette } = theme.vars ?? theme;
  const byDay = groupBy === 'day';
  const figure = groupBy === 'item' || groupBy === 'category' ? 'grossPaise' : 'netPaise';
  const shown = useMemo(() => (byDay ? rows : rows.slice(0, chartedGroups)), [byDay, rows]);
  const seriesLabel = figure === 'grossPaise' ? 'Gross' : 'Net';
  const config = useCallback(
    (color: ResolveColor): ChartConfiguration => {
      const main = color(palette.primary.main);
      const text = color(palette.text.secondary);
      const grid = color(palette.divider);
      return {
        type: byDay ? 'line' : 'bar',
        data: {
          labels: shown.map((row) => (byDay ? row.label.slice(0, 5) : row.label)),
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
                label: (item) =>
                  `${seriesLabel} ${formatRupees(Math.round(item.parsed[byDay ? 'y' : 'x']! * 100))}`,
              },
            },
          },
          scales: {
            x: { ticks: { color: text, autoSkip: true, maxRotation: 0 }, grid: { color: grid } },
            y: { ticks: { color: text, autoSkip: byDay }, grid: { color: grid }, beginAtZero: true },
          },
        },
      };
    },
    [byDay, figure, palette, seriesLabel, shown],
  );
  const description = `${byDay ? 'Line' : 'Bar'} chart of ${seriesLabel.toLowerCase()} sales by ${groupingLabels[groupBy].toLowerCase()}${
    !byDay && rows.length > chartedGroups ? `, the ${chartedGroups} largest` : ''
  }. The figures are in the table that follows.`;
  const height = byDay ? 280 : Math.max(160, shown.length * 28 + 40);
  return <ChartCanvas config={config} label={description} height={height} />;
}
