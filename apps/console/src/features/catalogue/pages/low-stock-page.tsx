import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { lineName, type LowStockRow } from '@storedesk/shared/catalogue/variants';
import { useT } from '@storedesk/web/i18n';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { paths } from '@/config/paths.ts';
import { ListPagination } from '@/components/list-pagination.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { ListQueryStatus, TableMessageRow, TableSkeletonRows } from '@/components/table-states.tsx';
import { useListParams, usePageInRange } from '@/lib/list-params.ts';
import { useSearchUpdate } from '@/lib/search-update.ts';
import { useCompact } from '@/lib/use-compact.ts';
import { useZoneFilter } from '@/lib/zone-filter.ts';
import { useLowStock } from '@/features/catalogue/api/get-low-stock.ts';
import { AdjustStockDialog, type StockTarget } from '@/features/catalogue/components/adjust-stock-dialog.tsx';
import { StoreChoiceField } from '@/components/store-choice-field.tsx';
import { stockShown } from '@/features/catalogue/stock-shown.ts';
import { TableRegion } from '@/components/table-region.tsx';

const amount = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

function StockShown({ row }: { row: LowStockRow }) {
  const t = useT();
  return row.stock === 0 ? (
    <Chip label={t('stock.out')} color="error" size="small" />
  ) : (
    <span>{stockShown(row, row.stock)}</span>
  );
}

/**
 * B17: staff see low stock. The counted variants at or below their low-stock mark in the stores
 * the user sees (the owner's zone filter, an admin's own zone), out of stock first; each links to
 * its item and has Adjust stock for when a delivery comes in. A store filter (kept in the URL)
 * shows one store's.
 */
export function LowStockPage() {
  const t = useT();
  const { zoneId } = useZoneFilter();
  const [listParams, setListParams] = useListParams();
  const { page, pageSize } = listParams;
  const [search] = useSearchParams();
  const storeId = search.get('storeId') ?? undefined;
  const updateSearch = useSearchUpdate();
  const setStoreId = (next: string | undefined) =>
    updateSearch((previous) => {
      const changed = new URLSearchParams(previous);
      if (next) changed.set('storeId', next);
      else changed.delete('storeId');
      // Another store's list starts at its first page.
      changed.delete('page');
      return changed;
    });
  const list = useLowStock({ zoneId, storeId, page, pageSize });
  const compact = useCompact();
  const [adjusting, setAdjusting] = useState<StockTarget | null>(null);

  const rows = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const lastPage = usePageInRange(list, listParams, setListParams);
  const columns = compact ? 2 : 5;
  // The stock the dialog shows is the list's latest, which a refused adjustment reads again.
  const adjustingStock = rows.find((row) => row.variantId === adjusting?.variantId)?.stock;

  const adjustOf = (row: LowStockRow, name: string) => () =>
    setAdjusting({
      storeId: row.storeId,
      itemId: row.itemId,
      variantId: row.variantId,
      name,
      stock: row.stock,
      stepGrams: row.stepGrams,
    });

  let body;
  if (list.isPending) body = <TableSkeletonRows columns={columns} />;
  else if (rows.length === 0 && !list.isError) {
    body = (
      <TableMessageRow
        columns={columns}
        title={storeId ? t('stock.noneLowInStore') : t('stock.noneLow')}
        action={
          storeId ? (
            <Button onClick={() => setStoreId(undefined)}>{t('stock.showEveryStore')}</Button>
          ) : (
            <Button component={RouterLink} to={paths.stores.list.getHref()}>
              {t('catalogue.stores')}
            </Button>
          )
        }
      >
        {t('stock.emptyHint')}
      </TableMessageRow>
    );
  } else {
    body = rows.map((row) => {
      const name = lineName(row.itemName, row.variantLabel);
      const item = (
        <Link
          component={RouterLink}
          to={paths.stores.itemEdit.getHref(row.storeId, row.itemId)}
          underline="hover"
          sx={{ overflowWrap: 'anywhere' }}
        >
          {name}
        </Link>
      );
      const adjust = (
        <Button size="small" onClick={adjustOf(row, name)} aria-label={t('stock.adjustOf', { name })}>
          {compact ? t('stock.adjustShort') : t('stock.adjust')}
        </Button>
      );
      if (compact) {
        // On a phone: the item and its store in one cell, the stock and Adjust stacked beside it.
        return (
          <TableRow key={row.variantId} hover>
            <TableCell>
              {item}
              <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                {t('stock.storeLowAt', { store: row.storeName, mark: stockShown(row, row.lowStockAt) })}
              </Typography>
            </TableCell>
            <TableCell align="right" sx={amount}>
              <Stack sx={{ alignItems: 'flex-end', gap: 0.5 }}>
                <StockShown row={row} />
                {adjust}
              </Stack>
            </TableCell>
          </TableRow>
        );
      }
      return (
        <TableRow key={row.variantId} hover>
          <TableCell sx={{ minWidth: 180 }}>{item}</TableCell>
          <TableCell>{row.storeName}</TableCell>
          <TableCell align="right" sx={amount}>
            <StockShown row={row} />
          </TableCell>
          <TableCell align="right" sx={amount}>
            {stockShown(row, row.lowStockAt)}
          </TableCell>
          <TableCell align="right">{adjust}</TableCell>
        </TableRow>
      );
    });
  }

  return (
    <>
      <PageHeader title={t('stock.low')} description={t('stock.lowDescription')} />
      <Paper variant="outlined">
        <Stack direction="row" sx={{ p: 2 }}>
          <StoreChoiceField
            label={t('stock.store')}
            size="small"
            storeId={storeId}
            zoneId={zoneId}
            onChange={(store) => setStoreId(store?.id)}
            sx={{ width: { xs: '100%', sm: 280 } }}
          />
        </Stack>
        <ListQueryStatus query={list} noun={t('stock.lowNoun')} />
        <TableRegion name={t('stock.low')} maxHeight={{ md: 640 }}>
          <Table stickyHeader size="small" aria-label={t('stock.low')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('item.item')}</TableCell>
                {compact ? null : <TableCell>{t('stock.store')}</TableCell>}
                <TableCell align="right">{t('stock.title')}</TableCell>
                {compact ? null : (
                  <>
                    <TableCell align="right">{t('stock.lowAt')}</TableCell>
                    <TableCell align="right">{t('common.actions')}</TableCell>
                  </>
                )}
              </TableRow>
            </TableHead>
            <TableBody>{body}</TableBody>
          </Table>
        </TableRegion>
        <ListPagination
          total={total}
          page={Math.min(page, lastPage)}
          pageSize={pageSize}
          onChange={setListParams}
        />
      </Paper>
      {adjusting ? (
        <AdjustStockDialog
          target={{ ...adjusting, stock: adjustingStock ?? adjusting.stock }}
          onClose={() => setAdjusting(null)}
        />
      ) : null}
    </>
  );
}
