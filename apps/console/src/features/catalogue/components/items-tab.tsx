import AddOutlined from '@mui/icons-material/AddOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import FastfoodOutlined from '@mui/icons-material/FastfoodOutlined';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Item } from '@storedesk/shared/catalogue/schemas';
import { messages } from '@storedesk/shared/messages';
import { useT } from '@storedesk/web/i18n';
import { useMutationState } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths.ts';
import { ErrorDialog } from '@/components/error-dialog.tsx';
import { ListPagination } from '@/components/list-pagination.tsx';
import { SearchField } from '@/components/search-field.tsx';
import { useDeleteWithUndo } from '@/components/delete-with-undo.tsx';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { ListQueryStatus, ListRows, RowEditDelete } from '@/components/table-states.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useListParams, usePageInRange } from '@/lib/list-params.ts';
import { useCompact } from '@/lib/use-compact.ts';
import { useCatalogueStore } from '@/features/catalogue/api/get-catalogue-store.ts';
import { useDeleteItem } from '@/features/catalogue/api/delete-item.ts';
import { useItems } from '@/features/catalogue/api/get-items.ts';
import { useRestoreCatalogueRecord } from '@/features/catalogue/api/restore-catalogue-record.ts';
import type { UpdateItem } from '@/features/catalogue/api/update-item.ts';
import { updateItemMutationKey, useUpdateItem } from '@/features/catalogue/api/update-item.ts';
import { CopyCatalogueDialog } from '@/features/catalogue/components/copy-catalogue-dialog.tsx';
import { ExportMenu } from '@/components/export-menu.tsx';
import { exportCatalogueHrefs } from '@/features/catalogue/api/export-catalogue.ts';
import { LowStockChip, StockCell, StockCount } from '@/features/catalogue/components/stock-summary.tsx';
import { TableRegion } from '@/components/table-region.tsx';
import { useVariantWords } from '@/features/catalogue/variant-words.ts';

/**
 * SPEC §2 Items tab: Name, Category, Tags, Price, Available (saved at once), Edit and Delete; with
 * B17 the price is its variants' range, and the stock shows with a Low stock mark; Import and
 * Export of a spreadsheet, and an empty store may start from another's catalogue.
 */
