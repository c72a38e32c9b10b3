import PlayCircleOutlineOutlined from '@mui/icons-material/PlayCircleOutlineOutlined';
import VolumeOffOutlined from '@mui/icons-material/VolumeOffOutlined';
import VolumeUpOutlined from '@mui/icons-material/VolumeUpOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { businessDay } from '@storedesk/shared/dates';
import { OrderStatus } from '@storedesk/shared/orders';
import type { OrderSummary } from '@storedesk/shared/orders/schemas';
import {
  fallbackCutoffMinutes,
  isPreparationDue,
  preparationStartsAt,
} from '@storedesk/shared/stores/preparation';
import { FormattedMessage, useT } from '@storedesk/web/i18n';
import { useTimeFormat } from '@storedesk/web/times';
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useTimeZone } from '@/lib/session.ts';
import { usePreparationOrders } from '@/features/orders/api/get-preparation-orders.ts';
import { useStoreCutoffs } from '@/features/orders/api/get-store-cutoffs.ts';
import { nextDayStartsAt } from '@/features/orders/next-day.ts';
import { useWakeAt } from '@/features/orders/use-wake-at.ts';
import { setNewOrderSoundMuted, useNewOrderSoundMuted } from './alert-sound-preference.ts';
import { orderAlertLayer } from './alert-layer.ts';
import { playChime } from './chime.ts';
import { orderLink } from './order-link.tsx';
import { dismissAlerts, markAlerted, useSeenAlerts } from './preparation-alerts-seen.ts';

type Booked = OrderSummary & { slot: NonNullable<OrderSummary['slot']> };
type Timed = { order: Booked; cutoffMinutes: number; startsAt: number };

/** How many orders the alert names; the slots board lists them all. */
const named = 3;

const notYetPickedUp = (order: OrderSummary): order is Booked =>
  order.slot !== null && (order.status === OrderStatus.Placed || order.status === OrderStatus.Confirmed);

function notificationsAllowed(): boolean {
  return typeof Notification !== 'undefined' && Notification.permission === 'granted';
}

/**
 * B19: while someone is signed in, an order booked for a slot raises an alert when its store
 * should start preparing it (the slot's start less the store's cut-off) and it is not yet picked
 * up: the order named with a link to it, the new-order sound (unless muted in this browser) and the
 * browser's notification once allowed. Each order rings once per browser; the alert stays until
 * dismissed, the order is opened, or it is picked up. One timer waits for the next such moment.
 */
