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
import type { GstFigures, GstReport } from '@storedesk/shared/reports/gst';
import { FormattedMessage, useT } from '@storedesk/web/i18n';
import { Link as RouterLink } from 'react-router';
import { TableMessageRow, TableSkeletonRows } from '@/components/table-states.tsx';
import { FigureList } from './figure-list.tsx';
import { paths } from '@/config/paths.ts';
import { useCompact } from '@/lib/use-compact.ts';
import { TableRegion } from '@/components/table-region.tsx';
import type { MessageId, Translate } from '@/i18n/index.ts';

// CGST and SGST are the tax's own names, in every language.
const parts = [
  { key: 'taxablePaise', header: 'gst.column.taxable' },
  { key: 'cgstPaise', header: null },
  { key: 'sgstPaise', header: null },
] as const satisfies ReadonlyArray<{ key: string; header: MessageId | null }>;

const partHeader = (t: Translate, part: (typeof parts)[number]) =>
  part.header === null ? (part.key === 'cgstPaise' ? 'CGST' : 'SGST') : t(part.header);

const groups = [
  { key: 'invoices', header: 'gst.invoices' },
  { key: 'creditNotes', header: 'gst.creditNotes' },
  { key: 'net', header: 'gst.net' },
] as const satisfies ReadonlyArray<{ key: string; header: MessageId }>;

const figure = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
const bold = { fontWeight: 600, color: 'text.primary' } as const;

const rowEntries = (t: Translate, row: Record<(typeof groups)[number]['key'], GstFigures>) =>
  groups.flatMap((group) =>
    parts.map((part) => ({
      label: `${t(group.header)}: ${partHeader(t, part)}`,
      value: formatRupees(row[group.key][part.key]),
    })),
  );

type Props = { report: GstReport | undefined; pending: boolean; period: string };

/** Per GST rate: the invoices, the credit notes and the net, each as taxable value, CGST and SGST (B18). */
export function GstSummaryTable({ report, pending, period }: Props) {
  const t = useT();
  const name = t('gst.summaryName', { period });
  const compact = useCompact();
  const columns = compact ? 1 : 1 + groups.length * parts.length;
  const body =
    pending || !report ? (
      <TableSkeletonRows columns={columns} rows={3} />
    ) : report.rates.length === 0 ? (
      <TableMessageRow columns={columns} title={t('gst.none')}>
        {t('gst.emptyHint')}
      </TableMessageRow>
    ) : (
      report.rates.map((row) =>
        compact ? (
          <TableRow key={row.rate}>
            <TableCell component="th" scope="row">
              <Box sx={{ fontWeight: 600 }}>{t('gst.rateRow', { rate: String(row.rate) })}</Box>
              <FigureList entries={rowEntries(t, row)} />
            </TableCell>
          </TableRow>
        ) : (
          <TableRow key={row.rate} hover>
            <TableCell component="th" scope="row">
              {row.rate}%
            </TableCell>
            {groups.flatMap((group) =>
              parts.map((part) => (
                <TableCell key={`${group.key}-${part.key}`} align="right" sx={figure}>
                  {formatRupees(row[group.key][part.key])}
                </TableCell>
              )),
            )}
          </TableRow>
        ),
      )
    );
  const totals =
    report && !pending && report.rates.length > 0 ? (
      <TableFooter>
        <TableRow>
          {compact ? (
            <TableCell component="th" scope="row" sx={bold}>
              <Box sx={{ fontWeight: 600 }}>{t('common.total')}</Box>
              <FigureList entries={rowEntries(t, report.totals)} />
            </TableCell>
          ) : (
            <>
              <TableCell component="th" scope="row" sx={bold}>
                {t('common.total')}
              </TableCell>
              {groups.flatMap((group) =>
                parts.map((part) => (
                  <TableCell key={`${group.key}-${part.key}`} align="right" sx={{ ...figure, ...bold }}>
                    {formatRupees(report.totals[group.key][part.key])}
                  </TableCell>
                )),
              )}
            </>
          )}
        </TableRow>
      </TableFooter>
    ) : null;
  return (
    <TableRegion name={name} scrolls={!compact}>
      <Table size="small" aria-label={name}>
        {compact ? null : (
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col" rowSpan={2}>
                {t('gst.rate')}
              </TableCell>
              {groups.map((group) => (
                <TableCell
                  key={group.key}
                  component="th"
                  scope="colgroup"
                  colSpan={parts.length}
                  align="center"
                >
                  {t(group.header)}
                </TableCell>
              ))}
            </TableRow>
            <TableRow>
              {groups.flatMap((group) =>
                parts.map((part) => (
                  <TableCell key={`${group.key}-${part.key}`} component="th" scope="col" align="right">
                    {partHeader(t, part)}
                  </TableCell>
                )),
              )}
            </TableRow>
          </TableHead>
        )}
        <TableBody>{body}</TableBody>
        {totals}
      </Table>
    </TableRegion>
  );
}

