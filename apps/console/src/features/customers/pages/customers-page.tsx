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
import { formatDateTime } from '@storedesk/shared/dates';
import { formatRupees } from '@storedesk/shared/money';
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
const ordersText = (n: number) => `${n.toLocaleString('en-IN')} ${n === 1 ? 'order' : 'orders'}`;

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
  const timeZone = useTimeZone();
  const [listParams, setListParams] = useListParams();
  const { q, page, pageSize } = listParams;
  const customers = useCustomers({ q, page, pageSize });
  const items = customers.data?.items ?? [];
  const total = customers.data?.total ?? 0;
  const lastPage = usePageInRange(customers, listParams, setListParams);
  const lastOrder = (customer: CustomerRow) =>
    customer.lastOrderAt ? formatDateTime(customer.lastOrderAt, timeZone) : 'Never';

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
            {ordersText(customer.ordersCount)} · {formatRupees(customer.totalSpentPaise)} spent
          </Typography>
          <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
            Last order {lastOrder(customer)}
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
        <TableCell sx={numeric}>{customer.ordersCount.toLocaleString('en-IN')}</TableCell>
        <TableCell sx={numeric}>{formatRupees(customer.totalSpentPaise)}</TableCell>
        <TableCell sx={numeric}>{lastOrder(customer)}</TableCell>
      </TableRow>
    ),
  );

  return (
    <>
      <PageHeader
        title="Customers"
        description="Everyone who has ordered or signed in through the customer app. Total spent counts delivered orders."
      />
      <Paper variant="outlined">
        <Toolbar sx={{ py: 1, px: { xs: 2 } }}>
          <SearchField
            label="Search by name or phone"
            value={q}
            onSearch={(next) => setListParams({ q: next })}
          />
        </Toolbar>
        <ListQueryStatus query={customers} noun="customers" />
        <TableRegion name="Customers" maxHeight={640}>
          <Table stickyHeader size="small" aria-label="Customers">
            <TableHead>
              {compact ? (
                <TableRow>
                  <TableCell>Customer</TableCell>
                </TableRow>
              ) : (
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>Phone</TableCell>
                  <TableCell sx={numeric}>Orders</TableCell>
                  <TableCell sx={numeric}>Total spent</TableCell>
                  <TableCell sx={numeric}>Last order</TableCell>
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
                noun="customers"
                empty={{
                  action: null,
                  hint: 'Customers appear here when they sign in or order through the customer app.',
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
