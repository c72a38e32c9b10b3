import { awaitsUpiPayment } from '@storedesk/shared/payments/upi';
import { awaitsOnlinePayment, type Checkout } from '@storedesk/shared/payments/online';
import { paymentModeTypeLabels } from '@storedesk/shared/settings/payment-mode-types';
import { ifMissingLabels } from '@storedesk/shared/orders/if-missing';
import { formatDateTime } from '@storedesk/shared/dates';
import { formatRupees, rupeesDecimal } from '@storedesk/shared/money';
import { OrderStatus, orderStatusLabels } from '@storedesk/shared/orders';
import type { CustomerOrder } from '@storedesk/shared/storefront/schemas';
import { orderNews } from '@storedesk/shared/storefront/order-news';
import { useData } from '@storedesk/web/use-data';
import { OrderAlerts } from '../components/order-alerts.tsx';
import { TipPanel } from '../components/tip-panel.tsx';
import { Choices } from '../components/choices.tsx';
import { useBusiness } from '../business.ts';
import { Bill } from '../components/bill.tsx';
import { ErrorPanel, Spinner } from '@storedesk/web/states';
import { api } from '../lib/api.ts';
import { useOrderNews } from '../lib/live.ts';
import { Link } from '../lib/router.tsx';
import { session } from '../lib/state.ts';
import { lazy, Suspense, useState } from 'react';
import type { ApiError } from '@storedesk/web/api';
import {
  cancelReasonLabels,
  customerCancelReasons,
  customerMayCancel,
  type CustomerCancelReason,
} from '@storedesk/shared/orders/cancellation';

const steps = [
  OrderStatus.Placed,
  OrderStatus.Confirmed,
  OrderStatus.PickedUp,
  OrderStatus.Delivered,
] as const;

/** The standard UPI payment link: the business's UPI address, the bill, and the order's number. */
export function upiLink(upiId: string, name: string, paise: number, number: number): string {
  const query = new URLSearchParams({
    pa: upiId,
    pn: name,
    am: rupeesDecimal(paise),
    cu: 'INR',
    tn: `Order #${number}`,
  });
  return `upi://pay?${query.toString()}`;
}

function Progress({ order, timeZone }: { order: CustomerOrder; timeZone: string }) {
  if (awaitsOnlinePayment(order)) {
    return (
      <p className="notice inline" role="status">
        Waiting for your payment: the store sees your order once it is paid.
      </p>
    );
  }
  if (order.status === OrderStatus.Cancelled) {
    return (
      <p className="notice inline" role="status">
        {orderNews(order).body}
      </p>
    );
  }
  const reached = steps.indexOf(order.status as (typeof steps)[number]);
  const when = (status: number) => order.timeline.findLast((entry) => entry.status === status)?.at;
  return (
    <ol className="progress" aria-label="Order progress">
      {steps.map((status, index) => {
        const at = when(status);
        return (
          <li
            key={status}
            className={index < reached ? 'done' : index === reached ? 'current' : 'later'}
            aria-current={index === reached ? 'step' : undefined}
          >
            <strong>{orderStatusLabels[status]}</strong>
            {index <= reached && at ? (
              <span className="muted small"> · {formatDateTime(at, timeZone)}</span>
            ) : null}
            {index === reached ? <span className="step-note">{orderNews(order).body}</span> : null}
          </li>
        );
      })}
    </ol>
  );
}

// The QR code's drawing loads only where it is shown.
const UpiQr = lazy(() => import('../components/upi-qr.tsx'));

/** Whether this screen is one a UPI app cannot open from (a mouse, no touch: a laptop or desktop). */
const cannotOpenUpiApps = () =>
  typeof matchMedia === 'function' && matchMedia('(hover: hover) and (pointer: fine)').matches;

/**
 * Pay by UPI without a gateway (B18): the app link, its QR code (shown at once on a laptop, on
 * request on a phone), and "I have paid" with the reference the UPI app shows, for staff to check.
 */
