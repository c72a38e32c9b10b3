/** A delivery executive who holds open orders cannot be deleted until they are reassigned or closed. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { messages } from '@storedesk/shared/messages';
import { OrderStatus } from '@storedesk/shared/orders';
import type { StaffMember } from '@storedesk/shared/staff/schemas';
import * as t from '#server/db/schema.ts';
import {
  caller,
  createStaffWorld,
  errorOf,
  type Call,
  type Session,
  type TestApp,
  type TestBusiness,
  waitUntilBlockedBy,
} from '#test/harness.ts';

let ctx: TestApp;
let call: Call;
let biz: TestBusiness;
let owner: Session;
let admin: Session;
let storeId: string;
let customerId: string;

beforeAll(async () => {
  ({ ctx, biz, owner, admin } = await createStaffWorld());
  call = caller(ctx.app);
  const [store] = await ctx.db
    .insert(t.stores)
    .values({
      businessId: biz.id,
      zoneId: biz.zones[0],
      name: 'Corner Store',
      description: 'Fresh groceries',
      location: 'MG Road',
      phone: '+91-9876543210',
      featured: 1,
      latitude: 12.9716,
      longitude: 77.5946,
      geohash: 'tdr1vzc6f',
      openTime: '07:00',
      closeTime: '22:00',
    })
    .returning({ id: t.stores.id });
  storeId = store!.id;
  const [customer] = await ctx.db
    .insert(t.customers)
    .values({ businessId: biz.id, name: 'Asha Rao', phone: '8000000001' })
    .returning({ id: t.customers.id });
  customerId = customer!.id;
});
afterAll(() => ctx.close());

async function addDex(session: Session): Promise<StaffMember> {
  const res = await call(session, 'POST', '/api/delivery-executives', {
    name: 'Ravi Rider',
    email: `ravi.${randomUUID()}@example.test`,
    phone: '+91-9876543210',
    password: 'rider-secret-1',
    zoneId: biz.zones[0],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<StaffMember>();
}

/** An order of the store held by `dex` at `status`, as the order screens would leave it. */
async function order(dex: StaffMember | null, status: number) {
  const [row] = await ctx.db
    .insert(t.orders)
    .values({
      businessId: biz.id,
      zoneId: biz.zones[0],
      storeId,
      storeName: 'Corner Store',
      customerId,
      customerName: 'Asha Rao',
      customerPhone: '8000000001',
      status,
      state: status < 0 ? 0 : 1,
      items: [{ itemId: randomUUID(), itemName: 'Milk 1L', itemQuantity: 1, itemPricePaise: 6000 }],
      charges: [],
      itemsTotalPaise: 6000,
      billAmountPaise: 6000,
      dexId: dex?.id ?? null,
      dexName: dex?.name ?? null,
    })
    .returning({ id: t.orders.id, number: t.orders.number, version: t.orders.version });
  return row!;
}

async function stored(userId: string) {
  const { rows } = await ctx.db.execute(
    sql`SELECT version, deleted_at IS NULL AS live FROM users WHERE id = ${userId}`,
  );
  return rows[0];
}

describe('deleting a delivery executive with open orders', () => {
  it('is refused 409, naming the Confirmed and Picked Up orders they hold by number', async () => {
    const dex = await addDex(admin);
    const confirmed = await order(dex, OrderStatus.Confirmed);
    await order(dex, OrderStatus.Delivered);
    await order(dex, OrderStatus.Cancelled);
    await order(null, OrderStatus.Placed);
    const pickedUp = await order(dex, OrderStatus.PickedUp);
    const before = await stored(dex.id);
    const res = await call(admin, 'DELETE', `/api/delivery-executives/${dex.id}?version=1`);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toEqual({
      code: 'conflict',
      message: `This delivery executive has open orders #${confirmed.number} and #${pickedUp.number}. Reassign or close them first.`,
    });
    expect(await stored(dex.id)).toEqual(before);
    expect((await call(admin, 'GET', `/api/delivery-executives/${dex.id}`)).statusCode).toBe(200);
  });

  it('names one open order as one, and goes through once the orders are closed', async () => {
    const dex = await addDex(owner);
    const held = await order(dex, OrderStatus.PickedUp);
    const res = await call(owner, 'DELETE', `/api/delivery-executives/${dex.id}?version=1`);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(
      `This delivery executive has an open order #${held.number}. Reassign or close it first.`,
    );
    const delivered = await call(owner, 'POST', `/api/orders/${held.id}/status`, {
      status: OrderStatus.Delivered,
      version: held.version,
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect((await call(owner, 'DELETE', `/api/delivery-executives/${dex.id}?version=1`)).statusCode).toBe(
      204,
    );
    expect(await stored(dex.id)).toEqual({ version: 2, live: false });
  });

  it('a deleted executive can no longer be given an order', async () => {
    const dex = await addDex(owner);
    expect((await call(owner, 'DELETE', `/api/delivery-executives/${dex.id}?version=1`)).statusCode).toBe(
      204,
    );
    const placed = await order(null, OrderStatus.Placed);
    const res = await call(owner, 'POST', `/api/orders/${placed.id}/status`, {
      status: OrderStatus.Confirmed,
      dexId: dex.id,
      version: placed.version,
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({ dexId: messages.unknownDex });
  });

  it('an executive deleted while an order is being given to them is not given it', async () => {
    const dex = await addDex(owner);
    const placed = await order(null, OrderStatus.Placed);
    // A delete as the staff service makes it (the row locked for update, then marked deleted), not yet
    // committed when the order change reads the executive.
    const deleting = await ctx.database.pool.connect();
    try {
      await deleting.query('BEGIN');
      await deleting.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [dex.id]);
      await deleting.query('UPDATE users SET deleted_at = now(), version = version + 1 WHERE id = $1', [
        dex.id,
      ]);
      const change = call(owner, 'POST', `/api/orders/${placed.id}/status`, {
        status: OrderStatus.Confirmed,
        dexId: dex.id,
        version: placed.version,
      });
      // The change waits on the executive's row; once the delete commits, it sees them gone.
      await waitUntilBlockedBy(ctx.db, deleting);
      await deleting.query('COMMIT');
      const res = await change;
      expect(res.statusCode, res.body).toBe(400);
      expect(errorOf(res).fields).toEqual({ dexId: messages.unknownDex });
    } finally {
      deleting.release();
    }
    const { rows } = await ctx.db.execute(
      sql`SELECT status, dex_id, version FROM orders WHERE id = ${placed.id}`,
    );
    expect(rows[0]).toEqual({ status: OrderStatus.Placed, dex_id: null, version: placed.version });
  });
});
