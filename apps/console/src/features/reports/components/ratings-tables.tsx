import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { formatDateTime } from '@storedesk/shared/dates';
import { averageStars, type RatingFigures, type RatingsReport } from '@storedesk/shared/reports/ratings';
import { Fragment, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { TableMessageRow, TableSkeletonRows } from '@/components/table-states.tsx';
import { FigureList } from './figure-list.tsx';
import { paths } from '@/config/paths.ts';
import { formatCount } from '@/lib/counts.ts';
import { useCompact } from '@/lib/use-compact.ts';
import { useTimeZone } from '@/lib/session.ts';
import { TableRegion } from '@/components/table-region.tsx';

const figure = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/** An average of stars as the report says it: "4.3 of 5", or a dash when nothing was rated. */
export function averageText(figures: Pick<RatingFigures, 'rated' | 'starsTotal'>): string {
  const average = averageStars(figures);
  return average === null ? '—' : `${average} of 5`;
}

/**
 * How many gave 1 to 5 stars, in a short line ("1★ 0 · 2★ 1 · 3★ 0 · 4★ 2 · 5★ 5") drawn for the
 * eye, and said in words to a screen reader ("1 star: 0, 2 stars: 1, …").
 */
function StarsSpread({ byStars }: { byStars: readonly number[] }) {
  return (
    <>
      <Box component="span" aria-hidden="true" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {byStars.map((count, at) => (
          <Fragment key={at}>
            {at > 0 ? ' · ' : null}
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {at + 1}★ {formatCount(count)}
            </Box>
          </Fragment>
        ))}
      </Box>
      <Box component="span" sx={visuallyHidden}>
        {byStars.map((count, at) => `${at + 1} star${at === 0 ? '' : 's'}: ${formatCount(count)}`).join(', ')}
      </Box>
    </>
  );
}

/** The period's figures in all: orders rated, their average and the low ones (B19). */
export function RatingTotals({ report, pending }: { report: RatingsReport | undefined; pending: boolean }) {
  const totals = pending || !report ? null : report.totals;
  const entries = [
    { label: 'Orders rated', value: totals ? formatCount(totals.rated) : null },
    { label: 'Average', value: totals ? averageText(totals) : null },
    { label: 'Low ratings', value: totals ? formatCount(totals.low) : null },
  ];
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' },
        gap: 2,
        '& dd': { m: 0 },
      }}
    >
      {entries.map((entry) => (
        <div key={entry.label}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {entry.label}
          </Typography>
          <Typography component="dd" variant="h5" sx={figure}>
            {entry.value ?? <Skeleton width={64} aria-hidden="true" />}
          </Typography>
        </div>
      ))}
    </Box>
  );
}

type Props = { report: RatingsReport | undefined; pending: boolean; period: string };

/** A store's or executive's figures; an executive's have their orders' own stars too (ADR 0084). */
type GroupRow = RatingFigures & { key: string; name: string; orderRated?: number; orderStarsTotal?: number };

/** A row's figures after its name, each under its header. */
type GroupColumn = { header: string; value: (row: GroupRow) => ReactNode };

const figureColumns: readonly GroupColumn[] = [
  { header: 'Rated', value: (row) => formatCount(row.rated) },
  { header: 'Average', value: (row) => averageText(row) },
  { header: 'Low', value: (row) => formatCount(row.low) },
  { header: 'Stars 1 to 5', value: (row) => <StarsSpread byStars={row.byStars} /> },
];

const groups = {
  store: {
    header: 'Store',
    title: 'Ratings by store',
    rows: (report: RatingsReport): GroupRow[] =>
      report.stores.map((row) => ({ ...row, key: row.storeId, name: row.storeName ?? 'Deleted store' })),
    columns: figureColumns,
    emptyTitle: 'No store was rated in this period',
  },
  executive: {
    header: 'Delivery executive',
    title: 'Ratings by delivery executive',
    rows: (report: RatingsReport): GroupRow[] =>
      report.executives.map((row) => ({
        ...row,
        key: row.executiveId,
        name: row.executiveName ?? 'Deleted executive',
      })),
    // The stars customers gave the executive, then the average of their orders' own stars.
    columns: [
      ...figureColumns,
      {
        header: 'Orders’ average',
        value: (row: GroupRow) =>
          averageText({ rated: row.orderRated ?? 0, starsTotal: row.orderStarsTotal ?? 0 }),
      },
    ],
    emptyTitle: 'No rated order was delivered by an executive in this period',
  },
} as const;

