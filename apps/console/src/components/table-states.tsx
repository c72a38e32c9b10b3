import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import { useT } from '@storedesk/web/i18n';
import { Link as RouterLink } from 'react-router';
import { LoadError } from './load-error.tsx';
import type { ReactNode } from 'react';

/** Grey rows in the shape of the table while its first page loads. */
export function TableSkeletonRows({ columns, rows = 5 }: { columns: number; rows?: number }) {
  return Array.from({ length: rows }, (_, row) => (
    <TableRow key={row} aria-hidden="true">
      {Array.from({ length: columns }, (_, column) => (
        <TableCell key={column}>
          <Skeleton variant="text" />
        </TableCell>
      ))}
    </TableRow>
  ));
}

type TableMessageRowProps = {
  columns: number;
  title: string;
  children?: ReactNode;
  /** The action that fills the list, e.g. "Add store", or one that clears the search. */
  action?: ReactNode;
};

/** One row across the table that says why it is empty and what to do. */
export function TableMessageRow({ columns, title, children, action }: TableMessageRowProps) {
  return (
    <TableRow>
      <TableCell colSpan={columns}>
        <Box sx={{ py: 4, textAlign: 'center' }}>
          <Typography variant="subtitle1">{title}</Typography>
          {children ? (
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
              {children}
            </Typography>
          ) : null}
          {action ? <Box sx={{ mt: 2 }}>{action}</Box> : null}
        </Box>
      </TableCell>
    </TableRow>
  );
}

type ListQueryState = {
  isError: boolean;
  error: Error | null;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
};

/**
 * Above a table: what failed, with Try again, and a thin bar while another page or
 * search loads over the rows already shown.
 */
export function ListQueryStatus({ query, noun }: { query: ListQueryState; noun: string }) {
  const t = useT();
  return (
    <>
      {query.isError && query.error ? (
        <Box sx={{ px: 2, pb: 2 }}>
          <LoadError
            title={t('lists.loadFailed', { noun })}
            error={query.error}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        </Box>
      ) : null}
      <Box sx={{ height: 4 }}>
        {query.isPlaceholderData ? <LinearProgress aria-label={t('lists.loading', { noun })} /> : null}
      </Box>
    </>
  );
}

/** The Edit and Delete buttons of a row, named after the record for assistive technology. */
export function RowEditDelete({
  name,
  editTo,
  onDelete,
}: {
  name: string;
  editTo: string;
  onDelete: () => void;
}) {
  const t = useT();
  return (
    <>
      <Tooltip title={t('lists.edit')}>
        <IconButton component={RouterLink} to={editTo} aria-label={t('lists.editNamed', { name })}>
          <EditOutlined />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('lists.delete')}>
        <IconButton aria-label={t('lists.deleteNamed', { name })} onClick={onDelete}>
          <DeleteOutlined />
        </IconButton>
      </Tooltip>
    </>
  );
}

type ListRowsProps = {
  query: { isPending: boolean; isError: boolean };
  /** How many rows the page has. */
  count: number;
  columns: number;
  /** The search in force, and how to clear it. */
  q: string;
  onClearSearch: () => void;
  /** Plural, as in "No stores match …". */
  noun: string;
  empty: { action: ReactNode; hint: ReactNode };
  children: ReactNode;
};

/**
 * The body of a list table: grey rows while the first page loads, "nothing
 * matches" with a way out of the search, "nothing yet" with the action that
 * fills the list, or the rows themselves.
 */
export function ListRows({ query, count, columns, q, onClearSearch, noun, empty, children }: ListRowsProps) {
  const t = useT();
  if (query.isPending) return <TableSkeletonRows columns={columns} />;
  if (count > 0 || query.isError) return children;
  if (q) {
    return (
      <TableMessageRow
        columns={columns}
        title={t('lists.noMatch', { noun, q })}
        action={<Button onClick={onClearSearch}>{t('lists.clearSearch')}</Button>}
      />
    );
  }
  return (
    <TableMessageRow columns={columns} title={t('lists.noneYet', { noun })} action={empty.action}>
      {empty.hint}
    </TableMessageRow>
  );
}
