/**
 * A stand-in payment gateway (B18, ADR 0072): an HTTP server on 127.0.0.1 that answers the part of
 * Razorpay's documented API the server calls (orders, payments, capture, refunds, with HTTP Basic
 * auth by key id and secret), serves a checkout script that opens its own small payment sheet in the
 * page, and sends signed webhooks, retried until they are taken, as Razorpay does. With `faults` it
 * misbehaves as a gateway can: a webhook before the order is known, every webhook twice, a wrong
 * signature, a payment of the wrong amount, an API that answers late or 503.
 *
 * Tests start it in-process; `npm run payments:stand-in` runs it alone for a local trial.
 */
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type GatewayFaults = {
  /** Send a payment's webhook as soon as its order is made, before the order's creator has its id. */
  webhookBeforeOrderKnown?: boolean;
  /** Send every webhook twice at once. */
  duplicateWebhooks?: boolean;
  /** Sign webhooks with another secret. */
  badWebhookSignature?: boolean;
  /** Take payments of this many paise less than their order. */
  shortPaymentPaise?: number;
  /** Answer API calls after this many milliseconds. */
  apiDelayMs?: number;
  /** Answer API calls 503. */
  apiUnavailable?: boolean;
  /** Make refunds but answer their requests 503 (the refund is made; its maker cannot know). */
  refundAnswerLost?: boolean;
  /** Leave refunds pending (a refund.processed webhook follows after this many ms, or never when null). */
  refundsPendingMs?: number | null;
};

type Order = {
  id: string;
  amount: number;
  receipt: string;
  notes: Record<string, string>;
  status: 'created' | 'attempted' | 'paid';
  created_at: number;
};
type Payment = {
  id: string;
  order_id: string;
  amount: number;
  currency: 'INR';
  status: 'authorized' | 'captured' | 'refunded';
  method: string;
  fee: number;
  tax: number;
  amount_refunded: number;
  created_at: number;
};
type Refund = {
  id: string;
  payment_id: string;
  amount: number;
  receipt: string | null;
  status: 'pending' | 'processed' | 'failed';
  created_at: number;
};

export type Webhook = { eventId: string; event: string; status: number | null; signature: string };

export type PaymentsGateway = {
  url: string;
  /** PAYMENTS_URL for a server to use it. */
  paymentsUrl: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  faults: GatewayFaults;
  readonly orders: Map<string, Order>;
  readonly payments: Map<string, Payment>;
  readonly refunds: Map<string, Refund>;
  /** Every webhook sent, with the status the server answered (null: no answer). */
  readonly webhooks: Webhook[];
  /** Where webhooks go; set once the server listens. */
  webhookUrl: string | null;
  /** Pays a gateway order as a customer at its checkout would: the payment, captured, and the checkout's answer. */
  pay: (
    orderId: string,
  ) => Promise<{ razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }>;
  /** Resolves once every webhook sent so far has been taken (answered 2xx) or given up on. */
  settled: () => Promise<void>;
  close: () => Promise<void>;
};

const id = (prefix: string) => `${prefix}_${randomBytes(7).toString('base64url').replace(/[-_]/g, 'x')}`;
const now = () => Math.floor(Date.now() / 1000);
const FEE_PERCENT = 2;

/** The checkout script: `new Razorpay(options).open()` shows a sheet with Pay and Cancel, as Checkout's modal does. */
function checkoutScript(base: string): string {
  return `(() => {
  function Razorpay(options) { this.options = options; }
  Razorpay.prototype.open = function () {
    var o = this.options;
    var sheet = document.createElement('div');
    sheet.setAttribute('role', 'dialog');
    sheet.setAttribute('aria-modal', 'true');
    sheet.setAttribute('aria-label', 'Stand-in gateway checkout');
    sheet.style.cssText = 'position:fixed;inset:0;background:rgba(0,0,0,.5);display:flex;align-items:center;justify-content:center;z-index:99999;font:16px system-ui';
    var box = document.createElement('div');
    box.style.cssText = 'background:#fff;color:#111;padding:24px;border-radius:8px;max-width:320px;width:90%';
    var title = document.createElement('p');
    title.textContent = (o.name || 'Pay') + ': ₹' + (o.amount / 100).toFixed(2);
    var pay = document.createElement('button');
    pay.type = 'button';
    pay.textContent = 'Pay ₹' + (o.amount / 100).toFixed(2);
    pay.style.cssText = 'display:block;width:100%;padding:12px;margin:8px 0;background:#0b5;color:#fff;border:0;border-radius:4px;font-size:16px';
    var cancel = document.createElement('button');
    cancel.type = 'button';
    cancel.textContent = 'Cancel';
    cancel.style.cssText = 'display:block;width:100%;padding:12px;background:#eee;color:#111;border:0;border-radius:4px;font-size:16px';
    box.append(title, pay, cancel);
    sheet.append(box);
    document.body.append(sheet);
    pay.focus();
    cancel.onclick = function () { sheet.remove(); if (o.modal && o.modal.ondismiss) o.modal.ondismiss(); };
    pay.onclick = function () {
      pay.disabled = true;
      fetch(${JSON.stringify(base)} + '/v1/checkout/pay', {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key_id: o.key, order_id: o.order_id })
      }).then(function (res) { return res.json(); }).then(function (answer) {
        sheet.remove();
        o.handler(answer);
      });
    };
  };
  window.Razorpay = Razorpay;
})();
`;
}

