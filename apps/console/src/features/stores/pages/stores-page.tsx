import AddOutlined from '@mui/icons-material/AddOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { businessDay } from '@storedesk/shared/dates';
import type { Store } from '@storedesk/shared/stores/schemas';
import { StoreStatus } from '@storedesk/shared/stores/schemas';
import { useT } from '@storedesk/web/i18n';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths.ts';
import { ErrorDialog } from '@/components/error-dialog.tsx';
import { ListPagination } from '@/components/list-pagination.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { AllCataloguesMenu } from '@/features/stores/components/all-catalogues-menu.tsx';
import { SearchField } from '@/components/search-field.tsx';
import { useDeleteWithUndo } from '@/components/delete-with-undo.tsx';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { ListQueryStatus, ListRows, RowEditDelete } from '@/components/table-states.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useListParams, useListSelection, usePageInRange } from '@/lib/list-params.ts';
import { useIsOwner, useTimeZone } from '@/lib/session.ts';
import { useCompact } from '@/lib/use-compact.ts';
import { useNow } from '@/lib/use-now.ts';
import { useZoneFilter } from '@/lib/zone-filter.ts';
import { useChangeStoreStatus } from '@/features/stores/api/change-store-status.ts';
import { useDeleteStore } from '@/features/stores/api/delete-store.ts';
import { useStores } from '@/features/stores/api/get-stores.ts';
import { useRestoreStore } from '@/features/stores/api/restore-store.ts';
import { StoreStatusSelect } from '@/features/stores/components/store-status-select.tsx';
import { useStoreWords } from '@/features/stores/components/store-words.ts';
import { TableRegion } from '@/components/table-region.tsx';

/**
 * Under a store's name: its hours, its delivery slots' rule when it delivers in slots, its own
 * minimum order and delivery fee when it has them, and its next holiday or special hours with how
 * many more follow (B19).
 */
function StoreHours({ store, today }: { store: Store; today: string }) {
  const words = useStoreWords();
  const line = { color: 'text.secondary' } as const;
  const specialDay = words.nextSpecialDay(store.specialDays, today);
  return (
    <>
      <Typography variant="caption" component="div" sx={{ ...line, mt: 0.25 }}>
        {words.hours(store.openTime, store.closeTime)}
      </Typography>
      {store.deliverySlots ? (
        <Typography variant="caption" component="div" sx={line}>
          {words.slotRule(store.deliverySlots)}
        </Typography>
      ) : null}
      {store.deliveryRule ? (
        <Typography variant="caption" component="div" sx={line}>
          {words.deliveryRule(store.deliveryRule)}
        </Typography>
      ) : null}
      {specialDay ? (
        <Typography variant="caption" component="div" sx={line}>
          {specialDay}
        </Typography>
      ) : null}
    </>
  );
}

