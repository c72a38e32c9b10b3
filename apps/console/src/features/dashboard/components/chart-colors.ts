import { useTheme } from '@mui/material/styles';
import { useT } from '@storedesk/web/i18n';
import { useMemo } from 'react';

export type OrderSeries = 'pending' | 'delivered' | 'cancelled' | 'total';

/** A series' name in the language shown: `series.<series>` of the console's catalogues. */
export function useSeriesLabels(): Record<OrderSeries, string> {
  const t = useT();
  return useMemo(
    () => ({
      pending: t('series.pending'),
      delivered: t('series.delivered'),
      cancelled: t('series.cancelled'),
      total: t('series.total'),
    }),
    [t],
  );
}

export type ChartColors = { series: Record<OrderSeries, string>; text: string; grid: string };

/**
 * The colours of both charts: one per kind of order (delivered green, cancelled
 * red, as the order statuses are coloured), and the axes'. They are CSS
 * variables, so they follow the colour mode: the legend and the charts' SVG
 * use them as they are.
 */
export function useChartColors(): ChartColors {
  const theme = useTheme();
  const { palette } = theme.vars ?? theme;
  // The same object while the palette is, so a chart is drawn again only when its colours change.
  return useMemo(
    () => ({
      series: {
        pending: palette.warning.main,
        delivered: palette.success.main,
        cancelled: palette.error.main,
        total: palette.primary.main,
      },
      text: palette.text.secondary,
      grid: palette.divider,
    }),
    [palette],
  );
}
