import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatDay } from '@storedesk/shared/dates';
import { formatRupees } from '@storedesk/shared/money';
import type { PaymentFigures, PaymentsReport } from '@storedesk/shared/reports/payments';
import { FormattedMessage, useFormat, useT } from '@storedesk/web/i18n';
import { Link as RouterLink } from 'react-router';
import { TableMessageRow, TableSkeletonRows } from '@/components/table-states.tsx';
import { FigureList } from './figure-list.tsx';
import { paths } from '@/config/paths.ts';
import { useCompact } from '@/lib/use-compact.ts';
import { useTimeZone } from '@/lib/session.ts';
import { TableRegion } from '@/components/table-region.tsx';
import type { MessageId } from '@/i18n/index.ts';

/** The figures, each named `payments.column.<key>`. */
const columns: Array<{ key: keyof PaymentFigures; money: boolean }> = [
  { key: 'payments', money: false },
  { key: 'receivedPaise', money: true },
  { key: 'feePaise', money: true },
  { key: 'refunds', money: false },
  { key: 'refundedPaise', money: true },
  { key: 'netPaise', money: true },
];

const figure = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
const bold = { fontWeight: 600, color: 'text.primary' } as const;
const value = (f: PaymentFigures, key: keyof PaymentFigures, money: boolean) =>
  money ? formatRupees(f[key]) : String(f[key]);

function Figures({ figures }: { figures: PaymentFigures }) {
  const t = useT();
  return (
    <FigureList
      entries={columns.map((column) => ({
        label: t(`payments.column.${column.key}`),
        value: value(figures, column.key, column.money),
      }))}
    />
  );
}

type Props = { report: PaymentsReport | undefined; pending: boolean; period: string };

/** Per day: the payments the gateway took, its fees, its refunds and the net it should pay out (B18). */
export function PaymentDaysTable({ report, pending, period }: Props) {
  const t = useT();
  const name = t('payments.daysName', { period });
  const compact = useCompact();
  const width = compact ? 1 : 1 + columns.length;
  return (
    <TableRegion name={name} scrolls={!compact}>
      <Table size="small" aria-label={name}>
        {compact ? null : (
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {t('payments.day')}
              </TableCell>
              {columns.map((column) => (
                <TableCell key={column.key} component="th" scope="col" align="right">
                  {t(`payments.column.${column.key}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
        )}
        <TableBody>
          {pending || !report ? (
            <TableSkeletonRows columns={width} rows={3} />
          ) : report.days.length === 0 ? (
            <TableMessageRow columns={width} title={t('payments.none')}>
              {t('payments.emptyHint')}
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
                  <Box sx={{ fontWeight: 600 }}>{t('common.total')}</Box>
                  <Figures figures={report.totals} />
                </TableCell>
              ) : (
                <>
                  <TableCell component="th" scope="row" sx={bold}>
                    {t('common.total')}
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

const stateLabels: Record<string, MessageId> = {
  APPLIED: 'payments.state.APPLIED',
  REFUNDED: 'payments.state.REFUNDED',
  TIP: 'payments.state.TIP',
  PENDING: 'payments.state.PENDING',
  PROCESSED: 'payments.state.PROCESSED',
};

/** Each payment and refund, with the gateway's reference, to find in the gateway's dashboard. */
export function PaymentEntriesTable({ report, pending, period }: Props) {
  const t = useT();
  const format = useFormat();
  const name = t('payments.entriesName', { period });
  const stateText = (state: string) => (stateLabels[state] ? t(stateLabels[state]) : state);
  const timeZone = useTimeZone();
  const compact = useCompact();
  const width = compact ? 1 : 6;
  return (
    <TableRegion name={name} scrolls={!compact}>
      <Table size="small" aria-label={name}>
        {compact ? null : (
          <TableHead>
            <TableRow>
              {(['when', 'order', 'kind', 'reference', 'state'] as const).map((header) => (
                <TableCell key={header} component="th" scope="col">
                  {t(`payments.column.${header}`)}
                </TableCell>
              ))}
              <TableCell component="th" scope="col" align="right">
                {t('payments.column.amount')}
              </TableCell>
            </TableRow>
          </TableHead>
        )}
        <TableBody>
          {pending || !report ? (
            <TableSkeletonRows columns={width} rows={3} />
          ) : report.entries.length === 0 ? (
            <TableMessageRow columns={width} title={t('payments.nothing')}>
              {t('payments.emptyHint')}
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
              const kind = refund ? t('payments.refund') : t('payments.payment');
              const when = format.dateTime(entry.at, timeZone);
              return compact ? (
                <TableRow key={key}>
                  <TableCell>
                    <Box sx={{ fontWeight: 600 }}>
                      {kind} {amount}
                    </Box>
                    <Box sx={{ color: 'text.secondary' }}>
                      {when} · <FormattedMessage id="payments.order" values={{ order }} /> ·{' '}
                      {stateText(entry.state)}
                    </Box>
                    {entry.reference ? <Box sx={{ color: 'text.secondary' }}>{entry.reference}</Box> : null}
                  </TableCell>
                </TableRow>
              ) : (
                <TableRow key={key} hover>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{when}</TableCell>
                  <TableCell>{order}</TableCell>
                  <TableCell>{kind}</TableCell>
                  <TableCell>{entry.reference ?? '—'}</TableCell>
                  <TableCell>{stateText(entry.state)}</TableCell>
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
