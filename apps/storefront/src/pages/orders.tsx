import { formatDateTime } from '@storedesk/shared/dates';
import { formatRupees } from '@storedesk/shared/money';
import type { OrderStatus } from '@storedesk/shared/orders';
import { orderStatusLabels } from '@storedesk/shared/orders';
import type { StorefrontOrder } from '@storedesk/shared/storefront/schemas';
import { useData } from '@storedesk/web/use-data';
import { useBusiness } from '../business.ts';
import { ErrorPanel, Spinner } from '@storedesk/web/states';
import { api } from '../lib/api.ts';
import { useOrderNews } from '../lib/live.ts';
import { Link, navigate } from '../lib/router.tsx';
import { cart, session } from '../lib/state.ts';

/** The order's items in a new cart: the cart prices them anew, and says what is no longer sold. */
export function reorder(order: StorefrontOrder) {
  cart.set({
    storeId: order.storeId,
    storeName: order.storeName,
    couponCode: '',
    // A line of an order placed before variants names none: the store page gives it its item's only one.
    lines: order.items.map((line) => ({
      itemId: line.itemId,
      ...(line.variantId ? { variantId: line.variantId, variantLabel: line.variantLabel ?? '' } : {}),
      name: line.itemName,
      pricePaise: line.itemPricePaise,
      ...(line.stepGrams ? { stepGrams: line.stepGrams } : {}),
      quantity: line.itemQuantity,
    })),
  });
  navigate('/cart');
}

export default function OrdersPage() {
  const business = useBusiness();
  const signedIn = session.use();
  const orders = useData(signedIn ? `orders:${signedIn.customer.id}` : null, () =>
    api<{ items: StorefrontOrder[]; total: number }>('GET', '/orders?pageSize=25'),
  );
  useOrderNews(orders.reload);

  if (!signedIn) {
    return (
      <section className="panel">
        <h1>Your orders</h1>
        <Link to="/sign-in?next=/orders" className="button">
          Sign in to see them
        </Link>
      </section>
    );
  }
  const signOut = async () => {
    await api('POST', '/auth/sign-out').catch(() => undefined);
    session.set(null);
    navigate('/', { replace: true });
  };

  return (
    <>
      <section className="panel">
        <h1>Your orders</h1>
        <p className="muted">
          Signed in as {signedIn.customer.name || signedIn.customer.phone} ·{' '}
          <button type="button" className="text-button" onClick={() => void signOut()}>
            Sign out
          </button>
        </p>
      </section>
      {business.referral ? (
        <section className="panel" aria-labelledby="refer">
          <h2 id="refer" className="section-title">
            {business.referral.name || 'Refer a friend'}
          </h2>
          {business.referral.message ? <p>{business.referral.message}</p> : null}
          <p>
            Your code: <strong className="referral-code">{signedIn.customer.referralCode}</strong>
          </p>
          <p className="hint">A friend who signs in with it gets the offer on their first order.</p>
        </section>
      ) : null}
      {orders.error ? <ErrorPanel error={orders.error} onRetry={orders.reload} /> : null}
      {!orders.data && !orders.error ? <Spinner label="Loading your orders…" /> : null}
      {orders.data && orders.data.items.length === 0 ? (
        <div className="empty">
          <p>No orders yet.</p>
          <Link to="/">Start shopping</Link>
        </div>
      ) : null}
      {orders.data && orders.data.items.length > 0 ? (
        <ul className="list" aria-label="Orders">
          {orders.data.items.map((order) => (
            <li key={order.id} className="card order-card">
              <Link to={`/orders/${order.id}`} className="order-link">
                <strong>
                  Order #{order.number} · {order.storeName}
                </strong>
                <span className="muted small">{formatDateTime(order.placedAt, business.timeZone)}</span>
                <span>
                  {orderStatusLabels[order.status as OrderStatus]} · {formatRupees(order.billAmountPaise)}
                </span>
              </Link>
              <button type="button" className="button small secondary" onClick={() => reorder(order)}>
                Reorder
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {orders.data && orders.data.total > orders.data.items.length ? (
        <p className="hint pad">
          Your latest {orders.data.items.length} of {orders.data.total} orders.
        </p>
      ) : null}
    </>
  );
}