export async function startPaymentsGateway(
  options: { keyId?: string; keySecret?: string; webhookSecret?: string; port?: number } = {},
): Promise<PaymentsGateway> {
  const keyId = options.keyId ?? `rzp_test_${randomBytes(6).toString('hex')}`;
  const keySecret = options.keySecret ?? randomBytes(16).toString('hex');
  const webhookSecret = options.webhookSecret ?? randomBytes(16).toString('hex');
  const orders = new Map<string, Order>();
  const payments = new Map<string, Payment>();
  const refunds = new Map<string, Refund>();
  const webhooks: Webhook[] = [];
  const inFlight = new Set<Promise<void>>();
  let closed = false;

  const gateway = {
    faults: {} as GatewayFaults,
    webhookUrl: null as string | null,
  };

  /** Sends one event as Razorpay does, retrying a refusal or silence (up to 8 tries, 200 ms apart). */
  const deliver = (event: string, payload: Record<string, unknown>) => {
    const eventId = id('evt');
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_standin',
      event,
      contains: Object.keys(payload),
      payload,
      created_at: now(),
    });
    const secret = gateway.faults.badWebhookSignature ? `${webhookSecret}-wrong` : webhookSecret;
    const signature = createHmac('sha256', secret).update(body).digest('hex');
    const send = async () => {
      for (let attempt = 0; attempt < 8 && !closed; attempt++) {
        const url = gateway.webhookUrl;
        if (!url) return;
        const record: Webhook = { eventId, event, status: null, signature };
        webhooks.push(record);
        try {
          const res = await fetch(url, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-razorpay-signature': signature,
              'x-razorpay-event-id': eventId,
            },
            body,
            signal: AbortSignal.timeout(5000),
          });
          record.status = res.status;
          await res.arrayBuffer();
          if (res.ok) return;
        } catch {
          // No answer: tried again.
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };
    const copies = gateway.faults.duplicateWebhooks ? 2 : 1;
    for (let i = 0; i < copies; i++) {
      const sent = send().finally(() => inFlight.delete(sent));
      inFlight.add(sent);
    }
  };

  const paymentPayload = (payment: Payment) => ({
    payment: { entity: { entity: 'payment', ...payment } },
  });

  const capture = (order: Order, amount: number): Payment => {
    const payment: Payment = {
      id: id('pay'),
      order_id: order.id,
      amount,
      currency: 'INR',
      status: 'captured',
      method: 'upi',
      fee: Math.round((amount * FEE_PERCENT) / 100),
      tax: Math.round((amount * FEE_PERCENT * 0.18) / 100),
      amount_refunded: 0,
      created_at: now(),
    };
    payments.set(payment.id, payment);
    order.status = 'paid';
    return payment;
  };

  const checkoutAnswer = (payment: Payment) => ({
    razorpay_payment_id: payment.id,
    razorpay_order_id: payment.order_id,
    razorpay_signature: createHmac('sha256', keySecret)
      .update(`${payment.order_id}|${payment.id}`)
      .digest('hex'),
  });

  const pay = async (orderId: string) => {
    const order = orders.get(orderId);
    if (!order) throw new Error(`no order ${orderId}`);
    const payment = capture(order, order.amount - (gateway.faults.shortPaymentPaise ?? 0));
    deliver('payment.captured', paymentPayload(payment));
    return checkoutAnswer(payment);
  };

  const refund = (payment: Payment, amount: number, receipt: string | null): Refund => {
    const made: Refund = {
      id: id('rfnd'),
      payment_id: payment.id,
      amount,
      receipt,
      status: 'pending',
      created_at: now(),
    };
    refunds.set(made.id, made);
    payment.amount_refunded += amount;
    if (payment.amount_refunded === payment.amount) payment.status = 'refunded';
    const pendingMs = gateway.faults.refundsPendingMs;
    const process = () => {
      made.status = 'processed';
      deliver('refund.processed', {
        refund: { entity: { entity: 'refund', ...made } },
        payment: { entity: { entity: 'payment', ...payment } },
      });
    };
    if (pendingMs === undefined) process();
    else if (pendingMs !== null) setTimeout(process, pendingMs);
    return made;
  };

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
    res.end(JSON.stringify(body));
  };
  const error = (res: http.ServerResponse, status: number, description: string) =>
    json(res, status, { error: { code: 'BAD_REQUEST_ERROR', description } });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const body = chunks.length
          ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>)
          : {};
        if (req.method === 'OPTIONS') {
          res.writeHead(204, {
            'access-control-allow-origin': '*',
            'access-control-allow-methods': 'GET, POST',
            'access-control-allow-headers': 'content-type',
          });
          return res.end();
        }
        if (req.method === 'GET' && url.pathname === '/v1/checkout.js') {
          res.writeHead(200, { 'content-type': 'text/javascript', 'access-control-allow-origin': '*' });
          return res.end(checkoutScript(base));
        }
        if (req.method === 'POST' && url.pathname === '/v1/checkout/pay') {
          if (body.key_id !== keyId) return error(res, 401, 'The key id is not this account’s');
          const order = orders.get(String(body.order_id));
          if (!order) return error(res, 400, 'The order id provided does not exist');
          return json(res, 200, await pay(order.id));
        }
        // The API: HTTP Basic with the key id and secret.
        const expected = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
        if (req.headers.authorization !== expected) return error(res, 401, 'The api key provided is invalid');
        if (gateway.faults.apiDelayMs)
          await new Promise((resolve) => setTimeout(resolve, gateway.faults.apiDelayMs));
        if (gateway.faults.apiUnavailable) return error(res, 503, 'Service unavailable');
        let match: RegExpMatchArray | null;
        if (req.method === 'POST' && url.pathname === '/v1/orders') {
          const amount = body.amount;
          if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100)
            return error(res, 400, 'The amount must be atleast INR 1.00');
          const order: Order = {
            id: id('order'),
            amount,
            receipt: String(body.receipt ?? ''),
            notes: (body.notes as Record<string, string>) ?? {},
            status: 'created',
            created_at: now(),
          };
          orders.set(order.id, order);
          // Paid at once, and said so, before whoever made the order has been answered its id.
          if (gateway.faults.webhookBeforeOrderKnown) await pay(order.id).then(() => undefined);
          return json(res, 200, {
            entity: 'order',
            amount_paid: 0,
            amount_due: amount,
            currency: 'INR',
            attempts: 0,
            ...order,
          });
        }
        if (req.method === 'GET' && (match = url.pathname.match(/^\/v1\/orders\/([\w]+)$/))) {
          const order = orders.get(match[1]!);
          return order
            ? json(res, 200, { entity: 'order', ...order })
            : error(res, 400, 'The id provided does not exist');
        }
        if (req.method === 'GET' && (match = url.pathname.match(/^\/v1\/payments\/([\w]+)$/))) {
          const payment = payments.get(match[1]!);
          return payment
            ? json(res, 200, { entity: 'payment', ...payment })
            : error(res, 400, 'The id provided does not exist');
        }
        if (req.method === 'POST' && (match = url.pathname.match(/^\/v1\/payments\/([\w]+)\/capture$/))) {
          const payment = payments.get(match[1]!);
          if (!payment) return error(res, 400, 'The id provided does not exist');
          if (body.amount !== payment.amount)
            return error(res, 400, 'Capture amount must be equal to the amount authorized');
          payment.status = 'captured';
          return json(res, 200, { entity: 'payment', ...payment });
        }
        if (req.method === 'POST' && (match = url.pathname.match(/^\/v1\/payments\/([\w]+)\/refund$/))) {
          const payment = payments.get(match[1]!);
          if (!payment) return error(res, 400, 'The id provided does not exist');
          const amount = body.amount ?? payment.amount - payment.amount_refunded;
          // As Razorpay: a receipt is a note on the refund, not a key; the same one twice makes two refunds.
          const receipt = typeof body.receipt === 'string' ? body.receipt : null;
          if (
            typeof amount !== 'number' ||
            !Number.isInteger(amount) ||
            amount <= 0 ||
            amount > payment.amount - payment.amount_refunded
          )
            return error(res, 400, 'The refund amount provided is greater than amount captured');
          const made = refund(payment, amount, receipt);
          if (gateway.faults.refundAnswerLost) return error(res, 503, 'Service unavailable');
          return json(res, 200, { entity: 'refund', ...made });
        }
        if (req.method === 'GET' && (match = url.pathname.match(/^\/v1\/payments\/([\w]+)\/refunds$/))) {
          const items = [...refunds.values()].filter((r) => r.payment_id === match![1]);
          return json(res, 200, {
            entity: 'collection',
            count: items.length,
            items: items.map((r) => ({ entity: 'refund', ...r })),
          });
        }
        if (req.method === 'GET' && (match = url.pathname.match(/^\/v1\/refunds\/([\w]+)$/))) {
          const made = refunds.get(match[1]!);
          return made
            ? json(res, 200, { entity: 'refund', ...made })
            : error(res, 400, 'The id provided does not exist');
        }
        return error(res, 404, 'The requested URL was not found on the server.');
      })().catch((failure: unknown) => {
        if (!res.headersSent) error(res, 500, String(failure));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return Object.assign(gateway, {
    url: base,
    paymentsUrl: `razorpay://${keyId}:${keySecret}@127.0.0.1:${port}?webhookSecret=${webhookSecret}`,
    keyId,
    keySecret,
    webhookSecret,
    orders,
    payments,
    refunds,
    webhooks,
    pay,
    settled: async () => {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    close: async () => {
      closed = true;
      await Promise.all([...inFlight]);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