export function ItemsTab({ storeId }: { storeId: string }) {
  const t = useT();
  const variantWords = useVariantWords();
  const compact = useCompact();
  const columns = compact ? 2 : 7;
  const [listParams, setListParams] = useListParams();
  const { q, page, pageSize } = listParams;
  const items = useItems(storeId, { q, page, pageSize });
  const updateItem = useUpdateItem(storeId);
  const deleteItem = useDeleteItem();
  const restore = useRestoreCatalogueRecord();
  const notify = useSnackbar();
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const [copyingCatalogue, setCopyingCatalogue] = useState(false);
  const store = useCatalogueStore(storeId);

  // Every Available toggle still on its way: the switch shows what was asked for.
  const pendingStock = new Map(
    useMutationState({
      filters: { mutationKey: updateItemMutationKey(storeId), status: 'pending' },
      select: (mutation) => mutation.state.variables as UpdateItem | undefined,
    })
      .filter((variables) => variables?.update.inStock !== undefined)
      .map((variables) => [variables?.itemId, variables?.update.inStock] as const),
  );

  const rows = items.data?.items ?? [];
  const total = items.data?.total ?? 0;
  const lastPage = usePageInRange(items, listParams, setListParams);

  const setInStock = (item: Item, inStock: boolean) => {
    updateItem.mutate(
      { storeId, itemId: item.id, update: { inStock, version: item.version } },
      {
        onSuccess: (saved) =>
          notify(t(saved.inStock ? 'item.isAvailable' : 'item.isUnavailable', { name: saved.name })),
        onError: (error) => {
          if (isApiError(error, 401)) return;
          setErrorMessage(isApiError(error, 409) ? messages.staleRecord : error.message);
        },
      },
    );
  };

  const deletion = useDeleteWithUndo<Item>({
    noun: t('item.nounOne'),
    question: messages.deleteItem,
    remove: (item) => deleteItem.mutateAsync({ storeId, itemId: item.id, version: item.version }),
    restore: (item) => restore.mutateAsync({ storeId, kind: 'items', id: item.id }),
    onError: setErrorMessage,
  });

  const tableRows = rows.map((item) => {
    const pending = pendingStock.get(item.id);
    const price = variantWords.priceRange(item.variants);
    const available = (
      <Switch
        checked={pending ?? item.inStock}
        disabled={pending !== undefined}
        onChange={(event) => setInStock(item, event.target.checked)}
        slotProps={{ input: { 'aria-label': t('item.availableOf', { name: item.name }) } }}
      />
    );
    const name = (
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Avatar variant="rounded" src={item.imageUrl ?? undefined} alt="" sx={{ width: 36, height: 36 }}>
          <FastfoodOutlined fontSize="small" />
        </Avatar>
        <span style={{ overflowWrap: 'anywhere' }}>{item.name}</span>
      </Stack>
    );
    const actions = (
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <RowEditDelete
          name={item.name}
          editTo={paths.stores.itemEdit.getHref(storeId, item.id)}
          onDelete={() => deletion.ask(item)}
        />
      </TableCell>
    );
    if (compact) {
      // On a phone: name, price and availability in one row, the actions beside them.
      return (
        <TableRow key={item.id} hover>
          <TableCell>
            {name}
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 0.5 }}>
              <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {price}
                {item.categoryName ? (
                  <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
                    {' '}
                    · {item.categoryName}
                  </Typography>
                ) : null}
              </Typography>
              {available}
            </Stack>
            {item.variants.some((variant) => variant.stock !== null) ? (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography
                  variant="caption"
                  sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}
                >
                  {t('stock.title')} <StockCount item={item} />
                </Typography>
                <LowStockChip item={item} />
              </Stack>
            ) : null}
          </TableCell>
          {actions}
        </TableRow>
      );
    }
    return (
      <TableRow key={item.id} hover>
        <TableCell sx={{ minWidth: 180 }}>{name}</TableCell>
        <TableCell>
          {item.categoryName ?? (
            <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
              {t('item.noCategory')}
            </Typography>
          )}
        </TableCell>
        <TableCell>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
            {item.tags.map((tag) => (
              <Chip key={tag} label={tag} size="small" />
            ))}
          </Stack>
        </TableCell>
        <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
          {price}
        </TableCell>
        <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
          <StockCell item={item} />
        </TableCell>
        <TableCell>{available}</TableCell>
        {actions}
      </TableRow>
    );
  });

  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ p: 2, justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        <SearchField label={t('item.search')} value={q} onSearch={(next) => setListParams({ q: next })} />
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          <Button
            startIcon={<UploadFileOutlined />}
            component={RouterLink}
            to={paths.stores.catalogueImport.getHref(storeId)}
          >
            {t('import.import')}
          </Button>
          <ExportMenu hrefs={exportCatalogueHrefs(storeId)} />
          <Button
            variant="contained"
            startIcon={<AddOutlined />}
            component={RouterLink}
            to={paths.stores.itemAdd.getHref(storeId)}
          >
            {t('item.add')}
          </Button>
        </Stack>
      </Stack>
      <ListQueryStatus query={items} noun={t('item.noun')} />
      <TableRegion name={t('catalogue.items')} maxHeight={{ md: 640 }}>
        <Table stickyHeader size="small" aria-label={t('catalogue.items')}>
          <TableHead>
            <TableRow>
              {compact ? (
                <TableCell>{t('item.item')}</TableCell>
              ) : (
                <>
                  <TableCell>{t('common.name')}</TableCell>
                  <TableCell>{t('item.category')}</TableCell>
                  <TableCell>{t('item.tags')}</TableCell>
                  <TableCell align="right">{t('item.price')}</TableCell>
                  <TableCell align="right">{t('stock.title')}</TableCell>
                  <TableCell>{t('item.available')}</TableCell>
                </>
              )}
              <TableCell align="right">{t('common.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <ListRows
              query={items}
              count={rows.length}
              columns={columns}
              q={q}
              onClearSearch={() => setListParams({ q: '' })}
              noun={t('item.noun')}
              empty={{
                action: (
                  <Stack
                    direction="row"
                    spacing={1}
                    useFlexGap
                    sx={{ flexWrap: 'wrap', justifyContent: 'center' }}
                  >
                    <Button
                      variant="contained"
                      component={RouterLink}
                      to={paths.stores.itemAdd.getHref(storeId)}
                    >
                      {t('item.add')}
                    </Button>
                    <Button variant="outlined" onClick={() => setCopyingCatalogue(true)}>
                      {t('catalogue.copyTitle')}
                    </Button>
                    <Button component={RouterLink} to={paths.stores.catalogueImport.getHref(storeId)}>
                      {t('import.spreadsheet')}
                    </Button>
                  </Stack>
                ),
                hint: t('item.emptyHint'),
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
      {deletion.dialog}
      {copyingCatalogue ? (
        <CopyCatalogueDialog
          storeId={storeId}
          storeName={store.data?.name ?? t('catalogue.thisStore')}
          onClose={() => setCopyingCatalogue(false)}
        />
      ) : null}
      <ErrorDialog message={errorMessage} onClose={() => setErrorMessage(null)} />
    </>
  );
}