export function PreparationAlert() {
  const t = useT();
  const format = useTimeFormat();
  const timeZone = useTimeZone();
  const { pathname } = useLocation();
  const [now, setNow] = useState(Date.now);
  const orders = usePreparationOrders(businessDay(now, timeZone));
  const waiting = useMemo(() => (orders.data?.items ?? []).filter(notYetPickedUp), [orders.data]);
  const storeIds = useMemo(() => [...new Set(waiting.map((order) => order.storeId))].sort(), [waiting]);
  const cutoffs = useStoreCutoffs(storeIds);
  const seen = useSeenAlerts();
  const muted = useNewOrderSoundMuted();

  // An order waits for its store's cut-off to be known before it is timed.
  const timed: Timed[] = waiting.flatMap((order) => {
    if (!cutoffs.has(order.storeId)) return [];
    const cutoffMinutes = cutoffs.get(order.storeId) ?? fallbackCutoffMinutes;
    return [
      { order, cutoffMinutes, startsAt: preparationStartsAt(order.slot.startsAt, cutoffMinutes).getTime() },
    ];
  });
  const due = timed.filter(({ order, cutoffMinutes }) => isPreparationDue(order, cutoffMinutes, now));
  const ahead = timed.map(({ startsAt }) => startsAt).filter((moment) => moment > now);
  // At midnight the alert watches the new day's and the next one's orders.
  useWakeAt(Math.min(nextDayStartsAt(now, timeZone), ...ahead), setNow);

  const fresh = due.filter(({ order }) => !(order.id in seen));
  const freshIds = fresh.map(({ order }) => order.id).join(' ');
  const ring = useEffectEvent(() => {
    // Another tab of this browser may have rung for some of them already.
    const rung = markAlerted(fresh.map(({ order }) => ({ id: order.id, until: order.slot.endsAt })));
    if (rung.length === 0) return;
    if (!muted) playChime();
    const first = fresh.find(({ order }) => rung.includes(order.id));
    if (notificationsAllowed() && first) {
      new Notification(t('alerts.startPreparing', { count: rung.length }), {
        body: t('alerts.preparationBody', {
          number: String(first.order.number),
          store: first.order.storeName,
          slot: format.slot(first.order.slot, timeZone),
        }),
        tag: 'storedesk-preparation',
      });
    }
  });
  useEffect(() => {
    if (freshIds) ring();
  }, [freshIds]);

  const shown = due.filter(({ order }) => seen[order.id]?.dismissed === false);
  // Opening an order is seeing it.
  const opened = shown.find(({ order }) => pathname === paths.orders.detail.getHref(order.id))?.order.id;
  useEffect(() => {
    if (opened) dismissAlerts([opened]);
  }, [opened]);

  if (shown.length === 0) return null;
  const title = t('alerts.startPreparing', { count: shown.length });
  const firstDay = businessDay(shown[0]!.order.slot.startsAt, timeZone);
  const boardHref = `${paths.orders.slots.getHref()}${firstDay === businessDay(now, timeZone) ? '' : `?day=${firstDay}`}`;
  return (
    // Top centre under the top bar: clear of the new-order alert (bottom right) and the console's
    // snackbars (bottom centre).
    <Snackbar
      open
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      sx={{ top: { xs: 64, sm: 80 }, zIndex: orderAlertLayer }}
    >
      <Alert
        severity="warning"
        variant="filled"
        icon={<PlayCircleOutlineOutlined />}
        role="alert"
        // On a phone the buttons go on a line of their own under the orders, which stay beside the icon.
        sx={{
          flexWrap: { xs: 'wrap', sm: 'nowrap' },
          '& .MuiAlert-message': { flex: { xs: '1 1 0' }, minWidth: 0 },
          '& .MuiAlert-action': {
            width: { xs: '100%', sm: 'auto' },
            ml: { xs: 0, sm: 'auto' },
            pl: { xs: 0, sm: 2 },
          },
        }}
        action={
          <Stack
            direction="row"
            sx={{
              alignItems: 'center',
              flexWrap: 'wrap',
              gap: 0.5,
              justifyContent: 'flex-end',
              width: '100%',
            }}
          >
            <Button color="inherit" size="small" component={RouterLink} to={boardHref}>
              {t('orders.bySlot')}
            </Button>
            <Button
              color="inherit"
              size="small"
              onClick={() => dismissAlerts(shown.map(({ order }) => order.id))}
            >
              {t('alerts.dismiss')}
            </Button>
            <Tooltip title={t(muted ? 'alerts.unmuteOrderAlertsHint' : 'alerts.muteOrderAlertsHint')}>
              <IconButton
                color="inherit"
                size="small"
                aria-label={t(muted ? 'alerts.unmuteOrderAlerts' : 'alerts.muteOrderAlerts')}
                onClick={() => setNewOrderSoundMuted(!muted)}
              >
                {muted ? <VolumeOffOutlined fontSize="small" /> : <VolumeUpOutlined fontSize="small" />}
              </IconButton>
            </Tooltip>
          </Stack>
        }
      >
        <AlertTitle>{title}</AlertTitle>
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {shown.slice(0, named).map(({ order }) => (
            <li key={order.id}>
              <FormattedMessage
                id="alerts.preparationEntry"
                values={{
                  number: String(order.number),
                  store: order.storeName,
                  slot: format.slot(order.slot, timeZone),
                  link: orderLink(order.id),
                }}
              />
            </li>
          ))}
          {shown.length > named ? <li>{t('alerts.andMore', { count: shown.length - named })}</li> : null}
        </Box>
      </Alert>
    </Snackbar>
  );
}
