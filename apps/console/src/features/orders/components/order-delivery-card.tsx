import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatRupees } from '@storedesk/shared/money';
import { OrderStatus } from '@storedesk/shared/orders';
import type { OrderDetail } from '@storedesk/shared/orders/schemas';
import { FormattedMessage, useFormat, useT } from '@storedesk/web/i18n';
import type { ReactNode } from 'react';
import { ifMissingText, paymentText } from '@/i18n/codes.ts';
import { visuallyHidden } from '@mui/utils';
import { lazy, Suspense, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { useMarkOrderPaid } from '@/features/orders/api/mark-order-paid.ts';
import { OrderRefunds } from './order-refunds.tsx';
import { useMapTiles } from '@/lib/map-tiles.ts';
import { useTimeZone } from '@/lib/session.ts';

// Leaflet loads with the first order that has an address to show, not with the orders list.
const MapView = lazy(() => import('@storedesk/web/map-view').then((m) => ({ default: m.MapView })));

/** A small map of the delivery point, its pin where the customer put it. */
function DeliveryPointMap({ point }: { point: { lat: number; lng: number } }) {
  const t = useT();
  const tiles = useMapTiles();
  return (
    <Box sx={{ height: 180, mt: 1, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
      <Suspense fallback={null}>
        <MapView point={point} tiles={tiles.data} label={t('delivery.map')} />
      </Suspense>
    </Box>
  );
}

/** Opens the point in the phone's or computer's maps (an https link every maps app takes). */
export function mapsLink(lat: number, lng: number): string {
  return `https://www.google.com/maps/search/?api=1&query=${lat},${lng}`;
}

/**
 * Where the order goes and how it is paid (ADR 0038): the address the customer
 * chose, with a link to open its point in a maps app; the payment mode, and
 * whether it was received, with "Mark payment received" for staff; the
 * customer's note. An API order without these says so.
 */
export function OrderDeliveryCard({ order }: { order: OrderDetail }) {
  const t = useT();
  const { dateTime } = useFormat();
  const timeZone = useTimeZone();
  const notify = useSnackbar();
  const markPaid = useMarkOrderPaid();
  const [confirming, setConfirming] = useState(false);
  const address = order.deliveryAddress;
  const mode = order.paymentMode ? t(paymentText[order.paymentMode]) : null;
  const canMarkPaid =
    order.paymentMode !== null && order.paidAt === null && order.status !== OrderStatus.Cancelled;

  const confirm = () => {
    markPaid.mutate(
      { orderId: order.id, version: order.version },
      {
        onSuccess: (saved) => {
          setConfirming(false);
          notify(t('delivery.paymentReceived', { number: String(saved.number) }));
        },
        onError: (error) => {
          setConfirming(false);
          notify(error.message);
        },
      },
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('delivery.title')}
      </Typography>
      <Stack spacing={2}>
        <div>
          <Typography variant="subtitle2" component="h3">
            {t('delivery.deliverTo')}
          </Typography>
          {address ? (
            <>
              <Typography variant="body2">
                <strong>{address.label}</strong>: {address.text}
              </Typography>
              {address.landmark ? (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('delivery.landmark', { landmark: address.landmark })}
                </Typography>
              ) : null}
              <Link
                href={mapsLink(address.lat, address.lng)}
                target="_blank"
                rel="noopener noreferrer"
                variant="body2"
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 0.5 }}
              >
                {t('delivery.openInMaps')}
                <OpenInNewOutlined fontSize="inherit" aria-hidden />
                <Box component="span" sx={visuallyHidden}>
                  {' '}
                  {t('delivery.newTab')}
                </Box>
              </Link>
              <DeliveryPointMap point={address} />
            </>
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('delivery.noAddress')}
            </Typography>
          )}
        </div>
        <div>
          <Typography variant="subtitle2" component="h3">
            {t('delivery.payment')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2">{mode ?? t('delivery.noMode')}</Typography>
            {mode ? (
              <Chip
                size="small"
                color={order.paidAt ? 'success' : 'default'}
                label={t(order.paidAt ? 'delivery.paid' : 'delivery.notPaid')}
              />
            ) : null}
          </Stack>
          {order.paidAt ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('delivery.receivedBy', {
                name: order.paidByName ?? '',
                time: dateTime(order.paidAt, timeZone),
              })}
            </Typography>
          ) : null}
          {order.upiReference && order.upiReportedAt && order.paidAt === null ? (
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              <FormattedMessage
                id="delivery.upiReported"
                values={{
                  reference: order.upiReference,
                  time: dateTime(order.upiReportedAt, timeZone),
                  b: (words: ReactNode) => <strong>{words}</strong>,
                }}
              />
            </Typography>
          ) : null}
          {canMarkPaid ? (
            <Button size="small" variant="outlined" sx={{ mt: 1 }} onClick={() => setConfirming(true)}>
              {t('delivery.markPaid')}
            </Button>
          ) : null}
        </div>
        <div>
          <Typography variant="subtitle2" component="h3">
            {t('delivery.ifMissing')}
          </Typography>
          <Typography variant="body2">{t(ifMissingText[order.ifMissing])}</Typography>
        </div>
        <OrderRefunds order={order} />
        {order.note ? (
          <div>
            <Typography variant="subtitle2" component="h3">
              {t('delivery.customerNote')}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {order.note}
            </Typography>
          </div>
        ) : null}
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={t('delivery.markPaid')}
        message={t('delivery.markPaidQuestion', {
          amount: formatRupees(order.billAmountPaise),
          number: String(order.number),
          mode: mode ?? 'none',
        })}
        confirmLabel={t('delivery.markReceived')}
        busy={markPaid.isPending}
        busyLabel={t('common.saving')}
        tone="primary"
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}
