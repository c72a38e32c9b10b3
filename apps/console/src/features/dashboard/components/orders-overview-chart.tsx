import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import type { DailyOrders } from '@storedesk/shared/dashboard/schemas';
import { formatDay } from '@storedesk/shared/dates';
import { useT } from '@storedesk/web/i18n';
import { useId } from 'react';
import { countTicks } from './chart-scale.ts';
import { ChartLegend } from './chart-legend.tsx';
import { formatCount, formatDayMonth } from './dashboard-format.ts';
import type { OrderSeries } from './chart-colors.ts';
import { useChartColors, useSeriesLabels } from './chart-colors.ts';
import { useElementWidth } from './use-element-width.ts';

const series = ['cancelled', 'delivered', 'total'] as const satisfies readonly OrderSeries[];

const height = 260;
const margin = { top: 12, right: 8, bottom: 28, left: 40 };

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

  const [measure, width] = useElementWidth(560);
  const ticks = countTicks(Math.max(0, ...days.map((day) => day.total)));
  const top = ticks.at(-1) ?? 1;
  const plotWidth = Math.max(0, width - margin.left - margin.right);
  const plotHeight = height - margin.top - margin.bottom;
  const groupWidth = days.length > 0 ? plotWidth / days.length : 0;
  const barWidth = Math.max(2, Math.min(18, (groupWidth * 0.75) / series.length));
  // Day labels are about 32 px wide at 12 px; on a phone they get a size smaller.
  const labelSize = groupWidth < 44 ? 11 : 12;
  const y = (value: number) => margin.top + plotHeight - (value / top) * plotHeight;

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
      <Box ref={measure} sx={{ mt: 2, width: '100%' }}>
        <svg
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          role="img"
          aria-labelledby={titleId}
          aria-describedby={descriptionId}
          style={{ display: 'block', maxWidth: '100%', overflow: 'visible' }}
        >
          <desc id={descriptionId}>{description}</desc>
          <g aria-hidden="true">
            {ticks.map((tick) => (
              <g key={tick}>
                <line
                  x1={margin.left}
                  x2={margin.left + plotWidth}
                  y1={y(tick)}
                  y2={y(tick)}
                  style={{ stroke: tick === 0 ? colors.text : colors.grid }}
                />
                <text
                  x={margin.left - 8}
                  y={y(tick)}
                  textAnchor="end"
                  dominantBaseline="middle"
                  style={{ fill: colors.text, fontSize: 12 }}
                >
                  {formatCount(tick)}
                </text>
              </g>
            ))}
            {days.map((day, index) => {
              const groupStart = margin.left + index * groupWidth;
              const barsStart = groupStart + (groupWidth - barWidth * series.length) / 2;
              return (
                <g key={day.day}>
                  {series.map((key, barIndex) => {
                    const value = day[key];
                    if (value === 0) return null;
                    return (
                      <rect
                        key={key}
                        x={barsStart + barIndex * barWidth + 0.5}
                        y={y(value)}
                        width={Math.max(1, barWidth - 1)}
                        height={y(0) - y(value)}
                        rx={Math.min(3, barWidth / 4)}
                        style={{ fill: colors.series[key] }}
                      >
                        <title>{`${formatDayMonth(day.day)}: ${seriesLabels[key]} ${formatCount(value)}`}</title>
                      </rect>
                    );
                  })}
                  <text
                    x={groupStart + groupWidth / 2}
                    y={height - 8}
                    textAnchor="middle"
                    style={{ fill: colors.text, fontSize: labelSize }}
                  >
                    {formatDayMonth(day.day)}
                  </text>
                </g>
              );
            })}
          </g>
        </svg>
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