export function StoresPage() {
  const t = useT();
  const owner = useIsOwner();
  const today = businessDay(useNow(), useTimeZone());
  const { zoneId } = useZoneFilter();
  const [listParams, setListParams] = useListParams();
  const { q, page, pageSize } = listParams;
  const query = { zoneId, q, page, pageSize };
  const stores = useStores(query);
  const changeStatus = useChangeStoreStatus();
  const deleteStore = useDeleteStore();
  const restoreStore = useRestoreStore();
  const notify = useSnackbar();
  const [errorMessage, setErrorMessage] = useState<string | null>(null);

  const [selected, setSelected] = useListSelection(query);

  const items = stores.data?.items ?? [];
  const total = stores.data?.total ?? 0;
  const lastPage = usePageInRange(stores, listParams, setListParams);

  // On a phone each store is one row: name, its details in a line, and the status select.
  const compact = useCompact();
  const columns = compact ? 3 : owner ? 8 : 7;
  const pendingStatusIds = changeStatus.isPending ? (changeStatus.variables?.storeIds ?? []) : [];

  const setStatus = (
    storeIds: string[],
    status: StoreStatus,
    done: (count: number) => string,
    options: { bulk: boolean },
  ) => {
    changeStatus.mutate(
      { storeIds, status },
      {
        onSuccess: (changed) => {
          // SPEC §4: after Open Selected or Close Selected the selection clears.
          if (options.bulk) setSelected(new Set());
          notify(done(changed.length));
        },
        onError: (error) => {
          if (!isApiError(error, 401)) setErrorMessage(error.message);
        },
      },
    );
  };

  const deletion = useDeleteWithUndo<Store>({
    noun: t('stores.nounOne'),
    question: t('stores.deleteQuestion'),
    remove: (store) => deleteStore.mutateAsync({ storeId: store.id, version: store.version }),
    restore: (store) => restoreStore.mutateAsync(store.id),
    onError: setErrorMessage,
    onDeleted: (store) => {
      if (selected.has(store.id)) setSelected(new Set([...selected].filter((id) => id !== store.id)));
    },
  });

  const allChecked = items.length > 0 && items.every((store) => selected.has(store.id));
  const someChecked = items.some((store) => selected.has(store.id));

  const tableRows = items.map((store) => {
    const checked = selected.has(store.id);
    const statusSelect = (
      <StoreStatusSelect
        storeName={store.name}
        status={store.status}
        disabled={pendingStatusIds.includes(store.id)}
        onChange={(status) =>
          setStatus([store.id], status, () => t('stores.saved', { name: store.name }), { bulk: false })
        }
      />
    );
    return (
      <TableRow key={store.id} hover selected={checked}>
        <TableCell padding="checkbox">
          <Checkbox
            checked={checked}
            onChange={(event) => {
              const next = new Set(selected);
              if (event.target.checked) next.add(store.id);
              else next.delete(store.id);
              setSelected(next);
            }}
            slotProps={{ input: { 'aria-label': t('stores.select', { name: store.name }) } }}
          />
        </TableCell>
        <TableCell sx={{ minWidth: compact ? 0 : 180 }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Avatar variant="rounded" src={store.imageUrl ?? undefined} alt="" sx={{ width: 40, height: 40 }}>
              <StorefrontOutlined fontSize="small" />
            </Avatar>
            <div>
              <Link
                component={RouterLink}
                to={paths.stores.catalog.getHref(store.id)}
                underline="hover"
                sx={{ overflowWrap: 'anywhere' }}
              >
                {store.name}
              </Link>
              <StoreHours store={store} today={today} />
            </div>
          </Stack>
          {compact ? (
            <>
              <Typography variant="caption" component="div" sx={{ color: 'text.secondary', my: 1 }}>
                {[owner ? store.zoneName : null, store.location, store.phone].filter(Boolean).join(' · ')}
              </Typography>
              {statusSelect}
            </>
          ) : null}
        </TableCell>
        {compact ? null : (
          <>
            {owner ? <TableCell>{store.zoneName}</TableCell> : null}
            <TableCell>{store.location}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{store.phone}</TableCell>
            <TableCell align="right">{store.featured}</TableCell>
            <TableCell>{statusSelect}</TableCell>
          </>
        )}
        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
          <RowEditDelete
            name={store.name}
            editTo={paths.stores.edit.getHref(store.id)}
            onDelete={() => deletion.ask(store)}
          />
        </TableCell>
      </TableRow>
    );
  });

  const checkedIds = items.filter((store) => selected.has(store.id)).map((store) => store.id);
  const bulkBusy = changeStatus.isPending;

  return (
    <>
      <PageHeader
        title={t('stores.title')}
        description={t('stores.description')}
        actions={
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <AllCataloguesMenu />
            <Button
              variant="contained"
              startIcon={<AddOutlined />}
              component={RouterLink}
              to={paths.stores.add.getHref()}
            >
              {t('stores.add')}
            </Button>
          </Stack>
        }
      />
      <Paper variant="outlined">
        <Toolbar
          sx={{
            flexWrap: 'wrap',
            gap: 1,
            py: 1,
            px: { xs: 2 },
            ...(checkedIds.length > 0 ? { bgcolor: 'action.selected' } : {}),
          }}
        >
          {checkedIds.length > 0 ? (
            <>
              <Typography sx={{ flexGrow: 1 }} role="status">
                {t('stores.selected', { count: checkedIds.length })}
              </Typography>
              <Stack direction="row" spacing={1}>
                <Button
                  variant="contained"
                  disabled={bulkBusy}
                  onClick={() =>
                    setStatus(checkedIds, StoreStatus.Open, (count) => t('stores.opened', { count }), {
                      bulk: true,
                    })
                  }
                >
                  {t('stores.openSelected')}
                </Button>
                <Button
                  variant="outlined"
                  disabled={bulkBusy}
                  onClick={() =>
                    setStatus(checkedIds, StoreStatus.Closed, (count) => t('stores.closedCount', { count }), {
                      bulk: true,
                    })
                  }
                >
                  {t('stores.closeSelected')}
                </Button>
              </Stack>
            </>
          ) : (
            <SearchField
              label={t('stores.search')}
              value={q}
              onSearch={(next) => setListParams({ q: next })}
            />
          )}
        </Toolbar>
        <ListQueryStatus query={stores} noun={t('stores.noun')} />
        <TableRegion name={t('stores.title')} maxHeight={{ md: 640 }}>
          <Table stickyHeader size="small" aria-label={t('stores.title')}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={allChecked}
                    indeterminate={someChecked && !allChecked}
                    disabled={items.length === 0}
                    onChange={(event) =>
                      setSelected(event.target.checked ? new Set(items.map((store) => store.id)) : new Set())
                    }
                    slotProps={{ input: { 'aria-label': t('stores.selectAll') } }}
                  />
                </TableCell>
                {compact ? (
                  <TableCell>{t('stores.colStore')}</TableCell>
                ) : (
                  <>
                    <TableCell>{t('common.name')}</TableCell>
                    {owner ? <TableCell>{t('stores.colZone')}</TableCell> : null}
                    <TableCell>{t('stores.colLocation')}</TableCell>
                    <TableCell>{t('stores.colPhone')}</TableCell>
                    <TableCell align="right">{t('stores.colFeatured')}</TableCell>
                    <TableCell>{t('stores.colStatus')}</TableCell>
                  </>
                )}
                <TableCell align="right">{t('stores.colActions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              <ListRows
                query={stores}
                count={items.length}
                columns={columns}
                q={q}
                onClearSearch={() => setListParams({ q: '' })}
                noun={t('stores.noun')}
                empty={{
                  action: (
                    <Button variant="contained" component={RouterLink} to={paths.stores.add.getHref()}>
                      {t('stores.add')}
                    </Button>
                  ),
                  hint: owner && zoneId ? t('stores.emptyZone') : t('stores.emptyFirst'),
                }}
              >
                {tableRows}
              </ListRows>
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
      {deletion.dialog}
      <ErrorDialog message={errorMessage} onClose={() => setErrorMessage(null)} />
    </>
  );
}
