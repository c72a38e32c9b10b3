import DonutLargeOutlined from '@mui/icons-material/DonutLargeOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Dashboard } from '@storedesk/shared/dashboard/schemas';
import { formatDay } from '@storedesk/shared/dates';
import { visuallyHidden } from '@mui/utils';
import { ArcElement, Chart, DoughnutController, type ChartConfiguration } from 'chart.js';
import { useT } from '@storedesk/web/i18n';
import { useCallback, useId } from 'react';
import { ChartCanvas, type ResolveColor } from '@/components/chart-canvas.tsx';
import { ChartLegend } from './chart-legend.tsx';
import type { OrderSeries } from './chart-colors.ts';
import { useChartColors, useSeriesLabels } from './chart-colors.ts';
import { formatCount } from './dashboard-format.ts';

const statuses = ['pending', 'delivered', 'cancelled'] as const satisfies readonly OrderSeries[];

// Only what this chart draws: a doughnut's arcs (ADR 0045).
Chart.register(DoughnutController, ArcElement);

const size = 200;

type OrdersByStatusChartProps = {
  counts: Dashboard['ordersByStatus'];
  /** Today in the business's time zone, 'YYYY-MM-DD'. */
  today: string;
};

/** 'Orders by status' (SPEC §2): today's orders still open, delivered and cancelled, as a donut. */
export function OrdersByStatusChart({ counts, today }: OrdersByStatusChartProps) {
  const titleId = useId();
  const descriptionId = useId();
  const colors = useChartColors();
  const seriesLabels = useSeriesLabels();
  const t = useT();
  const total = statuses.reduce((sum, status) => sum + counts[status], 0);
  const figures = statuses
    .map((status) => `${seriesLabels[status]} ${formatCount(counts[status])}`)
    .join(', ');
  const config = useCallback(
    (color: ResolveColor): ChartConfiguration => {
      const shown = statuses.filter((status) => counts[status] > 0);
      const doughnut: ChartConfiguration<'doughnut'> = {
        type: 'doughnut',
        data: {
          labels: shown.map((status) => seriesLabels[status]),
          datasets: [
            {
              data: shown.map((status) => counts[status]),
              backgroundColor: shown.map((status) => color(colors.series[status])),
              borderWidth: 0,
              // A thin gap between slices, when there is more than one.
              spacing: shown.length > 1 ? 2 : 0,
            },
          ],
        },
        options: {
          maintainAspectRatio: false,
          animation: false,
          cutout: '70%',
          plugins: { tooltip: { enabled: false } },
        },
      };
      // A doughnut's options (its cutout) are its own: the canvas takes any chart.
      return doughnut as unknown as ChartConfiguration;
    },
    [counts, colors, seriesLabels],
  );

  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: 2.5, height: '100%' }}>
      <Typography id={titleId} variant="h6" component="h2">
        {t('byStatus.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        {t('byStatus.today', { day: formatDay(today) })}
      </Typography>
      {total === 0 ? (
        <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', py: 6 }}>
          <DonutLargeOutlined sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden="true" />
          <Typography variant="subtitle1">{t('byStatus.emptyTitle')}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('byStatus.emptyText')}
          </Typography>
        </Stack>
      ) : (
        <Stack spacing={3} sx={{ alignItems: 'center', py: 1 }}>
          <Box sx={{ position: 'relative', width: size, maxWidth: '100%', flexShrink: 0 }}>
            <ChartCanvas config={config} labelledBy={titleId} describedBy={descriptionId} height={size} />
            <Box id={descriptionId} sx={visuallyHidden}>
              {t('byStatus.description', { total, count: formatCount(total), figures })}
            </Box>
            <Stack
              aria-hidden="true"
              sx={{ position: 'absolute', inset: 0, alignItems: 'center', justifyContent: 'center' }}
            >
              <Typography variant="h4" component="span" sx={{ fontWeight: 600, lineHeight: 1.1 }}>
                {formatCount(total)}
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {t('byStatus.orders', { total })}
              </Typography>
            </Stack>
          </Box>
          <Box sx={{ '& ul': { justifyContent: 'center' } }}>
            <ChartLegend
              label={t('byStatus.legend')}
              entries={statuses.map((status) => ({
                key: status,
                label: seriesLabels[status],
                color: colors.series[status],
                figure: `${formatCount(counts[status])} (${Math.round((counts[status] / total) * 100)}%)`,
              }))}
            />
          </Box>
        </Stack>
      )}
    </Paper>
  );
}
