import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { CustomerRow } from '@storedesk/shared/customers/schemas';
import { useFormat, useT } from '@storedesk/web/i18n';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths.ts';
import { ListPagination } from '@/components/list-pagination.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { SearchField } from '@/components/search-field.tsx';
import { ListQueryStatus, ListRows } from '@/components/table-states.tsx';
import { useListParams, usePageInRange } from '@/lib/list-params.ts';
import { useTimeZone } from '@/lib/session.ts';
import { useCompact } from '@/lib/use-compact.ts';
import { useCustomers } from '@/features/customers/api/get-customers.ts';
import { BlockedChip } from '@/features/customers/components/blocked-chip.tsx';
import { TableRegion } from '@/components/table-region.tsx';

const numeric = { textAlign: 'right', whiteSpace: 'nowrap' } as const;

function NameLink({ customer }: { customer: CustomerRow }) {
  return (
    <Link
      component={RouterLink}
      to={paths.customers.detail.getHref(customer.id)}
      sx={{ fontWeight: 600, wordBreak: 'break-word' }}
    >
      {customer.name}
    </Link>
  );
}

/**
 * /customers (owner only, B15): the business's customers by name, found by a
 * part of a name or a phone's digits, with their orders, what their delivered
 * orders came to and their last order; each opens their page.
 */
export function CustomersPage() {
  // On a phone each customer is one card-like row: the name, then the figures beneath.
  const compact = useCompact('md');
  const t = useT();
  const { dateTime, money, number } = useFormat();
  const timeZone = useTimeZone();
  const [listParams, setListParams] = useListParams();
  const { q, page, pageSize } = listParams;
  const customers = useCustomers({ q, page, pageSize });
  const items = customers.data?.items ?? [];
  const total = customers.data?.total ?? 0;
  const lastPage = usePageInRange(customers, listParams, setListParams);
  const lastOrder = (customer: CustomerRow) =>
    customer.lastOrderAt ? dateTime(customer.lastOrderAt, timeZone) : t('customers.never');

  const rows = items.map((customer) =>
    compact ? (
      <TableRow key={customer.id} hover>
        <TableCell>
          <Typography variant="body2" component="div">
            <NameLink customer={customer} />
            <BlockedChip blockedAt={customer.blockedAt} />
          </Typography>
          <Typography variant="body2">{customer.phone}</Typography>
          <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
            {t('customers.summary', {
              orders: t('customers.ordersCount', { count: customer.ordersCount }),
              spent: money(customer.totalSpentPaise),
            })}
          </Typography>
          <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
            {t('customers.lastOrderAt', { when: lastOrder(customer) })}
          </Typography>
        </TableCell>
      </TableRow>
    ) : (
      <TableRow key={customer.id} hover>
        <TableCell>
          <NameLink customer={customer} />
          <BlockedChip blockedAt={customer.blockedAt} />
        </TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{customer.phone}</TableCell>
        <TableCell sx={numeric}>{number(customer.ordersCount)}</TableCell>
        <TableCell sx={numeric}>{money(customer.totalSpentPaise)}</TableCell>
        <TableCell sx={numeric}>{lastOrder(customer)}</TableCell>
      </TableRow>
    ),
  );

  return (
    <>
      <PageHeader title={t('customers.title')} description={t('customers.description')} />
      <Paper variant="outlined">
        <Toolbar sx={{ py: 1, px: { xs: 2 } }}>
          <SearchField
            label={t('customers.search')}
            value={q}
            onSearch={(next) => setListParams({ q: next })}
          />
        </Toolbar>
        <ListQueryStatus query={customers} noun={t('customers.noun')} />
        <TableRegion name={t('customers.title')} maxHeight={640}>
          <Table stickyHeader size="small" aria-label={t('customers.title')}>
            <TableHead>
              {compact ? (
                <TableRow>
                  <TableCell>{t('customers.customer')}</TableCell>
                </TableRow>
              ) : (
                <TableRow>
                  <TableCell>{t('common.name')}</TableCell>
                  <TableCell>{t('customers.phone')}</TableCell>
                  <TableCell sx={numeric}>{t('customers.orders')}</TableCell>
                  <TableCell sx={numeric}>{t('customers.totalSpent')}</TableCell>
                  <TableCell sx={numeric}>{t('customers.lastOrder')}</TableCell>
                </TableRow>
              )}
            </TableHead>
            <TableBody>
              <ListRows
                query={customers}
                count={items.length}
                columns={compact ? 1 : 5}
                q={q}
                onClearSearch={() => setListParams({ q: '' })}
                noun={t('customers.noun')}
                empty={{
                  action: null,
                  hint: t('customers.emptyHint'),
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
      </Paper>
    </>
  );
}
