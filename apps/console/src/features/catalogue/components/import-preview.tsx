import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ImportResult } from '@storedesk/shared/catalogue/spreadsheet';
import { useT } from '@storedesk/web/i18n';
import { useState } from 'react';
import { ListPagination } from '@/components/list-pagination.tsx';
import { formatCount } from '@storedesk/shared/numbers';
import { TableRegion } from '@/components/table-region.tsx';
import type { MessageId } from '@/i18n/index.ts';

const figures = [
  ['created', 'import.new'],
  ['updated', 'import.changed'],
  ['unchanged', 'import.unchanged'],
] as const satisfies ReadonlyArray<readonly [keyof ImportResult, MessageId]>;

/** Rows created, updated and left as they were, as three figures. */
export function ImportCounts({ result }: { result: ImportResult }) {
  const t = useT();
  return (
    <Stack direction="row" spacing={{ xs: 3, sm: 5 }} component="dl" sx={{ m: 0 }}>
      {figures.map(([key, label]) => (
        <Box key={key}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {t(label)}
          </Typography>
          <Typography component="dd" variant="h5" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}>
            {formatCount(result[key])}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}

/** The bad rows of a file: row, column and what is wrong, a page at a time. */
export function ImportErrors({ errors }: { errors: ImportResult['errors'] }) {
  const t = useT();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(10);
  const lastPage = Math.max(0, Math.ceil(errors.length / pageSize) - 1);
  const shown = Math.min(page, lastPage);
  const rows = errors.slice(shown * pageSize, (shown + 1) * pageSize);
  return (
    <>
      <TableRegion name={t('import.attentionTable')}>
        <Table size="small" aria-label={t('import.attentionTable')}>
          <TableHead>
            <TableRow>
              <TableCell align="right">{t('import.row')}</TableCell>
              <TableCell>{t('import.column')}</TableCell>
              <TableCell>{t('import.wrong')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((error, index) => (
              <TableRow key={`${error.row}-${error.field}-${index}`}>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', verticalAlign: 'top' }}>
                  {error.row}
                </TableCell>
                <TableCell sx={{ verticalAlign: 'top', overflowWrap: 'anywhere' }}>{error.field}</TableCell>
                <TableCell sx={{ verticalAlign: 'top', overflowWrap: 'anywhere' }}>{error.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableRegion>
      {errors.length > 5 ? (
        <ListPagination
          total={errors.length}
          page={shown}
          pageSize={pageSize}
          onChange={(changes) => {
            if (changes.pageSize !== undefined) setPageSize(changes.pageSize);
            setPage(changes.page ?? 0);
          }}
        />
      ) : null}
    </>
  );
}
