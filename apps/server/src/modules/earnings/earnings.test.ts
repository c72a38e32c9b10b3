/**
 * Executives' earnings (B18, ADR 0073) over the API: each order's fee is fixed when it is placed; the
 * delivery app lists an executive's deliveries with fees, tips, cash in hand and what is owed; cash tips
 * are recorded once, online tips paid once through the (stand-in) gateway; a payout pays the period's
 * unpaid fees and online tips less the cash held, which it settles, once however many press it at once.
 */
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DeliveryEarning,
  DeliveryEarnings,
  PayoutList,
  PayoutRow,
} from '@storedesk/shared/delivery/earnings';
import { earningsMessages } from '@storedesk/shared/delivery/earnings-rules';
import type { CashRow } from '@storedesk/shared/delivery/schemas';
import { businessDay } from '@storedesk/shared/dates';
import { amountMessages } from '@storedesk/shared/money';
import { OrderStatus } from '@storedesk/shared/orders';
import { onlinePaymentMessages, type Checkout } from '@storedesk/shared/payments/online';
import type { OrderDetail } from '@storedesk/shared/orders/schemas';
import type { PaymentsReport } from '@storedesk/shared/reports/payments';
import type { CustomerOrder } from '@storedesk/shared/storefront/schemas';
import {
  caller,
  createExecutive,
  createStaffWorld,
  createStoreWithItem,
  enableCashOnDelivery,
  errorOf,
  orderVersion,
  refusalOf,
  signInCustomerWithAddress,
  type Call,
  type Session,
  type StaffWorld,
} from '#test/harness.ts';
import { startPaymentsGateway, type PaymentsGateway } from '#test/payments-gateway.ts';

let gateway: PaymentsGateway;
let world: StaffWorld;
let call: Call;
let store: { storeId: string; itemId: string };
let asha: Awaited<ReturnType<typeof signInCustomerWithAddress>>;
let ravi: Awaited<ReturnType<typeof signInCustomerWithAddress>>;
let today: string;

type Rider = { id: string; name: string; session: Session };
const addRider = (name: string, zoneId = world.biz.zones[0]): Promise<Rider> =>
  createExecutive(world.ctx, { businessId: world.biz.id, zoneId, name });

/** 0.02° of latitude north of the test store: 2.2239 km as the crow flies. */
const twoKmAway = { label: 'Home', text: '5 Hill Road', lat: 12.99, lng: 77.59 };

