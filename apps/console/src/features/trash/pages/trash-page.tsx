import { formatDateTime } from '@storedesk/shared/dates';
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
import { trashKindLabels, trashRetentionDays } from '@storedesk/shared/trash/schemas';
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
import {
  kindFilterLabels,
  TrashKindFilter,
  useTrashKind,
} from '@/features/trash/components/trash-kind-filter.tsx';
import { TableRegion } from '@/components/table-region.tsx';

const keptFor = `Deleted stores, categories, items, slides and zones stay here for ${trashRetentionDays} days; restore one to bring it back.`;

/** "in Fresh Mart Indiranagar" for a category or an item. */
function storeLine(entry: TrashEntry): string | null {
  return entry.storeName ? `in ${entry.storeName}` : null;
}

function KindChip({ kind }: { kind: TrashKind }) {
  return <Chip size="small" variant="outlined" label={trashKindLabels[kind]} />;
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
  if (query.isPending) return <TableSkeletonRows columns={columns} />;
  if (count > 0 || query.isError) return children;
  if (q || kind) {
    const what = kind ? kindFilterLabels[kind].toLowerCase() : 'records';
    return (
      <TableMessageRow
        columns={columns}
        title={q ? `No ${what} in the trash match “${q}”` : `No ${what} in the trash`}
        action={<Button onClick={onShowAll}>Show everything in the trash</Button>}
      />
    );
  }
  return (
    <TableMessageRow columns={columns} title="Nothing in the trash">
      {keptFor}
    </TableMessageRow>
  );
}

/** B7: what was deleted in the last 30 days, and restoring it (D7). */
export function TrashPage() {
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
        onSuccess: () => notify(`${entry.name} restored`),
        onError: (caught) => {
          const error = asApiError(caught);
          if (error.status === 401) return;
          if (error.status === 404) {
            notify({ severity: 'info', message: `${entry.name} is no longer in the trash` });
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
      aria-label={`Restore ${entry.name}`}
      disabled={restoringId === entry.id}
      loading={restoringId === entry.id}
      loadingPosition="start"
      onClick={() => restoreEntry(entry)}
    >
      Restore
    </Button>
  );

  const rows = items.map((entry) => {
    const store = storeLine(entry);
    const deletedBy = entry.deletedBy ?? 'Not recorded';
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
              {[store, `${formatDateTime(entry.deletedAt, timeZone)} by ${deletedBy}`]
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
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.deletedAt, timeZone)}</TableCell>
        <TableCell align="right">{restoreButton(entry)}</TableCell>
      </TableRow>
    );
  });

  return (
    <>
      <PageHeader title="Trash" description={keptFor} />
      <Paper variant="outlined">
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ p: 2, alignItems: { xs: 'stretch', sm: 'center' } }}
        >
          <TrashKindFilter kind={kind} onChange={setKind} />
          <SearchField label="Search trash" value={q} onSearch={(next) => setListParams({ q: next })} />
        </Stack>
        <ListQueryStatus query={trash} noun="trash" />
        <TableRegion name="Trash" maxHeight={640}>
          <Table stickyHeader size="small" aria-label="Trash">
            <TableHead>
              {compact ? (
                <TableRow>
                  <TableCell>Deleted</TableCell>
                  <TableCell align="right">Restore</TableCell>
                </TableRow>
              ) : (
                <TableRow>
                  <TableCell sx={{ width: 112 }}>Kind</TableCell>
                  <TableCell>Name</TableCell>
                  <TableCell>Deleted by</TableCell>
                  <TableCell>Deleted</TableCell>
                  <TableCell align="right">Restore</TableCell>
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
