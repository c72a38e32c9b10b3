import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { formatDateTime } from '@storedesk/shared/dates';
import { deliveryCodePattern, directionsUrl, executiveNextStatus } from '@storedesk/shared/delivery/rules';
import type { DeliveryOrder } from '@storedesk/shared/delivery/schemas';
import { formatRupees } from '@storedesk/shared/money';
import { OrderStatus } from '@storedesk/shared/orders';
import { BillLines } from '@storedesk/web/bill';
import { ErrorPanel, Spinner } from '@storedesk/web/states';
import { NoticeList } from '../components/notices.tsx';
import { StatusBadge } from '../components/order-status.tsx';
import { config } from '../config.ts';
import { useOnline } from '@storedesk/web/online';
import {
  changeStatus,
  deliveredHere,
  dismissNotice,
  notices,
  queue,
  refreshOrders,
  useOrders,
} from '../lib/orders.ts';
import { pendingFor, shownStatus } from '../lib/queue.ts';
import { Link } from '../lib/router.tsx';
import { session } from '../lib/session.ts';

// Leaflet loads with the first order opened, not with the app.
const MapView = lazy(() => import('@storedesk/web/map-view').then((m) => ({ default: m.MapView })));

const paymentLabels: Record<string, string> = { COD: 'Cash on delivery', UPI: 'UPI', CARD: 'Card' };

function Bill({ order }: { order: DeliveryOrder }) {
  return (
    <section className="panel" aria-labelledby="bill-title">
      <h2 id="bill-title" className="section-title">
        Items and bill
      </h2>
      <BillLines
        items={order.items}
        itemsTotalPaise={order.itemsTotalPaise}
        discount={order.discountPaise > 0 ? { label: 'Discount', paise: order.discountPaise } : null}
        charges={order.charges}
        total={{ label: 'Bill', paise: order.billAmountPaise }}
      />
      <p>
        Payment: {order.paymentMode ? (paymentLabels[order.paymentMode] ?? order.paymentMode) : 'Not chosen'}
        {order.paid ? ' · Paid' : ''}
      </p>
      {order.cashToCollectPaise > 0 ? (
        <p className="cash">Collect {formatRupees(order.cashToCollectPaise)} in cash</p>
      ) : null}
    </section>
  );
}

/** The step of Delivered: the customer's 4-digit code and, for cash on delivery, the cash. */
function DeliverStep({
  order,
  codeError,
  onCancel,
}: {
  order: DeliveryOrder;
  codeError: string | undefined;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const [cash, setCash] = useState(false);
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  // The code the server last judged from here: its refusal is about that code, not one typed since.
  const [sent, setSent] = useState<string | null>(null);
  const id = useId();
  const cashDue = order.cashToCollectPaise > 0;

  const refusal = codeError !== undefined && code === (sent ?? '') ? codeError : undefined;
  const codeProblem =
    (checked && !deliveryCodePattern.test(code)
      ? 'Enter the 4 digits the customer’s app shows'
      : undefined) ?? refusal;
  const cashProblem = checked && cashDue && !cash ? 'Collect the cash first, then tick this' : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!deliveryCodePattern.test(code) || (cashDue && !cash)) return;
    setBusy(true);
    setSent(code);
    await changeStatus(order, OrderStatus.Delivered, { code, ...(cashDue ? { cashCollected: true } : {}) });
    setBusy(false);
    setChecked(false);
  };

  return (
    <form className="deliver-step" onSubmit={(event) => void submit(event)} noValidate aria-label="Delivery">
      <label htmlFor={`${id}-code`}>Delivery code</label>
      <p id={`${id}-code-hint`} className="hint">
        The 4 digits the customer’s app shows.
      </p>
      <input
        id={`${id}-code`}
        className="code-input"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="\d{4}"
        maxLength={4}
        value={code}
        onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 4))}
        aria-invalid={codeProblem ? true : undefined}
        aria-describedby={`${id}-code-hint${codeProblem ? ` ${id}-code-error` : ''}`}
        required
      />
      {codeProblem ? (
        <p id={`${id}-code-error`} className="field-error">
          {codeProblem}
        </p>
      ) : null}
      {cashDue ? (
        <>
          <label className="choice" htmlFor={`${id}-cash`}>
            <input
              id={`${id}-cash`}
              type="checkbox"
              checked={cash}
              onChange={(event) => setCash(event.target.checked)}
              aria-invalid={cashProblem ? true : undefined}
              aria-describedby={cashProblem ? `${id}-cash-error` : undefined}
            />
            <span>I have collected {formatRupees(order.cashToCollectPaise)} in cash</span>
          </label>
          {cashProblem ? (
            <p id={`${id}-cash-error`} className="field-error">
              {cashProblem}
            </p>
          ) : null}
        </>
      ) : null}
      <button type="submit" className="button block" disabled={busy}>
        {busy ? 'Sending…' : 'Confirm delivery'}
      </button>
      <button type="button" className="button block secondary" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}

