import TablePagination from '@mui/material/TablePagination';
import { limits } from '@storedesk/shared/limits';
import { useT } from '@storedesk/web/i18n';

type ListPaginationProps = {
  total: number;
  page: number;
  pageSize: number;
  onChange: (changes: { page?: number; pageSize?: number }) => void;
};

const pageLabels = {
  first: 'lists.firstPage',
  last: 'lists.lastPage',
  next: 'lists.nextPage',
  previous: 'lists.previousPage',
} as const;

/** Paging of a server list: pages of 5, 10 or 25 (SPEC §9). */
export function ListPagination({ total, page, pageSize, onChange }: ListPaginationProps) {
  const t = useT();
  return (
    <TablePagination
      component="div"
      count={total}
      page={page}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[...limits.pageSizes]}
      onPageChange={(_event, next) => onChange({ page: next })}
      onRowsPerPageChange={(event) => onChange({ pageSize: Number(event.target.value), page: 0 })}
      labelRowsPerPage={t('lists.rowsPerPage')}
      labelDisplayedRows={({ from, to, count }) =>
        t('lists.displayedRows', { from: String(from), to: String(to), count: String(count) })
      }
      getItemAriaLabel={(type) => t(pageLabels[type])}
      // On a phone the page size and the page arrows go on two lines rather than off the edge; the
      // text ("1–2 of 2") keeps the card's padding on its right, which MUI's 2 px would not.
      sx={{
        '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', pr: 2 },
      }}
    />
  );
}
