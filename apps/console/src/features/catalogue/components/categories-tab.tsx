import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Category } from '@storedesk/shared/catalogue/schemas';
import { messages } from '@storedesk/shared/messages';
import { useT } from '@storedesk/web/i18n';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths.ts';
import { ErrorDialog } from '@/components/error-dialog.tsx';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { ListPagination } from '@/components/list-pagination.tsx';
import { SearchField } from '@/components/search-field.tsx';
import { useDeleteWithUndo } from '@/components/delete-with-undo.tsx';
import { ListQueryStatus, ListRows, RowEditDelete } from '@/components/table-states.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useListParams, usePageInRange } from '@/lib/list-params.ts';
import { useDeleteCategory } from '@/features/catalogue/api/delete-category.ts';
import { useCategories } from '@/features/catalogue/api/get-categories.ts';
import { useMoveCategory } from '@/features/catalogue/api/move-category.ts';
import { useRestoreCatalogueRecord } from '@/features/catalogue/api/restore-catalogue-record.ts';
import { CategoryMoveButtons, type Direction } from './category-move-buttons.tsx';
import { TableRegion } from '@/components/table-region.tsx';

const columns = 3;

/**
 * SPEC §2 Categories tab: search, 'Add category', serial no, name, Edit and Delete; in the store's
 * order, which Move up and Move down change (B17) while no search narrows the list.
 */
export function CategoriesTab({ storeId }: { storeId: string }) {
  const t = useT();
  const [listParams, setListParams] = useListParams();
  const { q, page, pageSize } = listParams;
  const categories = useCategories(storeId, { q, page, pageSize });
  const deleteCategory = useDeleteCategory();
  const moveCategory = useMoveCategory();
  const restore = useRestoreCatalogueRecord();
  const notify = useSnackbar();
  const [errorMessage, setErrorMessage] = useState<string | null>(null);

  const items = categories.data?.items ?? [];
  const total = categories.data?.total ?? 0;
  const lastPage = usePageInRange(categories, listParams, setListParams);

  // After a move the focus follows the moved category to its new row (on another page when it
  // crossed one), on the button pressed, or on its other one at an end of the list.
  const moveButtons = useRef(new Map<string, HTMLButtonElement>());
  const focusNext = useRef<{ id: string; direction: Direction } | null>(null);
  useEffect(() => {
    const next = focusNext.current;
    if (!next || moveCategory.isPending) return;
    const other: Direction = next.direction === 'up' ? 'down' : 'up';
    const wanted = moveButtons.current.get(`${next.id}:${next.direction}`);
    const button = wanted && !wanted.disabled ? wanted : moveButtons.current.get(`${next.id}:${other}`);
    if (!button) return;
    focusNext.current = null;
    button.focus();
  });
  const buttonRef = (id: string) => (direction: Direction) => (button: HTMLButtonElement | null) => {
    if (button) moveButtons.current.set(`${id}:${direction}`, button);
    else moveButtons.current.delete(`${id}:${direction}`);
  };

  const move = (category: Category, index: number, direction: Direction) => {
    if (moveCategory.isPending) return;
    const place = page * pageSize + index + 1;
    const position = direction === 'up' ? place - 1 : place + 1;
    focusNext.current = { id: category.id, direction };
    moveCategory.mutate(
      { storeId, categoryId: category.id, move: { position, version: category.version } },
      {
        onSuccess: (moved) => {
          notify(t(direction === 'up' ? 'category.movedUp' : 'category.movedDown', { name: moved.name }));
          const onPage = Math.floor((position - 1) / pageSize);
          if (onPage !== page) setListParams({ page: onPage });
        },
        onError: (error) => {
          focusNext.current = null;
          if (isApiError(error, 401)) return;
          setErrorMessage(isApiError(error, 409) ? messages.staleRecord : error.message);
        },
      },
    );
  };

  const deletion = useDeleteWithUndo<Category>({
    noun: t('category.nounOne'),
    question: messages.deleteCategory,
    remove: (category) =>
      deleteCategory.mutateAsync({ storeId, categoryId: category.id, version: category.version }),
    restore: (category) => restore.mutateAsync({ storeId, kind: 'categories', id: category.id }),
    onError: setErrorMessage,
  });

  const rows = items.map((category, index) => (
    <TableRow key={category.id} hover>
      <TableCell align="right">{page * pageSize + index + 1}</TableCell>
      <TableCell>{category.name}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {q ? null : (
          <CategoryMoveButtons
            name={category.name}
            first={page * pageSize + index === 0}
            last={page * pageSize + index === total - 1}
            onMove={(direction) => move(category, index, direction)}
            buttonRef={buttonRef(category.id)}
          />
        )}
        <RowEditDelete
          name={category.name}
          editTo={paths.stores.categoryEdit.getHref(storeId, category.id)}
          onDelete={() => deletion.ask(category)}
        />
      </TableCell>
    </TableRow>
  ));

  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ p: 2, justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        <SearchField label={t('category.search')} value={q} onSearch={(next) => setListParams({ q: next })} />
        <Button
          variant="contained"
          startIcon={<AddOutlined />}
          component={RouterLink}
          to={paths.stores.categoryAdd.getHref(storeId)}
        >
          {t('category.add')}
        </Button>
      </Stack>
      <ListQueryStatus query={categories} noun={t('category.noun')} />
      <TableRegion name={t('catalogue.categories')} maxHeight={640}>
        <Table stickyHeader size="small" aria-label={t('catalogue.categories')}>
          <TableHead>
            <TableRow>
              <TableCell align="right" sx={{ width: 80 }}>
                {t('category.number')}
              </TableCell>
              <TableCell>{t('common.name')}</TableCell>
              <TableCell align="right">{t('common.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <ListRows
              query={categories}
              count={items.length}
              columns={columns}
              q={q}
              onClearSearch={() => setListParams({ q: '' })}
              noun={t('category.noun')}
              empty={{
                action: (
                  <Button
                    variant="contained"
                    component={RouterLink}
                    to={paths.stores.categoryAdd.getHref(storeId)}
                  >
                    {t('category.add')}
                  </Button>
                ),
                hint: t('category.emptyHint'),
              }}
            >
              {rows}
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
      <ErrorDialog message={errorMessage} onClose={() => setErrorMessage(null)} />
    </>
  );
}
