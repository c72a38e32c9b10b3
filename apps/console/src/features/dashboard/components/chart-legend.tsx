import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export type LegendEntry = { key: string; label: string; color: string; figure?: ReactNode };

/** The key of a chart: a swatch per series, its name, and its figure when there is one. */
export function ChartLegend({ entries, label }: { entries: LegendEntry[]; label: string }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}
    >
      {entries.map((entry) => (
        <Box component="li" key={entry.key} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Box
            aria-hidden="true"
            sx={{ width: 12, height: 12, borderRadius: 0.5, flexShrink: 0 }}
            style={{ backgroundColor: entry.color }}
          />
          <Typography variant="body2" component="span">
            {entry.label}
          </Typography>
          {entry.figure !== undefined ? (
            <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
              {entry.figure}
            </Typography>
          ) : null}
        </Box>
      ))}
    </Box>
  );
}
