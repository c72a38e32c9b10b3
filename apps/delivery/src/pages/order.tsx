import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { deliveryCodePattern, directionsUrl, executiveNextStatus } from '@storedesk/shared/delivery/rules';
import type { DeliveryOrder } from '@storedesk/shared/delivery/schemas';
import { OrderStatus } from '@storedesk/shared/orders';
import { BillLines } from '@storedesk/web/bill';
import { useFormat, useT } from '@storedesk/web/i18n';
import { ErrorPanel, Spinner } from '@storedesk/web/states';
import { NoticeList } from '../components/notices.tsx';
import { StatusBadge } from '../components/order-status.tsx';
import { config } from '../config.ts';
import type { MessageId } from '../i18n/index.ts';
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

/** The payment modes named in the catalogues (`payment.<mode>`); another shows as the server names it. */
const paymentModes = new Set(['COD', 'UPI', 'CARD']);

function Bill({ order }: { order: DeliveryOrder }) {
  const t = useT();
  const { money } = useFormat();
  const mode = order.paymentMode
    ? paymentModes.has(order.paymentMode)
      ? t(`payment.${order.paymentMode}` as MessageId)
      : order.paymentMode
    : t('order.paymentNotChosen');
  return (
    <section className="panel" aria-labelledby="bill-title">
      <h2 id="bill-title" className="section-title">
        {t('order.bill')}
      </h2>
      <BillLines
        items={order.items}
        itemsTotalPaise={order.itemsTotalPaise}
        discount={order.discountPaise > 0 ? { label: t('order.discount'), paise: order.discountPaise } : null}
        charges={order.charges}
        total={{ label: t('order.billTotal'), paise: order.billAmountPaise }}
      />
      <p>{t(order.paid ? 'order.paymentPaid' : 'order.payment', { mode })}</p>
      {order.cashToCollectPaise > 0 ? (
        <p className="cash">{t('order.collectCash', { amount: money(order.cashToCollectPaise) })}</p>
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
  const t = useT();
  const { money } = useFormat();
  const cashDue = order.cashToCollectPaise > 0;

  const refusal = codeError !== undefined && code === (sent ?? '') ? codeError : undefined;
  const codeProblem =
    (checked && !deliveryCodePattern.test(code) ? t('deliver.codeMissing') : undefined) ?? refusal;
  const cashProblem = checked && cashDue && !cash ? t('deliver.cashMissing') : undefined;

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
    <form
      className="deliver-step"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('deliver.label')}
    >
      <label htmlFor={`${id}-code`}>{t('deliver.code')}</label>
      <p id={`${id}-code-hint`} className="hint">
        {t('deliver.codeHint')}
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
            <span>{t('deliver.cashCollected', { amount: money(order.cashToCollectPaise) })}</span>
          </label>
          {cashProblem ? (
            <p id={`${id}-cash-error`} className="field-error">
              {cashProblem}
            </p>
          ) : null}
        </>
      ) : null}
      <button type="submit" className="button block" disabled={busy}>
        {t(busy ? 'common.sending' : 'deliver.confirm')}
      </button>
      <button type="button" className="button block secondary" onClick={onCancel}>
        {t('common.cancel')}
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
  const t = useT();
  const next = executiveNextStatus(status);

  if (next === null) {
    return status === OrderStatus.Placed ? <p className="hint">{t('order.notConfirmed')}</p> : null;
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
        {t('order.pickedUp')}
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
      {t('order.delivered')}
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
  const t = useT();
  const { dateTime } = useFormat();
  if (!signedIn) return null;
  const timeZone = signedIn.business.timeZone;

  const back = (
    <p className="pad back">
      <Link to="/">{t('order.back')}</Link>
    </p>
  );

  if (!order) {
    const done = deliveredHere(orderId);
    if (done) {
      return (
        <>
          {back}
          <section className="panel">
            <h1>{t('order.number', { number: String(done.number) })}</h1>
            <p className="success" role="status">
              {t('order.deliveredThanks')}
            </p>
            <Link to="/" className="button block">
              {t('order.backToOrders')}
            </Link>
          </section>
        </>
      );
    }
    if (!orders.items) {
      return orders.error ? (
        <ErrorPanel error={orders.error} onRetry={() => void refreshOrders()} />
      ) : (
        <Spinner label={t('order.loading')} />
      );
    }
    return (
      <>
        {back}
        <section className="panel">
          <h1>
            {refused[0] ? t('order.number', { number: String(refused[0].number) }) : t('order.notInList')}
          </h1>
          <NoticeList items={refused} withNumbers={false} />
          {refused.length === 0 ? <p>{t('order.notInListText')}</p> : null}
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
          <h1 id="order-title">{t('order.number', { number: String(order.number) })}</h1>
          <StatusBadge status={status} waiting={pending} />
        </div>
        <p className="muted small">{t('order.placed', { time: dateTime(order.placedAt, timeZone) })}</p>
        <NoticeList items={refused.filter((notice) => notice.field !== 'code')} withNumbers={false} />
        {pending ? (
          <p className="notice inline" role="status">
            {t('order.waiting', {
              change: pending.status === OrderStatus.Delivered ? 'delivered' : 'pickedUp',
              online: online ? 'yes' : 'no',
            })}
          </p>
        ) : null}
        <NextAction key={order.id} order={order} status={status} />
      </section>
      <Place
        title={t('order.pickUpFrom')}
        name={order.store.name}
        lines={[order.store.address, order.store.phone]}
        phone={order.store.phone}
        callLabel={t('order.callStore')}
        point={{ lat: order.store.lat, lng: order.store.lng }}
        directionsLabel={t('order.directionsStore')}
      />
      <Place
        title={t('order.deliverTo')}
        name={order.customerName}
        lines={
          address
            ? [
                `${address.label ? `${address.label}: ` : ''}${address.text}`,
                ...(address.landmark ? [t('order.landmark', { landmark: address.landmark })] : []),
                order.customerPhone,
              ]
            : [t('order.noAddress'), order.customerPhone]
        }
        phone={order.customerPhone}
        callLabel={t('order.callCustomer')}
        point={address ? { lat: address.lat, lng: address.lng } : null}
        directionsLabel={t('order.directionsCustomer')}
      />
      {address && config ? (
        <div className="panel map-box">
          <Suspense fallback={<Spinner label={t('order.mapLoading')} />}>
            <MapView
              point={{ lat: address.lat, lng: address.lng }}
              tiles={config.tiles}
              label={t('order.mapLabel', { address: address.text })}
            />
          </Suspense>
        </div>
      ) : null}
      {order.note ? (
        <section className="panel" aria-label={t('order.note')}>
          <h2 className="section-title">{t('order.note')}</h2>
          <p>{order.note}</p>
        </section>
      ) : null}
      <Bill order={order} />
    </>
  );
}