function PayByUpi({
  order,
  link,
  payee,
  onChanged,
}: {
  order: CustomerOrder;
  link: string;
  payee: string;
  onChanged: (order: CustomerOrder) => void;
}) {
  const [showQr, setShowQr] = useState(cannotOpenUpiApps);
  const [reference, setReference] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  const report = async () => {
    setBusy(true);
    setError(null);
    try {
      onChanged(await api<CustomerOrder>('POST', `/orders/${order.id}/upi-paid`, { reference }));
      setReference('');
    } catch (failure) {
      setError(failure as ApiError);
    } finally {
      setBusy(false);
    }
  };
  const fieldError = error?.fields?.reference ?? (error && !error.fields ? error.message : null);

  return (
    <section className="panel">
      <h2 className="section-title">Pay by UPI</h2>
      <p className="muted">
        {formatRupees(order.billAmountPaise)} to {payee}
      </p>
      <a className="button block" href={link}>
        Pay in your UPI app
      </a>
      {showQr ? (
        <Suspense fallback={<Spinner label="Drawing the QR code…" />}>
          <figure className="upi-qr-figure">
            <UpiQr link={link} label={`QR code to pay ${formatRupees(order.billAmountPaise)} by UPI`} />
            <figcaption className="muted small">Scan with any UPI app on your phone.</figcaption>
          </figure>
        </Suspense>
      ) : (
        <button type="button" className="text-button" onClick={() => setShowQr(true)}>
          Show a QR code to scan
        </button>
      )}
      {order.upiReference ? (
        <p className="notice inline" role="status">
          You said you paid, reference {order.upiReference}. The store will confirm it.
        </p>
      ) : null}
      <form
        aria-label="I have paid"
        onSubmit={(event) => {
          event.preventDefault();
          void report();
        }}
      >
        <label htmlFor="upi-reference">
          {order.upiReference
            ? 'A different UPI reference?'
            : 'Paid? Enter the UPI reference (UTR) your app shows'}
        </label>
        <input
          id="upi-reference"
          inputMode="text"
          autoComplete="off"
          maxLength={35}
          value={reference}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? 'upi-reference-error' : undefined}
          onChange={(event) => setReference(event.target.value)}
        />
        {fieldError ? (
          <p id="upi-reference-error" className="field-error" role="alert">
            {fieldError}
          </p>
        ) : null}
        <button type="submit" className="button block secondary" disabled={busy || reference.trim() === ''}>
          {busy ? 'Sending…' : 'I have paid'}
        </button>
      </form>
    </section>
  );
}

/**
 * Pay online (B18, ADR 0072): the gateway's checkout for the bill, opened on request; its answer is
 * sent to the server, which verifies it (the gateway's webhook may have paid the order already).
 * Until paid, the order waits: the time it lapses is shown.
 */
function PayOnline({
  order,
  timeZone,
  onChanged,
}: {
  order: CustomerOrder;
  timeZone: string;
  onChanged: (order: CustomerOrder) => void;
}) {
  const business = useBusiness();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const pay = async () => {
    setBusy(true);
    setError(null);
    try {
      const checkout = await api<Checkout>('POST', `/orders/${order.id}/payment`);
      const { openCheckout, verifyBody } = await import('../lib/checkout.ts');
      const answer = await openCheckout(checkout, {
        description: `Order #${order.number}`,
        name: order.customerName,
        phone: order.customerPhone,
        color: business.theme?.primaryColor,
      });
      if (answer) {
        onChanged(await api<CustomerOrder>('POST', `/orders/${order.id}/payment/verify`, verifyBody(answer)));
      }
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel" aria-labelledby="pay-online-title">
      <h2 id="pay-online-title" className="section-title">
        Pay online
      </h2>
      <p>
        Your order reaches {order.storeName} once it is paid.
        {order.payBy ? ` Pay by ${formatDateTime(order.payBy, timeZone)}, or it is cancelled.` : ''}
      </p>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="button" className="button block" disabled={busy} onClick={() => void pay()}>
        {busy ? 'Opening the payment…' : `Pay ${formatRupees(order.billAmountPaise)}`}
      </button>
      <p className="muted small">UPI, cards, netbanking or wallets.</p>
    </section>
  );
}

/**
 * Cancel while the store has not confirmed (B18): asks why (optional), then cancels. A refusal
 * (the store confirmed meanwhile) says so, and the page shows the order as it is now.
 */
function CancelOrder({
  order,
  onChanged,
  onRefused,
}: {
  order: CustomerOrder;
  onChanged: (order: CustomerOrder) => void;
  /** The store moved first: why, for the page to say once the order shows as it is now. */
  onRefused: (message: string) => void;
}) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState<CustomerCancelReason | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  const cancel = async () => {
    setBusy(true);
    setError(null);
    try {
      const cancelled = await api<CustomerOrder>(
        'POST',
        `/orders/${order.id}/cancel`,
        reason ? { reason } : {},
      );
      onChanged(cancelled);
    } catch (failure) {
      const refusal = failure as ApiError;
      if (refusal.status === 409) onRefused(refusal.message);
      else setError(refusal);
    } finally {
      setBusy(false);
    }
  };

  if (!asking) {
    return (
      <button type="button" className="text-button" onClick={() => setAsking(true)}>
        Cancel this order
      </button>
    );
  }
  return (
    <form
      aria-label={`Cancel order #${order.number}`}
      onSubmit={(event) => {
        event.preventDefault();
        void cancel();
      }}
    >
      <Choices
        legend="Why cancel? (optional)"
        name="cancel-reason"
        choices={customerCancelReasons}
        labels={cancelReasonLabels}
        value={reason}
        onChange={setReason}
      />
      {error ? (
        <p className="field-error" role="alert">
          {error.message}
        </p>
      ) : null}
      <button type="submit" className="button block danger" disabled={busy}>
        {busy ? 'Cancelling…' : `Yes, cancel order #${order.number}`}
      </button>
      <button type="button" className="text-button" disabled={busy} onClick={() => setAsking(false)}>
        Keep my order
      </button>
    </form>
  );
}

