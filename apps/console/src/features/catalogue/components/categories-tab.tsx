import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Category } from '@storedesk/shared/catalogue/schemas';
import { messages } from '@storedesk/shared/messages';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths.ts';
import { ErrorDialog } from '@/components/error-dialog.tsx';
import { ListPagination } from '@/components/list-pagination.tsx';
import { SearchField } from '@/components/search-field.tsx';
import { useDeleteWithUndo } from '@/components/delete-with-undo.tsx';
import { ListQueryStatus, ListRows, RowEditDelete } from '@/components/table-states.tsx';
import { useListParams, usePageInRange } from '@/lib/list-params.ts';
import { useDeleteCategory } from '@/features/catalogue/api/delete-category.ts';
import { useCategories } from '@/features/catalogue/api/get-categories.ts';
import { useRestoreCatalogueRecord } from '@/features/catalogue/api/restore-catalogue-record.ts';

const columns = 3;

/** SPEC §2 Categories tab: search, 'Add category', serial no, name, Edit and Delete. */
export function CategoriesTab({ storeId }: { storeId: string }) {
  const [listParams, setListParams] = useListParams();
  const { q, page, pageSize } = listParams;
  const categories = useCategories(storeId, { q, page, pageSize });
  const deleteCategory = useDeleteCategory();
  const restore = useRestoreCatalogueRecord();
  const [errorMessage, setErrorMessage] = useState<string | null>(null);

  const items = categories.data?.items ?? [];
  const total = categories.data?.total ?? 0;
  const lastPage = usePageInRange(categories, listParams, setListParams);

  const deletion = useDeleteWithUndo<Category>({
    noun: 'category',
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
        <SearchField label="Search category" value={q} onSearch={(next) => setListParams({ q: next })} />
        <Button
          variant="contained"
          startIcon={<AddOutlined />}
          component={RouterLink}
          to={paths.stores.categoryAdd.getHref(storeId)}
        >
          Add category
        </Button>
      </Stack>
      <ListQueryStatus query={categories} noun="categories" />
      <TableContainer sx={{ maxHeight: 640 }}>
        <Table stickyHeader size="small" aria-label="Categories">
          <TableHead>
            <TableRow>
              <TableCell align="right" sx={{ width: 80 }}>
                No.
              </TableCell>
              <TableCell>Name</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <ListRows
              query={categories}
              count={items.length}
              columns={columns}
              q={q}
              onClearSearch={() => setListParams({ q: '' })}
              noun="categories"
              empty={{
                action: (
                  <Button
                    variant="contained"
                    component={RouterLink}
                    to={paths.stores.categoryAdd.getHref(storeId)}
                  >
                    Add category
                  </Button>
                ),
                hint: 'Categories group the items of this store in the customer app.',
              }}
            >
              {rows}
            </ListRows>
          </TableBody>
        </Table>
      </TableContainer>
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
