import RestoreFromTrashOutlined from '@mui/icons-material/RestoreFromTrashOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { trashRetentionDays } from '@storedesk/shared/trash/schemas';
import { useFormat, useT } from '@storedesk/web/i18n';
import type { TrashEntry, TrashKind } from '@storedesk/shared/trash/schemas';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { ErrorDialog } from '@/components/error-dialog.tsx';
import { ListPagination } from '@/components/list-pagination.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { SearchField } from '@/components/search-field.tsx';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { ListQueryStatus, TableMessageRow, TableSkeletonRows } from '@/components/table-states.tsx';
import { asApiError } from '@/lib/api-client.ts';
import { useListParams, usePageInRange } from '@/lib/list-params.ts';
import { useTimeZone } from '@/lib/session.ts';
import { useCompact } from '@/lib/use-compact.ts';
import { useTrash } from '@/features/trash/api/get-trash.ts';
import { useRestoreFromTrash } from '@/features/trash/api/restore-from-trash.ts';
import { TrashKindFilter, useTrashKind } from '@/features/trash/components/trash-kind-filter.tsx';
import { TableRegion } from '@/components/table-region.tsx';

/** How long deleted records stay, and how to bring one back. */
function useKeptFor(): string {
  const t = useT();
  return t('trash.keptFor', { days: String(trashRetentionDays) });
}

function KindChip({ kind }: { kind: TrashKind }) {
  const t = useT();
  return <Chip size="small" variant="outlined" label={t(`trash.kind.${kind}`)} />;
}

type TrashRowsProps = {
  query: { isPending: boolean; isError: boolean };
  count: number;
  columns: number;
  q: string;
  kind: TrashKind | undefined;
  onShowAll: () => void;
  children: ReactNode;
};

/** The body of the table: skeleton rows, what is empty and how to widen the view, or the rows. */
function TrashRows({ query, count, columns, q, kind, onShowAll, children }: TrashRowsProps) {
  const t = useT();
  const keptFor = useKeptFor();
  if (query.isPending) return <TableSkeletonRows columns={columns} />;
  if (count > 0 || query.isError) return children;
  if (q || kind) {
    const what = kind ? t(`trash.what.${kind}`) : t('trash.what.records');
    return (
      <TableMessageRow
        columns={columns}
        title={q ? t('trash.noneMatch', { what, q }) : t('trash.noneOf', { what })}
        action={<Button onClick={onShowAll}>{t('trash.showAll')}</Button>}
      />
    );
  }
  return (
    <TableMessageRow columns={columns} title={t('trash.empty')}>
      {keptFor}
    </TableMessageRow>
  );
}

/** B7: what was deleted in the last 30 days, and restoring it (D7). */
export function TrashPage() {
  const t = useT();
  const { dateTime } = useFormat();
  const keptFor = useKeptFor();
  const compact = useCompact();
  const timeZone = useTimeZone();
  const [listParams, setListParams] = useListParams();
  const [kind, setKind] = useTrashKind();
  const { q, page, pageSize } = listParams;
  const trash = useTrash({ kind, q, page, pageSize });
  const restore = useRestoreFromTrash();
  const notify = useSnackbar();
  const [errorMessage, setErrorMessage] = useState<string | null>(null);

  const items = trash.data?.items ?? [];
  const total = trash.data?.total ?? 0;
  const lastPage = usePageInRange(trash, listParams, setListParams);
  const columns = compact ? 2 : 5;
  const restoringId = restore.isPending ? restore.variables.id : null;

  const restoreEntry = (entry: TrashEntry) =>
    restore.mutate(
      { kind: entry.kind, id: entry.id },
      {
        onSuccess: () => notify(t('trash.restored', { name: entry.name })),
        onError: (caught) => {
          const error = asApiError(caught);
          if (error.status === 401) return;
          if (error.status === 404) {
            notify({ severity: 'info', message: t('trash.gone', { name: entry.name }) });
            return;
          }
          setErrorMessage(error.message);
        },
      },
    );

  const restoreButton = (entry: TrashEntry) => (
    <Button
      size="small"
      variant="outlined"
      startIcon={<RestoreFromTrashOutlined />}
      aria-label={t('trash.restoreNamed', { name: entry.name })}
      disabled={restoringId === entry.id}
      loading={restoringId === entry.id}
      loadingPosition="start"
      onClick={() => restoreEntry(entry)}
    >
      {t('trash.restore')}
    </Button>
  );

  const rows = items.map((entry) => {
    // "in Fresh Mart Indiranagar" for a category or an item.
    const store = entry.storeName ? t('trash.inStore', { store: entry.storeName }) : null;
    const deletedBy = entry.deletedBy ?? t('trash.notRecorded');
    if (compact) {
      return (
        <TableRow key={`${entry.kind}:${entry.id}`} hover>
          <TableCell sx={{ wordBreak: 'break-word' }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
              <KindChip kind={entry.kind} />
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {entry.name}
              </Typography>
            </Stack>
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
              {[store, t('trash.deletedBy', { time: dateTime(entry.deletedAt, timeZone), name: deletedBy })]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
          </TableCell>
          <TableCell align="right">{restoreButton(entry)}</TableCell>
        </TableRow>
      );
    }
    return (
      <TableRow key={`${entry.kind}:${entry.id}`} hover>
        <TableCell>
          <KindChip kind={entry.kind} />
        </TableCell>
        <TableCell sx={{ wordBreak: 'break-word' }}>
          {entry.name}
          {store ? (
            <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
              {` ${store}`}
            </Typography>
          ) : null}
        </TableCell>
        <TableCell>{deletedBy}</TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(entry.deletedAt, timeZone)}</TableCell>
        <TableCell align="right">{restoreButton(entry)}</TableCell>
      </TableRow>
    );
  });

  return (
    <>
      <PageHeader title={t('trash.title')} description={keptFor} />
      <Paper variant="outlined">
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ p: 2, alignItems: { xs: 'stretch', sm: 'center' } }}
        >
          <TrashKindFilter kind={kind} onChange={setKind} />
          <SearchField label={t('trash.search')} value={q} onSearch={(next) => setListParams({ q: next })} />
        </Stack>
        <ListQueryStatus query={trash} noun={t('trash.noun')} />
        <TableRegion name={t('trash.title')} maxHeight={640}>
          <Table stickyHeader size="small" aria-label={t('trash.title')}>
            <TableHead>
              {compact ? (
                <TableRow>
                  <TableCell>{t('trash.column.deleted')}</TableCell>
                  <TableCell align="right">{t('trash.restore')}</TableCell>
                </TableRow>
              ) : (
                <TableRow>
                  <TableCell sx={{ width: 112 }}>{t('trash.kindLabel')}</TableCell>
                  <TableCell>{t('common.name')}</TableCell>
                  <TableCell>{t('trash.column.deletedBy')}</TableCell>
                  <TableCell>{t('trash.column.deleted')}</TableCell>
                  <TableCell align="right">{t('trash.restore')}</TableCell>
                </TableRow>
              )}
            </TableHead>
            <TableBody>
              <TrashRows
                query={trash}
                count={items.length}
                columns={columns}
                q={q}
                kind={kind}
                onShowAll={() => setKind(undefined, { clearSearch: true })}
              >
                {rows}
              </TrashRows>
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
      <ErrorDialog message={errorMessage} onClose={() => setErrorMessage(null)} />
    </>
  );
}
