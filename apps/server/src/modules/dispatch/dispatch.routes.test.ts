/**
 * Dispatch (B14, ADR 0042) over real HTTP: positions reach the console's map stream of the
 * executive's zone within a second and nobody else's; an executive's own stream carries the
 * orders given to and taken from them; the picker orders executives on duty and nearest first;
 * cash collected at the door is listed per executive and day and settled once, by whom and when.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CashRow, Dispatch, ExecutiveChoice } from '@storedesk/shared/delivery/schemas';
import { deliveryMessages } from '@storedesk/shared/delivery/rules';
import { OrderStatus } from '@storedesk/shared/orders';
import { businessDay } from '@storedesk/shared/dates';
import * as t from '#server/db/schema.ts';
import {
  caller,
  createExecutive,
  createStaffWorld,
  insertOrder,
  orderVersion,
  createStoreWithItem,
  errorOf,
  refusalOf,
  type Call,
  type Session,
  type StaffWorld,
} from '#test/harness.ts';
import { closeOpenStreams, openStream } from '#test/sse.ts';

let world: StaffWorld;
let call: Call;
let storeId: string;
let customerId: string;

type Rider = { id: string; name: string; session: Session };
const addExecutive = (zoneId: string, name: string, businessId = world.biz.id): Promise<Rider> =>
  createExecutive(world.ctx, { businessId, zoneId, name });

const placeOrder = (billAmountPaise = 30_000) =>
  insertOrder(
    world.ctx.db,
    { businessId: world.biz.id, zoneId: world.biz.zones[0], storeId, customerId },
    {
      billAmountPaise,
      deliveryCode: '1234',
      deliveryAddress: { label: 'Home', text: '1, Main Road', landmark: '', lat: 12.95, lng: 77.6 },
    },
  );

const versionOf = (orderId: string) => orderVersion(world.ctx.db, orderId);

async function give(orderId: string, dexId: string) {
  const res = await call(world.owner, 'POST', `/api/orders/${orderId}/status`, {
    status: OrderStatus.Confirmed,
    dexId,
    version: await versionOf(orderId),
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** An order given to the rider, picked up and delivered by them with the code, its cash collected. */
async function deliverCash(rider: Rider, billAmountPaise: number) {
  const order = await placeOrder(billAmountPaise);
  await give(order.id, rider.id);
  for (const body of [
    { status: OrderStatus.PickedUp },
    { status: OrderStatus.Delivered, code: '1234', cashCollected: true },
  ]) {
    const res = await call(rider.session, 'POST', `/api/delivery/orders/${order.id}/status`, {
      ...body,
      version: await versionOf(order.id),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return order.id;
}

beforeAll(async () => {
  world = await createStaffWorld();
  call = caller(world.ctx.app);
  ({ storeId } = await createStoreWithItem(world.ctx.db, world.biz));
  const [customer] = await world.ctx.db
    .insert(t.customers)
    .values({ businessId: world.biz.id, name: 'Asha', phone: '9811111111' })
    .returning({ id: t.customers.id });
  customerId = customer!.id;
  await world.ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => closeOpenStreams());
afterAll(() => world.ctx.close());

/** The executives a batch of positions places. */
const idsIn = (m: { data: unknown }) =>
  (m.data as unknown as { positions: Array<{ id: string }> }).positions.map((p) => p.id);

const positionsOf = (session: Session, query = '') =>
  openStream(world.ctx.app, session.headers, 20_000, `/api/dispatch/positions${query}`);

describe('the Dispatch map’s live positions', () => {
  it('reach the consoles of the executive’s zone within a second, and nobody else’s', async () => {
    const rider = await addExecutive(world.biz.zones[0], 'Map Rider');
    const [owners, admins, souths, rivals] = await Promise.all([
      positionsOf(world.owner),
      positionsOf(world.admin),
      positionsOf(world.southAdmin),
      positionsOf(world.rivalOwner),
    ]);
    for (const stream of [owners, admins, souths, rivals]) expect(stream.status).toBe(200);
    await call(rider.session, 'PUT', '/api/delivery/duty', { onDuty: true });
    const sent = Date.now();
    expect(
      (await call(rider.session, 'POST', '/api/delivery/location', { lat: 12.961, lng: 77.601 })).statusCode,
    ).toBe(204);
    const mine = (m: { data: unknown }) => idsIn(m).includes(rider.id);
    const seen = await owners.waitFor(mine, 'the rider’s position', 2000);
    expect(Date.now() - sent).toBeLessThan(1000);
    expect((seen.data as unknown as { positions: unknown[] }).positions).toContainEqual({
      id: rider.id,
      lat: 12.961,
      lng: 77.601,
      accuracy: null,
      seenAt: expect.any(String),
    });
    expect(seen.id).toBeUndefined();
    await admins.waitFor(mine, 'the rider’s position', 2000);
    // Another zone's admin and another business see nothing of it: each is then sent a position of its
    // own, in a later batch, which comes after anything of the first it would have been sent.
    const southRider = await addExecutive(world.biz.zones[1], 'South Rider');
    const rivalRider = await addExecutive(world.rival.zones[0], 'Rival Rider', world.rival.id);
    for (const [stream, marker] of [
      [souths, southRider],
      [rivals, rivalRider],
    ] as const) {
      await call(marker.session, 'PUT', '/api/delivery/duty', { onDuty: true });
      expect(
        (await call(marker.session, 'POST', '/api/delivery/location', { lat: 12.97, lng: 77.59 })).statusCode,
      ).toBe(204);
      await stream.waitFor((m) => idsIn(m).includes(marker.id), 'its own rider’s position');
      expect(stream.messages.flatMap(idsIn)).toEqual([marker.id]);
    }
  });

  it('refuses an admin naming another zone, and an executive’s token', async () => {
    const south = await positionsOf(world.admin, `?zoneId=${world.biz.zones[1]}`);
    expect(south.status).toBe(403);
    const rider = await addExecutive(world.biz.zones[0], 'Nosy Rider');
    expect((await positionsOf(rider.session)).status).toBe(401);
  });
});

describe('an executive’s live stream', () => {
  it('carries orders given to them and taken from them, and nothing of others', async () => {
    const [first, second, third] = await Promise.all([
      addExecutive(world.biz.zones[0], 'First Rider'),
      addExecutive(world.biz.zones[0], 'Second Rider'),
      addExecutive(world.biz.zones[0], 'Third Rider'),
    ]);
    const streamOf = (rider: Rider) =>
      openStream(world.ctx.app, rider.session.headers, 20_000, '/api/delivery/events');
    const [firsts, seconds, thirds] = await Promise.all([streamOf(first), streamOf(second), streamOf(third)]);
    expect(firsts.status).toBe(200);
    const order = await placeOrder();
    await give(order.id, first.id);
    await firsts.waitForRecord(order.id);
    // Given to the second instead: both hear of it.
    const res = await call(world.owner, 'POST', `/api/orders/${order.id}/status`, {
      status: OrderStatus.Confirmed,
      dexId: second.id,
      version: await versionOf(order.id),
    });
    expect(res.statusCode, res.body).toBe(200);
    await seconds.waitForRecord(order.id);
    await firsts.waitFor(
      (m) => m.data.recordId === order.id && firsts.messages.length === 2,
      'the taking',
      3000,
    );
    expect(thirds.messages).toEqual([]);
    // The first has no business with it any more.
    const list = (await call(first.session, 'GET', '/api/delivery/orders')).json<{ items: unknown[] }>();
    expect(list.items).toEqual([]);
    const touch = await call(first.session, 'POST', `/api/delivery/orders/${order.id}/status`, {
      status: OrderStatus.PickedUp,
      version: await versionOf(order.id),
    });
    expect(touch.statusCode).toBe(404);
  });

  it('is refused to staff and to no token at all', async () => {
    expect((await openStream(world.ctx.app, world.owner.headers, 5000, '/api/delivery/events')).status).toBe(
      401,
    );
    expect((await openStream(world.ctx.app, {}, 5000, '/api/delivery/events')).status).toBe(401);
  });
});

describe('the executive picker', () => {
  it('lists the store zone’s executives on duty first, then nearest, with their open orders', async () => {
    const far = await addExecutive(world.biz.zones[0], 'Aaron Far');
    const near = await addExecutive(world.biz.zones[0], 'Zed Near');
    const resting = await addExecutive(world.biz.zones[0], 'Bea Resting');
    for (const [rider, lat] of [
      [far, 13.2],
      [near, 12.971],
    ] as const) {
      await call(rider.session, 'PUT', '/api/delivery/duty', { onDuty: true });
      expect(
        (await call(rider.session, 'POST', '/api/delivery/location', { lat, lng: 77.59 })).statusCode,
      ).toBe(204);
    }
    await give((await placeOrder()).id, near.id);
    const res = await call(world.admin, 'GET', `/api/dispatch/executives?storeId=${storeId}`);
    expect(res.statusCode, res.body).toBe(200);
    const { items, maxOpenOrdersPerExecutive } = res.json<{
      items: ExecutiveChoice[];
      maxOpenOrdersPerExecutive: number;
    }>();
    expect(maxOpenOrdersPerExecutive).toBe(5);
    const ours = items.filter((e) => [far.id, near.id, resting.id].includes(e.id));
    expect(ours.map((e) => [e.name, e.onDuty, e.openOrders, e.distanceKm])).toEqual([
      ['Zed Near', true, 1, 0.1],
      ['Aaron Far', true, 0, 25.6],
      ['Bea Resting', false, 0, null],
    ]);
    const onDutyFirst = items.findIndex((e) => !e.onDuty);
    expect(items.slice(onDutyFirst).every((e) => !e.onDuty)).toBe(true);
  });

  it('is 404 for another zone’s admin and another business, and 400 without a store', async () => {
    for (const session of [world.southAdmin, world.rivalOwner]) {
      const res = await call(session, 'GET', `/api/dispatch/executives?storeId=${storeId}`);
      expect(res.statusCode).toBe(404);
    }
    expect((await call(world.admin, 'GET', '/api/dispatch/executives')).statusCode).toBe(400);
    expect((await call(world.admin, 'GET', '/api/dispatch/executives?storeId=nope')).statusCode).toBe(400);
  });
});

describe('the Dispatch screen’s data', () => {
  it('holds the zone’s executives, stores and open orders, with the business’s dispatch settings', async () => {
    const rider = await addExecutive(world.biz.zones[0], 'Seen Rider');
    const southRider = await addExecutive(world.biz.zones[1], 'South Rider');
    const order = await placeOrder();
    const res = await call(world.admin, 'GET', '/api/dispatch');
    expect(res.statusCode, res.body).toBe(200);
    const dispatch = res.json<Dispatch>();
    expect(dispatch.executives.map((e) => e.id)).toContain(rider.id);
    expect(dispatch.executives.map((e) => e.id)).not.toContain(southRider.id);
    expect(dispatch.stores.map((s) => s.id)).toContain(storeId);
    expect(dispatch.orders.find((o) => o.id === order.id)).toMatchObject({
      status: OrderStatus.Placed,
      dexId: null,
      lat: 12.95,
      lng: 77.6,
      address: '1, Main Road',
    });
    expect(dispatch).toMatchObject({ waitMinutes: 10 });
    const owners = (await call(world.owner, 'GET', '/api/dispatch')).json<Dispatch>();
    expect(owners.executives.map((e) => e.id)).toContain(southRider.id);
    const rivals = (await call(world.rivalOwner, 'GET', '/api/dispatch')).json<Dispatch>();
    expect(JSON.stringify(rivals)).not.toContain(rider.id);
    expect(JSON.stringify(rivals)).not.toContain(order.id);
    expect((await call(world.admin, 'GET', `/api/dispatch?zoneId=${world.biz.zones[1]}`)).statusCode).toBe(
      403,
    );
  });
});

describe('cash to settle', () => {
  it('lists cash per executive and day, settles it once at the amount shown, by whom and when, and as CSV', async () => {
    const rider = await addExecutive(world.biz.zones[0], 'Cash Rider');
    await deliverCash(rider, 30_000);
    await deliverCash(rider, 12_550);
    const today = businessDay(new Date(), 'Asia/Kolkata');
    const list = await call(world.admin, 'GET', `/api/dispatch/cash?from=${today}&to=${today}`);
    expect(list.statusCode, list.body).toBe(200);
    const row = list.json<{ items: CashRow[] }>().items.find((r) => r.executiveId === rider.id);
    expect(row).toEqual({
      executiveId: rider.id,
      executiveName: 'Cash Rider',
      day: today,
      orders: 2,
      collectedPaise: 42_550,
      settledPaise: null,
      settledAt: null,
      settledByName: null,
    });

    const stale = await call(world.admin, 'POST', '/api/dispatch/cash/settlements', {
      executiveId: rider.id,
      day: today,
      collectedPaise: 30_000,
    });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).current).toMatchObject({ collectedPaise: 42_550 });

    const settled = await call(world.admin, 'POST', '/api/dispatch/cash/settlements', {
      executiveId: rider.id,
      day: today,
      collectedPaise: 42_550,
    });
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json()).toMatchObject({ settledPaise: 42_550, settledByName: world.biz.admin.name });
    const again = await call(world.owner, 'POST', '/api/dispatch/cash/settlements', {
      executiveId: rider.id,
      day: today,
      collectedPaise: 42_550,
    });
    expect(refusalOf(again)).toMatchObject({ status: 409, message: deliveryMessages.settledAlready });

    const csv = await call(world.owner, 'GET', `/api/dispatch/cash.csv?from=${today}&to=${today}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body.split('\r\n')[0]).toBe(
      'Day,Delivery executive,Orders,Cash collected,Settled,Settled by,Settled at',
    );
    expect(csv.body).toContain(`${today},Cash Rider,2,425.50,425.50,${world.biz.admin.name},`);

    // Another zone's admin and another business see none of it, and cannot settle it.
    for (const session of [world.southAdmin, world.rivalOwner]) {
      const theirs = (await call(session, 'GET', `/api/dispatch/cash?from=${today}&to=${today}`)).json<{
        items: CashRow[];
      }>();
      expect(theirs.items.map((r) => r.executiveId)).not.toContain(rider.id);
      const res = await call(session, 'POST', '/api/dispatch/cash/settlements', {
        executiveId: rider.id,
        day: today,
        collectedPaise: 42_550,
      });
      expect(refusalOf(res)).toMatchObject({
        status: 400,
        fields: { executiveId: deliveryMessages.nothingToSettle },
      });
    }
  });

  it('settles again what was collected after a settlement the same day, as often as it comes in', async () => {
    const rider = await addExecutive(world.biz.zones[0], 'Late Rider');
    const today = businessDay(new Date(), 'Asia/Kolkata');
    const settle = (collectedPaise: number) =>
      call(world.admin, 'POST', '/api/dispatch/cash/settlements', {
        executiveId: rider.id,
        day: today,
        collectedPaise,
      });
    await deliverCash(rider, 255_700);
    expect((await settle(255_700)).json()).toMatchObject({ settledPaise: 255_700 });

    // One more cash delivery after the mid-day settlement: ₹192 more to settle.
    await deliverCash(rider, 19_200);
    const row = async () =>
      (await call(world.owner, 'GET', `/api/dispatch/cash?from=${today}&to=${today}`))
        .json<{ items: CashRow[] }>()
        .items.find((r) => r.executiveId === rider.id);
    expect(await row()).toMatchObject({ orders: 2, collectedPaise: 274_900, settledPaise: 255_700 });
    const second = await settle(274_900);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ settledPaise: 274_900, settledByName: world.biz.admin.name });

    await deliverCash(rider, 5_000);
    expect((await settle(279_900)).json()).toMatchObject({ settledPaise: 279_900 });
    expect(refusalOf(await settle(279_900))).toMatchObject({
      status: 409,
      message: deliveryMessages.settledAlready,
    });
    expect(await row()).toMatchObject({ orders: 3, collectedPaise: 279_900, settledPaise: 279_900 });
  });

  it('refuses periods and settlements that are not ones, writing nothing', async () => {
    for (const query of [
      '',
      '?from=2026-11-02',
      '?from=2026-11-05&to=2026-11-01',
      '?from=2026-02-30&to=2026-03-01',
      '?from=2024-01-01&to=2026-01-01',
    ]) {
      const res = await call(world.owner, 'GET', `/api/dispatch/cash${query}`);
      expect(res.statusCode, query).toBe(400);
    }
    for (const body of [
      {},
      { executiveId: 'x', day: '2026-11-01', collectedPaise: 1 },
      { executiveId: world.biz.dex.id, day: 'today', collectedPaise: 1 },
      { executiveId: world.biz.dex.id, day: '2026-11-01', collectedPaise: -1 },
    ]) {
      const res = await call(world.owner, 'POST', '/api/dispatch/cash/settlements', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const { rows } = await world.ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM cash_settlements WHERE business_id = ${world.biz.id} AND executive_id = ${world.biz.dex.id}`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('counts each delivery on the business’s day, not UTC’s, and totals the rows’ cash as their sum', async () => {
    // Asia/Kolkata is UTC+5:30: from 18:30 UTC it is the next day there.
    const dawn = await addExecutive(world.biz.zones[0], 'Dawn Rider');
    const dusk = await addExecutive(world.biz.zones[0], 'Dusk Rider');
    const deliveredAt = async (rider: Rider, billAmountPaise: number, at: string) => {
      const orderId = await deliverCash(rider, billAmountPaise);
      await world.ctx.db.execute(
        sql`UPDATE orders SET delivered_at = ${at}::timestamptz WHERE id = ${orderId}`,
      );
    };
    await deliveredAt(dawn, 5_000, '2026-11-20T18:00:00Z'); // 20/11, 23:30 in Kolkata
    await deliveredAt(dawn, 30_000, '2026-11-20T19:00:00Z'); // 21/11, 00:30
    await deliveredAt(dusk, 12_550, '2026-11-21T18:00:00Z'); // 21/11, 23:30
    await deliveredAt(dusk, 7_000, '2026-11-21T18:45:00Z'); // 22/11, 00:15
    const list = async (from: string, to = from) => {
      const res = await call(world.owner, 'GET', `/api/dispatch/cash?from=${from}&to=${to}`);
      expect(res.statusCode, res.body).toBe(200);
      const { items, totals } = res.json<{
        items: CashRow[];
        totals: { collectedPaise: number; settledPaise: number };
      }>();
      return {
        items: items.map((r) => [r.executiveName, r.day, r.orders, r.collectedPaise, r.settledPaise]),
        totals,
      };
    };

    expect(await list('2026-11-21')).toEqual({
      items: [
        ['Dawn Rider', '2026-11-21', 1, 30_000, null],
        ['Dusk Rider', '2026-11-21', 1, 12_550, null],
      ],
      totals: { collectedPaise: 42_550, settledPaise: 0 },
    });
    expect(await list('2026-11-20')).toEqual({
      items: [['Dawn Rider', '2026-11-20', 1, 5_000, null]],
      totals: { collectedPaise: 5_000, settledPaise: 0 },
    });
    expect(await list('2026-11-22')).toEqual({
      items: [['Dusk Rider', '2026-11-22', 1, 7_000, null]],
      totals: { collectedPaise: 7_000, settledPaise: 0 },
    });

    // Settled, the 21st's two rows total what each was settled at, together.
    for (const [rider, collectedPaise] of [
      [dawn, 30_000],
      [dusk, 12_550],
    ] as const) {
      const res = await call(world.admin, 'POST', '/api/dispatch/cash/settlements', {
        executiveId: rider.id,
        day: '2026-11-21',
        collectedPaise,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await list('2026-11-20', '2026-11-22')).toEqual({
      items: [
        ['Dusk Rider', '2026-11-22', 1, 7_000, null],
        ['Dawn Rider', '2026-11-21', 1, 30_000, 30_000],
        ['Dusk Rider', '2026-11-21', 1, 12_550, 12_550],
        ['Dawn Rider', '2026-11-20', 1, 5_000, null],
      ],
      totals: { collectedPaise: 54_550, settledPaise: 42_550 },
    });
  });
});
