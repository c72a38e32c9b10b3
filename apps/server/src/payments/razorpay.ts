/**
 * Razorpay behind the PaymentProvider interface (B18, ADR 0072), through its official package. The
 * package is loaded only where PAYMENTS_URL names Razorpay; its HTTP client gets a deadline, and at a
 * loopback host (the stand-in gateway) the package's fixed API address is replaced by that host.
 */
import type Razorpay from 'razorpay';
import type { GatewaySettings } from './payments-url.ts';
import { GatewayError, type GatewayPayment, type GatewayRefund, type PaymentProvider } from './provider.ts';
import { signedBy } from './signatures.ts';

/** How long a call to the gateway may take before it counts as failed. */
const DEADLINE_MS = 10_000;

type Entity = Record<string, unknown>;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const paise = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) ? value : null;

function paymentOf(entity: Entity): GatewayPayment {
  const id = text(entity.id);
  const amountPaise = paise(entity.amount);
  const status = text(entity.status);
  if (!id || amountPaise === null || !status)
    throw new GatewayError('the gateway answered a payment we cannot read');
  if (text(entity.currency) !== null && entity.currency !== 'INR')
    throw new GatewayError(`the gateway answered a payment in ${String(entity.currency)}`);
  return {
    id,
    orderId: text(entity.order_id),
    amountPaise,
    status: (['created', 'authorized', 'captured', 'refunded', 'failed'].includes(status)
      ? status
      : 'failed') as GatewayPayment['status'],
    method: text(entity.method),
    feePaise: paise(entity.fee),
  };
}

function refundOf(entity: Entity): GatewayRefund {
  const id = text(entity.id);
  const paymentId = text(entity.payment_id);
  const amountPaise = paise(entity.amount);
  const status = text(entity.status);
  if (!id || !paymentId || amountPaise === null || !status)
    throw new GatewayError('the gateway answered a refund we cannot read');
  return {
    id,
    paymentId,
    amountPaise,
    status: (['pending', 'processed', 'failed'].includes(status)
      ? status
      : 'pending') as GatewayRefund['status'],
  };
}

/** What the package throws: `{statusCode, error}` for an answer, a TypeError or an axios error otherwise. */
function gatewayError(error: unknown): GatewayError {
  if (error instanceof GatewayError) return error;
  const answered = error as { statusCode?: unknown; error?: { description?: unknown } } | null;
  if (answered && typeof answered.statusCode === 'number') {
    const description =
      typeof answered.error?.description === 'string' ? `: ${answered.error.description}` : '';
    return new GatewayError(`the gateway answered ${answered.statusCode}${description}`, answered.statusCode);
  }
  return new GatewayError(
    `the gateway did not answer (${error instanceof Error ? error.message : String(error)})`,
  );
}

export function razorpayProvider(
  settings: GatewaySettings,
  options: { deadlineMs?: number } = {},
): PaymentProvider {
  const client = import('razorpay').then(({ default: Client }) => {
    const instance: Razorpay = new Client({ key_id: settings.keyId, key_secret: settings.keySecret });
    const http = (instance.api as unknown as { rq: { defaults: { baseURL?: string; timeout?: number } } }).rq;
    http.defaults.timeout = options.deadlineMs ?? DEADLINE_MS;
    if (settings.apiUrl !== 'https://api.razorpay.com') http.defaults.baseURL = settings.apiUrl;
    return instance;
  });
  const call = async <T>(request: (instance: Razorpay) => Promise<T>): Promise<T> => {
    try {
      return await request(await client);
    } catch (error) {
      throw gatewayError(error);
    }
  };
  return {
    name: 'razorpay',
    checkout: { keyId: settings.keyId, scriptUrl: settings.checkoutScriptUrl },
    async createOrder({ amountPaise, receipt, notes }) {
      const order = await call((rzp) =>
        rzp.orders.create({ amount: amountPaise, currency: 'INR', receipt, notes }),
      );
      const id = text((order as unknown as Entity).id);
      if (!id) throw new GatewayError('the gateway answered an order without an id');
      return { id };
    },
    async fetchOrder(orderId) {
      const order = (await call((rzp) => rzp.orders.fetch(orderId))) as unknown as Entity;
      const id = text(order.id);
      const amountPaise = paise(order.amount);
      if (!id || amountPaise === null) throw new GatewayError('the gateway answered an order we cannot read');
      const notes: Record<string, string> = {};
      if (order.notes && typeof order.notes === 'object') {
        for (const [key, value] of Object.entries(order.notes as Entity))
          if (typeof value === 'string') notes[key] = value;
      }
      return { id, amountPaise, notes };
    },
    async fetchPayment(paymentId) {
      return paymentOf((await call((rzp) => rzp.payments.fetch(paymentId))) as unknown as Entity);
    },
    async capture(paymentId, amountPaise) {
      return paymentOf(
        (await call((rzp) => rzp.payments.capture(paymentId, amountPaise, 'INR'))) as unknown as Entity,
      );
    },
    async refund(paymentId, amountPaise, receipt) {
      return refundOf(
        (await call((rzp) =>
          rzp.payments.refund(paymentId, { amount: amountPaise, receipt }),
        )) as unknown as Entity,
      );
    },
    async findRefund(paymentId, receipt) {
      const answer = (await call((rzp) =>
        rzp.payments.fetchMultipleRefund(paymentId, { count: 100 }),
      )) as unknown as {
        items?: Entity[];
      };
      const made = (answer.items ?? []).find((item) => item.receipt === receipt);
      return made ? refundOf(made) : null;
    },
    verifyCheckout(orderId, paymentId, signature) {
      return signedBy(settings.keySecret, `${orderId}|${paymentId}`, signature);
    },
    verifyWebhook(body, signature) {
      return signedBy(settings.webhookSecret, body, signature);
    },
    readWebhook(body, eventId) {
      let event: {
        event?: unknown;
        payload?: { payment?: { entity?: Entity }; refund?: { entity?: Entity } };
      };
      try {
        event = JSON.parse(body.toString('utf8')) as typeof event;
      } catch {
        return null;
      }
      if (typeof event !== 'object' || event === null) return null;
      const kind = text(event.event);
      try {
        if ((kind === 'payment.captured' || kind === 'payment.failed') && event.payload?.payment?.entity)
          return { kind, eventId, payment: paymentOf(event.payload.payment.entity) };
        if ((kind === 'refund.processed' || kind === 'refund.failed') && event.payload?.refund?.entity)
          return { kind, eventId, refund: refundOf(event.payload.refund.entity) };
      } catch {
        return null;
      }
      return kind ? { kind: 'other', eventId } : null;
    },
  };
}