beforeAll(async () => {
  gateway = await startPaymentsGateway();
  world = await createStaffWorld({ PAYMENTS_URL: gateway.paymentsUrl });
  call = caller(world.ctx.app);
  await world.ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = world.ctx.app.server.address() as AddressInfo;
  gateway.webhookUrl = `http://127.0.0.1:${port}/api/payments/razorpay/webhook`;
  store = await createStoreWithItem(world.ctx.db, world.biz, { name: 'Atta', pricePaise: 20_000 });
  await enableCashOnDelivery(world.ctx.db, world.biz);
  asha = await signInCustomerWithAddress(world.ctx, world.biz.storefrontKey, '9876500021', 'Asha', twoKmAway);
  ravi = await signInCustomerWithAddress(world.ctx, world.biz.storefrontKey, '9876500022', 'Ravi');
  // ₹25 a delivery and ₹5 a km.
  const saved = await call(world.owner, 'PUT', '/api/settings/order', {
    deliveryChargesEnabled: false,
    standardDeliveryChargesPaise: 0,
    minimumOrderPaise: 0,
    executiveFeePaise: 2_500,
    executiveFeePerKmPaise: 500,
    version: 0,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  today = businessDay(new Date(), 'Asia/Kolkata');
});

afterAll(async () => {
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

/** The customer's cash-on-delivery order of one atta (₹200). */
async function place(customer = asha): Promise<string> {
  const res = await asCustomer(customer, 'POST', '/api/storefront/orders', {
    storeId: store.storeId,
    addressId: customer.addressId,
    paymentMode: 'COD',
    items: [{ itemId: store.itemId, quantity: 1 }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

const feeOf = async (orderId: string) =>
  (
    await world.ctx.db.execute<{ fee: string | null }>(
      sql`SELECT executive_fee_paise AS fee FROM orders WHERE id = ${orderId}`,
    )
  ).rows[0]!.fee;

/** The order given to the rider, picked up and delivered by them with its code, its cash collected. */
async function deliver(rider: Rider, orderId: string) {
  const given = await call(world.owner, 'POST', `/api/orders/${orderId}/status`, {
    status: OrderStatus.Confirmed,
    dexId: rider.id,
    version: await orderVersion(world.ctx.db, orderId),
  });
  expect(given.statusCode, given.body).toBe(200);
  const { rows } = await world.ctx.db.execute<{ code: string }>(
    sql`SELECT delivery_code AS code FROM orders WHERE id = ${orderId}`,
  );
  for (const body of [
    { status: OrderStatus.PickedUp },
    { status: OrderStatus.Delivered, code: rows[0]!.code, cashCollected: true },
  ]) {
    const res = await call(rider.session, 'POST', `/api/delivery/orders/${orderId}/status`, {
      ...body,
      version: await orderVersion(world.ctx.db, orderId),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}

const earnings = async (rider: Rider, period = 'today') => {
  const res = await call(rider.session, 'GET', `/api/delivery/earnings?period=${period}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DeliveryEarnings>();
};

const payoutRow = async (session: Session, riderId: string) => {
  const res = await call(session, 'GET', `/api/payouts?from=${today}&to=${today}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PayoutList>().items.find((row) => row.executiveId === riderId);
};

describe('the fee per delivery', () => {
  it('is fixed when the order is placed: per delivery plus per km of its distance, kept when the settings change', async () => {
    const far = await place(asha); // 2.2239 km: ₹25 + ₹11.12
    const near = await place(ravi); // 0.0776 km: ₹25 + ₹0.39
    expect(Number(await feeOf(far))).toBe(3_612);
    expect(Number(await feeOf(near))).toBe(2_539);

    const settings = await call(world.owner, 'GET', '/api/settings/order');
    expect(settings.json()).toMatchObject({ executiveFeePaise: 2_500, executiveFeePerKmPaise: 500 });
    const changed = await call(world.owner, 'PUT', '/api/settings/order', {
      deliveryChargesEnabled: false,
      standardDeliveryChargesPaise: 0,
      minimumOrderPaise: 0,
      executiveFeePaise: 4_000,
      version: settings.json<{ version: number }>().version,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // Left out, the fee per km is kept.
    expect(changed.json()).toMatchObject({ executiveFeePaise: 4_000, executiveFeePerKmPaise: 500 });
    expect(Number(await feeOf(far))).toBe(3_612);
    expect(Number(await feeOf(await place(ravi)))).toBe(4_039);
  });

  it('refuses fees that are not amounts, changing nothing', async () => {
    const before = (await call(world.owner, 'GET', '/api/settings/order')).json<{ version: number }>();
    for (const [field, value, message] of [
      ['executiveFeePaise', -1, amountMessages.negative],
      ['executiveFeePaise', 12.5, amountMessages.wholePaise],
      ['executiveFeePerKmPaise', '500', amountMessages.notANumber],
      ['executiveFeePerKmPaise', 1e12, amountMessages.tooLarge],
    ] as const) {
      const res = await call(world.owner, 'PUT', '/api/settings/order', {
        deliveryChargesEnabled: false,
        standardDeliveryChargesPaise: 0,
        minimumOrderPaise: 0,
        [field]: value,
        version: before.version,
      });
      expect(res.statusCode, `${field}=${value}`).toBe(400);
      expect(errorOf(res).fields, `${field}=${value}`).toEqual({ [field]: message });
    }
    const after = (await call(world.owner, 'GET', '/api/settings/order')).json<{ version: number }>();
    expect(after.version).toBe(before.version);
  });
});

describe('the delivery app’s earnings', () => {
  it('lists today’s deliveries with fees and cash, the cash in hand and what is owed; nobody else’s', async () => {
    const rider = await addRider('Earning Rider');
    const other = await addRider('Other Rider');
    const first = await place(asha);
    const second = await place(ravi);
    await deliver(rider, first);
    await deliver(rider, second);
    const fees = [Number(await feeOf(first)), Number(await feeOf(second))];

    const mine = await earnings(rider);
    expect(mine.period).toBe('today');
    expect([mine.from, mine.to]).toEqual([today, today]);
    expect(
      mine.items.map((item) => [item.orderId, item.feePaise, item.cashCollectedPaise, item.tip]),
    ).toEqual([
      [second, fees[1], 20_000, null],
      [first, fees[0], 20_000, null],
    ]);
    expect(mine.totals).toEqual({
      deliveries: 2,
      feesPaise: fees[0]! + fees[1]!,
      tipsOnlinePaise: 0,
      tipsCashPaise: 0,
      earningsPaise: fees[0]! + fees[1]!,
      cashCollectedPaise: 40_000,
    });
    expect(mine.cashInHandPaise).toBe(40_000);
    expect(mine.toBePaidPaise).toBe(fees[0]! + fees[1]!);

    const week = await earnings(rider, 'week');
    expect(week.from <= today && today <= week.to).toBe(true);
    expect(new Date(`${week.from}T00:00:00Z`).getUTCDay()).toBe(1); // a Monday
    expect(week.items.map((item) => item.orderId)).toEqual([second, first]);

    const theirs = await earnings(other);
    expect(theirs.items).toEqual([]);
    expect(theirs.cashInHandPaise).toBe(0);

    // Staff's and customers' credentials are not an executive's.
    expect((await call(world.owner, 'GET', '/api/delivery/earnings')).statusCode).toBe(401);
    expect((await asCustomer(asha, 'GET', '/api/delivery/earnings')).statusCode).toBe(401);
    expect((await call(rider.session, 'GET', '/api/delivery/earnings?period=month')).statusCode).toBe(400);
  });

  it('records a cash tip once, for the executive’s own recent delivery only, refusing garbage', async () => {
    const rider = await addRider('Tipped Rider');
    const other = await addRider('Envious Rider');
    const orderId = await place(ravi);
    await deliver(rider, orderId);
    const tip = (session: Session, body: object, id = orderId) =>
      call(session, 'POST', `/api/delivery/orders/${id}/tip`, body);

    for (const body of [
      {},
      { amountPaise: '2000' },
      { amountPaise: 99 },
      { amountPaise: 100_001 },
      { amountPaise: 20.5 },
      { amountPaise: null },
    ]) {
      const res = await tip(rider.session, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(errorOf(res).fields ?? {})).toEqual(['amountPaise']);
    }
    expect(refusalOf(await tip(rider.session, { amountPaise: 99 }))).toMatchObject({
      fields: { amountPaise: earningsMessages.tipTooSmall },
    });
    expect((await tip(other.session, { amountPaise: 2_000 })).statusCode).toBe(404);
    expect(
      (await tip(rider.session, { amountPaise: 2_000 }, '00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);

    const recorded = await tip(rider.session, { amountPaise: 2_000 });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json<DeliveryEarning>().tip).toMatchObject({ amountPaise: 2_000, method: 'CASH' });
    expect(refusalOf(await tip(rider.session, { amountPaise: 3_000 }))).toMatchObject({
      status: 409,
      message: earningsMessages.tippedAlready,
    });
    const mine = await earnings(rider);
    expect(mine.totals.tipsCashPaise).toBe(2_000);
    expect(mine.totals.earningsPaise).toBe(mine.totals.feesPaise + 2_000);
    // A cash tip is the executive's already: nothing more is owed for it.
    expect(mine.toBePaidPaise).toBe(mine.totals.feesPaise);

    // Delivered more than 48 hours ago: too late.
    const old = await place(ravi);
    await deliver(rider, old);
    await world.ctx.db.execute(
      sql`UPDATE orders SET delivered_at = now() - interval '49 hours' WHERE id = ${old}`,
    );
    expect(refusalOf(await tip(rider.session, { amountPaise: 2_000 }, old))).toMatchObject({
      status: 409,
      message: earningsMessages.tipTooLate,
    });
    const { rows } = await world.ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM tips WHERE order_id = ${old}`,
    );
    expect(rows[0]!.n).toBe(0);
  });
});

describe('online tips', () => {
  it('are offered once delivered, paid once through the gateway, and reach the executive’s earnings', async () => {
    const rider = await addRider('Online Tip Rider');
    const orderId = await place(asha);
    const tip = (customer: typeof asha, body: unknown) =>
      asCustomer(customer, 'POST', `/api/storefront/orders/${orderId}/tip`, body);

    // Not delivered yet: no tip.
    expect(
      (await asCustomer(asha, 'GET', `/api/storefront/orders/${orderId}`)).json<CustomerOrder>().tipUntil,
    ).toBe(null);
    expect(refusalOf(await tip(asha, { amountPaise: 2_000 }))).toMatchObject({
      status: 409,
      message: earningsMessages.notDelivered,
    });
    await deliver(rider, orderId);
    const delivered = (
      await asCustomer(asha, 'GET', `/api/storefront/orders/${orderId}`)
    ).json<CustomerOrder>();
    expect(delivered.tip).toBe(null);
    expect(Date.parse(delivered.tipUntil!) - Date.now()).toBeGreaterThan(47 * 3_600_000);

    // Another customer's order is not theirs; garbage is refused.
    expect((await tip(ravi, { amountPaise: 2_000 })).statusCode).toBe(404);
    for (const body of [{}, { amountPaise: 0 }, { amountPaise: 100_001 }, { amountPaise: 'x' }]) {
      expect((await tip(asha, body)).statusCode, JSON.stringify(body)).toBe(400);
    }

    // The customer changes their mind on the amount: the checkout follows.
    const first = await tip(asha, { amountPaise: 2_000 });
    expect(first.statusCode, first.body).toBe(200);
    const second = await tip(asha, { amountPaise: 3_000 });
    const checkout = second.json<Checkout>();
    expect(checkout.amountPaise).toBe(3_000);
    expect(checkout.gatewayOrderId).not.toBe(first.json<Checkout>().gatewayOrderId);

    const answer = await gateway.pay(checkout.gatewayOrderId);
    const verify = {
      paymentId: answer.razorpay_payment_id,
      gatewayOrderId: answer.razorpay_order_id,
      signature: answer.razorpay_signature,
    };
    // A forged signature is refused.
    const forged = await asCustomer(asha, 'POST', `/api/storefront/orders/${orderId}/tip/verify`, {
      ...verify,
      signature: '0'.repeat(64),
    });
    expect(forged.statusCode).toBe(400);
    // The checkout's answer and the webhook, each twice: one tip.
    const verified = await Promise.all([
      asCustomer(asha, 'POST', `/api/storefront/orders/${orderId}/tip/verify`, verify),
      asCustomer(asha, 'POST', `/api/storefront/orders/${orderId}/tip/verify`, verify),
    ]);
    for (const res of verified) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ amountPaise: 3_000, method: 'ONLINE' });
    }
    await gateway.settled();
    const { rows } = await world.ctx.db.execute<{ n: number; state: string; amount: number }>(
      sql`SELECT count(*)::int AS n, min(state) AS state, min(amount_paise) AS amount FROM tips WHERE order_id = ${orderId}`,
    );
    expect(rows[0]).toEqual({ n: 1, state: 'PAID', amount: 3_000 });

    const after = (await asCustomer(asha, 'GET', `/api/storefront/orders/${orderId}`)).json<CustomerOrder>();
    expect(after.tip).toMatchObject({ amountPaise: 3_000, method: 'ONLINE' });
    expect(after.tipUntil).toBe(null);
    expect(refusalOf(await tip(asha, { amountPaise: 1_000 }))).toMatchObject({
      status: 409,
      message: earningsMessages.tippedAlready,
    });
    // The executive cannot record a cash tip over it.
    expect(
      refusalOf(
        await call(rider.session, 'POST', `/api/delivery/orders/${orderId}/tip`, { amountPaise: 500 }),
      ),
    ).toMatchObject({ status: 409, message: earningsMessages.tippedAlready });

    // The gateway took it: Reports › Online payments has it, so its net is still the gateway's.
    const report = await call(world.owner, 'GET', `/api/reports/payments?from=${today}&to=${today}`);
    expect(report.statusCode, report.body).toBe(200);
    const entries = report
      .json<PaymentsReport>()
      .entries.filter((entry) => entry.orderId === orderId)
      .map((entry) => [entry.kind, entry.state, entry.amountPaise, entry.reference]);
    expect(entries).toEqual([['PAYMENT', 'TIP', 3_000, verify.paymentId]]);

    const mine = await earnings(rider);
    expect(mine.totals.tipsOnlinePaise).toBe(3_000);
    expect(mine.toBePaidPaise).toBe(mine.totals.feesPaise + 3_000);
  });
});

describe('online tips, as the gateway misbehaves', () => {
  const tipRow = async (orderId: string) =>
    (
      await world.ctx.db.execute<{ method: string; state: string; amount: number; paid_out: boolean }>(
        sql`SELECT method, state, amount_paise::int AS amount, payout_id IS NOT NULL AS paid_out FROM tips WHERE order_id = ${orderId}`,
      )
    ).rows;

  it('are taken by a webhook that comes before the tip has its gateway id, once', async () => {
    const rider = await addRider('Early Tip Rider');
    const orderId = await place(asha);
    await deliver(rider, orderId);
    gateway.faults = { webhookBeforeOrderKnown: true };
    try {
      const res = await asCustomer(asha, 'POST', `/api/storefront/orders/${orderId}/tip`, {
        amountPaise: 2_000,
      });
      expect(res.statusCode, res.body).toBe(200);
      await gateway.settled();
    } finally {
      gateway.faults = {};
    }
    expect(await tipRow(orderId)).toEqual([
      { method: 'ONLINE', state: 'PAID', amount: 2_000, paid_out: false },
    ]);
    const captured = gateway.webhooks.filter((hook) => hook.event === 'payment.captured').slice(-1);
    expect(captured.map((hook) => hook.status)).toEqual([204]);
    expect((await earnings(rider)).totals.tipsOnlinePaise).toBe(2_000);
  });

  it('refunds in full a tip paid online after the executive recorded one in cash', async () => {
    const rider = await addRider('Cash First Rider');
    const orderId = await place(ravi);
    await deliver(rider, orderId);
    const checkout = (
      await asCustomer(ravi, 'POST', `/api/storefront/orders/${orderId}/tip`, { amountPaise: 3_000 })
    ).json<Checkout>();
    const cash = await call(rider.session, 'POST', `/api/delivery/orders/${orderId}/tip`, {
      amountPaise: 5_000,
    });
    expect(cash.statusCode, cash.body).toBe(200);
    // The customer pays the checkout they opened before.
    const answer = await gateway.pay(checkout.gatewayOrderId);
    await gateway.settled();
    expect(
      [...gateway.refunds.values()]
        .filter((refund) => refund.payment_id === answer.razorpay_payment_id)
        .map((refund) => refund.amount),
    ).toEqual([3_000]);
    expect(await tipRow(orderId)).toEqual([
      { method: 'CASH', state: 'PAID', amount: 5_000, paid_out: false },
    ]);
    // A refund row, which the sweep sends again until the gateway takes it; it gives back no payment
    // of the order's own, and Reports › Online payments has both sides.
    const { rows: refunds } = await world.ctx.db.execute<{ state: string; amount: number; note: string }>(
      sql`SELECT state, amount_paise::int AS amount, note FROM refunds WHERE order_id = ${orderId}`,
    );
    expect(refunds).toEqual([{ state: 'PROCESSED', amount: 3_000, note: onlinePaymentMessages.tipRefunded }]);
    const order = (await call(world.owner, 'GET', `/api/orders/${orderId}`)).json<OrderDetail>();
    expect(order.refundedPaise).toBe(0);
    const report = await call(world.owner, 'GET', `/api/reports/payments?from=${today}&to=${today}`);
    const entries = report
      .json<PaymentsReport>()
      .entries.filter((entry) => entry.orderId === orderId)
      .map((entry) => [entry.kind, entry.state, entry.amountPaise]);
    expect(entries).toEqual([
      ['PAYMENT', 'REFUNDED', 3_000],
      ['REFUND', 'PROCESSED', 3_000],
    ]);
    const mine = await earnings(rider);
    expect([mine.totals.tipsOnlinePaise, mine.totals.tipsCashPaise]).toEqual([0, 5_000]);
  });

  it('pays out a tip paid online with the fees, and never twice', async () => {
    const rider = await addRider('Tipped Payout Rider');
    const orderId = await place(asha);
    await deliver(rider, orderId);
    const checkout = (
      await asCustomer(asha, 'POST', `/api/storefront/orders/${orderId}/tip`, { amountPaise: 4_000 })
    ).json<Checkout>();
    await gateway.pay(checkout.gatewayOrderId);
    await gateway.settled();
    const fee = Number(await feeOf(orderId));
    const row = await payoutRow(world.owner, rider.id);
    expect(row).toMatchObject({ feesPaise: fee, tipsOnlinePaise: 4_000, unpaidPaise: fee + 4_000 });
    const pay = await call(world.owner, 'POST', '/api/payouts', {
      executiveId: rider.id,
      from: today,
      to: today,
      netPaise: row!.netPaise,
    });
    expect(pay.statusCode, pay.body).toBe(200);
    expect(pay.json<PayoutRow>().payouts[0]).toMatchObject({ earningsPaise: fee + 4_000 });
    expect(await tipRow(orderId)).toEqual([
      { method: 'ONLINE', state: 'PAID', amount: 4_000, paid_out: true },
    ]);
    expect(await payoutRow(world.owner, rider.id)).toMatchObject({ unpaidPaise: 0, netPaise: 0 });
    expect((await earnings(rider)).toBePaidPaise).toBe(0);
    const again = await call(world.owner, 'POST', '/api/payouts', {
      executiveId: rider.id,
      from: today,
      to: today,
      netPaise: 0,
    });
    expect(refusalOf(again)).toMatchObject({
      status: 400,
      fields: { executiveId: earningsMessages.nothingToPay },
    });
  });
});

describe('payouts', () => {
  it('pay the period’s unpaid fees and online tips less the cash held, settle that cash, once', async () => {
    const rider = await addRider('Payout Rider');
    const a = await place(asha);
    const b = await place(ravi);
    await deliver(rider, a);
    await deliver(rider, b);
    const fees = Number(await feeOf(a)) + Number(await feeOf(b));
    // Half of the cash is handed over by hand first.
    await call(world.admin, 'POST', '/api/dispatch/cash/settlements', {
      executiveId: rider.id,
      day: today,
      collectedPaise: 40_000,
    });
    const c = await place(ravi);
    await deliver(rider, c);
    const allFees = fees + Number(await feeOf(c));

    const row = await payoutRow(world.admin, rider.id);
    expect(row).toEqual({
      executiveId: rider.id,
      executiveName: 'Payout Rider',
      deliveries: 3,
      feesPaise: allFees,
      tipsOnlinePaise: 0,
      tipsCashPaise: 0,
      unpaidPaise: allFees,
      cashToSettlePaise: 20_000,
      netPaise: allFees - 20_000,
      payouts: [],
    } satisfies PayoutRow);

    const pay = (session: Session, netPaise: number) =>
      call(session, 'POST', '/api/payouts', { executiveId: rider.id, from: today, to: today, netPaise });
    // What the screen showed is no longer so: 409 with the row as it is.
    const stale = await pay(world.admin, fees);
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).message).toBe(earningsMessages.payoutChanged('Payout Rider', allFees - 20_000));
    expect(errorOf(stale).current).toMatchObject({ netPaise: allFees - 20_000 });

    // Pressed twice at once: one pays.
    const both = await Promise.all([pay(world.admin, allFees - 20_000), pay(world.owner, allFees - 20_000)]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const paid = both.find((res) => res.statusCode === 200)!.json<PayoutRow>();
    expect(paid).toMatchObject({ unpaidPaise: 0, cashToSettlePaise: 0, netPaise: 0 });
    expect(paid.payouts).toHaveLength(1);
    expect(paid.payouts[0]).toMatchObject({
      from: today,
      to: today,
      amountPaise: allFees - 20_000,
      earningsPaise: allFees,
      cashNettedPaise: 20_000,
    });
    expect(refusalOf(await pay(world.admin, 0))).toMatchObject({
      status: 400,
      fields: { executiveId: earningsMessages.nothingToPay },
    });

    // The cash list shows the day settled in full; the executive has nothing in hand or owed.
    const cash = (await call(world.owner, 'GET', `/api/dispatch/cash?from=${today}&to=${today}`))
      .json<{ items: CashRow[] }>()
      .items.find((r) => r.executiveId === rider.id);
    expect(cash).toMatchObject({ collectedPaise: 60_000, settledPaise: 60_000 });
    const mine = await earnings(rider);
    expect([mine.cashInHandPaise, mine.toBePaidPaise]).toEqual([0, 0]);
    expect(mine.items.every((item) => item.paidOut)).toBe(true);

    // Recorded in the audit log, by whom.
    const audit = await call(world.owner, 'GET', '/api/audit-log?kind=payout');
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.json<{ items: Array<{ recordId: string; action: string }> }>().items[0]).toMatchObject({
      recordId: rider.id,
      action: 'create',
    });

    const csv = await call(world.owner, 'GET', `/api/payouts.csv?from=${today}&to=${today}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe(
      'Delivery executive,Deliveries,Fees,Tips online,Tips in cash,Unpaid,Cash to settle,Net to pay,Paid out',
    );
    expect(lines.find((line) => line.startsWith('Payout Rider,'))).toMatch(
      new RegExp(`^Payout Rider,3,${(allFees / 100).toFixed(2)},0\\.00,0\\.00,0\\.00,0\\.00,0\\.00,`),
    );
  });

  it('are another zone’s or business’s to see or pay only when theirs, and refuse garbage, writing nothing', async () => {
    const rider = await addRider('Guarded Rider');
    const orderId = await place(ravi);
    await deliver(rider, orderId);
    const net = (await payoutRow(world.owner, rider.id))!.netPaise;
    for (const session of [world.southAdmin, world.rivalOwner]) {
      expect(await payoutRow(session, rider.id)).toBe(undefined);
      const res = await call(session, 'POST', '/api/payouts', {
        executiveId: rider.id,
        from: today,
        to: today,
        netPaise: net,
      });
      expect(res.statusCode).toBe(404);
    }
    expect(
      (
        await call(
          world.southAdmin,
          'GET',
          `/api/payouts?from=${today}&to=${today}&zoneId=${world.biz.zones[0]}`,
        )
      ).statusCode,
    ).toBe(403);
    expect((await call(rider.session, 'GET', `/api/payouts?from=${today}&to=${today}`)).statusCode).toBe(401);

    for (const query of [
      '',
      `?from=${today}`,
      '?from=2026-11-05&to=2026-11-01',
      '?from=2024-01-01&to=2026-01-01',
    ]) {
      expect((await call(world.owner, 'GET', `/api/payouts${query}`)).statusCode, query).toBe(400);
    }
    for (const body of [
      {},
      { executiveId: 'x', from: today, to: today, netPaise: net },
      { executiveId: rider.id, from: 'today', to: today, netPaise: net },
      { executiveId: rider.id, from: today, to: today, netPaise: '1' },
      { executiveId: rider.id, from: today, to: today, netPaise: 1.5 },
      { executiveId: rider.id, from: today, to: '2020-01-01', netPaise: net },
    ]) {
      const res = await call(world.owner, 'POST', '/api/payouts', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const { rows } = await world.ctx.db.execute<{ n: number; paid: number }>(sql`
      SELECT (SELECT count(*)::int FROM payouts WHERE executive_id = ${rider.id}) AS n,
        (SELECT count(*)::int FROM orders WHERE id = ${orderId} AND payout_id IS NOT NULL) AS paid`);
    expect(rows[0]).toEqual({ n: 0, paid: 0 });
  });
});
