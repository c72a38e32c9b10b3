import type { DeliveryOrder } from '@storedesk/shared/delivery/schemas';
import { formatRupees } from '@storedesk/shared/money';
import { turnOffPush } from '@storedesk/web/push';
import { ErrorPanel } from '@storedesk/web/states';
import { NoticeList } from '../components/notices.tsx';
import { StatusBadge } from '../components/order-status.tsx';
import { PushButton } from '../components/push-button.tsx';
import { api } from '../lib/api.ts';
import { useSharing, type Sharing } from '../lib/location.ts';
import { forgetOrders, notices, queue, refreshOrders, useOrders } from '../lib/orders.ts';
import { pendingFor, shownStatus, type StatusChange } from '../lib/queue.ts';
import { Link } from '../lib/router.tsx';
import { session } from '../lib/session.ts';

function OrderCard({ order, waiting }: { order: DeliveryOrder; waiting: StatusChange | undefined }) {
  return (
    <li className="card order-card">
      <div className="order-head">
        <h2 className="order-number">
          {/* The whole card is the link's target; its name is the order's number. */}
          <Link to={`/orders/${order.id}`} className="card-link">
            Order #{order.number}
          </Link>
        </h2>
        <StatusBadge status={shownStatus(order, waiting ? [waiting] : [])} waiting={waiting} />
      </div>
      <p className="line">
        <span className="muted">From</span> {order.store.name}
      </p>
      <p className="line">
        <span className="muted">To</span> {order.customerName}
        {order.deliveryAddress ? ` · ${order.deliveryAddress.text}` : ''}
      </p>
      {order.cashToCollectPaise > 0 ? (
        <p className="cash">Collect {formatRupees(order.cashToCollectPaise)} in cash</p>
      ) : null}
    </li>
  );
}

const sharingText: Record<Sharing, string | null> = {
  off: null,
  starting: 'Finding your location…',
  on: 'Your location is shared with the store while you are on duty.',
  denied: 'Location is blocked for this site: allow it in the browser so the store can see where you are.',
  unavailable: 'This phone cannot tell where you are right now.',
};

function Skeleton() {
  return (
    <ul className="list" aria-hidden="true">
      {[0, 1].map((n) => (
        <li key={n} className="card skeleton" />
      ))}
    </ul>
  );
}

export function HomePage() {
  const signedIn = session.use();
  const orders = useOrders();
  const waiting = queue.use();
  const refused = notices.use();
  const onDuty = signedIn?.onDuty ?? false;
  const sharing = useSharing();
  if (!signedIn) return null;

  const signOut = async () => {
    const waitingCount = queue.get().length;
    if (
      waitingCount > 0 &&
      !window.confirm(
        `${waitingCount === 1 ? 'A change has' : `${waitingCount} changes have`} not reached the server yet. Sign out and drop ${waitingCount === 1 ? 'it' : 'them'}?`,
      )
    )
      return;
    await turnOffPush(api).catch(() => undefined);
    await api('POST', '/sign-out').catch(() => undefined);
    forgetOrders();
    session.set(null);
  };

  const items = orders.items;
  return (
    <>
      <section className="pad" aria-labelledby="orders-title">
        <div className="title-row">
          <h1 id="orders-title">My orders</h1>
          {items && items.length > 0 ? <span className="muted">{items.length} open</span> : null}
          <Link to="/earnings" className="earnings-link">
            Earnings
          </Link>
        </div>
        {sharingText[sharing] ? <p className="hint">{sharingText[sharing]}</p> : null}
        <NoticeList items={refused} withNumbers />
      </section>
      {orders.error && !items ? (
        <ErrorPanel error={orders.error} onRetry={() => void refreshOrders()} />
      ) : null}
      {orders.error && items ? (
        <p className="pad field-error" role="alert">
          Could not refresh the list: {orders.error.message}
        </p>
      ) : null}
      {!items && !orders.error ? (
        <>
          <p className="visually-hidden" role="status">
            Loading your orders…
          </p>
          <Skeleton />
        </>
      ) : null}
      {items && items.length === 0 ? (
        <div className="panel empty">
          <h2 className="section-title">No orders right now</h2>
          <p className="muted">
            {onDuty
              ? 'New orders the store gives you appear here by themselves.'
              : 'You are off duty: go on duty to get orders.'}
          </p>
        </div>
      ) : null}
      {items && items.length > 0 ? (
        <ul className="list" aria-labelledby="orders-title">
          {items.map((order) => (
            <OrderCard key={order.id} order={order} waiting={pendingFor(waiting, order.id)} />
          ))}
        </ul>
      ) : null}
      <section className="panel">
        <PushButton />
        <p className="muted small">Signed in as {signedIn.user.name || signedIn.user.email}</p>
        <button type="button" className="button secondary" onClick={() => void signOut()}>
          Sign out
        </button>
      </section>
    </>
  );
}
