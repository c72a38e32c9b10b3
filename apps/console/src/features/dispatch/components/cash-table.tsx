import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDateTime, formatDay } from '@storedesk/shared/dates';
import { cashToSettlePaise } from '@storedesk/shared/delivery/dispatch';
import type { CashRow } from '@storedesk/shared/delivery/schemas';
import { formatRupees } from '@storedesk/shared/money';
import type { ReactNode } from 'react';
import { TableMessageRow, TableSkeletonRows } from '@/components/table-states.tsx';
import { useCompact } from '@/lib/use-compact.ts';
import type { CashList } from '@/features/dispatch/api/get-cash.ts';
import { TableRegion } from '@/components/table-region.tsx';

type CashTableProps = {
  list: CashList | undefined;
  pending: boolean;
  timeZone: string;
  onSettle: (row: CashRow) => void;
  /** What the table shows when empty, e.g. for a range with no deliveries. */
  empty: ReactNode;
};

const money = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** What was settled (last by whom, when), and what is left to settle when cash came in after. */
function settledText(row: CashRow, timeZone: string): string {
  if (row.settledPaise === null) return 'Not settled';
  const when = row.settledAt ? ` on ${formatDateTime(row.settledAt, timeZone)}` : '';
  const left = cashToSettlePaise(row);
  return `${formatRupees(row.settledPaise)} by ${row.settledByName ?? 'staff'}${when}${left > 0 ? `; ${formatRupees(left)} to settle` : ''}`;
}

function SettleButton({ row, onSettle }: { row: CashRow; onSettle: (row: CashRow) => void }) {
  const left = cashToSettlePaise(row);
  if (left === 0) return null;
  return (
    <Button
      size="small"
      variant="outlined"
      onClick={() => onSettle(row)}
      aria-label={`Settle ${formatRupees(left)} of ${row.executiveName}, ${formatDay(row.day)}`}
    >
      Settle {formatRupees(left)}
    </Button>
  );
}

/** Cash collected per executive and day, what was settled (by whom, when), and the totals. */
export function CashTable({ list, pending, timeZone, onSettle, empty }: CashTableProps) {
  // On a phone each row is one cell: who and which day, then the amounts, then Settle.
  const compact = useCompact();
  const columns = compact ? 1 : 6;
  const items = list?.items ?? [];

  let body: ReactNode;
  if (pending) body = <TableSkeletonRows columns={columns} />;
  else if (items.length === 0)
    body = (
      <TableMessageRow columns={columns} title="No cash collected">
        {empty}
      </TableMessageRow>
    );
  else if (compact) {
    body = items.map((row) => (
      <TableRow key={`${row.executiveId}-${row.day}`}>
        <TableCell>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {row.executiveName} · {formatDay(row.day)}
          </Typography>
          <Typography variant="body2">
            {row.orders} {row.orders === 1 ? 'order' : 'orders'}, collected {formatRupees(row.collectedPaise)}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 0.5 }}>
            Settled: {settledText(row, timeZone)}
          </Typography>
          <SettleButton row={row} onSettle={onSettle} />
        </TableCell>
      </TableRow>
    ));
  } else {
    body = items.map((row) => (
      <TableRow key={`${row.executiveId}-${row.day}`} hover>
        <TableCell component="th" scope="row">
          {row.executiveName}
        </TableCell>
        <TableCell>{formatDay(row.day)}</TableCell>
        <TableCell sx={money}>{row.orders}</TableCell>
        <TableCell sx={money}>{formatRupees(row.collectedPaise)}</TableCell>
        <TableCell>{settledText(row, timeZone)}</TableCell>
        <TableCell align="right">
          <SettleButton row={row} onSettle={onSettle} />
        </TableCell>
      </TableRow>
    ));
  }

  return (
    <Paper variant="outlined">
      <TableRegion name="Cash to settle" maxHeight={560}>
        <Table stickyHeader size="small" aria-label="Cash to settle">
          {compact ? null : (
            <TableHead>
              <TableRow>
                <TableCell>Executive</TableCell>
                <TableCell>Day</TableCell>
                <TableCell sx={money}>Orders</TableCell>
                <TableCell sx={money}>Collected</TableCell>
                <TableCell>Settled</TableCell>
                <TableCell align="right">Action</TableCell>
              </TableRow>
            </TableHead>
          )}
          <TableBody>{body}</TableBody>
          {list && items.length > 0 ? (
            // The totals follow the last row; kept in sight they covered its Settle button.
            <TableFooter>
              <TableRow>
                {compact ? (
                  <TableCell sx={{ typography: 'body2', fontWeight: 600, color: 'text.primary' }}>
                    Total collected {formatRupees(list.totals.collectedPaise)}, settled{' '}
                    {formatRupees(list.totals.settledPaise)}
                  </TableCell>
                ) : (
                  <>
                    <TableCell
                      component="th"
                      scope="row"
                      colSpan={3}
                      sx={{ typography: 'body2', fontWeight: 600, color: 'text.primary' }}
                    >
                      Total
                    </TableCell>
                    <TableCell sx={{ ...money, typography: 'body2', fontWeight: 600, color: 'text.primary' }}>
                      {formatRupees(list.totals.collectedPaise)}
                    </TableCell>
                    <TableCell sx={{ typography: 'body2', fontWeight: 600, color: 'text.primary' }}>
                      {formatRupees(list.totals.settledPaise)} settled
                    </TableCell>
                    <TableCell />
                  </>
                )}
              </TableRow>
            </TableFooter>
          ) : null}
        </Table>
      </TableRegion>
    </Paper>
  );
}
