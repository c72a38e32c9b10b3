import { awaitsUpiPayment } from '@storedesk/shared/payments/upi';
import { awaitsOnlinePayment, payableOnline, type Checkout } from '@storedesk/shared/payments/online';
import { rupeesDecimal } from '@storedesk/shared/money';
import { OrderStatus } from '@storedesk/shared/orders';
import type { PaymentModeType } from '@storedesk/shared/settings/payment-mode-types';
import type { CustomerOrder } from '@storedesk/shared/storefront/schemas';
import { orderNews } from '@storedesk/shared/storefront/order-news';
import { FormattedMessage, useFormat, useLanguage, useT } from '@storedesk/web/i18n';
import { useTexts } from '@storedesk/web/texts';
import { useData } from '@storedesk/web/use-data';
import { OrderAlerts } from '../components/order-alerts.tsx';
import { TipPanel } from '../components/tip-panel.tsx';
import { RatingPanel } from '../components/rating-panel.tsx';
import { ExecutiveCard, showsExecutive } from '../components/executive-card.tsx';
import { Choices } from '../components/choices.tsx';
import { useBusiness } from '../business.ts';
import {
  addressLabel,
  cancelReasonText,
  ifMissingText,
  paymentText,
  statusName,
  statusText,
} from '../i18n/codes.ts';
import { Bill } from '../components/bill.tsx';
import { ErrorPanel, Spinner } from '@storedesk/web/states';
import { api } from '../lib/api.ts';
import { failureText } from '../lib/checkout-failure.ts';
import { useTimeFormat } from '@storedesk/web/times';
import { useOrderNews } from '../lib/live.ts';
import { Link } from '../lib/router.tsx';
import { session } from '../lib/state.ts';
import { lazy, Suspense, useState } from 'react';
import type { ApiError } from '@storedesk/web/api';
import {
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

/**
 * The standard UPI payment link: the business's UPI address, the bill, and the order's number (its
 * note, in English, as the business's bank statement shows it).
 */
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

/** What the order's page says of the order's status now, in the language shown: as its texts say it (ADR 0082). */
function useNews() {
  const language = useLanguage();
  return (order: CustomerOrder) => orderNews(order, language).body;
}

function Progress({ order, timeZone }: { order: CustomerOrder; timeZone: string }) {
  const t = useT();
  const news = useNews();
  const { dateTime } = useFormat();
  if (awaitsOnlinePayment(order)) {
    return (
      <p className="notice inline" role="status">
        {t('order.awaitingPayment')}
      </p>
    );
  }
  if (order.status === OrderStatus.Cancelled) {
    return (
      <p className="notice inline" role="status">
        {news(order)}
      </p>
    );
  }
  const reached = steps.indexOf(order.status as (typeof steps)[number]);
  const when = (status: number) => order.timeline.findLast((entry) => entry.status === status)?.at;
  return (
    <ol className="progress" aria-label={t('order.progress')}>
      {steps.map((status, index) => {
        const at = when(status);
        return (
          <li
            key={status}
            className={index < reached ? 'done' : index === reached ? 'current' : 'later'}
            aria-current={index === reached ? 'step' : undefined}
          >
            <strong>{t(statusText[status])}</strong>
            {index <= reached && at ? <span className="muted small"> · {dateTime(at, timeZone)}</span> : null}
            {index === reached ? <span className="step-note">{news(order)}</span> : null}
          </li>
        );
      })}
    </ol>
  );
}

/**
 * When each order the page was given was read: its executive's estimated arrival counts from then.
 * A write's answer (`order.set`) has none until it is read again, which `set` does at once.
 */
const readTimes = new WeakMap<CustomerOrder, number>();

async function readOrder(orderId: string): Promise<CustomerOrder> {
  const order = await api<CustomerOrder>('GET', `/orders/${orderId}`);
  readTimes.set(order, Date.now());
  return order;
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
  const t = useT();
  const texts = useTexts();
  const { money } = useFormat();
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
  const fieldError = error?.fields?.reference ?? (error && !error.fields ? texts.error(error) : null);

  return (
    <section className="panel">
      <h2 className="section-title">{t('upi.title')}</h2>
      <p className="muted">{t('upi.amountTo', { amount: money(order.billAmountPaise), payee })}</p>
      <a className="button block" href={link}>
        {t('upi.payInApp')}
      </a>
      {showQr ? (
        <Suspense fallback={<Spinner label={t('upi.drawing')} />}>
          <figure className="upi-qr-figure">
            <UpiQr link={link} label={t('upi.qrLabel', { amount: money(order.billAmountPaise) })} />
            <figcaption className="muted small">{t('upi.scan')}</figcaption>
          </figure>
        </Suspense>
      ) : (
        <button type="button" className="text-button" onClick={() => setShowQr(true)}>
          {t('upi.showQr')}
        </button>
      )}
      {order.upiReference ? (
        <p className="notice inline" role="status">
          {t('upi.reported', { reference: order.upiReference })}
        </p>
      ) : null}
      <form
        aria-label={t('upi.paid')}
        onSubmit={(event) => {
          event.preventDefault();
          void report();
        }}
      >
        <label htmlFor="upi-reference">
          {t(order.upiReference ? 'upi.otherReference' : 'upi.reference')}
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
          {t(busy ? 'upi.sending' : 'upi.paid')}
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
  const t = useT();
  const texts = useTexts();
  const { money, dateTime } = useFormat();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Paid already, then changed by the store to more (ADR 0074): what it added is paid the same way.
  const due = order.paymentDuePaise;

  const pay = async () => {
    setBusy(true);
    setError(null);
    try {
      const checkout = await api<Checkout>('POST', `/orders/${order.id}/payment`);
      const { openCheckout, verifyBody } = await import('../lib/checkout.ts');
      const answer = await openCheckout(checkout, {
        description: t(due > 0 ? 'pay.changeDescription' : 'pay.description', {
          number: String(order.number),
        }),
        name: order.customerName,
        phone: order.customerPhone,
        color: business.theme?.primaryColor,
      });
      if (answer) {
        onChanged(await api<CustomerOrder>('POST', `/orders/${order.id}/payment/verify`, verifyBody(answer)));
      }
    } catch (failure) {
      setError(failureText(failure, texts, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel" aria-labelledby="pay-online-title">
      <h2 id="pay-online-title" className="section-title">
        {t(due > 0 ? 'pay.changeTitle' : 'pay.title')}
      </h2>
      {due > 0 ? (
        <p>
          {t(payableOnline(due) ? 'pay.changed' : 'pay.changedTooLittle', {
            store: order.storeName,
            total: money(order.billAmountPaise),
            due: money(due),
          })}
        </p>
      ) : (
        <p>
          {t('pay.reaches', { store: order.storeName })}
          {order.payBy ? ` ${t('pay.payBy', { time: dateTime(order.payBy, timeZone) })}` : ''}
        </p>
      )}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {due > 0 && !payableOnline(due) ? null : (
        <>
          <button type="button" className="button block" disabled={busy} onClick={() => void pay()}>
            {busy ? t('pay.opening') : t('pay.pay', { amount: money(due > 0 ? due : order.billAmountPaise) })}
          </button>
          <p className="muted small">{t('pay.ways')}</p>
        </>
      )}
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
  const t = useT();
  const texts = useTexts();
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
        {t('cancel.start')}
      </button>
    );
  }
  return (
    <form
      aria-label={t('cancel.form', { number: String(order.number) })}
      onSubmit={(event) => {
        event.preventDefault();
        void cancel();
      }}
    >
      <Choices
        legend={t('cancel.why')}
        name="cancel-reason"
        choices={customerCancelReasons}
        labels={cancelReasonText}
        value={reason}
        onChange={setReason}
      />
      {error ? (
        <p className="field-error" role="alert">
          {texts.error(error)}
        </p>
      ) : null}
      <button type="submit" className="button block danger" disabled={busy}>
        {busy ? t('cancel.cancelling') : t('cancel.confirm', { number: String(order.number) })}
      </button>
      <button type="button" className="text-button" disabled={busy} onClick={() => setAsking(false)}>
        {t('cancel.keep')}
      </button>
    </form>
  );
}

export default function OrderPage({ orderId }: { orderId: string }) {
  const business = useBusiness();
  const t = useT();
  const { money, dateTime } = useFormat();
  const { slot } = useTimeFormat();
  const signedIn = session.use();
  const [cancelRefused, setCancelRefused] = useState<string | null>(null);
  const order = useData(signedIn ? `order:${orderId}` : null, () => readOrder(orderId));
  useOrderNews(order.reload, orderId);

  if (!signedIn) {
    return (
      <section className="panel">
        <h1>{t('order.signInToSee')}</h1>
        <Link to={`/sign-in?next=/orders/${orderId}`} className="button">
          {t('order.signIn')}
        </Link>
      </section>
    );
  }
  if (order.error && !order.data) return <ErrorPanel error={order.error} onRetry={order.reload} />;
  if (!order.data) return <Spinner label={t('order.loading')} />;
  const o = order.data;
  const upi = business.paymentModes.find((mode) => mode.type === 'UPI');
  const mode = o.paymentMode as PaymentModeType | null;

  return (
    <>
      <section className="panel">
        <h1>{t('order.number', { number: String(o.number) })}</h1>
        <p className="muted">
          {t('order.storePlaced', { store: o.storeName, time: dateTime(o.placedAt, business.timeZone) })}
        </p>
        <p className="status-line" role="status" aria-live="polite">
          <FormattedMessage
            id="order.status"
            values={{
              status: statusName(o.status, t),
              strong: (words) => <strong data-testid="order-status">{words}</strong>,
            }}
          />
        </p>
        {o.slot ? (
          <p>
            <FormattedMessage
              id="order.slot"
              values={{
                slot: slot(o.slot, business.timeZone),
                strong: (words) => <strong>{words}</strong>,
              }}
            />
          </p>
        ) : null}
        {showsExecutive(o) && o.executive ? (
          <ExecutiveCard
            executive={o.executive}
            status={o.status}
            readAt={readTimes.get(o)}
            timeZone={business.timeZone}
            onRefresh={order.reload}
          />
        ) : null}
        <Progress order={o} timeZone={business.timeZone} />
        {o.cancelReason ? (
          <p className="muted">{t('order.reason', { reason: t(cancelReasonText[o.cancelReason]) })}</p>
        ) : null}
        {o.state === 1 ? <OrderAlerts /> : null}
        {o.deliveryCode ? (
          <p className="code-box">
            {t('order.code')} <strong>{o.deliveryCode}</strong>
            <span className="muted small">{t('order.codeHint')}</span>
          </p>
        ) : null}
      </section>
      <TipPanel order={o} timeZone={business.timeZone} onTipped={order.reload} />
      <RatingPanel order={o} timeZone={business.timeZone} onChanged={order.set} onRefresh={order.reload} />
      {(awaitsOnlinePayment(o) || o.paymentDuePaise > 0) && o.paymentMode === 'ONLINE' ? (
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
        <h2 className="section-title">{t('order.delivery')}</h2>
        {o.deliveryAddress ? (
          <p>
            <strong>{addressLabel(o.deliveryAddress.label, t)}</strong> {o.deliveryAddress.text}
            {o.deliveryAddress.landmark ? (
              <span className="muted"> · {o.deliveryAddress.landmark}</span>
            ) : null}
          </p>
        ) : null}
        <p>
          {t('order.payment', { mode: t(mode && paymentText[mode] ? paymentText[mode] : 'order.notChosen') })}
          {o.paid
            ? o.paymentDuePaise > 0
              ? ` · ${t('order.moreToPay', { amount: money(o.paymentDuePaise) })}`
              : ` · ${t('order.paid')}`
            : ''}
        </p>
        {o.refundedPaise > 0 ? <p>{t('order.refunded', { amount: money(o.refundedPaise) })}</p> : null}
        <p className="muted">{t('order.ifMissing', { choice: t(ifMissingText[o.ifMissing]) })}</p>
        {o.note ? <p className="muted">{t('order.note', { note: o.note })}</p> : null}
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
        <h2 className="section-title">{t('order.help')}</h2>
        <ul className="contact-list">
          <li>
            <a href={`tel:${o.storePhone}`}>{t('order.call', { name: o.storeName })}</a>
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
