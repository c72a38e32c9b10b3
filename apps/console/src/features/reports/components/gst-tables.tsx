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
import { gstDocumentKindLabels, type GstFigures, type GstReport } from '@storedesk/shared/reports/gst';
import { totalsLabel } from '@storedesk/shared/reports/columns';
import { Link as RouterLink } from 'react-router';
import { TableMessageRow, TableSkeletonRows } from '@/components/table-states.tsx';
import { FigureList } from './figure-list.tsx';
import { paths } from '@/config/paths.ts';
import { useCompact } from '@/lib/use-compact.ts';
import { TableRegion } from '@/components/table-region.tsx';

const parts = [
  { key: 'taxablePaise', header: 'Taxable value' },
  { key: 'cgstPaise', header: 'CGST' },
  { key: 'sgstPaise', header: 'SGST' },
] as const;

const groups = [
  { key: 'invoices', header: 'Tax invoices' },
  { key: 'creditNotes', header: 'Credit notes' },
  { key: 'net', header: 'Net' },
] as const;

const figure = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
const bold = { fontWeight: 600, color: 'text.primary' } as const;

const rowEntries = (row: Record<(typeof groups)[number]['key'], GstFigures>) =>
  groups.flatMap((group) =>
    parts.map((part) => ({
      label: `${group.header}: ${part.header}`,
      value: formatRupees(row[group.key][part.key]),
    })),
  );

type Props = { report: GstReport | undefined; pending: boolean; period: string };

const emptyText = 'Tax invoices are given as orders are delivered, and credit notes with refunds after that.';

/** Per GST rate: the invoices, the credit notes and the net, each as taxable value, CGST and SGST (B18). */
export function GstSummaryTable({ report, pending, period }: Props) {
  const name = `GST by rate, ${period}`;
  const compact = useCompact();
  const columns = compact ? 1 : 1 + groups.length * parts.length;
  const body =
    pending || !report ? (
      <TableSkeletonRows columns={columns} rows={3} />
    ) : report.rates.length === 0 ? (
      <TableMessageRow columns={columns} title="No invoices or credit notes in this period">
        {emptyText}
      </TableMessageRow>
    ) : (
      report.rates.map((row) =>
        compact ? (
          <TableRow key={row.rate}>
            <TableCell component="th" scope="row">
              <Box sx={{ fontWeight: 600 }}>GST {row.rate}%</Box>
              <FigureList entries={rowEntries(row)} />
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
              <Box sx={{ fontWeight: 600 }}>{totalsLabel}</Box>
              <FigureList entries={rowEntries(report.totals)} />
            </TableCell>
          ) : (
            <>
              <TableCell component="th" scope="row" sx={bold}>
                {totalsLabel}
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
                GST rate
              </TableCell>
              {groups.map((group) => (
                <TableCell
                  key={group.key}
                  component="th"
                  scope="colgroup"
                  colSpan={parts.length}
                  align="center"
                >
                  {group.header}
                </TableCell>
              ))}
            </TableRow>
            <TableRow>
              {groups.flatMap((group) =>
                parts.map((part) => (
                  <TableCell key={`${group.key}-${part.key}`} component="th" scope="col" align="right">
                    {part.header}
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
  const name = `Tax invoices and credit notes, ${period}`;
  const compact = useCompact();
  const columns = compact ? 1 : 8;
  const money = (value: number, credit: boolean) => `${credit ? '−' : ''}${formatRupees(value)}`;
  return (
    <TableRegion name={name} scrolls={!compact}>
      <Table size="small" aria-label={name}>
        {compact ? null : (
          <TableHead>
            <TableRow>
              {['Document', 'Number', 'Date', 'Order'].map((header) => (
                <TableCell key={header} component="th" scope="col">
                  {header}
                </TableCell>
              ))}
              {['Value', ...parts.map((part) => part.header)].map((header) => (
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
            <TableMessageRow columns={columns} title="No documents in this period">
              {emptyText}
            </TableMessageRow>
          ) : (
            report.documents.map((document) => {
              const credit = document.kind === 'CREDIT_NOTE';
              const title = `${gstDocumentKindLabels[document.kind]} ${document.number}`;
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
                      {formatDay(document.day)} · Order {order}
                      {credit ? ` · against invoice ${document.invoiceNumber}` : ''}
                    </Box>
                    <FigureList
                      entries={[
                        { label: 'Value', value: money(document.valuePaise, credit) },
                        ...parts.map((part) => ({
                          label: part.header,
                          value: money(document[part.key], credit),
                        })),
                      ]}
                    />
                  </TableCell>
                </TableRow>
              ) : (
                <TableRow key={`${document.kind}-${document.number}`} hover>
                  <TableCell>{gstDocumentKindLabels[document.kind]}</TableCell>
                  <TableCell component="th" scope="row">
                    {document.number}
                    {credit ? (
                      <Box component="span" sx={{ color: 'text.secondary' }}>
                        {' '}
                        (invoice {document.invoiceNumber})
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
