import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTime, formatElapsed } from '@storedesk/shared/dates';
import { OrderStatus } from '@storedesk/shared/orders';
import type { OrderDetail } from '@storedesk/shared/orders/schemas';
import type { ReactNode } from 'react';
import { useNow } from '@/lib/use-now.ts';
import { OrderStatusChip } from './order-status-chip.tsx';
import { useTimeZone } from '@/lib/session.ts';
import { formatSlot } from '@storedesk/shared/dates';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
      <Typography variant="body2" component="dt" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, textAlign: 'right' }}>
        {children}
      </Typography>
    </Stack>
  );
}

/**
 * SPEC §2 order detail: store, customer, status, delivery executive, when it was placed, the
 * delivery slot it is booked for (B19), with `slotAction` under it (Change slot), and the hours
 * since the order.
 */
export function OrderSummaryCard({ order, slotAction }: { order: OrderDetail; slotAction?: ReactNode }) {
  const now = useNow();
  const timeZone = useTimeZone();
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Order
      </Typography>
      <Stack component="dl" spacing={1.25} sx={{ m: 0 }}>
        <Field label="Status">
          <OrderStatusChip status={order.status} />
        </Field>
        <Field label="Store">{order.storeName}</Field>
        <Field label="Customer">
          {order.customerName}
          <br />
          <Link
            href={`tel:${order.customerPhone}`}
            variant="body2"
            aria-label={`Call ${order.customerName}, ${order.customerPhone}`}
          >
            {order.customerPhone}
          </Link>
        </Field>
        <Field label="Delivery executive">{order.dexName ?? 'Not assigned'}</Field>
        <Field label="Placed">{formatDateTime(order.placedAt, timeZone)}</Field>
        <Field label="Delivery slot">
          {order.slot ? formatSlot(order.slot, timeZone) : 'As soon as possible'}
          {slotAction ? (
            <>
              <br />
              {slotAction}
            </>
          ) : null}
        </Field>
        {order.state === 0 ? (
          // Once closed, the time since it was placed means nothing: when it closed does.
          <Field label={order.status === OrderStatus.Cancelled ? 'Cancelled' : 'Delivered'}>
            {order.closedAt ? formatDateTime(order.closedAt, timeZone) : '—'}
          </Field>
        ) : (
          <Field label="Since the order">{formatElapsed(order.placedAt, now)}</Field>
        )}
      </Stack>
    </Paper>
  );
}
