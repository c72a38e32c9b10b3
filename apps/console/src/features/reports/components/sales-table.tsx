import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatRupees } from '@storedesk/shared/money';
import { figureColumns } from '@storedesk/shared/reports/columns';
import type { SalesFigures, SalesGrouping, SalesReport } from '@storedesk/shared/reports/schemas';
import { useT } from '@storedesk/web/i18n';
import type { ReactNode } from 'react';
import { TableMessageRow, TableSkeletonRows } from '@/components/table-states.tsx';
import { FigureList } from './figure-list.tsx';
import { useRowLabel } from './row-label.ts';
import { formatCount } from '@storedesk/shared/numbers';
import { useCompact } from '@/lib/use-compact.ts';
import { TableRegion } from '@/components/table-region.tsx';

const columnCount = figureColumns.length + 1;

/** One figure as shown: rupees or a count; none (an item's discount, say) as a dash read out as "none". */
function figureCell(figures: SalesFigures, key: keyof SalesFigures, money: boolean, none: string): ReactNode {
  const value = figures[key];
  if (value === null) return <span aria-label={none}>—</span>;
  return money ? formatRupees(value) : formatCount(value);
}

type SalesTableProps = {
  groupBy: SalesGrouping;
  report: SalesReport | undefined;
  pending: boolean;
  /** The period as the page names it, for the caption. */
  period: string;
};

/**
 * The report's rows and its totals, in the columns the CSV export writes
 * (packages/shared/src/reports/columns.ts): what is shown is what is exported.
 */
/** On a phone, a row's figures as one cell: each named, on lines that wrap, none out of sight. */
function CompactFigures({
  label,
  figures,
  total = false,
}: {
  label: string;
  figures: SalesFigures;
  total?: boolean;
}) {
  const t = useT();
  return (
    <TableCell component="th" scope="row" sx={total ? { fontWeight: 600, color: 'text.primary' } : undefined}>
      <Box sx={{ fontWeight: 600 }}>{label}</Box>
      <FigureList
        totals={total}
        entries={figureColumns.map((column) => ({
          key: column.key,
          label: t(`reports.column.${column.key}`),
          value: figureCell(figures, column.key, column.money, t('reports.noFigure')),
        }))}
      />
    </TableCell>
  );
}

export function SalesTable({ groupBy, report, pending, period }: SalesTableProps) {
  const t = useT();
  const rowLabel = useRowLabel(groupBy);
  const none = t('reports.noFigure');
  const name = t('reports.tableName', { grouping: t(`reports.grouping.${groupBy}`).toLowerCase(), period });
  const noSales = (columns: number) => (
    <TableMessageRow columns={columns} title={t('reports.noSales')}>
      {t('reports.noSalesHint')}
    </TableMessageRow>
  );
  // On a phone every figure shows without scrolling sideways: each row is one cell of named figures.
  const compact = useCompact();
  if (compact) {
    return (
      <TableRegion name={name} scrolls={false}>
        <Table size="small" aria-label={name}>
          <TableBody>
            {pending || !report ? (
              <TableSkeletonRows columns={1} />
            ) : report.rows.length === 0 ? (
              noSales(1)
            ) : (
              report.rows.map((row) => (
                <TableRow key={row.key}>
                  <CompactFigures label={rowLabel(row)} figures={row} />
                </TableRow>
              ))
            )}
          </TableBody>
          {report && !pending ? (
            <TableFooter>
              <TableRow>
                <CompactFigures label={t('common.total')} figures={report.totals} total />
              </TableRow>
            </TableFooter>
          ) : null}
        </Table>
      </TableRegion>
    );
  }
  return (
    // On a phone the table scrolls sideways: the keyboard can reach it to scroll it.
    <TableRegion name={name}>
      <Table size="small" aria-label={name}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {t(`reports.grouping.${groupBy}`)}
            </TableCell>
            {figureColumns.map((column) => (
              <TableCell key={column.key} component="th" scope="col" align="right">
                {t(`reports.column.${column.key}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {pending || !report ? (
            <TableSkeletonRows columns={columnCount} />
          ) : report.rows.length === 0 ? (
            noSales(columnCount)
          ) : (
            report.rows.map((row) => (
              <TableRow key={row.key} hover>
                <TableCell component="th" scope="row">
                  {rowLabel(row)}
                </TableCell>
                {figureColumns.map((column) => (
                  <TableCell key={column.key} align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {figureCell(row, column.key, column.money, none)}
                  </TableCell>
                ))}
              </TableRow>
            ))
          )}
        </TableBody>
        {report && !pending ? (
          <TableFooter>
            <TableRow>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600, color: 'text.primary' }}>
                {t('common.total')}
              </TableCell>
              {figureColumns.map((column) => (
                <TableCell
                  key={column.key}
                  align="right"
                  data-total={column.key}
                  sx={{ fontWeight: 600, color: 'text.primary', whiteSpace: 'nowrap' }}
                >
                  {figureCell(report.totals, column.key, column.money, none)}
                </TableCell>
              ))}
            </TableRow>
          </TableFooter>
        ) : null}
      </Table>
    </TableRegion>
  );
}