/**
 * The period's ratings per store, or per executive who delivered the order: how many, their
 * average, the low ones and how many gave each number of stars, most rated first. An executive's
 * are of the stars customers gave the executive (ADR 0084), with their orders' average after.
 */
export function RatingGroupsTable({ by, report, pending, period }: Props & { by: keyof typeof groups }) {
  const group = groups[by];
  const groupColumns = group.columns;
  const name = `${group.title}, ${period}`;
  const compact = useCompact();
  const width = compact ? 1 : 1 + groupColumns.length;
  const rows = report ? group.rows(report) : [];
  return (
    // On a wider screen than a phone the table scrolls sideways if it must: the keyboard can reach it.
    <TableRegion name={name} scrolls={!compact}>
      <Table size="small" aria-label={name}>
        {compact ? null : (
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {group.header}
              </TableCell>
              {groupColumns.map((column) => (
                <TableCell key={column.header} component="th" scope="col" align="right">
                  {column.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
        )}
        <TableBody>
          {pending || !report ? (
            <TableSkeletonRows columns={width} rows={3} />
          ) : rows.length === 0 ? (
            <TableMessageRow columns={width} title={group.emptyTitle} />
          ) : (
            rows.map((row) =>
              compact ? (
                <TableRow key={row.key}>
                  <TableCell component="th" scope="row">
                    <Box sx={{ fontWeight: 600 }}>{row.name}</Box>
                    <FigureList
                      entries={groupColumns.map((column) => ({
                        label: column.header,
                        value: column.value(row),
                      }))}
                    />
                  </TableCell>
                </TableRow>
              ) : (
                <TableRow key={row.key} hover>
                  <TableCell component="th" scope="row">
                    {row.name}
                  </TableCell>
                  {groupColumns.map((column) => (
                    <TableCell key={column.header} align="right" sx={figure}>
                      {column.value(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ),
            )
          )}
        </TableBody>
      </Table>
    </TableRegion>
  );
}

/** The period's low ratings, newest first, each with its order to open and call the customer from. */
export function LowRatingsTable({ report, pending, period }: Props) {
  const name = `Low ratings, ${period}`;
  const timeZone = useTimeZone();
  const compact = useCompact();
  const width = compact ? 1 : 6;
  return (
    <TableRegion name={name} scrolls={!compact}>
      <Table size="small" aria-label={name}>
        {compact ? null : (
          <TableHead>
            <TableRow>
              {['When', 'Order', 'Stars', 'Comment', 'Store', 'Delivery executive'].map((header) => (
                <TableCell key={header} component="th" scope="col">
                  {header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
        )}
        <TableBody>
          {pending || !report ? (
            <TableSkeletonRows columns={width} rows={3} />
          ) : report.lowRatings.length === 0 ? (
            <TableMessageRow columns={width} title="No low ratings in this period" />
          ) : (
            report.lowRatings.map((rating) => {
              const order = (
                <Link component={RouterLink} to={paths.orders.detail.getHref(rating.orderId)}>
                  #{rating.orderNumber}
                </Link>
              );
              const when = formatDateTime(rating.ratedAt, timeZone);
              const store = rating.storeName ?? 'Deleted store';
              // No name: the order was delivered by no executive.
              const executive = rating.executiveName ?? '—';
              const comment = rating.comment ? `“${rating.comment}”` : null;
              // The executive's stars after the order's, when given (ADR 0084).
              const stars = `${rating.stars} of 5${rating.executiveStars === null ? '' : `, delivery ${rating.executiveStars} of 5`}`;
              return compact ? (
                <TableRow key={rating.orderId}>
                  <TableCell>
                    <Box sx={{ fontWeight: 600 }}>
                      Order {order} · {stars}
                    </Box>
                    <Box sx={{ color: 'text.secondary' }}>{when}</Box>
                    <Box sx={{ color: 'text.secondary' }}>
                      {store} · {executive}
                    </Box>
                    {comment ? <Box sx={{ overflowWrap: 'anywhere' }}>{comment}</Box> : null}
                  </TableCell>
                </TableRow>
              ) : (
                <TableRow key={rating.orderId} hover>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{when}</TableCell>
                  <TableCell>{order}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{stars}</TableCell>
                  <TableCell sx={{ minWidth: 200, overflowWrap: 'anywhere' }}>{comment ?? '—'}</TableCell>
                  <TableCell>{store}</TableCell>
                  <TableCell>{executive}</TableCell>
                </TableRow>
              );
            })
          )}
        </TableBody>
      </Table>
    </TableRegion>
  );
}
