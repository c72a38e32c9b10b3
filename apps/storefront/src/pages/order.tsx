import { formatDateTime } from '@storedesk/shared/dates';
import { rupeesDecimal } from '@storedesk/shared/money';
import { OrderStatus, orderStatusLabels } from '@storedesk/shared/orders';
import type { CustomerOrder } from '@storedesk/shared/storefront/schemas';
import { orderNews } from '@storedesk/shared/storefront/order-news';
import { useData } from '@storedesk/web/use-data';
import { OrderAlerts } from '../components/order-alerts.tsx';
import { useBusiness } from '../business.ts';
import { Bill } from '../components/bill.tsx';
import { ErrorPanel, Spinner } from '@storedesk/web/states';
import { api } from '../lib/api.ts';
import { useOrderNews } from '../lib/live.ts';
import { Link } from '../lib/router.tsx';
import { session } from '../lib/state.ts';

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

export default function OrderPage({ orderId }: { orderId: string }) {
  const business = useBusiness();
  const signedIn = session.use();
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
        {o.state === 1 ? <OrderAlerts /> : null}
        {o.deliveryCode ? (
          <p className="code-box">
            Delivery code <strong>{o.deliveryCode}</strong>
            <span className="muted small">Give it to the delivery partner at your door.</span>
          </p>
        ) : null}
      </section>
      {o.paymentMode === 'UPI' && !o.paid && upi?.upiId && o.status !== OrderStatus.Cancelled ? (
        <section className="panel">
          <h2 className="section-title">Pay by UPI</h2>
          <p className="muted">
            To {upi.upiName ?? business.name} ({upi.upiId})
          </p>
          <a
            className="button block"
            href={upiLink(upi.upiId, upi.upiName ?? business.name, o.billAmountPaise, o.number)}
          >
            Pay in your UPI app
          </a>
        </section>
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
          Payment: {o.paymentMode === 'COD' ? 'Cash on delivery' : (o.paymentMode ?? 'Not chosen')}
          {o.paid ? ' · Paid' : ''}
        </p>
        {o.note ? <p className="muted">Your note: {o.note}</p> : null}
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
