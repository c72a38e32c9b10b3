/**
 * Paying online through the gateway (B18, ADR 0072), against the stand-in gateway: an order paid
 * online waits for its payment unseen by staff; the checkout's answer or the signed webhook pays it
 * once, whichever comes first and however often; a wrong signature changes nothing; a payment that
 * cannot pay its order is refunded; unpaid orders lapse; refunds of paid orders go through the
 * gateway; the gateway's faults (an early webhook, a wrong amount, silence, 503) lose nothing.
 */
import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { onlinePaymentMessages, type Checkout } from '@storedesk/shared/payments/online';
import { refundMessages, type Refund } from '@storedesk/shared/payments/refunds';
import { paymentModeMessages } from '@storedesk/shared/settings/payment-modes';
import { storefrontMessages, type CustomerOrder } from '@storedesk/shared/storefront/schemas';
import type { OrderDetail } from '@storedesk/shared/orders/schemas';
import type { PaymentsReport } from '@storedesk/shared/reports/payments';
import { businessDay } from '@storedesk/shared/dates';
import { rupeesDecimal as rupees } from '@storedesk/shared/money';
import { gatewaySettings, type GatewaySettings } from '#server/payments/payments-url.ts';
import { razorpayProvider } from '#server/payments/razorpay.ts';
import { GatewayError } from '#server/payments/provider.ts';
import {
  caller,
  createStaffWorld,
  createStoreWithItem,
  enableCashOnDelivery,
  errorOf,
  insertItems,
  keyedOrderHeaders,
  deliveryAddressNear,
  signInCustomerWithAddress,
  type Call,
  type StaffWorld,
} from '#test/harness.ts';
import { startPaymentsGateway, type GatewayFaults, type PaymentsGateway } from '#test/payments-gateway.ts';
import { closeOpenStreams, openStream } from '#test/sse.ts';

let gateway: PaymentsGateway;
let world: StaffWorld;
let call: Call;
let store: { storeId: string; itemId: string };
let asha: Awaited<ReturnType<typeof signInCustomerWithAddress>>;
let ravi: Awaited<ReturnType<typeof signInCustomerWithAddress>>;

beforeAll(async () => {
  gateway = await startPaymentsGateway();
  world = await createStaffWorld({ PAYMENTS_URL: gateway.paymentsUrl });
  call = caller(world.ctx.app);
  await world.ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = world.ctx.app.server.address() as AddressInfo;
  gateway.webhookUrl = `http://127.0.0.1:${port}/api/payments/razorpay/webhook`;
  store = await createStoreWithItem(world.ctx.db, world.biz, { name: 'Paneer', pricePaise: 10_500 });
  await world.ctx.db.execute(sql`UPDATE item_variants SET stock = 1000 WHERE item_id = ${store.itemId}`);
  const added = await call(world.owner, 'POST', '/api/settings/payment-modes', {
    title: 'Pay online',
    type: 'ONLINE',
  });
  expect(added.statusCode, added.body).toBe(201);
  asha = await signInCustomerWithAddress(world.ctx, world.biz.storefrontKey, '9876500011', 'Asha');
  ravi = await signInCustomerWithAddress(world.ctx, world.biz.storefrontKey, '9876500012', 'Ravi');
});

beforeEach(() => {
  gateway.faults = {};
});

afterAll(async () => {
  closeOpenStreams();
  await gateway?.close();
  await world?.ctx.close();
});

