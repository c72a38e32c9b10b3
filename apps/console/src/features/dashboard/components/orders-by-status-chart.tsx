import DonutLargeOutlined from '@mui/icons-material/DonutLargeOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Dashboard } from '@storedesk/shared/dashboard/schemas';
import { formatDay } from '@storedesk/shared/dates';
import { useT } from '@storedesk/web/i18n';
import { useId } from 'react';
import { ChartLegend } from './chart-legend.tsx';
import type { OrderSeries } from './chart-colors.ts';
import { useChartColors, useSeriesLabels } from './chart-colors.ts';
import { formatCount } from './dashboard-format.ts';

const statuses = ['pending', 'delivered', 'cancelled'] as const satisfies readonly OrderSeries[];

const size = 200;
const thickness = 30;
const radius = (size - thickness) / 2;
const circumference = 2 * Math.PI * radius;

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
            <svg
              width={size}
              height={size}
              viewBox={`0 0 ${size} ${size}`}
              role="img"
              aria-labelledby={titleId}
              aria-describedby={descriptionId}
              style={{ display: 'block', maxWidth: '100%', height: 'auto' }}
            >
              <desc id={descriptionId}>
                {t('byStatus.description', { total, count: formatCount(total), figures })}
              </desc>
              <g aria-hidden="true" transform={`rotate(-90 ${size / 2} ${size / 2})`}>
                <DonutSlices counts={counts} total={total} colors={colors.series} />
              </g>
            </svg>
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

/** The ring's slices, one per status with orders, clockwise from the top. */
function DonutSlices({
  counts,
  total,
  colors,
}: {
  counts: Dashboard['ordersByStatus'];
  total: number;
  colors: Record<OrderSeries, string>;
}) {
  const shown = statuses.filter((status) => counts[status] > 0);
  // Where each slice starts, as a length along the ring.
  const starts = shown.map((_, index) =>
    shown.slice(0, index).reduce((sum, status) => sum + (counts[status] / total) * circumference, 0),
  );
  // A thin gap between slices, when there is more than one.
  const gap = shown.length > 1 ? 2 : 0;
  return shown.map((status, index) => {
    const length = (counts[status] / total) * circumference;
    return (
      <circle
        key={status}
        cx={size / 2}
        cy={size / 2}
        r={radius}
        fill="none"
        strokeWidth={thickness}
        strokeDasharray={`${Math.max(0, length - gap)} ${circumference - length + gap}`}
        strokeDashoffset={-(starts[index] ?? 0)}
        style={{ stroke: colors[status] }}
      />
    );
  });
}
