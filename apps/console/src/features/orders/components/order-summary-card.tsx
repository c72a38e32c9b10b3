import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { OrderStatus } from '@storedesk/shared/orders';
import { useFormat, useT } from '@storedesk/web/i18n';
import { useTimeFormat } from '@storedesk/web/times';
import type { OrderDetail } from '@storedesk/shared/orders/schemas';
import type { ReactNode } from 'react';
import { useNow } from '@/lib/use-now.ts';
import { OrderStatusChip } from './order-status-chip.tsx';
import { useTimeZone } from '@/lib/session.ts';
import { statusText } from '@/i18n/codes.ts';
import { useElapsed } from '@/lib/use-elapsed.ts';

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
  const t = useT();
  const { dateTime } = useFormat();
  const format = useTimeFormat();
  const elapsed = useElapsed();
  const now = useNow();
  const timeZone = useTimeZone();
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('orderPage.order')}
      </Typography>
      <Stack component="dl" spacing={1.25} sx={{ m: 0 }}>
        <Field label={t('orders.colStatus')}>
          <OrderStatusChip status={order.status} />
        </Field>
        <Field label={t('orders.colStore')}>{order.storeName}</Field>
        <Field label={t('orders.colCustomer')}>
          {order.customerName}
          <br />
          <Link
            href={`tel:${order.customerPhone}`}
            variant="body2"
            aria-label={t('orderPage.call', { name: order.customerName, phone: order.customerPhone })}
          >
            {order.customerPhone}
          </Link>
        </Field>
        <Field label={t('dexs.executive')}>{order.dexName ?? t('orderPage.notAssigned')}</Field>
        <Field label={t('orderPage.placed')}>{dateTime(order.placedAt, timeZone)}</Field>
        <Field label={t('orderPage.slot')}>
          {order.slot ? format.slot(order.slot, timeZone, { year: true }) : t('orderPage.asap')}
          {slotAction ? (
            <>
              <br />
              {slotAction}
            </>
          ) : null}
        </Field>
        {order.state === 0 ? (
          // Once closed, the time since it was placed means nothing: when it closed does.
          <Field
            label={t(
              statusText[
                order.status === OrderStatus.Cancelled ? OrderStatus.Cancelled : OrderStatus.Delivered
              ],
            )}
          >
            {order.closedAt ? dateTime(order.closedAt, timeZone) : '—'}
          </Field>
        ) : (
          <Field label={t('orderPage.sinceOrder')}>{elapsed(order.placedAt, now)}</Field>
        )}
      </Stack>
    </Paper>
  );
}
