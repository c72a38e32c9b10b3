import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatDate } from '@storedesk/shared/dates';
import type { PayoutList, PayoutRow } from '@storedesk/shared/delivery/earnings';
import { formatRupees } from '@storedesk/shared/money';
import { useT } from '@storedesk/web/i18n';
import type { ReactNode } from 'react';
import { TableMessageRow, TableSkeletonRows } from '@/components/table-states.tsx';
import { TableRegion } from '@/components/table-region.tsx';

type PayoutsTableProps = {
  list: PayoutList | undefined;
  pending: boolean;
  timeZone: string;
  onPay: (row: PayoutRow) => void;
  /** What the table shows under "No deliveries in this period", e.g. which days. */
  empty: ReactNode;
};

const columns = 10;
const money = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const total = { typography: 'body2', fontWeight: 600, color: 'text.primary' } as const;

/** Whether Mark paid has anything to do: fees or tips to pay, or cash to count as handed over. */
export function hasSomethingToPay(row: PayoutRow): boolean {
  return row.netPaise !== 0 || row.unpaidPaise !== 0 || row.cashToSettlePaise !== 0;
}

/** The latest payout made for days of the period, with how many came before it. */
function useLastPayoutText(timeZone: string): (row: PayoutRow) => string {
  const t = useT();
  return (row) => {
    const [last, ...earlier] = [...row.payouts].sort((a, b) => b.paidAt.localeCompare(a.paidAt));
    if (!last) return t('payouts.noPayout');
    const date = formatDate(last.paidAt, timeZone);
    // A negative payout is cash the executive handed over beyond what they earned.
    const text =
      last.amountPaise < 0
        ? t('payouts.handedOverOn', { amount: formatRupees(-last.amountPaise), date, name: last.paidByName })
        : t('payouts.paidOn', { amount: formatRupees(last.amountPaise), date, name: last.paidByName });
    return earlier.length > 0 ? t('payouts.andBefore', { text, count: String(earlier.length) }) : text;
  };
}

/**
 * Per executive: the period's deliveries, fees and tips, what is unpaid, the cash they still hold,
 * the net Mark paid pays (negative: what they hand over) and their last payout; then the totals.
 * Wider than a phone, it scrolls sideways inside its frame.
 */
export function PayoutsTable({ list, pending, timeZone, onPay, empty }: PayoutsTableProps) {
  const t = useT();
  const lastPayoutText = useLastPayoutText(timeZone);
  const items = list?.items ?? [];

  let body: ReactNode;
  if (pending) body = <TableSkeletonRows columns={columns} />;
  else if (items.length === 0)
    body = (
      <TableMessageRow columns={columns} title={t('payouts.noDeliveries')}>
        {empty}
      </TableMessageRow>
    );
  else {
    body = items.map((row) => (
      <TableRow key={row.executiveId} hover>
        <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
          {row.executiveName}
        </TableCell>
        <TableCell sx={money}>{row.deliveries}</TableCell>
        <TableCell sx={money}>{formatRupees(row.feesPaise)}</TableCell>
        <TableCell sx={money}>{formatRupees(row.tipsOnlinePaise)}</TableCell>
        <TableCell sx={money}>{formatRupees(row.tipsCashPaise)}</TableCell>
        <TableCell sx={money}>{formatRupees(row.unpaidPaise)}</TableCell>
        <TableCell sx={money}>{formatRupees(row.cashToSettlePaise)}</TableCell>
        <TableCell sx={{ ...money, fontWeight: 600 }}>{formatRupees(row.netPaise)}</TableCell>
        <TableCell sx={{ minWidth: 140 }}>{lastPayoutText(row)}</TableCell>
        <TableCell align="right">
          <Button
            size="small"
            variant="outlined"
            disabled={!hasSomethingToPay(row)}
            onClick={() => onPay(row)}
            aria-label={t('payouts.markPaidNamed', { name: row.executiveName })}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('payouts.markPaid')}
          </Button>
        </TableCell>
      </TableRow>
    ));
  }

  return (
    <Paper variant="outlined">
      <TableRegion name={t('payouts.title')} maxHeight={560}>
        <Table stickyHeader size="small" aria-label={t('payouts.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('payouts.executive')}</TableCell>
              <TableCell sx={money}>{t('payouts.deliveries')}</TableCell>
              <TableCell sx={money}>{t('payouts.fees')}</TableCell>
              <TableCell sx={money}>{t('payouts.tipsOnline')}</TableCell>
              <TableCell sx={money}>{t('payouts.tipsCash')}</TableCell>
              <TableCell sx={money}>{t('payouts.unpaid')}</TableCell>
              <TableCell sx={money}>{t('payouts.cashToSettle')}</TableCell>
              <TableCell sx={money}>{t('payouts.net')}</TableCell>
              <TableCell>{t('payouts.lastPayout')}</TableCell>
              <TableCell align="right">{t('common.action')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>{body}</TableBody>
          {list && items.length > 0 ? (
            <TableFooter>
              <TableRow>
                <TableCell component="th" scope="row" sx={total}>
                  {t('common.total')}
                </TableCell>
                <TableCell sx={{ ...money, ...total }}>{list.totals.deliveries}</TableCell>
                <TableCell sx={{ ...money, ...total }}>{formatRupees(list.totals.feesPaise)}</TableCell>
                <TableCell sx={{ ...money, ...total }}>{formatRupees(list.totals.tipsOnlinePaise)}</TableCell>
                <TableCell sx={{ ...money, ...total }}>{formatRupees(list.totals.tipsCashPaise)}</TableCell>
                <TableCell sx={{ ...money, ...total }}>{formatRupees(list.totals.unpaidPaise)}</TableCell>
                <TableCell sx={{ ...money, ...total }}>
                  {formatRupees(list.totals.cashToSettlePaise)}
                </TableCell>
                <TableCell sx={{ ...money, ...total }}>{formatRupees(list.totals.netPaise)}</TableCell>
                <TableCell colSpan={2} />
              </TableRow>
            </TableFooter>
          ) : null}
        </Table>
      </TableRegion>
    </Paper>
  );
}
