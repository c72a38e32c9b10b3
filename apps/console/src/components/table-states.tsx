import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
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
