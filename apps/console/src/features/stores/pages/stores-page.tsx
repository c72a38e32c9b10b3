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
import { businessDay, formatTimeOfDay } from '@storedesk/shared/dates';
import type { Store } from '@storedesk/shared/stores/schemas';
import { StoreStatus } from '@storedesk/shared/stores/schemas';
import { deliveryRuleSummary } from '@storedesk/shared/stores/delivery-rule';
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
import { nextSpecialDayLine } from '@/features/stores/components/special-day-text.ts';
import { StoreStatusSelect } from '@/features/stores/components/store-status-select.tsx';
import { plural } from '@/lib/plural.ts';
import { formatSlotRule } from '@/lib/slots.ts';
import { TableRegion } from '@/components/table-region.tsx';

const deleteStoreQuestion = 'Are you sure? You want to delete this store';

/**
 * Under a store's name: its hours, its delivery slots' rule when it delivers in slots, its own
 * minimum order and delivery fee when it has them, and its next holiday or special hours with how
 * many more follow (B19).
 */
function StoreHours({ store, today }: { store: Store; today: string }) {
  const line = { color: 'text.secondary' } as const;
  const specialDay = nextSpecialDayLine(store.specialDays, today);
  return (
    <>
      <Typography variant="caption" component="div" sx={{ ...line, mt: 0.25 }}>
        {formatTimeOfDay(store.openTime)} – {formatTimeOfDay(store.closeTime)}
      </Typography>
      {store.deliverySlots ? (
        <Typography variant="caption" component="div" sx={line}>
          {formatSlotRule(store.deliverySlots)}
        </Typography>
      ) : null}
      {store.deliveryRule ? (
        <Typography variant="caption" component="div" sx={line}>
          {deliveryRuleSummary(store.deliveryRule)}
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
    noun: 'store',
    question: deleteStoreQuestion,
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
        onChange={(status) => setStatus([store.id], status, () => `${store.name} saved`, { bulk: false })}
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
            slotProps={{ input: { 'aria-label': `Select ${store.name}` } }}
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
        title="Stores"
        description="Open, close and edit the stores, and their catalogues."
        actions={
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <AllCataloguesMenu />
            <Button
              variant="contained"
              startIcon={<AddOutlined />}
              component={RouterLink}
              to={paths.stores.add.getHref()}
            >
              Add store
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
                {plural(checkedIds.length, 'store', 'stores')} selected
              </Typography>
              <Stack direction="row" spacing={1}>
                <Button
                  variant="contained"
                  disabled={bulkBusy}
                  onClick={() =>
                    setStatus(
                      checkedIds,
                      StoreStatus.Open,
                      (count) => `${plural(count, 'store', 'stores')} opened`,
                      {
                        bulk: true,
                      },
                    )
                  }
                >
                  Open Selected
                </Button>
                <Button
                  variant="outlined"
                  disabled={bulkBusy}
                  onClick={() =>
                    setStatus(
                      checkedIds,
                      StoreStatus.Closed,
                      (count) => `${plural(count, 'store', 'stores')} closed`,
                      {
                        bulk: true,
                      },
                    )
                  }
                >
                  Close Selected
                </Button>
              </Stack>
            </>
          ) : (
            <SearchField label="Search stores" value={q} onSearch={(next) => setListParams({ q: next })} />
          )}
        </Toolbar>
        <ListQueryStatus query={stores} noun="stores" />
        <TableRegion name="Stores" maxHeight={{ md: 640 }}>
          <Table stickyHeader size="small" aria-label="Stores">
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
                    slotProps={{ input: { 'aria-label': 'Select all stores on this page' } }}
                  />
                </TableCell>
                {compact ? (
                  <TableCell>Store</TableCell>
                ) : (
                  <>
                    <TableCell>Name</TableCell>
                    {owner ? <TableCell>Zone</TableCell> : null}
                    <TableCell>Location</TableCell>
                    <TableCell>Phone</TableCell>
                    <TableCell align="right">Featured</TableCell>
                    <TableCell>Status</TableCell>
                  </>
                )}
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              <ListRows
                query={stores}
                count={items.length}
                columns={columns}
                q={q}
                onClearSearch={() => setListParams({ q: '' })}
                noun="stores"
                empty={{
                  action: (
                    <Button variant="contained" component={RouterLink} to={paths.stores.add.getHref()}>
                      Add store
                    </Button>
                  ),
                  hint:
                    owner && zoneId
                      ? 'This zone has no stores.'
                      : 'Add the first store to start taking orders.',
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
