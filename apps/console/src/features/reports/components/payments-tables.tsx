import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatDateTime, formatDay } from '@storedesk/shared/dates';
import { formatRupees } from '@storedesk/shared/money';
import type { PaymentFigures, PaymentsReport } from '@storedesk/shared/reports/payments';
import { totalsLabel } from '@storedesk/shared/reports/columns';
import { Link as RouterLink } from 'react-router';
import { TableMessageRow, TableSkeletonRows } from '@/components/table-states.tsx';
import { FigureList } from './figure-list.tsx';
import { paths } from '@/config/paths.ts';
import { useCompact } from '@/lib/use-compact.ts';
import { useTimeZone } from '@/lib/session.ts';
import { TableRegion } from '@/components/table-region.tsx';

const columns: Array<{ key: keyof PaymentFigures; header: string; money: boolean }> = [
  { key: 'payments', header: 'Payments', money: false },
  { key: 'receivedPaise', header: 'Received', money: true },
  { key: 'feePaise', header: 'Fees', money: true },
  { key: 'refunds', header: 'Refunds', money: false },
  { key: 'refundedPaise', header: 'Refunded', money: true },
  { key: 'netPaise', header: 'Net', money: true },
];

const figure = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
const bold = { fontWeight: 600, color: 'text.primary' } as const;
const value = (f: PaymentFigures, key: keyof PaymentFigures, money: boolean) =>
  money ? formatRupees(f[key]) : String(f[key]);

function Figures({ figures }: { figures: PaymentFigures }) {
  return (
    <FigureList
      entries={columns.map((column) => ({
        label: column.header,
        value: value(figures, column.key, column.money),
      }))}
    />
  );
}

type Props = { report: PaymentsReport | undefined; pending: boolean; period: string };

const emptyText = 'Payments made online through the gateway, and its refunds, show here.';

/** Per day: the payments the gateway took, its fees, its refunds and the net it should pay out (B18). */
export function PaymentDaysTable({ report, pending, period }: Props) {
  const name = `Online payments by day, ${period}`;
  const compact = useCompact();
  const width = compact ? 1 : 1 + columns.length;
  return (
    <TableRegion name={name} scrolls={!compact}>
      <Table size="small" aria-label={name}>
        {compact ? null : (
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                Day
              </TableCell>
              {columns.map((column) => (
                <TableCell key={column.key} component="th" scope="col" align="right">
                  {column.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
        )}
        <TableBody>
          {pending || !report ? (
            <TableSkeletonRows columns={width} rows={3} />
          ) : report.days.length === 0 ? (
            <TableMessageRow columns={width} title="No online payments in this period">
              {emptyText}
            </TableMessageRow>
          ) : (
            report.days.map((day) =>
              compact ? (
                <TableRow key={day.day}>
                  <TableCell component="th" scope="row">
                    <Box sx={{ fontWeight: 600 }}>{formatDay(day.day)}</Box>
                    <Figures figures={day} />
                  </TableCell>
                </TableRow>
              ) : (
                <TableRow key={day.day} hover>
                  <TableCell component="th" scope="row">
                    {formatDay(day.day)}
                  </TableCell>
                  {columns.map((column) => (
                    <TableCell key={column.key} align="right" sx={figure}>
                      {value(day, column.key, column.money)}
                    </TableCell>
                  ))}
                </TableRow>
              ),
            )
          )}
        </TableBody>
        {report && !pending && report.days.length > 0 ? (
          <TableFooter>
            <TableRow>
              {compact ? (
                <TableCell component="th" scope="row" sx={bold}>
                  <Box sx={{ fontWeight: 600 }}>{totalsLabel}</Box>
                  <Figures figures={report.totals} />
                </TableCell>
              ) : (
                <>
                  <TableCell component="th" scope="row" sx={bold}>
                    {totalsLabel}
                  </TableCell>
                  {columns.map((column) => (
                    <TableCell key={column.key} align="right" sx={{ ...figure, ...bold }}>
                      {value(report.totals, column.key, column.money)}
                    </TableCell>
                  ))}
                </>
              )}
            </TableRow>
          </TableFooter>
        ) : null}
      </Table>
    </TableRegion>
  );
}

const stateLabels: Record<string, string> = {
  APPLIED: 'Paid its order',
  REFUNDED: 'Refunded at once',
  TIP: 'Tip for its executive',
  PENDING: 'Pending',
  PROCESSED: 'Processed',
};

/** Each payment and refund, with the gateway's reference, to find in the gateway's dashboard. */
export function PaymentEntriesTable({ report, pending, period }: Props) {
  const name = `Online payments and refunds, ${period}`;
  const timeZone = useTimeZone();
  const compact = useCompact();
  const width = compact ? 1 : 6;
  return (
    <TableRegion name={name} scrolls={!compact}>
      <Table size="small" aria-label={name}>
        {compact ? null : (
          <TableHead>
            <TableRow>
              {['When', 'Order', 'Kind', 'Gateway reference', 'State'].map((header) => (
                <TableCell key={header} component="th" scope="col">
                  {header}
                </TableCell>
              ))}
              <TableCell component="th" scope="col" align="right">
                Amount
              </TableCell>
            </TableRow>
          </TableHead>
        )}
        <TableBody>
          {pending || !report ? (
            <TableSkeletonRows columns={width} rows={3} />
          ) : report.entries.length === 0 ? (
            <TableMessageRow columns={width} title="Nothing in this period">
              {emptyText}
            </TableMessageRow>
          ) : (
            report.entries.map((entry) => {
              const refund = entry.kind === 'REFUND';
              const amount = `${refund ? '−' : ''}${formatRupees(entry.amountPaise)}`;
              const order = (
                <Link component={RouterLink} to={paths.orders.detail.getHref(entry.orderId)}>
                  #{entry.orderNumber}
                </Link>
              );
              const key = `${entry.kind}-${entry.reference ?? entry.at}-${entry.orderId}`;
              return compact ? (
                <TableRow key={key}>
                  <TableCell>
                    <Box sx={{ fontWeight: 600 }}>
                      {refund ? 'Refund' : 'Payment'} {amount}
                    </Box>
                    <Box sx={{ color: 'text.secondary' }}>
                      {formatDateTime(entry.at, timeZone)} · Order {order} ·{' '}
                      {stateLabels[entry.state] ?? entry.state}
                    </Box>
                    {entry.reference ? <Box sx={{ color: 'text.secondary' }}>{entry.reference}</Box> : null}
                  </TableCell>
                </TableRow>
              ) : (
                <TableRow key={key} hover>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at, timeZone)}</TableCell>
                  <TableCell>{order}</TableCell>
                  <TableCell>{refund ? 'Refund' : 'Payment'}</TableCell>
                  <TableCell>{entry.reference ?? '—'}</TableCell>
                  <TableCell>{stateLabels[entry.state] ?? entry.state}</TableCell>
                  <TableCell align="right" sx={figure}>
                    {amount}
                  </TableCell>
                </TableRow>
              );
            })
          )}
        </TableBody>
      </Table>
    </TableRegion>
  );
}
