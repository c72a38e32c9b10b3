import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import VolumeOffOutlined from '@mui/icons-material/VolumeOffOutlined';
import VolumeUpOutlined from '@mui/icons-material/VolumeUpOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { formatRupees } from '@storedesk/shared/money';
import { OrderStatus } from '@storedesk/shared/orders';
import { useT } from '@storedesk/web/i18n';
import { useEffect, useEffectEvent, useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useLiveEvent } from '@/lib/live-events.ts';
import { getOrder } from '@/features/orders/api/get-order.ts';
import { setNewOrderSoundMuted, useNewOrderSoundMuted } from './alert-sound-preference.ts';
import { playChime } from './chime.ts';

/** How often the sound and the browser notification come back while an order waits. */
export const repeatEveryMs = 20_000;

/** What the alert names of an order: null until the server has said. */
type Named = { number: number; storeName: string; billAmountPaise: number };
type Waiting = { id: string; order: Named | null };

const namedOf = ({ number, storeName, billAmountPaise }: Named): Named => ({
  number,
  storeName,
  billAmountPaise,
});

function isNamed(value: unknown): value is Named {
  const named = value as Named;
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof named.number === 'number' &&
    typeof named.storeName === 'string' &&
    typeof named.billAmountPaise === 'number'
  );
}

/**
 * The orders waiting in this tab, kept across a reload: they live only in memory otherwise, and
 * a reloaded console showed them again only with the next new order's live event (seconds later).
 */
const waitingKey = 'storedesk-new-orders';

function storedWaiting(): Waiting[] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(waitingKey) ?? '[]');
    if (!Array.isArray(stored)) return [];
    return stored.filter(
      (entry): entry is Waiting =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof (entry as Waiting).id === 'string' &&
        ((entry as Waiting).order === null || isNamed((entry as Waiting).order)),
    );
  } catch {
    return [];
  }
}

function storeWaiting(waiting: Waiting[]): void {
  try {
    if (waiting.length === 0) sessionStorage.removeItem(waitingKey);
    else sessionStorage.setItem(waitingKey, JSON.stringify(waiting));
  } catch {
    // Storage full or refused: the alert still works until the next reload.
  }
}

function notificationsAllowed(): boolean {
  return typeof Notification !== 'undefined' && Notification.permission === 'granted';
}

/**
 * B1: a new order raises a sound and a notification that come back every
 * 20 seconds until someone opens it, acknowledges it here, or moves it on
 * (a status change by anyone ends its alert). The sound can be muted in this
 * browser; the notification is the browser's own, once allowed.
 */
export function NewOrderAlert() {
  const t = useT();
  // What waited before a reload shows at once, then each is checked with the server below.
  const [waiting, setWaiting] = useState<Waiting[]>(storedWaiting);
  const muted = useNewOrderSoundMuted();
  const titleId = useId();
  const location = useLocation();
  const navigate = useNavigate();
  const [permission, setPermission] = useState(() =>
    typeof Notification === 'undefined' ? 'denied' : Notification.permission,
  );

  useLiveEvent((event) => {
    if (event.topic !== 'orders' || !event.recordId) return;
    const id = event.recordId;
    if (event.action === 'created') {
      // The event says what the order is; one that does not is asked for.
      const known = event.change?.order;
      setWaiting((now) =>
        now.some((order) => order.id === id) ? now : [...now, { id, order: known ? namedOf(known) : null }],
      );
      if (known) return;
      getOrder(id).then(
        (order) =>
          setWaiting((now) => now.map((entry) => (entry.id === id ? { id, order: namedOf(order) } : entry))),
        () => undefined,
      );
    } else if (event.action === 'status') {
      setWaiting((now) => now.filter((order) => order.id !== id));
    }
  });

  useEffect(() => storeWaiting(waiting), [waiting]);

  // An order kept from before a reload may have moved on, or be another business's (another
  // sign-in in this tab) meanwhile: it waits on only while the server says it is still placed.
  useEffect(() => {
    for (const { id } of storedWaiting()) {
      getOrder(id).then(
        (order) =>
          setWaiting((now) =>
            order.status === OrderStatus.Placed
              ? now.map((entry) => (entry.id === id ? { id, order: namedOf(order) } : entry))
              : now.filter((entry) => entry.id !== id),
          ),
        () => setWaiting((now) => now.filter((entry) => entry.id !== id)),
      );
    }
  }, []);

  // Opening an order is seeing it (state adjusted while rendering a new location, as React advises).
  const [seenPath, setSeenPath] = useState(location.pathname);
  if (seenPath !== location.pathname) {
    setSeenPath(location.pathname);
    const left = waiting.filter((order) => location.pathname !== paths.orders.detail.getHref(order.id));
    if (left.length !== waiting.length) setWaiting(left);
  }

  const count = waiting.length;
  const newest = waiting.at(-1);
  const title = t('alerts.newOrders', { count });
  // "#2001 at Fresh Mart Jayanagar, ₹450.50"; "New order" until the server has said which.
  const label = newest
    ? newest.order
      ? t('alerts.newOrderNamed', {
          number: String(newest.order.number),
          store: newest.order.storeName,
          amount: formatRupees(newest.order.billAmountPaise),
        })
      : t('alerts.newOrders', { count: 1 })
    : '';
  const ring = useEffectEvent(() => {
    if (!muted) playChime();
    if (notificationsAllowed() && newest) {
      new Notification(title, { body: label, tag: 'storedesk-new-order' });
    }
  });
  // Rings at once when another order arrives, then again and again while any waits.
  useEffect(() => {
    if (count === 0) return;
    ring();
    const timer = setInterval(ring, repeatEveryMs);
    return () => clearInterval(timer);
  }, [count]);

  if (count === 0) return null;
  return (
    // In the bottom alerts (the shell's), clear of every page's title and actions.
    <Alert
      severity="info"
      variant="filled"
      icon={<NotificationsActiveOutlined />}
      role="alert"
      aria-labelledby={titleId}
      // On a phone the buttons go on a line of their own under the message, so none is cut off.
      sx={{
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
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
          <Button
            color="inherit"
            size="small"
            onClick={() => newest && navigate(paths.orders.detail.getHref(newest.id))}
          >
            {t('alerts.view')}
          </Button>
          <Button color="inherit" size="small" onClick={() => setWaiting([])}>
            {t('alerts.acknowledge')}
          </Button>
          {permission === 'default' && (
            <Button
              color="inherit"
              size="small"
              onClick={() => void Notification.requestPermission().then(setPermission)}
            >
              {t('alerts.notifyMe')}
            </Button>
          )}
          <Tooltip title={t(muted ? 'alerts.unmuteNewOrderHint' : 'alerts.muteNewOrderHint')}>
            <IconButton
              color="inherit"
              size="small"
              aria-label={t(muted ? 'alerts.unmuteNewOrder' : 'alerts.muteNewOrder')}
              onClick={() => setNewOrderSoundMuted(!muted)}
            >
              {muted ? <VolumeOffOutlined fontSize="small" /> : <VolumeUpOutlined fontSize="small" />}
            </IconButton>
          </Tooltip>
        </Stack>
      }
    >
      <AlertTitle id={titleId}>{title}</AlertTitle>
      {label}
    </Alert>
  );
}