/** The one move the executive makes next: Picked up, or Delivered (with the code). */
function NextAction({ order, status }: { order: DeliveryOrder; status: number }) {
  const refused = notices.use().find((notice) => notice.orderId === order.id);
  // A wrong or missing code reopens the step, with the server's word at the field.
  const codeRefused = refused?.field === 'code' ? refused.message : undefined;
  const [delivering, setDelivering] = useState(false);
  const [busy, setBusy] = useState(false);
  const next = executiveNextStatus(status);

  if (next === null) {
    return status === OrderStatus.Placed ? (
      <p className="hint">The store has not confirmed this order yet.</p>
    ) : null;
  }
  if (next === OrderStatus.PickedUp) {
    return (
      <button
        type="button"
        className="button block big"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void changeStatus(order, OrderStatus.PickedUp).finally(() => setBusy(false));
        }}
      >
        Picked up
      </button>
    );
  }
  return delivering || codeRefused ? (
    <DeliverStep
      order={order}
      codeError={codeRefused}
      onCancel={() => {
        setDelivering(false);
        dismissNotice(order.id);
      }}
    />
  ) : (
    <button type="button" className="button block big" onClick={() => setDelivering(true)}>
      Delivered
    </button>
  );
}

function Place({
  title,
  name,
  lines,
  phone,
  callLabel,
  point,
  directionsLabel,
}: {
  title: string;
  name: string;
  lines: string[];
  phone: string;
  callLabel: string;
  point: { lat: number; lng: number } | null;
  directionsLabel: string;
}) {
  return (
    <section className="panel" aria-label={title}>
      <h2 className="section-title">{title}</h2>
      <p className="place-name">{name}</p>
      {lines.map((line) => (
        <p key={line} className="place-line">
          {line}
        </p>
      ))}
      <div className="row-buttons">
        {phone ? (
          <a className="button secondary" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
            {callLabel}
          </a>
        ) : null}
        {point ? (
          <a className="button secondary" href={directionsUrl(point)} target="_blank" rel="noreferrer">
            {directionsLabel}
          </a>
        ) : null}
      </div>
    </section>
  );
}

export default function OrderPage({ orderId }: { orderId: string }) {
  const signedIn = session.use();
  const orders = useOrders();
  const waiting = queue.use();
  const refused = notices.use().filter((notice) => notice.orderId === orderId);
  const online = useOnline();
  const order = orders.items?.find((item) => item.id === orderId);
  if (!signedIn) return null;
  const timeZone = signedIn.business.timeZone;

  const back = (
    <p className="pad back">
      <Link to="/">← My orders</Link>
    </p>
  );

  if (!order) {
    const done = deliveredHere(orderId);
    if (done) {
      return (
        <>
          {back}
          <section className="panel">
            <h1>Order #{done.number}</h1>
            <p className="success" role="status">
              Delivered. Thank you!
            </p>
            <Link to="/" className="button block">
              Back to my orders
            </Link>
          </section>
        </>
      );
    }
    if (!orders.items) {
      return orders.error ? (
        <ErrorPanel error={orders.error} onRetry={() => void refreshOrders()} />
      ) : (
        <Spinner label="Loading the order…" />
      );
    }
    return (
      <>
        {back}
        <section className="panel">
          <h1>{refused[0] ? `Order #${refused[0].number}` : 'Order not in your list'}</h1>
          <NoticeList items={refused} withNumbers={false} />
          {refused.length === 0 ? (
            <p>
              It is not one of your open orders any more: it may have been delivered or given to someone else.
            </p>
          ) : null}
        </section>
      </>
    );
  }

  const pending = pendingFor(waiting, order.id);
  const status = shownStatus(order, waiting);
  const address = order.deliveryAddress;
  return (
    <>
      {back}
      <section className="panel" aria-labelledby="order-title">
        <div className="title-row">
          <h1 id="order-title">Order #{order.number}</h1>
          <StatusBadge status={status} waiting={pending} />
        </div>
        <p className="muted small">Placed {formatDateTime(order.placedAt, timeZone)}</p>
        <NoticeList items={refused.filter((notice) => notice.field !== 'code')} withNumbers={false} />
        {pending ? (
          <p className="notice inline" role="status">
            Waiting for connection: {pending.status === OrderStatus.Delivered ? 'Delivered' : 'Picked up'} is
            sent when {online ? 'the server answers' : 'the phone is back online'}.
          </p>
        ) : null}
        <NextAction key={order.id} order={order} status={status} />
      </section>
      <Place
        title="Pick up from"
        name={order.store.name}
        lines={[order.store.address, order.store.phone]}
        phone={order.store.phone}
        callLabel="Call the store"
        point={{ lat: order.store.lat, lng: order.store.lng }}
        directionsLabel="Directions to the store"
      />
      <Place
        title="Deliver to"
        name={order.customerName}
        lines={
          address
            ? [
                `${address.label ? `${address.label}: ` : ''}${address.text}`,
                ...(address.landmark ? [`Landmark: ${address.landmark}`] : []),
                order.customerPhone,
              ]
            : ['No address given: call the customer.', order.customerPhone]
        }
        phone={order.customerPhone}
        callLabel="Call the customer"
        point={address ? { lat: address.lat, lng: address.lng } : null}
        directionsLabel="Directions to the customer"
      />
      {address && config ? (
        <div className="panel map-box">
          <Suspense fallback={<Spinner label="Loading the map…" />}>
            <MapView
              point={{ lat: address.lat, lng: address.lng }}
              tiles={config.tiles}
              label={`Map of the delivery point: ${address.text}`}
            />
          </Suspense>
        </div>
      ) : null}
      {order.note ? (
        <section className="panel" aria-label="Customer’s note">
          <h2 className="section-title">Customer’s note</h2>
          <p>{order.note}</p>
        </section>
      ) : null}
      <Bill order={order} />
    </>
  );
}
