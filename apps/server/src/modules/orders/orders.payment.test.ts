/**
 * Staff mark an order's payment received (ADR 0038): who and when, on the
 * timeline and live; once; never for a cancelled order; never for another
 * zone's or business's order; always with the version it was read at.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import ngeohash from 'ngeohash';
import type { OrderDetail } from '@storedesk/shared/orders/schemas';
import { orderPaymentMessages } from '@storedesk/shared/orders/schemas';
import { messages } from '@storedesk/shared/messages';
import * as t from '#server/db/schema.ts';
import { caller, createStaffWorld, errorOf, type Call, type StaffWorld } from '#test/harness.ts';

let world: StaffWorld;
let call: Call;

async function placeOrder(zoneIndex: 0 | 1, paymentMode: 'COD' | 'UPI' | null = 'UPI') {
  const business = world.biz;
  const [store] = await world.ctx.db
    .insert(t.stores)
    .values({
      businessId: business.id,
      zoneId: business.zones[zoneIndex],
      name: 'Paid Mart',
      description: 'd',
      location: 'l',
      phone: '9876543210',
      featured: 1,
      latitude: 12.9,
      longitude: 77.6,
      geohash: ngeohash.encode(12.9, 77.6, 9),
      openTime: '00:00',
      closeTime: '23:59',
      status: 1,
    })
    .returning({ id: t.stores.id });
  const [customer] = await world.ctx.db
    .insert(t.customers)
    .values({ businessId: business.id, name: 'Asha', phone: `9${Date.now() % 1e9}`.padEnd(10, '1') })
    .returning({ id: t.customers.id });
  const [order] = await world.ctx.db
    .insert(t.orders)
    .values({
      businessId: business.id,
      zoneId: business.zones[zoneIndex],
      storeId: store!.id,
      storeName: 'Paid Mart',
      customerId: customer!.id,
      customerName: 'Asha',
      customerPhone: '9811111111',
      items: [],
      charges: [],
      itemsTotalPaise: 50_000,
      billAmountPaise: 50_000,
      paymentMode,
    })
    .returning({ id: t.orders.id });
  return order!.id;
}

const pay = (session = world.admin, orderId: string, version: unknown) =>
  call(session, 'POST', `/api/orders/${orderId}/payment`, { version });

async function paidColumns(orderId: string) {
  const [row] = await world.ctx.db
    .select({ paidAt: t.orders.paidAt, paidByName: t.orders.paidByName, version: t.orders.version })
    .from(t.orders)
    .where(eq(t.orders.id, orderId));
  return row!;
}

beforeAll(async () => {
  world = await createStaffWorld();
  call = caller(world.ctx.app);
});
afterAll(() => world.ctx.close());

describe('POST /api/orders/:orderId/payment', () => {
  it('records who received it and when, on the timeline, and announces it live', async () => {
    const orderId = await placeOrder(0);
    const eventsBefore = Number(
      (
        await world.ctx.db.execute<{ n: string }>(
          sql`SELECT count(*) AS n FROM events WHERE record_id = ${orderId}`,
        )
      ).rows[0]!.n,
    );
    const res = await pay(world.admin, orderId, 1);
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json<OrderDetail>();
    expect(order).toMatchObject({ paymentMode: 'UPI', paidByName: world.biz.admin.name, version: 2 });
    expect(Date.now() - Date.parse(order.paidAt!)).toBeLessThan(60_000);
    expect(order.timeline.at(-1)).toMatchObject({
      fromStatus: null,
      toStatus: null,
      note: 'Payment received (UPI)',
      actorName: world.biz.admin.name,
    });
    const events = await world.ctx.db.execute<{ topic: string; action: string; zone_id: string }>(
      sql`SELECT topic, action, zone_id FROM events WHERE record_id = ${orderId} ORDER BY id DESC LIMIT 1`,
    );
    expect(events.rows[0]).toEqual({ topic: 'orders', action: 'updated', zone_id: world.biz.zones[0] });
    expect(
      Number(
        (
          await world.ctx.db.execute<{ n: string }>(
            sql`SELECT count(*) AS n FROM events WHERE record_id = ${orderId}`,
          )
        ).rows[0]!.n,
      ),
    ).toBe(eventsBefore + 1);
  });

  it('refuses a second time, a stale version (with the order as it is) and a cancelled order, changing nothing', async () => {
    const orderId = await placeOrder(0, 'COD');
    expect((await pay(world.admin, orderId, 1)).statusCode).toBe(200);
    const before = await paidColumns(orderId);
    const again = await pay(world.owner, orderId, 2);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(orderPaymentMessages.alreadyPaid);
    const stale = await pay(world.owner, orderId, 1);
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale)).toMatchObject({ message: messages.staleRecord, current: { version: 2 } });
    expect(await paidColumns(orderId)).toEqual(before);

    const cancelled = await placeOrder(0);
    await world.ctx.db.update(t.orders).set({ status: -1, state: 0 }).where(eq(t.orders.id, cancelled));
    const res = await pay(world.admin, cancelled, 1);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(orderPaymentMessages.cancelled);
    expect((await paidColumns(cancelled)).paidAt).toBeNull();
  });

  it("is 404 for another zone's admin and another business, and 400 for a bad version", async () => {
    const south = await placeOrder(1);
    for (const session of [world.admin, world.rivalOwner]) {
      const res = await pay(session, south, 1);
      expect(res.statusCode).toBe(404);
    }
    expect((await paidColumns(south)).paidAt).toBeNull();
    for (const version of [undefined, 'one', -1, 1.5]) {
      const res = await pay(world.southAdmin, south, version);
      expect(res.statusCode, String(version)).toBe(400);
      expect(Object.keys(errorOf(res).fields ?? {})).toEqual(['version']);
    }
    expect((await pay(world.southAdmin, south, 1)).statusCode).toBe(200);
  });
});