const json = { 'content-type': 'application/json' };
const asCustomer = (customer: typeof asha, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  world.ctx.app.inject({
    method,
    url,
    headers: { ...customer.headers, ...(payload === undefined ? {} : json) },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });

/** Asha (or another) orders `quantity` paneer at ₹105, to be paid online. */
async function placeOnline(customer = asha, quantity = 2): Promise<CustomerOrder> {
  const res = await asCustomer(customer, 'POST', '/api/storefront/orders', {
    storeId: store.storeId,
    addressId: customer.addressId,
    paymentMode: 'ONLINE',
    items: [{ itemId: store.itemId, quantity }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function checkout(orderId: string, customer = asha): Promise<Checkout> {
  const res = await asCustomer(customer, 'POST', `/api/storefront/orders/${orderId}/payment`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const customerOrder = async (orderId: string, customer = asha) =>
  (await asCustomer(customer, 'GET', `/api/storefront/orders/${orderId}`)).json<CustomerOrder>();

/** An order of Asha's paid online at the stand-in's checkout, once the server has it paid (the webhook's). */
async function paidOnline() {
  const order = await placeOnline();
  const { gatewayOrderId } = await checkout(order.id);
  const answer = await gateway.pay(gatewayOrderId);
  await until(
    () => customerOrder(order.id),
    (o) => o.paid,
    'the payment',
  );
  return { order, gatewayOrderId, answer };
}

let chilli: Promise<{ item: string }> | null = null;
/** A green chilli at ₹0.50 in the paneer's store, made once. */
function cheapItem(): Promise<{ item: string }> {
  chilli ??= insertItems(world.ctx.db, [
    { businessId: world.biz.id, storeId: store.storeId, name: 'Green chilli', pricePaise: 50 },
  ]).then(([row]) => ({ item: row!.id }));
  return chilli;
}

/** The dashboard's orders placed today, as the owner sees them. */
async function placedToday(): Promise<number> {
  const { rows } = await world.ctx.db.$client.query<{ total: number }>(
    'SELECT coalesce(sum(total), 0)::int AS total FROM daily_stats WHERE business_id = $1',
    [world.biz.id],
  );
  return rows[0]!.total;
}

const paymentsOf = async (orderId: string) =>
  (
    await world.ctx.db.$client.query<{ state: string; amount_paise: string }>(
      'SELECT state, amount_paise FROM gateway_payments WHERE order_id = $1 ORDER BY created_at',
      [orderId],
    )
  ).rows.map((row) => ({ state: row.state, amountPaise: Number(row.amount_paise) }));

const refundsOf = async (orderId: string) =>
  (
    await world.ctx.db.$client.query<{
      state: string;
      amount_paise: string;
      method: string;
      gateway_refund_id: string | null;
    }>(
      'SELECT state, amount_paise, method, gateway_refund_id FROM refunds WHERE order_id = $1 ORDER BY created_at',
      [orderId],
    )
  ).rows.map((row) => ({
    state: row.state,
    amountPaise: Number(row.amount_paise),
    method: row.method,
    sent: row.gateway_refund_id !== null,
  }));

/** Waits (at most 5 s) until `check` holds, as the webhooks come. */
async function until<T>(check: () => Promise<T>, holds: (value: T) => boolean, what: string): Promise<T> {
  for (let waited = 0; ; waited += 25) {
    const value = await check();
    if (holds(value)) return value;
    if (waited > 5000) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A webhook as the gateway would send it, signed with `secret`. */
function webhook(
  body: object,
  secret = gateway.webhookSecret,
  eventId = `evt_${Math.random().toString(36).slice(2)}`,
) {
  const text = JSON.stringify(body);
  return world.ctx.app.inject({
    method: 'POST',
    url: '/api/payments/razorpay/webhook',
    headers: {
      ...json,
      'x-razorpay-signature': createHmac('sha256', secret).update(text).digest('hex'),
      'x-razorpay-event-id': eventId,
    },
    payload: text,
  });
}

describe('an order paid online', () => {
  it('waits for its payment unseen by staff and uncounted, and is offered the gateway’s checkout', async () => {
    const before = await placedToday();
    const order = await placeOnline();
    expect(order).toMatchObject({
      state: 2,
      status: 0,
      paymentMode: 'ONLINE',
      paid: false,
      billAmountPaise: 21_000,
    });
    expect((await call(world.owner, 'GET', `/api/orders/${order.id}`)).statusCode).toBe(404);
    const listed = (await call(world.owner, 'GET', '/api/orders?view=active')).json<{
      items: { id: string }[];
    }>();
    expect(listed.items.map((item) => item.id)).not.toContain(order.id);
    expect(await placedToday()).toBe(before);

    const first = await checkout(order.id);
    expect(first).toEqual({
      provider: 'razorpay',
      keyId: gateway.keyId,
      scriptUrl: `${gateway.url}/v1/checkout.js`,
      gatewayOrderId: expect.stringMatching(/^order_/),
      amountPaise: 21_000,
      currency: 'INR',
      payBy: expect.any(String),
      name: expect.any(String),
    });
    // Fifteen minutes by default.
    expect(Date.parse(first.payBy!) - Date.parse(order.placedAt)).toBe(15 * 60_000);
    expect(gateway.orders.get(first.gatewayOrderId)).toMatchObject({
      amount: 21_000,
      receipt: `order-${order.number}`,
    });
    // Asked again, the same gateway order.
    expect((await checkout(order.id)).gatewayOrderId).toBe(first.gatewayOrderId);
  });

  it('is paid by the gateway’s webhook once, and then reaches the store, counted and announced', async () => {
    const before = await placedToday();
    const order = await placeOnline();
    const { gatewayOrderId } = await checkout(order.id);
    const answer = await gateway.pay(gatewayOrderId);
    await until(
      () => customerOrder(order.id),
      (o) => o.paid,
      'the payment',
    );
    await gateway.settled();
    const seen = await call(world.owner, 'GET', `/api/orders/${order.id}`);
    expect(seen.statusCode).toBe(200);
    const detail = seen.json<OrderDetail>();
    expect(detail).toMatchObject({ state: 1, status: 0, paidByName: 'Online payment', paidPaise: 21_000 });
    expect(detail.timeline.at(-1)).toMatchObject({
      note: onlinePaymentMessages.paidOnline(answer.razorpay_payment_id),
    });
    expect(await placedToday()).toBe(before + 1);
    // The checkout's answer, after: the same payment, applied already.
    const verified = await asCustomer(asha, 'POST', `/api/storefront/orders/${order.id}/payment/verify`, {
      paymentId: answer.razorpay_payment_id,
      gatewayOrderId,
      signature: answer.razorpay_signature,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ state: 1, paid: true });
    expect(await paymentsOf(order.id)).toEqual([{ state: 'APPLIED', amountPaise: 21_000 }]);
    expect(await placedToday()).toBe(before + 1);
    // No longer awaiting: no checkout.
    const again = await asCustomer(asha, 'POST', `/api/storefront/orders/${order.id}/payment`);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(onlinePaymentMessages.nothingDue);
  });

  it('is announced live to its customer while it waits, and to staff only once paid, as a new order', async () => {
    const staff = await openStream(world.ctx.app, world.owner.headers);
    const customer = await openStream(world.ctx.app, asha.headers, undefined, '/api/storefront/events');
    expect([staff.status, customer.status]).toEqual([200, 200]);
    const order = await placeOnline();
    await customer.waitForRecord(order.id);
    const { gatewayOrderId } = await checkout(order.id);
    await gateway.pay(gatewayOrderId);
    await staff.waitForRecord(order.id);
    await until(
      async () => customer.messages.filter((m) => m.data.recordId === order.id).length,
      (n) => n === 2,
      'the customer’s second event',
    );
    // The customer heard of it twice (placed, then paid); staff once, when it reached the store: the
    // placing's event, which came first, never reached them.
    expect(staff.messages.filter((m) => m.data.recordId === order.id).map((m) => m.data.action)).toEqual([
      'created',
    ]);
    staff.close();
    customer.close();
  });

  it('applies the webhook twice over and the checkout’s answer, all at once, as one payment', async () => {
    gateway.faults = { duplicateWebhooks: true };
    const before = await placedToday();
    const order = await placeOnline();
    const { gatewayOrderId } = await checkout(order.id);
    const answer = await gateway.pay(gatewayOrderId);
    const verified = await asCustomer(asha, 'POST', `/api/storefront/orders/${order.id}/payment/verify`, {
      paymentId: answer.razorpay_payment_id,
      gatewayOrderId,
      signature: answer.razorpay_signature,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    await gateway.settled();
    expect(await paymentsOf(order.id)).toEqual([{ state: 'APPLIED', amountPaise: 21_000 }]);
    const detail = (await call(world.owner, 'GET', `/api/orders/${order.id}`)).json<OrderDetail>();
    expect(detail.timeline.filter((row) => row.note?.startsWith('Paid online'))).toHaveLength(1);
    expect(await placedToday()).toBe(before + 1);
  });

  it('takes a webhook that comes before the order has its gateway id: the gateway’s order names ours', async () => {
    gateway.faults = { webhookBeforeOrderKnown: true };
    const order = await placeOnline();
    const { gatewayOrderId } = await checkout(order.id);
    await until(
      () => customerOrder(order.id),
      (o) => o.paid,
      'the payment',
    );
    await gateway.settled();
    const hooks = gateway.webhooks.filter((hook) => hook.event === 'payment.captured').slice(-1);
    expect(hooks.map((hook) => hook.status)).toEqual([204]);
    expect(await paymentsOf(order.id)).toEqual([{ state: 'APPLIED', amountPaise: 21_000 }]);
    const { rows } = await world.ctx.db.$client.query('SELECT gateway_order_id FROM orders WHERE id = $1', [
      order.id,
    ]);
    expect(rows).toEqual([{ gateway_order_id: gatewayOrderId }]);
  });

  it('ignores a signed payment of another system’s order on the same gateway account, and asks again when the gateway is down', async () => {
    // Made at the gateway by something else: no notes of ours.
    const stranger = [...gateway.orders.values()][0]!;
    const theirs = { ...stranger, id: 'order_Theirs1', notes: {} };
    gateway.orders.set(theirs.id, theirs);
    const captured = (orderId: string) => ({
      entity: 'event',
      event: 'payment.captured',
      payload: {
        payment: {
          entity: {
            id: 'pay_Theirs1',
            order_id: orderId,
            amount: 5_000,
            currency: 'INR',
            status: 'captured',
          },
        },
      },
    });
    expect((await webhook(captured(theirs.id))).statusCode).toBe(204);
    expect((await webhook(captured('order_Unknown1'))).statusCode).toBe(204);
    gateway.faults = { apiUnavailable: true };
    const later = await webhook(captured('order_Unknown2'));
    expect(later.statusCode).toBe(503);
    expect(later.headers['retry-after']).toBe('1');
  });

  it('refuses a webhook not signed with the webhook secret, and a checkout answer not signed with the key, changing nothing', async () => {
    gateway.faults = { badWebhookSignature: true };
    const order = await placeOnline();
    const { gatewayOrderId } = await checkout(order.id);
    const answer = await gateway.pay(gatewayOrderId);
    await gateway.settled();
    expect(gateway.webhooks.filter((hook) => hook.signature === answer.razorpay_signature)).toEqual([]);
    expect(gateway.webhooks.at(-1)!.status).toBe(400);
    expect(await paymentsOf(order.id)).toEqual([]);
    expect((await customerOrder(order.id)).paid).toBe(false);

    for (const [body, field] of [
      [{ paymentId: answer.razorpay_payment_id, gatewayOrderId, signature: 'a'.repeat(64) }, 'signature'],
      [{ paymentId: 'pay_forged', gatewayOrderId, signature: answer.razorpay_signature }, 'signature'],
      [
        {
          paymentId: answer.razorpay_payment_id,
          gatewayOrderId: 'order_other',
          signature: answer.razorpay_signature,
        },
        'signature',
      ],
    ] as const) {
      const res = await asCustomer(asha, 'POST', `/api/storefront/orders/${order.id}/payment/verify`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).fields).toEqual({ [field]: onlinePaymentMessages.badSignature });
    }
    expect(await paymentsOf(order.id)).toEqual([]);
    // The genuine answer still pays it.
    const verified = await asCustomer(asha, 'POST', `/api/storefront/orders/${order.id}/payment/verify`, {
      paymentId: answer.razorpay_payment_id,
      gatewayOrderId,
      signature: answer.razorpay_signature,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ paid: true, state: 1 });
  });

  it('refunds a payment of the wrong amount in full, and leaves the order waiting for its own', async () => {
    gateway.faults = { shortPaymentPaise: 100 };
    const order = await placeOnline();
    const { gatewayOrderId } = await checkout(order.id);
    const answer = await gateway.pay(gatewayOrderId);
    await until(
      () => refundsOf(order.id),
      (rows) => rows.length === 1 && rows[0]!.sent,
      'the refund',
    );
    expect(await paymentsOf(order.id)).toEqual([{ state: 'REFUNDED', amountPaise: 20_900 }]);
    expect(
      [...gateway.refunds.values()].filter((r) => r.payment_id === answer.razorpay_payment_id),
    ).toMatchObject([{ amount: 20_900 }]);
    const now = await customerOrder(order.id);
    expect(now).toMatchObject({ state: 2, paid: false, refundedPaise: 0 });
  });

  it('answers 503 while the gateway is down, and the customer may ask again', async () => {
    const order = await placeOnline();
    gateway.faults = { apiUnavailable: true };
    const down = await asCustomer(asha, 'POST', `/api/storefront/orders/${order.id}/payment`);
    expect(down.statusCode).toBe(503);
    expect(errorOf(down).message).toBe(onlinePaymentMessages.unavailable);
    gateway.faults = {};
    expect((await checkout(order.id)).amountPaise).toBe(21_000);
  });

  it('lapses when not paid in time: cancelled, its stock back; a payment after that is refunded', async () => {
    const stockOf = async () =>
      (
        await world.ctx.db.$client.query<{ stock: number }>(
          'SELECT stock FROM item_variants WHERE item_id = $1',
          [store.itemId],
        )
      ).rows[0]!.stock;
    const before = await stockOf();
    const order = await placeOnline(asha, 3);
    expect(await stockOf()).toBe(before - 3);
    const { gatewayOrderId } = await checkout(order.id);
    const payments = world.ctx.app.payments!;
    // Not yet: nothing lapses.
    await payments.sweep(new Date(Date.now() + 60_000));
    expect((await customerOrder(order.id)).status).toBe(0);
    // Every order still awaiting its payment lapses, this one among them: their units come back.
    const { rows } = await world.ctx.db.$client.query<{ units: number }>(
      `SELECT coalesce(sum((line->>'itemQuantity')::int), 0)::int AS units
       FROM orders, jsonb_array_elements(items) AS line
       WHERE business_id = $1 AND state = 2 AND status = 0`,
      [world.biz.id],
    );
    expect(rows[0]!.units).toBeGreaterThanOrEqual(3);
    const awaiting = await stockOf();
    await payments.sweep(new Date(Date.now() + 16 * 60_000));
    expect(await customerOrder(order.id)).toMatchObject({
      status: -1,
      state: 2,
      cancelReason: 'PAYMENT_NOT_RECEIVED',
    });
    expect(await stockOf()).toBe(awaiting + rows[0]!.units);
    expect((await call(world.owner, 'GET', `/api/orders/${order.id}`)).statusCode).toBe(404);

    const late = await gateway.pay(gatewayOrderId);
    await until(
      () => refundsOf(order.id),
      (rows) => rows.length === 1 && rows[0]!.sent,
      'the refund',
    );
    expect(await paymentsOf(order.id)).toEqual([{ state: 'REFUNDED', amountPaise: 31_500 }]);
    expect(
      [...gateway.refunds.values()].filter((r) => r.payment_id === late.razorpay_payment_id),
    ).toMatchObject([{ amount: 31_500 }]);
  });

  it('cancelled by its customer once paid, is refunded in full through the gateway', async () => {
    const { order } = await paidOnline();
    const cancelled = await asCustomer(asha, 'POST', `/api/storefront/orders/${order.id}/cancel`, {
      reason: 'ORDERED_BY_MISTAKE',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: -1, refundedPaise: 21_000 });
    await until(
      () => refundsOf(order.id),
      (rows) => rows[0]?.state === 'PROCESSED',
      'the refund processed',
    );
    expect(await refundsOf(order.id)).toEqual([
      { state: 'PROCESSED', amountPaise: 21_000, method: 'GATEWAY', sent: true },
    ]);
  });

  it('is refunded by staff through the gateway, pending until the gateway says, failed back when it fails', async () => {
    const { order } = await paidOnline();
    gateway.faults = { refundsPendingMs: null };
    const version = (await call(world.owner, 'GET', `/api/orders/${order.id}`)).json<OrderDetail>().version;
    const res = await call(world.owner, 'POST', `/api/orders/${order.id}/refunds`, {
      amountPaise: 5_000,
      version,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ refund: Refund }>().refund).toMatchObject({
      method: 'GATEWAY',
      state: 'PENDING',
      amountPaise: 5_000,
    });
    const taken = [...gateway.refunds.values()].find(
      (r) => r.receipt === res.json<{ refund: Refund }>().refund.id,
    )!;
    expect(taken).toMatchObject({ amount: 5_000, status: 'pending' });
    // The gateway says it failed: the order holds the money again.
    const failed = await webhook({
      entity: 'event',
      event: 'refund.failed',
      payload: {
        refund: { entity: { id: taken.id, payment_id: taken.payment_id, amount: 5_000, status: 'failed' } },
      },
    });
    expect(failed.statusCode).toBe(204);
    const after = (await call(world.owner, 'GET', `/api/orders/${order.id}`)).json<OrderDetail>();
    expect(after.refundedPaise).toBe(0);
    expect(
      (await call(world.owner, 'GET', `/api/orders/${order.id}/refunds`)).json<{ items: Refund[] }>().items,
    ).toMatchObject([{ state: 'FAILED', method: 'GATEWAY' }]);
    expect(after.timeline.at(-1)!.note).toBe(`${onlinePaymentMessages.refundFailed}: ₹50.00`);
  });
});

describe('what an item change adds to an order paid online (ADR 0074)', () => {
  const detail = async (orderId: string) =>
    (await call(world.owner, 'GET', `/api/orders/${orderId}`)).json<OrderDetail>();
  /** The owner changes the order to `quantity` paneer, from the version it is at. */
  async function changeTo(orderId: string, quantity: number) {
    const { version } = await detail(orderId);
    const res = await call(world.owner, 'PATCH', `/api/orders/${orderId}/items`, {
      version,
      items: [{ itemId: store.itemId, quantity }],
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<OrderDetail>();
  }
  const appliedOf = async (orderId: string) =>
    (await paymentsOf(orderId)).filter((payment) => payment.state === 'APPLIED');

  it('is due from the customer, paid through a checkout of its own once, and then the order is paid in full', async () => {
    const { order } = await paidOnline();
    const changed = await changeTo(order.id, 3);
    expect(changed).toMatchObject({ billAmountPaise: 31_500, paidPaise: 21_000 });
    expect(changed.timeline.at(-1)!.note).toBe(
      'Items changed: Paneer 2 → 3. Bill ₹210.00 → ₹315.00; ₹105.00 more to pay online',
    );
    expect(await customerOrder(order.id)).toMatchObject({ paid: true, paymentDuePaise: 10_500 });

    const first = await checkout(order.id);
    expect(first).toMatchObject({ amountPaise: 10_500, payBy: null });
    expect(gateway.orders.get(first.gatewayOrderId)).toMatchObject({
      amount: 10_500,
      receipt: `order-${order.number}-more`,
    });
    // Asked again, the same gateway order.
    expect((await checkout(order.id)).gatewayOrderId).toBe(first.gatewayOrderId);

    const answer = await gateway.pay(first.gatewayOrderId);
    // The webhook pays it; the checkout's answer, coming after, is verified by the same gateway order.
    await until(
      () => customerOrder(order.id),
      (o) => o.paymentDuePaise === 0,
      'what was due paid',
    );
    const verified = await asCustomer(asha, 'POST', `/api/storefront/orders/${order.id}/payment/verify`, {
      paymentId: answer.razorpay_payment_id,
      gatewayOrderId: answer.razorpay_order_id,
      signature: answer.razorpay_signature,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ paid: true, paymentDuePaise: 0 });
    // The webhook and the checkout's answer paid it once.
    const paid = await detail(order.id);
    expect(paid.paidPaise).toBe(31_500);
    expect(paid.timeline.at(-1)!.note).toBe(
      onlinePaymentMessages.paidDueOnline('₹105.00', answer.razorpay_payment_id),
    );
    expect(await appliedOf(order.id)).toEqual([
      { state: 'APPLIED', amountPaise: 21_000 },
      { state: 'APPLIED', amountPaise: 10_500 },
    ]);
    // Nothing more to pay.
    const again = await asCustomer(asha, 'POST', `/api/storefront/orders/${order.id}/payment`);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(onlinePaymentMessages.nothingDue);
  });

  it('is asked anew after another change: a payment of what was due before is refunded in full', async () => {
    const { order } = await paidOnline();
    await changeTo(order.id, 3);
    const before = await checkout(order.id);
    await changeTo(order.id, 4);
    expect(await customerOrder(order.id)).toMatchObject({ paymentDuePaise: 21_000 });
    // The customer pays the checkout opened before the change.
    await gateway.pay(before.gatewayOrderId);
    await until(
      () => refundsOf(order.id),
      (rows) => rows[0]?.state === 'PROCESSED',
      'the stale payment refunded',
    );
    expect(await refundsOf(order.id)).toEqual([
      { state: 'PROCESSED', amountPaise: 10_500, method: 'GATEWAY', sent: true },
    ]);
    // It never paid the order: nothing of it counts, and what is due is due still.
    expect(await detail(order.id)).toMatchObject({ paidPaise: 21_000, refundedPaise: 0 });
    expect(await customerOrder(order.id)).toMatchObject({ paymentDuePaise: 21_000 });
    const now = await checkout(order.id);
    expect(now.gatewayOrderId).not.toBe(before.gatewayOrderId);
    expect(now.amountPaise).toBe(21_000);
  });

  it('is refunded from one payment at a time, and a cancel gives back both', async () => {
    const { order } = await paidOnline();
    await changeTo(order.id, 3);
    const due = await checkout(order.id);
    const answer = await gateway.pay(due.gatewayOrderId);
    await until(
      () => customerOrder(order.id),
      (o) => o.paymentDuePaise === 0,
      'what was due paid',
    );
    const { version } = await detail(order.id);
    const whole = await call(world.owner, 'POST', `/api/orders/${order.id}/refunds`, {
      amountPaise: 31_500,
      version,
    });
    expect(whole.statusCode).toBe(400);
    expect(errorOf(whole).fields).toEqual({ amountPaise: refundMessages.onePaymentAtATime(21_000) });
    // What the change added goes back to the payment that paid it.
    const part = await call(world.owner, 'POST', `/api/orders/${order.id}/refunds`, {
      amountPaise: 10_500,
      version,
    });
    expect(part.statusCode, part.body).toBe(201);
    await until(
      () => refundsOf(order.id),
      (rows) => rows[0]?.state === 'PROCESSED',
      'the refund processed',
    );
    expect([...gateway.refunds.values()].filter((r) => r.payment_id === answer.razorpay_payment_id)).toEqual([
      expect.objectContaining({ amount: 10_500 }),
    ]);
    // Its customer cancels it (not confirmed yet): what is left of each payment goes back.
    const cancelled = await asCustomer(asha, 'POST', `/api/storefront/orders/${order.id}/cancel`, {
      reason: 'ORDERED_BY_MISTAKE',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ refundedPaise: 31_500, paymentDuePaise: 0 });
    await until(
      () => refundsOf(order.id),
      (rows) => rows.length === 2 && rows.every((row) => row.state === 'PROCESSED'),
      'both refunds processed',
    );
    expect((await refundsOf(order.id)).map((row) => row.amountPaise)).toEqual([10_500, 21_000]);
  });

  it('is cancelled before it is paid: a payment after that is refunded, and nothing is due', async () => {
    const { order } = await paidOnline();
    await changeTo(order.id, 3);
    const due = await checkout(order.id);
    const cancelled = await asCustomer(asha, 'POST', `/api/storefront/orders/${order.id}/cancel`, {
      reason: 'ORDERED_BY_MISTAKE',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ paymentDuePaise: 0, refundedPaise: 21_000 });
    await gateway.pay(due.gatewayOrderId);
    await until(
      () => paymentsOf(order.id),
      (rows) => rows.length === 2,
      'the late payment recorded',
    );
    expect(await paymentsOf(order.id)).toEqual([
      { state: 'APPLIED', amountPaise: 21_000 },
      { state: 'REFUNDED', amountPaise: 10_500 },
    ]);
    expect(await detail(order.id)).toMatchObject({ paidPaise: 21_000, refundedPaise: 21_000 });
  });

  it('is less than the gateway takes: the checkout says so (409) and asks the gateway nothing', async () => {
    const { item: chilli } = await cheapItem();
    const { order } = await paidOnline();
    const { version } = await detail(order.id);
    const changed = await call(world.owner, 'PATCH', `/api/orders/${order.id}/items`, {
      version,
      items: [
        { itemId: store.itemId, quantity: 2 },
        { itemId: chilli, quantity: 1 },
      ],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await customerOrder(order.id)).toMatchObject({ paid: true, paymentDuePaise: 50 });
    const ordersBefore = gateway.orders.size;
    const res = await asCustomer(asha, 'POST', `/api/storefront/orders/${order.id}/payment`);
    expect(res.statusCode, res.body).toBe(409);
    expect(errorOf(res).message).toBe(onlinePaymentMessages.dueBelowLeast('₹0.50'));
    expect(errorOf(res).message).toBe('₹0.50 is less than can be paid online (₹1 or more)');
    expect(gateway.orders.size).toBe(ordersBefore);
  });

  it('is another customer’s to pay: 404', async () => {
    const { order } = await paidOnline();
    await changeTo(order.id, 3);
    const res = await asCustomer(ravi, 'POST', `/api/storefront/orders/${order.id}/payment`);
    expect(res.statusCode).toBe(404);
  });
});

describe('sending a refund to the gateway', () => {
  /** A paid online order of Asha's, refunded by the owner for `paise` while the gateway has `faults`. */
  async function refunded(paise: number, faults: GatewayFaults) {
    const { order, answer: paid } = await paidOnline();
    const version = (await call(world.owner, 'GET', `/api/orders/${order.id}`)).json<OrderDetail>().version;
    gateway.faults = faults;
    const res = await call(world.owner, 'POST', `/api/orders/${order.id}/refunds`, {
      amountPaise: paise,
      version,
    });
    expect(res.statusCode, res.body).toBe(201);
    const madeFor = () =>
      [...gateway.refunds.values()].filter((r) => r.payment_id === paid.razorpay_payment_id);
    return { order, refundId: res.json<{ refund: Refund }>().refund.id, madeFor };
  }
  /** As if its last send was longer ago than a send holds it. */
  const claimPassed = (refundId: string) =>
    world.ctx.db.$client.query(`UPDATE refunds SET sent_at = now() - interval '3 minutes' WHERE id = $1`, [
      refundId,
    ]);

  it('makes it once when the gateway made it but its answer was lost: the next send finds it', async () => {
    const { order, refundId, madeFor } = await refunded(3_000, { refundAnswerLost: true });
    expect(madeFor()).toHaveLength(1);
    expect(await refundsOf(order.id)).toEqual([
      { state: 'PENDING', amountPaise: 3_000, method: 'GATEWAY', sent: false },
    ]);
    gateway.faults = {};
    // While the first send holds it, the sweep leaves it alone.
    await world.ctx.app.payments!.sweep();
    expect(await refundsOf(order.id)).toMatchObject([{ sent: false }]);
    await claimPassed(refundId);
    await world.ctx.app.payments!.sweep();
    expect(await refundsOf(order.id)).toEqual([
      { state: 'PROCESSED', amountPaise: 3_000, method: 'GATEWAY', sent: true },
    ]);
    expect(madeFor()).toHaveLength(1);
  });

  it('is sent by one sender of two at once', async () => {
    const { order, refundId, madeFor } = await refunded(2_000, { apiUnavailable: true });
    expect(madeFor()).toHaveLength(0);
    gateway.faults = {};
    await claimPassed(refundId);
    const payments = world.ctx.app.payments!;
    await Promise.all([payments.sendRefunds([refundId]), payments.sendRefunds([refundId]), payments.sweep()]);
    expect(madeFor()).toHaveLength(1);
    expect(await refundsOf(order.id)).toMatchObject([{ state: 'PROCESSED', sent: true }]);
  });
});

describe('reconciling', () => {
  it('the payments report has what the gateway took and gave back, per day and in all, and as CSV', async () => {
    const today = businessDay(new Date(), 'Asia/Kolkata');
    const res = await call(world.owner, 'GET', `/api/reports/payments?from=${today}&to=${today}`);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<PaymentsReport>();
    // Every payment the gateway took is there, with its fee.
    const taken = [...gateway.payments.values()];
    expect(report.totals.payments).toBe(taken.length);
    expect(report.totals.receivedPaise).toBe(taken.reduce((sum, p) => sum + p.amount, 0));
    expect(report.totals.feePaise).toBe(taken.reduce((sum, p) => sum + p.fee, 0));
    // Refunds: those the gateway took, but the one it said failed.
    const { rows } = await world.ctx.db.$client.query<{ n: number; paise: number }>(
      `SELECT count(*)::int AS n, coalesce(sum(amount_paise), 0)::int AS paise FROM refunds
       WHERE business_id = $1 AND method = 'GATEWAY' AND state <> 'FAILED'`,
      [world.biz.id],
    );
    expect([report.totals.refunds, report.totals.refundedPaise]).toEqual([rows[0]!.n, rows[0]!.paise]);
    expect(report.totals.refunds).toBeGreaterThanOrEqual(3);
    expect(report.totals.netPaise).toBe(
      report.totals.receivedPaise - report.totals.feePaise - report.totals.refundedPaise,
    );
    expect(report.days).toEqual([{ day: today, ...report.totals }]);
    expect(report.entries).toHaveLength(report.totals.payments + report.totals.refunds);

    const csv = await call(world.owner, 'GET', `/api/reports/payments.csv?from=${today}&to=${today}`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Date,Kind,Order,Gateway reference,Method,State,Amount (₹),Fee (₹)');
    expect(lines.at(-1)).toBe(
      [
        'Total',
        report.totals.payments,
        rupees(report.totals.receivedPaise),
        rupees(report.totals.feePaise),
        report.totals.refunds,
        rupees(report.totals.refundedPaise),
        rupees(report.totals.netPaise),
      ].join(','),
    );
    // Another business has none of it; a period before has nothing.
    const rival = (
      await call(world.rivalOwner, 'GET', `/api/reports/payments?from=${today}&to=${today}`)
    ).json<PaymentsReport>();
    expect(rival.entries).toEqual([]);
    const before = (
      await call(world.owner, 'GET', '/api/reports/payments?from=2025-04-01&to=2025-04-30')
    ).json<PaymentsReport>();
    expect(before.totals.payments).toBe(0);
    const bad = await call(world.owner, 'GET', `/api/reports/payments?from=${today}&to=2020-01-01`);
    expect(bad.statusCode).toBe(400);
  });
});

describe('what is refused', () => {
  it('is another customer’s order: 404 for its checkout and its answer', async () => {
    const order = await placeOnline();
    const { gatewayOrderId } = await checkout(order.id);
    expect((await asCustomer(ravi, 'POST', `/api/storefront/orders/${order.id}/payment`)).statusCode).toBe(
      404,
    );
    const res = await asCustomer(ravi, 'POST', `/api/storefront/orders/${order.id}/payment/verify`, {
      paymentId: 'pay_x',
      gatewayOrderId,
      signature: 'a'.repeat(64),
    });
    expect(res.statusCode).toBe(404);
  });

  it('is an order not paid online: 409', async () => {
    await enableCashOnDelivery(world.ctx.db, world.biz);
    const res = await asCustomer(asha, 'POST', '/api/storefront/orders', {
      storeId: store.storeId,
      addressId: asha.addressId,
      paymentMode: 'COD',
      items: [{ itemId: store.itemId, quantity: 1 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const pay = await asCustomer(
      asha,
      'POST',
      `/api/storefront/orders/${res.json<{ id: string }>().id}/payment`,
    );
    expect(pay.statusCode).toBe(409);
    expect(errorOf(pay).message).toBe(onlinePaymentMessages.notOnline);
  });

  it('is garbage for the checkout’s answer: 400 on each field', async () => {
    const order = await placeOnline();
    for (const [body, fields] of [
      [{}, ['paymentId', 'gatewayOrderId', 'signature']],
      [
        { paymentId: 'pay x', gatewayOrderId: 'order_1', signature: 'z'.repeat(64) },
        ['paymentId', 'signature'],
      ],
      [
        { paymentId: 'p'.repeat(65), gatewayOrderId: 7, signature: 'a'.repeat(63) },
        ['paymentId', 'gatewayOrderId', 'signature'],
      ],
    ] as const) {
      const res = await asCustomer(asha, 'POST', `/api/storefront/orders/${order.id}/payment/verify`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(errorOf(res).fields ?? {}).sort()).toEqual([...fields].sort());
    }
  });

  it('is a webhook without a signature, or with another’s: 400; a signed one we do not read is taken and ignored', async () => {
    const unsigned = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/webhook',
      headers: json,
      payload: '{"event":"payment.captured"}',
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await webhook({ event: 'payment.captured' }, 'not-the-secret')).statusCode).toBe(400);
    expect((await webhook({ event: 'order.paid', payload: {} })).statusCode).toBe(204);
    expect(
      (await webhook({ event: 'payment.captured', payload: { payment: { entity: { id: 7 } } } })).statusCode,
    ).toBe(204);
  });

  it('is a bill below what the gateway takes, placed to be paid online: 400 on the payment mode, nothing written', async () => {
    const { item: chilli } = await cheapItem();
    const ordersOfBusiness = async () =>
      (
        await world.ctx.db.$client.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM orders WHERE business_id = $1',
          [world.biz.id],
        )
      ).rows[0]!.n;
    const placeChillies = (quantity: number) =>
      asCustomer(asha, 'POST', '/api/storefront/orders', {
        storeId: store.storeId,
        addressId: asha.addressId,
        paymentMode: 'ONLINE',
        items: [{ itemId: chilli, quantity }],
      });
    const before = await ordersOfBusiness();
    const gatewayOrdersBefore = gateway.orders.size;
    const res = await placeChillies(1);
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).message).toBe('Online payment takes ₹1 or more: choose another way to pay');
    expect(errorOf(res).fields).toEqual({ paymentMode: onlinePaymentMessages.billBelowLeast });
    expect(await ordersOfBusiness()).toBe(before);
    expect(gateway.orders.size).toBe(gatewayOrdersBefore);
    // Two of them come to ₹1: that is taken online.
    const two = await placeChillies(2);
    expect(two.statusCode, two.body).toBe(201);
    expect(await checkout(two.json<CustomerOrder>().id)).toMatchObject({ amountPaise: 100 });
  });

  it('is paying online from the business’s own system (no customer to pay): 400', async () => {
    const res = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/storefront/orders',
      headers: { ...keyedOrderHeaders(world.biz), ...json },
      payload: JSON.stringify({
        storeId: store.storeId,
        customer: { name: 'Till', phone: '9876500099' },
        deliveryAddress: deliveryAddressNear,
        paymentMode: 'ONLINE',
        items: [{ itemId: store.itemId, quantity: 1 }],
      }),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).fields).toEqual({ paymentMode: storefrontMessages.onlineNeedsCustomer });
  });
});

describe('the gateway’s client', () => {
  const settings = () => gatewaySettings(gateway.paymentsUrl) as GatewaySettings;

  it('gives up on a gateway that does not answer in time', async () => {
    gateway.faults = { apiDelayMs: 1000 };
    const provider = razorpayProvider(settings(), { deadlineMs: 200 });
    await expect(
      provider.createOrder({ amountPaise: 10_000, receipt: 'r', notes: {} }),
    ).rejects.toBeInstanceOf(GatewayError);
  });

  it('says what the gateway answered to a refusal', async () => {
    const provider = razorpayProvider(settings());
    await expect(provider.createOrder({ amountPaise: 50, receipt: 'r', notes: {} })).rejects.toMatchObject({
      status: 400,
      message: 'the gateway answered 400: The amount must be atleast INR 1.00',
    });
  });
});

describe('a server without a gateway', () => {
  let plain: StaffWorld;
  beforeAll(async () => {
    plain = await createStaffWorld();
  });
  afterAll(async () => {
    await plain?.ctx.close();
  });

  it('takes no ONLINE mode, offers none, and has no checkout or webhook', async () => {
    const plainCall = caller(plain.ctx.app);
    const res = await plainCall(plain.owner, 'POST', '/api/settings/payment-modes', {
      title: 'Pay online',
      type: 'ONLINE',
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({ type: paymentModeMessages.onlineNeedsGateway });
    const hook = await plain.ctx.app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/webhook',
      headers: json,
      payload: '{}',
    });
    expect(hook.statusCode).toBe(404);
  });
});