export default function OrderPage({ orderId }: { orderId: string }) {
  const business = useBusiness();
  const signedIn = session.use();
  const [cancelRefused, setCancelRefused] = useState<string | null>(null);
  const order = useData(signedIn ? `order:${orderId}` : null, () =>
    api<CustomerOrder>('GET', `/orders/${orderId}`),
  );
  useOrderNews(order.reload, orderId);

  if (!signedIn) {
    return (
      <section className="panel">
        <h1>Sign in to see this order</h1>
        <Link to={`/sign-in?next=/orders/${orderId}`} className="button">
          Sign in
        </Link>
      </section>
    );
  }
  if (order.error && !order.data) return <ErrorPanel error={order.error} onRetry={order.reload} />;
  if (!order.data) return <Spinner label="Loading your order…" />;
  const o = order.data;
  const upi = business.paymentModes.find((mode) => mode.type === 'UPI');
  const statusLabel = orderStatusLabels[o.status as OrderStatus];

  return (
    <>
      <section className="panel">
        <h1>Order #{o.number}</h1>
        <p className="muted">
          {o.storeName} · placed {formatDateTime(o.placedAt, business.timeZone)}
        </p>
        <p className="status-line" role="status" aria-live="polite">
          Status: <strong data-testid="order-status">{statusLabel}</strong>
        </p>
        <Progress order={o} timeZone={business.timeZone} />
        {o.cancelReason ? <p className="muted">Reason: {cancelReasonLabels[o.cancelReason]}</p> : null}
        {o.state === 1 ? <OrderAlerts /> : null}
        {o.deliveryCode ? (
          <p className="code-box">
            Delivery code <strong>{o.deliveryCode}</strong>
            <span className="muted small">Give it to the delivery partner at your door.</span>
          </p>
        ) : null}
      </section>
      <TipPanel order={o} timeZone={business.timeZone} onTipped={order.reload} />
      {awaitsOnlinePayment(o) && o.paymentMode === 'ONLINE' ? (
        <PayOnline order={o} timeZone={business.timeZone} onChanged={order.set} />
      ) : null}
      {awaitsUpiPayment(o) && upi?.upiId ? (
        <PayByUpi
          order={o}
          link={upiLink(upi.upiId, upi.upiName ?? business.name, o.billAmountPaise, o.number)}
          payee={`${upi.upiName ?? business.name} (${upi.upiId})`}
          onChanged={order.set}
        />
      ) : null}
      <section className="panel">
        <h2 className="section-title">Delivery</h2>
        {o.deliveryAddress ? (
          <p>
            <strong>{o.deliveryAddress.label}</strong> {o.deliveryAddress.text}
            {o.deliveryAddress.landmark ? (
              <span className="muted"> · {o.deliveryAddress.landmark}</span>
            ) : null}
          </p>
        ) : null}
        <p>
          Payment: {o.paymentMode ? paymentModeTypeLabels[o.paymentMode] : 'Not chosen'}
          {o.paid ? ' · Paid' : ''}
        </p>
        {o.refundedPaise > 0 ? <p>Refunded: {formatRupees(o.refundedPaise)}</p> : null}
        <p className="muted">If an item is missing: {ifMissingLabels[o.ifMissing]}</p>
        {o.note ? <p className="muted">Your note: {o.note}</p> : null}
        {customerMayCancel(o) ? (
          <CancelOrder
            order={o}
            onChanged={order.set}
            onRefused={(message) => {
              setCancelRefused(message);
              order.reload();
            }}
          />
        ) : cancelRefused ? (
          <p className="notice inline" role="alert">
            {cancelRefused}
          </p>
        ) : null}
      </section>
      <Bill bill={o} />
      <section className="panel">
        <h2 className="section-title">Need help?</h2>
        <ul className="contact-list">
          <li>
            <a href={`tel:${o.storePhone}`}>Call {o.storeName}</a>
          </li>
          {business.helplines.map((line) => (
            <li key={`${line.title}-${line.phoneNumber}`}>
              <a href={`tel:${line.phoneNumber}`}>
                {line.title}: {line.phoneNumber}
              </a>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
