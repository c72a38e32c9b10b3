import type { DeliveryOrder } from '@storedesk/shared/delivery/schemas';
import { LanguageChooser, useFormat, useT } from '@storedesk/web/i18n';
import { turnOffPush } from '@storedesk/web/push';
import { ErrorPanel } from '@storedesk/web/states';
import { useTexts } from '@storedesk/web/texts';
import { NoticeList } from '../components/notices.tsx';
import { StatusBadge } from '../components/order-status.tsx';
import { PushButton } from '../components/push-button.tsx';
import { api } from '../lib/api.ts';
import type { MessageId } from '../i18n/index.ts';
import { useSharing, type Sharing } from '../lib/location.ts';
import { forgetOrders, notices, queue, refreshOrders, useOrders } from '../lib/orders.ts';
import { pendingFor, shownStatus, type StatusChange } from '../lib/queue.ts';
import { Link } from '../lib/router.tsx';
import { session } from '../lib/session.ts';

function OrderCard({ order, waiting }: { order: DeliveryOrder; waiting: StatusChange | undefined }) {
  const t = useT();
  const { money } = useFormat();
  return (
    <li className="card order-card">
      <div className="order-head">
        <h2 className="order-number">
          {/* The whole card is the link's target; its name is the order's number. */}
          <Link to={`/orders/${order.id}`} className="card-link">
            {t('order.number', { number: String(order.number) })}
          </Link>
        </h2>
        <StatusBadge status={shownStatus(order, waiting ? [waiting] : [])} waiting={waiting} />
      </div>
      <p className="line">
        <span className="muted">{t('home.from')}</span> {order.store.name}
      </p>
      <p className="line">
        <span className="muted">{t('home.to')}</span> {order.customerName}
        {order.deliveryAddress ? ` · ${order.deliveryAddress.text}` : ''}
      </p>
      {order.cashToCollectPaise > 0 ? (
        <p className="cash">{t('order.collectCash', { amount: money(order.cashToCollectPaise) })}</p>
      ) : null}
    </li>
  );
}

const sharingText: Record<Sharing, MessageId | null> = {
  off: null,
  starting: 'home.sharing.starting',
  on: 'home.sharing.on',
  denied: 'home.sharing.denied',
  unavailable: 'home.sharing.unavailable',
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
  const t = useT();
  const texts = useTexts();
  if (!signedIn) return null;

  const signOut = async () => {
    const waitingCount = queue.get().length;
    if (waitingCount > 0 && !window.confirm(t('home.signOutWaiting', { count: waitingCount }))) return;
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
          <h1 id="orders-title">{t('home.title')}</h1>
          {items && items.length > 0 ? (
            <span className="muted">{t('home.open', { count: items.length })}</span>
          ) : null}
          <Link to="/earnings" className="earnings-link">
            {t('home.earnings')}
          </Link>
        </div>
        {sharingText[sharing] ? <p className="hint">{t(sharingText[sharing])}</p> : null}
        <NoticeList items={refused} withNumbers />
      </section>
      {orders.error && !items ? (
        <ErrorPanel error={orders.error} onRetry={() => void refreshOrders()} />
      ) : null}
      {orders.error && items ? (
        <p className="pad field-error" role="alert">
          {t('home.refreshFailed', { message: texts.error(orders.error) })}
        </p>
      ) : null}
      {!items && !orders.error ? (
        <>
          <p className="visually-hidden" role="status">
            {t('home.loading')}
          </p>
          <Skeleton />
        </>
      ) : null}
      {items && items.length === 0 ? (
        <div className="panel empty">
          <h2 className="section-title">{t('home.empty')}</h2>
          <p className="muted">{t(onDuty ? 'home.emptyOnDuty' : 'home.emptyOffDuty')}</p>
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
        <LanguageChooser />
        <p className="muted small">
          {t('home.signedInAs', { name: signedIn.user.name || signedIn.user.email })}
        </p>
        <button type="button" className="button secondary" onClick={() => void signOut()}>
          {t('home.signOut')}
        </button>
      </section>
    </>
  );
}
