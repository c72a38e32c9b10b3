import { useState } from 'react';
import type { Customer } from '@storedesk/shared/storefront/customers';
import type { StorefrontOrder } from '@storedesk/shared/storefront/schemas';
import { asApiError } from '@storedesk/web/api';
import { useTexts } from '@storedesk/web/texts';
import { FormattedMessage, LanguageChooser, useFormat, useT } from '@storedesk/web/i18n';
import { useData } from '@storedesk/web/use-data';
import { useBusiness } from '../business.ts';
import { statusName } from '../i18n/codes.ts';
import { ErrorPanel, FormAlert, Spinner } from '@storedesk/web/states';
import { api } from '../lib/api.ts';
import { useTimeFormat } from '@storedesk/web/times';
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

/**
 * The customer's choice of order updates on WhatsApp (ADR 0082): off until they turn it on, saved
 * with their account (which records when they opted in), sent where the business texts updates.
 */
function WhatsAppUpdates() {
  const t = useT();
  const texts = useTexts();
  const signedIn = session.use()!;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const on = signedIn.customer.whatsappUpdates ?? false;
  const change = async (wanted: boolean) => {
    setBusy(true);
    setError(null);
    try {
      const customer = await api<Customer>('PATCH', '/account', { whatsappUpdates: wanted });
      const now = session.get();
      if (now) session.set({ ...now, customer });
    } catch (failure) {
      setError(texts.error(asApiError(failure)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <label className="choice">
        <input
          type="checkbox"
          checked={on}
          disabled={busy}
          aria-describedby="whatsapp-hint"
          onChange={(event) => void change(event.target.checked)}
        />
        <span>{t('orders.whatsapp')}</span>
      </label>
      <p id="whatsapp-hint" className="muted">
        {t('orders.whatsappHint')}
      </p>
      <FormAlert message={error} className="field-error" />
    </>
  );
}

export default function OrdersPage() {
  const business = useBusiness();
  const t = useT();
  const { money, dateTime } = useFormat();
  const { slot } = useTimeFormat();
  const signedIn = session.use();
  const orders = useData(signedIn ? `orders:${signedIn.customer.id}` : null, () =>
    api<{ items: StorefrontOrder[]; total: number }>('GET', '/orders?pageSize=25'),
  );
  useOrderNews(orders.reload);

  if (!signedIn) {
    return (
      <section className="panel">
        <h1>{t('orders.title')}</h1>
        <Link to="/sign-in?next=/orders" className="button">
          {t('orders.signIn')}
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
        <h1>{t('orders.title')}</h1>
        <p className="muted">
          {t('orders.signedInAs', { name: signedIn.customer.name || signedIn.customer.phone })} ·{' '}
          <button type="button" className="text-button" onClick={() => void signOut()}>
            {t('orders.signOut')}
          </button>
        </p>
        <LanguageChooser />
        <WhatsAppUpdates />
      </section>
      {business.referral ? (
        <section className="panel" aria-labelledby="refer">
          <h2 id="refer" className="section-title">
            {business.referral.name || t('orders.refer')}
          </h2>
          {business.referral.message ? <p>{business.referral.message}</p> : null}
          <p>
            <FormattedMessage
              id="orders.yourCode"
              values={{
                code: signedIn.customer.referralCode,
                strong: (words) => <strong className="referral-code">{words}</strong>,
              }}
            />
          </p>
          <p className="hint">{t('orders.referHint')}</p>
        </section>
      ) : null}
      {orders.error ? <ErrorPanel error={orders.error} onRetry={orders.reload} /> : null}
      {!orders.data && !orders.error ? <Spinner label={t('orders.loading')} /> : null}
      {orders.data && orders.data.items.length === 0 ? (
        <div className="empty">
          <p>{t('orders.empty')}</p>
          <Link to="/">{t('orders.start')}</Link>
        </div>
      ) : null}
      {orders.data && orders.data.items.length > 0 ? (
        <ul className="list" aria-label={t('app.orders')}>
          {orders.data.items.map((order) => (
            <li key={order.id} className="card order-card">
              <Link to={`/orders/${order.id}`} className="order-link">
                <strong>{t('orders.order', { number: String(order.number), store: order.storeName })}</strong>
                <span className="muted small">{dateTime(order.placedAt, business.timeZone)}</span>
                <span>
                  {statusName(order.status, t)} · {money(order.billAmountPaise)}
                </span>
                {order.slot ? (
                  <span className="small">
                    {t('orders.slot', { slot: slot(order.slot, business.timeZone) })}
                  </span>
                ) : null}
              </Link>
              <button type="button" className="button small secondary" onClick={() => reorder(order)}>
                {t('orders.reorder')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {orders.data && orders.data.total > orders.data.items.length ? (
        <p className="hint pad">
          {t('orders.latest', { shown: orders.data.items.length, total: orders.data.total })}
        </p>
      ) : null}
    </>
  );
}
