import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useFormat, useT } from '@storedesk/web/i18n';
import type { OrderSummary } from '@storedesk/shared/orders/schemas';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths.ts';
import { ListPagination } from '@/components/list-pagination.tsx';
import { ListQueryStatus, TableMessageRow, TableSkeletonRows } from '@/components/table-states.tsx';
import { useListParams, usePageInRange } from '@/lib/list-params.ts';
import { useTimeZone } from '@/lib/session.ts';
import { useCompact } from '@/lib/use-compact.ts';
import { useCustomerOrders } from '@/features/customers/api/get-customer-orders.ts';
import { TableRegion } from '@/components/table-region.tsx';
import { statusText } from '@/i18n/codes.ts';

const numeric = { textAlign: 'right', whiteSpace: 'nowrap' } as const;

function OrderLink({ order }: { order: OrderSummary }) {
  return (
    <Link component={RouterLink} to={paths.orders.detail.getHref(order.id)} sx={{ fontWeight: 600 }}>
      #{order.number}
    </Link>
  );
}

function StatusChip({ order }: { order: OrderSummary }) {
  const t = useT();
  return <Chip size="small" variant="outlined" label={t(statusText[order.status])} />;
}

/** A customer's orders, newest first, each opening the order; the page is kept in the URL. */
export function CustomerOrders({ customerId }: { customerId: string }) {
  const t = useT();
  const { dateTime, money } = useFormat();
  const compact = useCompact('md');
  const timeZone = useTimeZone();
  const [listParams, setListParams] = useListParams();
  const { page, pageSize } = listParams;
  const orders = useCustomerOrders(customerId, { page, pageSize });
  const items = orders.data?.items ?? [];
  const lastPage = usePageInRange(orders, listParams, setListParams);
  const columns = compact ? 2 : 5;

  const body = () => {
    if (orders.isPending) return <TableSkeletonRows columns={columns} />;
    if (items.length === 0 && !orders.isError) {
      return <TableMessageRow columns={columns} title={t('customers.noOrders')} />;
    }
    return items.map((order) =>
      compact ? (
        <TableRow key={order.id} hover>
          <TableCell>
            <OrderLink order={order} />
            <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
              {dateTime(order.placedAt, timeZone)} · {order.storeName}
            </Typography>
            <StatusChip order={order} />
          </TableCell>
          <TableCell sx={numeric}>{money(order.billAmountPaise)}</TableCell>
        </TableRow>
      ) : (
        <TableRow key={order.id} hover>
          <TableCell>
            <OrderLink order={order} />
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(order.placedAt, timeZone)}</TableCell>
          <TableCell sx={{ wordBreak: 'break-word' }}>{order.storeName}</TableCell>
          <TableCell>
            <StatusChip order={order} />
          </TableCell>
          <TableCell sx={numeric}>{money(order.billAmountPaise)}</TableCell>
        </TableRow>
      ),
    );
  };

  return (
    <Paper variant="outlined">
      <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
        {t('customers.orders')}
      </Typography>
      <ListQueryStatus query={orders} noun={t('orders.noun')} />
      <TableRegion name={t('customers.ordersTable')} maxHeight={440}>
        <Table stickyHeader size="small" aria-label={t('customers.ordersTable')}>
          <TableHead>
            {compact ? (
              <TableRow>
                <TableCell>{t('customers.order')}</TableCell>
                <TableCell sx={numeric}>{t('orders.colBill')}</TableCell>
              </TableRow>
            ) : (
              <TableRow>
                <TableCell>{t('orders.colOrderId')}</TableCell>
                <TableCell>{t('orders.colDate')}</TableCell>
                <TableCell>{t('orders.colStore')}</TableCell>
                <TableCell>{t('orders.colStatus')}</TableCell>
                <TableCell sx={numeric}>{t('orders.colBill')}</TableCell>
              </TableRow>
            )}
          </TableHead>
          <TableBody>{body()}</TableBody>
        </Table>
      </TableRegion>
      <ListPagination
        total={orders.data?.total ?? 0}
        page={Math.min(page, lastPage)}
        pageSize={pageSize}
        onChange={setListParams}
      />
    </Paper>
  );
}
