/**
 * "I have paid" (B18): the customer of an order paid by UPI gives the reference of their payment;
 * staff see it on the order, and it pays nothing until they mark the payment received. Only their
 * own unpaid, open UPI order takes it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@storedesk/shared/messages';
import type { OrderDetail } from '@storedesk/shared/orders/schemas';
import { upiMessages } from '@storedesk/shared/payments/upi';
import { orderPaymentMessages } from '@storedesk/shared/orders/schemas';
import type { CustomerOrder } from '@storedesk/shared/storefront/schemas';
import {
  caller,
  createStaffWorld,
  createStoreWithItem,
  errorOf,
  placeCustomerOrder,
  signInCustomerWithAddress,
  type Call,
  type StaffWorld,
} from '#test/harness.ts';

let world: StaffWorld;
let call: Call;
let store: { storeId: string; itemId: string };
let asha: Awaited<ReturnType<typeof signInCustomerWithAddress>>;
let ravi: Awaited<ReturnType<typeof signInCustomerWithAddress>>;

beforeAll(async () => {
  world = await createStaffWorld();
  call = caller(world.ctx.app);
  await world.ctx.db.execute(sql`
    INSERT INTO payment_modes (business_id, title, type, upi_id, upi_name)
    VALUES (${world.biz.id}, 'Cash', 'COD', NULL, NULL), (${world.biz.id}, 'UPI', 'UPI', 'fresh@okbank', 'Fresh')`);
  store = await createStoreWithItem(world.ctx.db, world.biz);
  asha = await signInCustomerWithAddress(world.ctx, world.biz.storefrontKey, '9876500011', 'Asha');
  ravi = await signInCustomerWithAddress(world.ctx, world.biz.storefrontKey, '9876500012', 'Ravi');
});

afterAll(async () => {
  await world.ctx.close();
});

const place = (paymentMode: 'UPI' | 'COD' = 'UPI', customer = asha) =>
  placeCustomerOrder(world.ctx.app, customer, {
    storeId: store.storeId,
    items: [{ itemId: store.itemId, quantity: 4 }],
    paymentMode,
  });

const paid = (orderId: string, body: unknown, customer = asha) =>
  world.ctx.app.inject({
    method: 'POST',
    url: `/api/storefront/orders/${orderId}/upi-paid`,
    headers: { ...customer.headers, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

async function stored(orderId: string) {
  const { rows } = await world.ctx.db.$client.query(
    `SELECT version, upi_reference, paid_at, (SELECT count(*) FROM order_events WHERE order_id = $1) AS events
     FROM orders WHERE id = $1`,
    [orderId],
  );
  return rows[0];
}

describe('I have paid', () => {
  it('keeps the reference for staff to check; the order is paid only when they mark it', async () => {
    const order = await place();
    const res = await paid(order.id, { reference: ' 433512345678 ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CustomerOrder>()).toMatchObject({ upiReference: '433512345678', paid: false });

    const seen = (await call(world.admin, 'GET', `/api/orders/${order.id}`)).json<OrderDetail>();
    expect(seen).toMatchObject({ upiReference: '433512345678', paidAt: null, version: 2 });
    expect(Date.parse(seen.upiReportedAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(seen.timeline.at(-1)).toMatchObject({
      toStatus: null,
      note: 'Customer says they paid by UPI, reference 433512345678',
      actorName: 'Asha (customer)',
    });

    // Staff hear of it live.
    const { rows: announced } = await world.ctx.db.$client.query(
      'SELECT action, customer_id FROM events WHERE record_id = $1 ORDER BY id DESC LIMIT 1',
      [order.id],
    );
    expect(announced[0]).toEqual({ action: 'updated', customer_id: asha.customer.id });
    // Given again (a typo mended), the newer one stands.
    expect((await paid(order.id, { reference: 'AXIS9988776655' })).json<CustomerOrder>().upiReference).toBe(
      'AXIS9988776655',
    );
    const marked = await call(world.admin, 'POST', `/api/orders/${order.id}/payment`, { version: 3 });
    expect(marked.statusCode, marked.body).toBe(200);
    const after = await paid(order.id, { reference: '433512345679' });
    expect(after.statusCode).toBe(409);
    expect(errorOf(after).message).toBe(orderPaymentMessages.alreadyPaid);
  });

  it('refuses an order not paid by UPI, or cancelled, with 409, writing nothing', async () => {
    const cash = await place('COD');
    const before = await stored(cash.id);
    const res = await paid(cash.id, { reference: '433512345678' });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(upiMessages.notUpi);
    expect(await stored(cash.id)).toEqual(before);

    const cancelled = await place();
    await world.ctx.app.inject({
      method: 'POST',
      url: `/api/storefront/orders/${cancelled.id}/cancel`,
      headers: asha.headers,
    });
    const cancelledBefore = await stored(cancelled.id);
    const refused = await paid(cancelled.id, { reference: '433512345678' });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(upiMessages.cancelled);
    expect(await stored(cancelled.id)).toEqual(cancelledBefore);
  });

  it('of another customer’s order is 404, writing nothing', async () => {
    const order = await place();
    const before = await stored(order.id);
    const res = await paid(order.id, { reference: '433512345678' }, ravi);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).message).toBe(messages.notFound);
    expect(await stored(order.id)).toEqual(before);
  });

  it('refuses what is not a UPI reference with 400, writing nothing', async () => {
    const order = await place();
    const before = await stored(order.id);
    for (const body of [
      {},
      { reference: '' },
      { reference: '12345' },
      { reference: 'x'.repeat(36) },
      { reference: '4335 1234 5678' },
      { reference: '4335-1234' },
      { reference: 433512345678 },
      { reference: null },
    ]) {
      const res = await paid(order.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).fields, JSON.stringify(body)).toEqual({ reference: upiMessages.reference });
    }
    expect(await stored(order.id)).toEqual(before);
  });
});
