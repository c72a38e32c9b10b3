import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDay } from '@storedesk/shared/dates';
import { cashToSettlePaise } from '@storedesk/shared/delivery/dispatch';
import type { CashRow } from '@storedesk/shared/delivery/schemas';
import { formatRupees } from '@storedesk/shared/money';
import { useFormat, useT } from '@storedesk/web/i18n';
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
function useSettledText(timeZone: string): (row: CashRow) => string {
  const t = useT();
  const { dateTime } = useFormat();
  return (row) => {
    if (row.settledPaise === null) return t('cash.notSettled');
    const amount = formatRupees(row.settledPaise);
    const name = row.settledByName ?? t('cash.staff');
    const settled = row.settledAt
      ? t('cash.settledByOn', { amount, name, time: dateTime(row.settledAt, timeZone) })
      : t('cash.settledBy', { amount, name });
    const left = cashToSettlePaise(row);
    return left > 0 ? t('cash.settledLeft', { settled, amount: formatRupees(left) }) : settled;
  };
}

function SettleButton({ row, onSettle }: { row: CashRow; onSettle: (row: CashRow) => void }) {
  const t = useT();
  const left = cashToSettlePaise(row);
  if (left === 0) return null;
  const amount = formatRupees(left);
  return (
    <Button
      size="small"
      variant="outlined"
      onClick={() => onSettle(row)}
      aria-label={t('cash.settleOf', { amount, name: row.executiveName, day: formatDay(row.day) })}
    >
      {t('cash.settleAmount', { amount })}
    </Button>
  );
}

/** Cash collected per executive and day, what was settled (by whom, when), and the totals. */
export function CashTable({ list, pending, timeZone, onSettle, empty }: CashTableProps) {
  const t = useT();
  const settledText = useSettledText(timeZone);
  // On a phone each row is one cell: who and which day, then the amounts, then Settle.
  const compact = useCompact();
  const columns = compact ? 1 : 6;
  const items = list?.items ?? [];

  let body: ReactNode;
  if (pending) body = <TableSkeletonRows columns={columns} />;
  else if (items.length === 0)
    body = (
      <TableMessageRow columns={columns} title={t('cash.noCash')}>
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
            {t('cash.ordersCollected', {
              count: row.orders,
              n: String(row.orders),
              amount: formatRupees(row.collectedPaise),
            })}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 0.5 }}>
            {t('cash.settledLine', { text: settledText(row) })}
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
        <TableCell>{settledText(row)}</TableCell>
        <TableCell align="right">
          <SettleButton row={row} onSettle={onSettle} />
        </TableCell>
      </TableRow>
    ));
  }

  return (
    <Paper variant="outlined">
      <TableRegion name={t('cash.title')} maxHeight={560}>
        <Table stickyHeader size="small" aria-label={t('cash.title')}>
          {compact ? null : (
            <TableHead>
              <TableRow>
                <TableCell>{t('cash.executive')}</TableCell>
                <TableCell>{t('cash.day')}</TableCell>
                <TableCell sx={money}>{t('cash.orders')}</TableCell>
                <TableCell sx={money}>{t('cash.collected')}</TableCell>
                <TableCell>{t('cash.settled')}</TableCell>
                <TableCell align="right">{t('common.action')}</TableCell>
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
                    {t('cash.totalCompact', {
                      collected: formatRupees(list.totals.collectedPaise),
                      settled: formatRupees(list.totals.settledPaise),
                    })}
                  </TableCell>
                ) : (
                  <>
                    <TableCell
                      component="th"
                      scope="row"
                      colSpan={3}
                      sx={{ typography: 'body2', fontWeight: 600, color: 'text.primary' }}
                    >
                      {t('common.total')}
                    </TableCell>
                    <TableCell sx={{ ...money, typography: 'body2', fontWeight: 600, color: 'text.primary' }}>
                      {formatRupees(list.totals.collectedPaise)}
                    </TableCell>
                    <TableCell sx={{ typography: 'body2', fontWeight: 600, color: 'text.primary' }}>
                      {t('cash.totalSettled', { amount: formatRupees(list.totals.settledPaise) })}
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
