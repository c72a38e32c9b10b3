import TableContainer from '@mui/material/TableContainer';
import type { ResponsiveStyleValue } from '@mui/system';
import { useT } from '@storedesk/web/i18n';
import type { ReactNode } from 'react';

type TableRegionProps = {
  /** The table's own name: the region is "<name>, table", in the language shown. */
  name: string;
  /** Where the box stops growing and scrolls instead. */
  maxHeight?: ResponsiveStyleValue<number>;
  /** False where the table is laid out as cards on a phone and never scrolls. */
  scrolls?: boolean;
  children: ReactNode;
};

/**
 * A table's box. A table taller or wider than its box scrolls inside it, and the keyboard must be
 * able to scroll it too, even when no row holds a link or a button: the box is a named region in
 * the tab order.
 */
export function TableRegion({ name, maxHeight, scrolls = true, children }: TableRegionProps) {
  const t = useT();
  return (
    <TableContainer
      tabIndex={scrolls ? 0 : undefined}
      role="region"
      aria-label={t('lists.tableRegion', { name })}
      sx={maxHeight === undefined ? undefined : { maxHeight }}
    >
      {children}
    </TableContainer>
  );
}
