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
import { averageStars, type RatingFigures, type RatingsReport } from '@storedesk/shared/reports/ratings';
import { FormattedMessage, useFormat, useT } from '@storedesk/web/i18n';
import { Fragment, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { TableMessageRow, TableSkeletonRows } from '@/components/table-states.tsx';
import { FigureList } from './figure-list.tsx';
import { paths } from '@/config/paths.ts';
import { formatCount } from '@storedesk/shared/numbers';
import { useCompact } from '@/lib/use-compact.ts';
import { useTimeZone } from '@/lib/session.ts';
import { TableRegion } from '@/components/table-region.tsx';
import type { MessageId, Translate } from '@/i18n/index.ts';

type T = Translate;

const figure = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/** An average of stars as the report says it: "4.3 of 5", or a dash when nothing was rated. */
export function averageText(t: T, figures: Pick<RatingFigures, 'rated' | 'starsTotal'>): string {
  const average = averageStars(figures);
  return average === null ? '—' : t('ratings.averageOf', { average: String(average) });
}

/**
 * How many gave 1 to 5 stars, in a short line ("1★ 0 · 2★ 1 · 3★ 0 · 4★ 2 · 5★ 5") drawn for the
 * eye, and said in words to a screen reader ("1 star: 0, 2 stars: 1, …").
 */
function StarsSpread({ byStars }: { byStars: readonly number[] }) {
  const t = useT();
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
        {byStars
          .map((count, at) => t('ratings.starsSaid', { stars: at + 1, count: formatCount(count) }))
          .join(', ')}
      </Box>
    </>
  );
}

/** The period's figures in all: orders rated, their average and the low ones (B19). */
export function RatingTotals({ report, pending }: { report: RatingsReport | undefined; pending: boolean }) {
  const t = useT();
  const totals = pending || !report ? null : report.totals;
  const entries = [
    { label: t('ratings.ordersRated'), value: totals ? formatCount(totals.rated) : null },
    { label: t('ratings.average'), value: totals ? averageText(t, totals) : null },
    { label: t('ratings.low'), value: totals ? formatCount(totals.low) : null },
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
type GroupColumn = { header: MessageId; value: (row: GroupRow, t: T) => ReactNode };

const figureColumns: readonly GroupColumn[] = [
  { header: 'ratings.column.rated', value: (row) => formatCount(row.rated) },
  { header: 'ratings.average', value: (row, t) => averageText(t, row) },
  { header: 'ratings.column.low', value: (row) => formatCount(row.low) },
  { header: 'ratings.column.spread', value: (row) => <StarsSpread byStars={row.byStars} /> },
];

const groups = {
  store: {
    header: 'ratings.store',
    title: 'ratings.storesName',
    rows: (report: RatingsReport, t: T): GroupRow[] =>
      report.stores.map((row) => ({
        ...row,
        key: row.storeId,
        name: row.storeName ?? t('ratings.deletedStore'),
      })),
    columns: figureColumns,
    emptyTitle: 'ratings.noStores',
  },
  executive: {
    header: 'ratings.executive',
    title: 'ratings.executivesName',
    rows: (report: RatingsReport, t: T): GroupRow[] =>
      report.executives.map((row) => ({
        ...row,
        key: row.executiveId,
        name: row.executiveName ?? t('ratings.deletedExecutive'),
      })),
    // The stars customers gave the executive, then the average of their orders' own stars.
    columns: [
      ...figureColumns,
      {
        header: 'ratings.column.ordersAverage',
        value: (row: GroupRow, t: T) =>
          averageText(t, { rated: row.orderRated ?? 0, starsTotal: row.orderStarsTotal ?? 0 }),
      },
    ],
    emptyTitle: 'ratings.noExecutives',
  },
} as const satisfies Record<
  string,
  {
    header: MessageId;
    title: MessageId;
    rows: (report: RatingsReport, t: T) => GroupRow[];
    columns: readonly GroupColumn[];
    emptyTitle: MessageId;
  }
>;

/**
 * The period's ratings per store, or per executive who delivered the order: how many, their
 * average, the low ones and how many gave each number of stars, most rated first. An executive's
 * are of the stars customers gave the executive (ADR 0084), with their orders' average after.
 */
export function RatingGroupsTable({ by, report, pending, period }: Props & { by: keyof typeof groups }) {
  const t = useT();
  const group = groups[by];
  const groupColumns: readonly GroupColumn[] = group.columns;
  const name = t(group.title, { period });
  const compact = useCompact();
  const width = compact ? 1 : 1 + groupColumns.length;
  const rows = report ? group.rows(report, t) : [];
  return (
    // On a wider screen than a phone the table scrolls sideways if it must: the keyboard can reach it.
    <TableRegion name={name} scrolls={!compact}>
      <Table size="small" aria-label={name}>
        {compact ? null : (
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {t(group.header)}
              </TableCell>
              {groupColumns.map((column) => (
                <TableCell key={column.header} component="th" scope="col" align="right">
                  {t(column.header)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
        )}
        <TableBody>
          {pending || !report ? (
            <TableSkeletonRows columns={width} rows={3} />
          ) : rows.length === 0 ? (
            <TableMessageRow columns={width} title={t(group.emptyTitle)} />
          ) : (
            rows.map((row) =>
              compact ? (
                <TableRow key={row.key}>
                  <TableCell component="th" scope="row">
                    <Box sx={{ fontWeight: 600 }}>{row.name}</Box>
                    <FigureList
                      entries={groupColumns.map((column) => ({
                        label: t(column.header),
                        value: column.value(row, t),
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
                      {column.value(row, t)}
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
  const t = useT();
  const format = useFormat();
  const name = t('ratings.lowName', { period });
  const timeZone = useTimeZone();
  const compact = useCompact();
  const width = compact ? 1 : 6;
  return (
    <TableRegion name={name} scrolls={!compact}>
      <Table size="small" aria-label={name}>
        {compact ? null : (
          <TableHead>
            <TableRow>
              {(
                [
                  'ratings.column.when',
                  'ratings.column.order',
                  'ratings.column.stars',
                  'ratings.column.comment',
                  'ratings.store',
                  'ratings.executive',
                ] as const
              ).map((header) => (
                <TableCell key={header} component="th" scope="col">
                  {t(header)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
        )}
        <TableBody>
          {pending || !report ? (
            <TableSkeletonRows columns={width} rows={3} />
          ) : report.lowRatings.length === 0 ? (
            <TableMessageRow columns={width} title={t('ratings.noLow')} />
          ) : (
            report.lowRatings.map((rating) => {
              const order = (
                <Link component={RouterLink} to={paths.orders.detail.getHref(rating.orderId)}>
                  #{rating.orderNumber}
                </Link>
              );
              const when = format.dateTime(rating.ratedAt, timeZone);
              const store = rating.storeName ?? t('ratings.deletedStore');
              // No name: the order was delivered by no executive.
              const executive = rating.executiveName ?? '—';
              const comment = rating.comment ? `“${rating.comment}”` : null;
              // The executive's stars after the order's, when given (ADR 0084).
              const stars =
                rating.executiveStars === null
                  ? t('ratings.stars', { stars: String(rating.stars) })
                  : t('ratings.starsWithDelivery', {
                      stars: String(rating.stars),
                      delivery: String(rating.executiveStars),
                    });
              return compact ? (
                <TableRow key={rating.orderId}>
                  <TableCell>
                    <Box sx={{ fontWeight: 600 }}>
                      <FormattedMessage id="ratings.order" values={{ order }} /> · {stars}
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
