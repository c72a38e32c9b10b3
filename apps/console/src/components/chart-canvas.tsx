import Box from '@mui/material/Box';
import { useColorScheme } from '@mui/material/styles';
import { Chart, type ChartConfiguration } from 'chart.js';
import { useEffect, useRef } from 'react';

/**
 * A colour as the canvas can paint it: the theme's colours are CSS variables
 * (`var(--mui-palette-primary-main)`), which only CSS reads, so each is read
 * from the page's styles as it is now.
 */
export type ResolveColor = (color: string) => string;

function resolverFor(element: Element): ResolveColor {
  const styles = getComputedStyle(element);
  return (color) => {
    const match = /^var\((--[\w-]+)(?:,\s*(.+))?\)$/.exec(color.trim());
    if (!match) return color;
    const value = styles.getPropertyValue(match[1]!).trim();
    return value || (match[2] ? resolverFor(element)(match[2]) : color);
  };
}

type ChartCanvasProps = {
  /** The chart as Chart.js draws it, with the theme's colours resolved; drawn again when it changes. */
  config: (color: ResolveColor) => ChartConfiguration;
  /** What the chart shows, for assistive technology (or `labelledBy`, the id of its title); its figures are in a table beside it. */
  label?: string;
  labelledBy?: string;
  /** The id of a longer description. */
  describedBy?: string;
  height: number;
};

/**
 * A Chart.js chart (ADR 0045) on a canvas as wide as its container, drawn
 * again when its figures or the colour mode change. The module that builds the
 * chart registers the Chart.js parts it uses, so only those are in its chunk.
 */
export function ChartCanvas({ config, label, labelledBy, describedBy, height }: ChartCanvasProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const { mode, systemMode } = useColorScheme();
  useEffect(() => {
    const element = canvas.current;
    // Without a 2D context (a browser that refuses canvas) the table beside the chart still has the figures.
    const context = element?.getContext('2d');
    if (!element || !context) return;
    const chart = new Chart(context, config(resolverFor(element)));
    return () => chart.destroy();
  }, [config, mode, systemMode]);
  return (
    <Box sx={{ position: 'relative', height, width: '100%' }}>
      <canvas
        ref={canvas}
        role="img"
        aria-label={label}
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
      />
    </Box>
  );
}
