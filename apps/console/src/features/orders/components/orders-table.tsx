import MoreVertOutlined from '@mui/icons-material/MoreVertOutlined';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { limits } from '@storedesk/shared/limits';
import { formatRupees } from '@storedesk/shared/money';
import { useFormat, useT } from '@storedesk/web/i18n';
import type { OrderSummary } from '@storedesk/shared/orders/schemas';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths.ts';
import { TableMessageRow, TableSkeletonRows } from '@/components/table-states.tsx';
import { useCompact } from '@/lib/use-compact.ts';
import type { OrderSort, OrderView } from '@/features/orders/api/get-orders.ts';
import { useNow } from '@/lib/use-now.ts';
import { OrderStatusChip } from './order-status-chip.tsx';
import { SlotBadge } from './slot-badge.tsx';
import { useTimeZone } from '@/lib/session.ts';
import { TableRegion } from '@/components/table-region.tsx';
import { useElapsed } from '@/lib/use-elapsed.ts';

type Selection = { selected: ReadonlySet<string>; onChange: (ids: ReadonlySet<string>) => void };

type OrdersTableProps = {
  view: OrderView;
  query: { isPending: boolean; isError: boolean };
  items: OrderSummary[];
  sort: OrderSort;
  onSort: (sort: OrderSort) => void;
  /** Row checkboxes for the bulk status change (active orders only). */
  selection?: Selection;
  /** The More menu's Update Order (active orders only). */
  onUpdate?: (order: OrderSummary) => void;
  /** Whether a search, tab or filter narrows the list, and how to clear them. */
  filtered: boolean;
  onClearFilters: () => void;
};

const numeric = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/**
 * The orders table of SPEC §2: Order ID, Store, Customer, Date (sortable,
 * newest first by default), Status (sortable), Bill Amount, and the time since
 * the order was placed, which moves on every minute.
 */
