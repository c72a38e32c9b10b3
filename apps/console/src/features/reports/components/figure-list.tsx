import Box from '@mui/material/Box';
import { Fragment, type ReactNode } from 'react';

/** A row's figures on a phone: each named, on lines that wrap, none out of sight. */
export function FigureList({
  entries,
  totals = false,
}: {
  entries: ReadonlyArray<{ label: string; value: ReactNode; key?: string }>;
  /** The totals row's: each figure marked with its key for tests and tools. */
  totals?: boolean;
}) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'auto 1fr',
        columnGap: 1.5,
        '& dt': { color: 'text.secondary', fontWeight: 400 },
        '& dd': { m: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
      }}
    >
      {entries.map((entry) => (
        <Fragment key={entry.key ?? entry.label}>
          <dt>{entry.label}</dt>
          <dd data-total={totals ? entry.key : undefined}>{entry.value}</dd>
        </Fragment>
      ))}
    </Box>
  );
}