/** The period's invoices and credit notes, each with its order and GST; a credit note's figures are given back. */
export function GstDocumentsTable({ report, pending, period }: Props) {
  const t = useT();
  const name = t('gst.documentsName', { period });
  const compact = useCompact();
  const columns = compact ? 1 : 8;
  const money = (value: number, credit: boolean) => `${credit ? '−' : ''}${formatRupees(value)}`;
  return (
    <TableRegion name={name} scrolls={!compact}>
      <Table size="small" aria-label={name}>
        {compact ? null : (
          <TableHead>
            <TableRow>
              {(['document', 'number', 'date', 'order'] as const).map((header) => (
                <TableCell key={header} component="th" scope="col">
                  {t(`gst.column.${header}`)}
                </TableCell>
              ))}
              {[t('gst.column.value'), ...parts.map((part) => partHeader(t, part))].map((header) => (
                <TableCell key={header} component="th" scope="col" align="right">
                  {header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
        )}
        <TableBody>
          {pending || !report ? (
            <TableSkeletonRows columns={columns} rows={3} />
          ) : report.documents.length === 0 ? (
            <TableMessageRow columns={columns} title={t('gst.noDocuments')}>
              {t('gst.emptyHint')}
            </TableMessageRow>
          ) : (
            report.documents.map((document) => {
              const credit = document.kind === 'CREDIT_NOTE';
              const kind = t(`gst.kind.${document.kind}`);
              const title = `${kind} ${document.number}`;
              const invoice = String(document.invoiceNumber);
              const order = (
                <Link component={RouterLink} to={paths.orders.detail.getHref(document.orderId)}>
                  #{document.orderNumber}
                </Link>
              );
              return compact ? (
                <TableRow key={`${document.kind}-${document.number}`}>
                  <TableCell component="th" scope="row">
                    <Box sx={{ fontWeight: 600 }}>{title}</Box>
                    <Box sx={{ color: 'text.secondary' }}>
                      {formatDay(document.day)} · <FormattedMessage id="gst.order" values={{ order }} />
                      {credit ? ` · ${t('gst.againstInvoice', { number: invoice })}` : ''}
                    </Box>
                    <FigureList
                      entries={[
                        { label: t('gst.column.value'), value: money(document.valuePaise, credit) },
                        ...parts.map((part) => ({
                          label: partHeader(t, part),
                          value: money(document[part.key], credit),
                        })),
                      ]}
                    />
                  </TableCell>
                </TableRow>
              ) : (
                <TableRow key={`${document.kind}-${document.number}`} hover>
                  <TableCell>{kind}</TableCell>
                  <TableCell component="th" scope="row">
                    {document.number}
                    {credit ? (
                      <Box component="span" sx={{ color: 'text.secondary' }}>
                        {' '}
                        {t('gst.ofInvoice', { number: invoice })}
                      </Box>
                    ) : null}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(document.day)}</TableCell>
                  <TableCell>{order}</TableCell>
                  <TableCell align="right" sx={figure}>
                    {money(document.valuePaise, credit)}
                  </TableCell>
                  {parts.map((part) => (
                    <TableCell key={part.key} align="right" sx={figure}>
                      {money(document[part.key], credit)}
                    </TableCell>
                  ))}
                </TableRow>
              );
            })
          )}
        </TableBody>
      </Table>
    </TableRegion>
  );
}