export function OrdersTable({
  view,
  query,
  items,
  sort,
  onSort,
  selection,
  onUpdate,
  filtered,
  onClearFilters,
}: OrdersTableProps) {
  const t = useT();
  const { dateTime } = useFormat();
  const now = useNow();
  const timeZone = useTimeZone();
  /** When a closed order was delivered or cancelled, in the business's time zone. */
  const closedAtText = (closedAt: string | null) => (closedAt ? dateTime(closedAt, timeZone) : '—');
  const elapsed = useElapsed();
  const [menu, setMenu] = useState<{ anchor: HTMLElement; order: OrderSummary } | null>(null);
  // On a phone each order is one compact row: number, status, amount and time, then store and customer.
  const compact = useCompact();
  // The last column is each row's menu (view, print, and update where the list offers it).
  const columns = (compact ? 1 : 7) + (selection ? 1 : 0) + 1;
  const completed = view === 'completed';
  const tableName = t(completed ? 'orders.completedOrders' : 'orders.title');

  const byDate = sort === 'newest' || sort === 'oldest';
  const byStatus = sort === 'status' || sort === '-status';
  const dateDirection = byDate ? (sort === 'newest' ? 'desc' : 'asc') : false;
  const sortByDate = (label: string) => (
    <TableSortLabel
      active={byDate}
      direction={sort === 'oldest' ? 'asc' : 'desc'}
      onClick={() => onSort(sort === 'newest' ? 'oldest' : 'newest')}
    >
      {label}
    </TableSortLabel>
  );
  const dateLabel = t('orders.colDate');

  const statusDirection = byStatus ? (sort === 'status' ? 'asc' : 'desc') : false;
  const sortByStatus = (
    <TableSortLabel
      active={byStatus}
      direction={sort === '-status' ? 'desc' : 'asc'}
      onClick={() => onSort(sort === 'status' ? '-status' : 'status')}
    >
      {t('orders.colStatus')}
    </TableSortLabel>
  );

  const allChecked =
    selection !== undefined && items.length > 0 && items.every((o) => selection.selected.has(o.id));
  const someChecked = selection !== undefined && items.some((o) => selection.selected.has(o.id));

  let body;
  if (query.isPending) {
    body = <TableSkeletonRows columns={columns} />;
  } else if (items.length > 0 || query.isError) {
    body = items.map((order) => {
      const checked = selection?.selected.has(order.id) ?? false;
      const numberLink = (
        <Link component={RouterLink} to={paths.orders.detail.getHref(order.id)} underline="hover">
          #{order.number}
        </Link>
      );
      const wideCells = (
        <>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{numberLink}</TableCell>
          <TableCell>{order.storeName}</TableCell>
          <TableCell>{order.customerName}</TableCell>
          <TableCell sx={numeric}>
            {dateTime(order.placedAt, timeZone)}
            {order.slot ? (
              <div>
                <SlotBadge slot={order.slot} timeZone={timeZone} />
              </div>
            ) : null}
          </TableCell>
          <TableCell>
            <OrderStatusChip status={order.status} />
          </TableCell>
          <TableCell align="right" sx={numeric}>
            {formatRupees(order.billAmountPaise)}
          </TableCell>
          <TableCell align="right" sx={numeric}>
            {completed ? closedAtText(order.closedAt) : elapsed(order.placedAt, now)}
          </TableCell>
        </>
      );
      return (
        <TableRow key={order.id} hover selected={checked}>
          {selection ? (
            <TableCell padding="checkbox">
              <Checkbox
                checked={checked}
                onChange={(event) => {
                  const next = new Set(selection.selected);
                  if (event.target.checked) next.add(order.id);
                  else next.delete(order.id);
                  selection.onChange(next);
                }}
                slotProps={{
                  input: { 'aria-label': t('orders.selectOrder', { number: String(order.number) }) },
                }}
              />
            </TableCell>
          ) : null}
          {compact ? (
            <TableCell>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                {numberLink}
                <OrderStatusChip status={order.status} />
                <Typography variant="body2" sx={{ ...numeric, ml: 'auto' }}>
                  {formatRupees(order.billAmountPaise)}
                </Typography>
              </Stack>
              <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                {order.storeName} · {order.customerName}
              </Typography>
              <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                {dateTime(order.placedAt, timeZone)} ·{' '}
                {completed
                  ? t('orders.closedAt', { time: closedAtText(order.closedAt) })
                  : elapsed(order.placedAt, now, { ago: true })}
              </Typography>
              {order.slot ? <SlotBadge slot={order.slot} timeZone={timeZone} /> : null}
            </TableCell>
          ) : (
            wideCells
          )}
          {
            <TableCell align="right" padding="checkbox">
              <IconButton
                aria-label={t('orders.moreFor', { number: String(order.number) })}
                aria-haspopup="menu"
                onClick={(event) => setMenu({ anchor: event.currentTarget, order })}
              >
                <MoreVertOutlined />
              </IconButton>
            </TableCell>
          }
        </TableRow>
      );
    });
  } else if (filtered) {
    body = (
      <TableMessageRow
        columns={columns}
        title={t('orders.noMatchFilters')}
        action={<Button onClick={onClearFilters}>{t('orders.clearFilters')}</Button>}
      />
    );
  } else if (view === 'completed') {
    body = (
      <TableMessageRow columns={columns} title={t('orders.noneCompletedTitle')}>
        {t('orders.noneCompletedText')}
      </TableMessageRow>
    );
  } else {
    body = (
      <TableMessageRow columns={columns} title={t('orders.noneActiveTitle')}>
        {t('orders.noneActiveText')}
      </TableMessageRow>
    );
  }

  return (
    <>
      {/* A box of its own height on large screens; on a phone the page itself scrolls. */}
      <TableRegion name={tableName} maxHeight={{ md: limits.ordersTableMaxHeight }}>
        <Table stickyHeader size="small" aria-label={tableName}>
          <TableHead sx={{ '& th': { whiteSpace: 'nowrap' } }}>
            <TableRow>
              {selection ? (
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={allChecked}
                    indeterminate={someChecked && !allChecked}
                    disabled={items.length === 0}
                    onChange={(event) =>
                      selection.onChange(
                        event.target.checked ? new Set(items.map((order) => order.id)) : new Set(),
                      )
                    }
                    slotProps={{ input: { 'aria-label': t('orders.selectAll') } }}
                  />
                </TableCell>
              ) : null}
              {compact ? (
                // One column holds the whole order, so its header offers both sorts.
                <TableCell sortDirection={dateDirection || statusDirection}>
                  <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', whiteSpace: 'nowrap' }}>
                    <span>{t('orders.sortBy')}</span>
                    {sortByDate(dateLabel)}
                    {sortByStatus}
                  </Stack>
                </TableCell>
              ) : (
                <>
                  <TableCell>{t('orders.colOrderId')}</TableCell>
                  <TableCell>{t('orders.colStore')}</TableCell>
                  <TableCell>{t('orders.colCustomer')}</TableCell>
                  <TableCell sortDirection={dateDirection}>{sortByDate(dateLabel)}</TableCell>
                  <TableCell sortDirection={statusDirection}>{sortByStatus}</TableCell>
                  <TableCell align="right">{t('orders.colBill')}</TableCell>
                  <TableCell align="right">
                    {t(completed ? 'orders.colClosed' : 'orders.colSincePlaced')}
                  </TableCell>
                </>
              )}
              <TableCell align="right" padding="checkbox">
                <span style={visuallyHidden}>{t('orders.colMore')}</span>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>{body}</TableBody>
        </Table>
      </TableRegion>
      {
        <Menu anchorEl={menu?.anchor} open={menu !== null} onClose={() => setMenu(null)}>
          <MenuItem
            component={RouterLink}
            to={menu ? paths.orders.detail.getHref(menu.order.id) : '#'}
            onClick={() => setMenu(null)}
          >
            {t('orders.viewOrder')}
          </MenuItem>
          <MenuItem
            component={RouterLink}
            to={menu ? `${paths.orders.printKitchen.getHref(menu.order.id)}?print=1` : '#'}
            target="_blank"
            onClick={() => setMenu(null)}
          >
            {t('orders.printKitchen')}
          </MenuItem>
          <MenuItem
            component={RouterLink}
            to={menu ? `${paths.orders.printBill.getHref(menu.order.id)}?print=1` : '#'}
            target="_blank"
            onClick={() => setMenu(null)}
          >
            {t('orders.printBill')}
          </MenuItem>
          {onUpdate ? (
            <MenuItem
              disabled={menu?.order.state === 0}
              onClick={() => {
                if (!menu) return;
                onUpdate(menu.order);
                setMenu(null);
              }}
            >
              <ListItemText
                primary={t('orders.updateOrder')}
                secondary={menu?.order.state === 0 ? t('orders.closed') : undefined}
              />
            </MenuItem>
          ) : null}
        </Menu>
      }
    </>
  );
}
