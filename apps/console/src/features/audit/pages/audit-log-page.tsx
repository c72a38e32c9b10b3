import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import { auditRetentionDays, type AuditEntry } from '@storedesk/shared/audit/schemas';
import { useFormat, useT } from '@storedesk/web/i18n';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ListPagination } from '@/components/list-pagination.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { ListQueryStatus, TableMessageRow, TableSkeletonRows } from '@/components/table-states.tsx';
import { paths } from '@/config/paths.ts';
import { useListParams, usePageInRange } from '@/lib/list-params.ts';
import { useTimeZone } from '@/lib/session.ts';
import { useCompact } from '@/lib/use-compact.ts';
import { useAuditLog } from '@/features/audit/api/get-audit-log.ts';
import { AuditChanges } from '@/features/audit/components/audit-changes.tsx';
import { AuditFiltersBar, useAuditFilters } from '@/features/audit/components/audit-filters.tsx';
import { TableRegion } from '@/components/table-region.tsx';

/** What the log holds and how long. */
function useAbout(): string {
  const t = useT();
  return t('audit.about', { days: String(auditRetentionDays) });
}

/** The console page of an entry's record, where it has one. */
function recordHref(entry: AuditEntry): string | null {
  const id = entry.recordId;
  if (id === null || entry.action === 'sign-in' || entry.action === 'sign-in-failed') return null;
  switch (entry.kind) {
    case 'store':
      return paths.stores.edit.getHref(id);
    case 'slide':
      return paths.slides.edit.getHref(id);
    case 'zone':
      return paths.zones.edit.getHref(id);
    case 'admin':
      return paths.admins.edit.getHref(id);
    case 'delivery-executive':
      return paths.dexs.edit.getHref(id);
    case 'order':
      return paths.orders.detail.getHref(id);
    case 'customer':
      return paths.customers.detail.getHref(id);
    case 'coupon':
      return paths.coupons.getHref();
    case 'business':
    case 'order-settings':
    case 'referral-settings':
    case 'notification-settings':
    case 'payment-mode':
    case 'helpline':
      return paths.settings.getHref();
    default:
      return null;
  }
}

/** The record as a short name: a coupon's code, else the start of its id, linked where it has a page. */
function RecordCell({ entry }: { entry: AuditEntry }) {
  const t = useT();
  const kind = t(`audit.kind.${entry.kind}`);
  const shown =
    entry.recordId === null ? '' : entry.kind === 'coupon' ? entry.recordId : entry.recordId.slice(0, 8);
  const href = recordHref(entry);
  return (
    <>
      {kind}
      {shown ? ' ' : null}
      {href && shown ? (
        <Link
          component={RouterLink}
          to={href}
          aria-label={t('audit.openRecord', { kind: kind.toLowerCase(), record: shown })}
        >
          {shown}
        </Link>
      ) : (
        shown
      )}
    </>
  );
}

function who(entry: AuditEntry): string {
  return entry.actor.ip ? `${entry.actor.name} · ${entry.actor.ip}` : entry.actor.name;
}

type RowsProps = {
  query: { isPending: boolean; isError: boolean };
  count: number;
  columns: number;
  filtered: boolean;
  onClear: () => void;
  children: ReactNode;
};

function AuditRows({ query, count, columns, filtered, onClear, children }: RowsProps) {
  const t = useT();
  const about = useAbout();
  if (query.isPending) return <TableSkeletonRows columns={columns} />;
  if (count > 0 || query.isError) return children;
  if (filtered) {
    return (
      <TableMessageRow
        columns={columns}
        title={t('audit.noMatch')}
        action={<Button onClick={onClear}>{t('audit.clearFilters')}</Button>}
      />
    );
  }
  return (
    <TableMessageRow columns={columns} title={t('audit.empty')}>
      {about}
    </TableMessageRow>
  );
}

/** B15: the audit log of staff writes and sign-ins, filtered by person, kind and period (owner only). */
export function AuditLogPage() {
  const t = useT();
  const { dateTime } = useFormat();
  const about = useAbout();
  const compact = useCompact();
  const timeZone = useTimeZone();
  const [listParams, setListParams] = useListParams();
  const [filters, setFilters] = useAuditFilters();
  const { page, pageSize } = listParams;
  const log = useAuditLog({ ...filters, page, pageSize });
  const items = log.data?.items ?? [];
  const total = log.data?.total ?? 0;
  const names = log.data?.names ?? {};
  const lastPage = usePageInRange(log, listParams, setListParams);
  const columns = compact ? 1 : 5;
  const filtered = Object.values(filters).some((value) => value !== undefined);
  const clear = () => setFilters({ actorId: undefined, kind: undefined, from: undefined, to: undefined });

  const rows = items.map((entry) => {
    const when = dateTime(entry.at, timeZone);
    const action = t(`audit.action.${entry.action}`);
    if (compact) {
      return (
        <TableRow key={entry.id}>
          <TableCell sx={{ wordBreak: 'break-word' }}>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {action} · <RecordCell entry={entry} />
            </Typography>
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mb: 0.5 }}>
              {`${when} · ${who(entry)}`}
            </Typography>
            <AuditChanges entry={entry} timeZone={timeZone} names={names} />
          </TableCell>
        </TableRow>
      );
    }
    return (
      <TableRow key={entry.id}>
        <TableCell sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>{when}</TableCell>
        {/* A name breaks between words only; a long changed value gives way instead (below). */}
        <TableCell sx={{ verticalAlign: 'top', minWidth: 150, overflowWrap: 'break-word' }}>
          {entry.actor.name}
          {entry.actor.ip ? (
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
              {entry.actor.ip}
            </Typography>
          ) : null}
        </TableCell>
        <TableCell sx={{ verticalAlign: 'top' }}>{action}</TableCell>
        <TableCell sx={{ verticalAlign: 'top', whiteSpace: 'nowrap' }}>
          <RecordCell entry={entry} />
        </TableCell>
        <TableCell sx={{ verticalAlign: 'top', minWidth: 240, overflowWrap: 'anywhere' }}>
          <AuditChanges entry={entry} timeZone={timeZone} names={names} />
        </TableCell>
      </TableRow>
    );
  });

  return (
    <>
      <PageHeader title={t('audit.title')} description={about} />
      <Paper variant="outlined">
        <AuditFiltersBar filters={filters} onChange={setFilters} />
        <ListQueryStatus query={log} noun={t('audit.noun')} />
        <TableRegion name={t('audit.title')} maxHeight={640}>
          <Table stickyHeader size="small" aria-label={t('audit.title')}>
            <TableHead>
              {compact ? (
                <TableRow>
                  <TableCell>{t('audit.column.change')}</TableCell>
                </TableRow>
              ) : (
                <TableRow>
                  <TableCell>{t('audit.column.when')}</TableCell>
                  <TableCell>{t('audit.column.who')}</TableCell>
                  <TableCell>{t('common.action')}</TableCell>
                  <TableCell>{t('audit.column.record')}</TableCell>
                  <TableCell>{t('audit.column.changes')}</TableCell>
                </TableRow>
              )}
            </TableHead>
            <TableBody>
              <AuditRows
                query={log}
                count={items.length}
                columns={columns}
                filtered={filtered}
                onClear={clear}
              >
                {rows}
              </AuditRows>
            </TableBody>
          </Table>
        </TableRegion>
        <ListPagination
          total={total}
          page={Math.min(page, lastPage)}
          pageSize={pageSize}
          onChange={setListParams}
        />
      </Paper>
    </>
  );
}
