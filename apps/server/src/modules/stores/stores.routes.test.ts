import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ngeohash from 'ngeohash';
import type { Store } from '@storedesk/shared/stores/schemas';
import {
  caller,
  createStaffWorld,
  type Call,
  errorOf,
  type Session,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';

let ctx: TestApp;
let call: Call;
let biz: TestBusiness;
let rival: TestBusiness;
let owner: Session;
let admin: Session;
let southAdmin: Session;
let rivalOwner: Session;

beforeAll(async () => {
  ({ ctx, biz, rival, owner, admin, southAdmin, rivalOwner } = await createStaffWorld());
  call = caller(ctx.app);
});
afterAll(() => ctx.close());

const valid = (overrides: Record<string, unknown> = {}) => ({
  name: `Store ${randomUUID().slice(0, 8)}`,
  featured: 3,
  location: 'MG Road, Bengaluru',
  description: 'Fresh groceries',
  phone: '+91-9876543210',
  openTime: '07:00',
  closeTime: '22:30',
  latitude: 12.9716,
  longitude: 77.5946,
  ...overrides,
});

async function createStore(session: Session, overrides: Record<string, unknown> = {}): Promise<Store> {
  const res = await call(session, 'POST', '/api/stores', valid(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Store>();
}

const storeCount = async () =>
  Number((await ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM stores`)).rows[0]!.n);

describe('creating a store', () => {
  it('starts Closed, computes the geohash, and answers it whole', async () => {
    const store = await createStore(owner, { zoneId: biz.zones[1] });
    expect(store).toMatchObject({
      featured: 3,
      openTime: '07:00',
      closeTime: '22:30',
      status: 0,
      zoneId: biz.zones[1],
      zoneName: 'South',
      imageUrl: null,
      deliveryRadiusKm: 5,
      version: 1,
    });
    const point = ngeohash.decode(store.geohash);
    expect(store.geohash).toHaveLength(9);
    expect(point.latitude).toBeCloseTo(12.9716, 4);
    expect(point.longitude).toBeCloseTo(77.5946, 4);
    const read = await call(owner, 'GET', `/api/stores/${store.id}`);
    expect(read.json()).toEqual(store);
  });

  it("puts an admin's store in the admin's zone, and refuses another zone with 403", async () => {
    const store = await createStore(admin);
    expect(store.zoneId).toBe(biz.zones[0]);
    const before = await storeCount();
    const res = await call(admin, 'POST', '/api/stores', valid({ zoneId: biz.zones[1] }));
    expect(res.statusCode).toBe(403);
    expect(await storeCount()).toBe(before);
  });

  it("takes an admin's own zone id in capitals as that zone, not another (201, not 403)", async () => {
    const res = await call(admin, 'POST', '/api/stores', valid({ zoneId: biz.zones[0]!.toUpperCase() }));
    expect(res.statusCode).toBe(201);
    expect(res.json<Store>().zoneId).toBe(biz.zones[0]);
    const listed = await call(admin, 'GET', `/api/stores?zoneId=${biz.zones[0]!.toUpperCase()}`);
    expect(listed.statusCode).toBe(200);
  });

  it('needs the owner to pick a zone of the business', async () => {
    const before = await storeCount();
    for (const zoneId of [undefined, rival.zones[0], randomUUID()]) {
      const res = await call(owner, 'POST', '/api/stores', valid({ zoneId }));
      expect(res.statusCode, String(zoneId)).toBe(400);
      expect(errorOf(res).fields).toEqual({ zoneId: 'Choose a zone of this business' });
    }
    expect(await storeCount()).toBe(before);
  });

  it('refuses bad input with field messages and writes nothing', async () => {
    const before = await storeCount();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ phone: '98765-43210' }, 'phone', 'Phone must contain 10 digits in a row'],
      [{ latitude: undefined }, 'latitude', 'Please click on map to select store location'],
      [{ latitude: 91 }, 'latitude', ''],
      [{ featured: 0 }, 'featured', 'must be from 1 to 9'],
      [{ featured: 10 }, 'featured', 'must be from 1 to 9'],
      [{ featured: '3' }, 'featured', ''],
      [{ name: '   ' }, 'name', 'is required'],
      [{ name: 'A\u0000B' }, 'name', 'must not contain control characters'],
      [{ openTime: '7:00 AM' }, 'openTime', 'must be a time such as 09:30'],
      [{ closeTime: '24:00' }, 'closeTime', 'must be a time such as 09:30'],
      [{ description: 'x'.repeat(1001) }, 'description', 'must be at most 1000 characters'],
      [{ deliveryRadiusKm: 0.4 }, 'deliveryRadiusKm', 'must be from 0.5 to 50 km'],
      [{ deliveryRadiusKm: 50.1 }, 'deliveryRadiusKm', 'must be from 0.5 to 50 km'],
      [{ deliveryRadiusKm: '5' }, 'deliveryRadiusKm', 'must be from 0.5 to 50 km'],
      [{ deliveryRadiusKm: null }, 'deliveryRadiusKm', 'must be from 0.5 to 50 km'],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await call(admin, 'POST', '/api/stores', valid(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      const fields = errorOf(res).fields ?? {};
      expect(Object.keys(fields), JSON.stringify(overrides)).toContain(field);
      if (message) expect(fields[field]).toBe(message);
    }
    for (const payload of ['not json', '[]', 'null']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/stores',
        headers: { ...admin.headers, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
    }
    expect(await storeCount()).toBe(before);
  });
});

describe('listing stores', () => {
  it('an admin sees only their zone; the owner all zones or the one they pick', async () => {
    const north = await createStore(owner, { zoneId: biz.zones[0], name: 'Zeta North' });
    const south = await createStore(owner, { zoneId: biz.zones[1], name: 'Zeta South' });
    const names = async (session: Session, query = '') =>
      (await call(session, 'GET', `/api/stores?q=Zeta${query}`))
        .json<{ items: Store[] }>()
        .items.map((s) => s.id);
    expect(await names(admin)).toEqual([north.id]);
    expect(await names(southAdmin)).toEqual([south.id]);
    expect(await names(owner)).toEqual([north.id, south.id]);
    expect(await names(owner, `&zoneId=${biz.zones[1]}`)).toEqual([south.id]);
    expect((await call(admin, 'GET', `/api/stores?zoneId=${biz.zones[1]}`)).statusCode).toBe(403);
    expect(await names(rivalOwner)).toEqual([]);
  });

  it('searches by name in any case, pages with a total, and hides deleted stores', async () => {
    const tag = randomUUID().slice(0, 6);
    const made = [];
    for (let i = 0; i < 7; i++)
      made.push(await createStore(owner, { zoneId: biz.zones[0], name: `Paging ${tag} ${i}` }));
    await call(owner, 'DELETE', `/api/stores/${made[6]!.id}?version=1`);
    const first = (await call(owner, 'GET', `/api/stores?q=PAGING%20${tag}&pageSize=5&page=0`)).json();
    const second = (await call(owner, 'GET', `/api/stores?q=paging%20${tag}&pageSize=5&page=1`)).json();
    expect(first.total).toBe(6);
    expect(first.items.map((s: Store) => s.name)).toEqual([0, 1, 2, 3, 4].map((i) => `Paging ${tag} ${i}`));
    expect(second.items.map((s: Store) => s.name)).toEqual([`Paging ${tag} 5`]);
    expect((await call(owner, 'GET', '/api/stores?pageSize=7')).statusCode).toBe(400);
  });
});

describe('reading and changing one store', () => {
  it('another zone or business gets 404 for every way in, and nothing changes', async () => {
    const store = await createStore(owner, { zoneId: biz.zones[1] });
    for (const session of [admin, rivalOwner]) {
      expect((await call(session, 'GET', `/api/stores/${store.id}`)).statusCode).toBe(404);
      expect(
        (await call(session, 'PATCH', `/api/stores/${store.id}`, { name: 'Mine', version: 1 })).statusCode,
      ).toBe(404);
      expect((await call(session, 'DELETE', `/api/stores/${store.id}?version=1`)).statusCode).toBe(404);
      expect(
        (await call(session, 'POST', '/api/stores/status', { storeIds: [store.id], status: 1 })).statusCode,
      ).toBe(404);
    }
    expect((await call(owner, 'GET', `/api/stores/${store.id}`)).json()).toEqual(store);
    expect((await call(owner, 'GET', '/api/stores/not-a-uuid')).statusCode).toBe(404);
  });

  it('keeps the delivery radius it was given, and a patch that does not name it leaves it', async () => {
    const store = await createStore(admin, { deliveryRadiusKm: 7.5 });
    expect(store.deliveryRadiusKm).toBe(7.5);
    const renamed = await call(admin, 'PATCH', `/api/stores/${store.id}`, { name: 'Wider', version: 1 });
    expect(renamed.json()).toMatchObject({ name: 'Wider', deliveryRadiusKm: 7.5, version: 2 });
    const widened = await call(admin, 'PATCH', `/api/stores/${store.id}`, {
      deliveryRadiusKm: 50,
      version: 2,
    });
    expect(widened.json()).toMatchObject({ deliveryRadiusKm: 50, version: 3 });
  });

  it('a patch changes what it names, moves the geohash with the point, and bumps the version', async () => {
    const store = await createStore(admin);
    const res = await call(admin, 'PATCH', `/api/stores/${store.id}`, {
      name: 'Renamed',
      latitude: 19.076,
      longitude: 72.8777,
      version: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Renamed',
      location: store.location,
      latitude: 19.076,
      version: 2,
    });
    const point = ngeohash.decode(res.json().geohash);
    expect([point.latitude, point.longitude].map((n) => n.toFixed(3))).toEqual(['19.076', '72.878']);
  });

  it('a stale version gets 409 with the current store, and the losing write changes nothing', async () => {
    const store = await createStore(admin);
    expect(
      (await call(admin, 'PATCH', `/api/stores/${store.id}`, { name: 'First', version: 1 })).statusCode,
    ).toBe(200);
    const stale = await call(owner, 'PATCH', `/api/stores/${store.id}`, { name: 'Second', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).current).toMatchObject({ id: store.id, name: 'First', version: 2 });
    const staleDelete = await call(owner, 'DELETE', `/api/stores/${store.id}?version=1`);
    expect(staleDelete.statusCode).toBe(409);
    expect((await call(owner, 'GET', `/api/stores/${store.id}`)).json().name).toBe('First');
  });

  it('refuses bad patches and deletes without a version', async () => {
    const store = await createStore(admin);
    for (const payload of [
      { name: 'x' },
      { version: -1 },
      { version: 1, featured: 11 },
      { version: 1, phone: '123' },
    ]) {
      expect(
        (await call(admin, 'PATCH', `/api/stores/${store.id}`, payload)).statusCode,
        JSON.stringify(payload),
      ).toBe(400);
    }
    for (const query of ['', '?version=abc', '?version=-2']) {
      expect((await call(admin, 'DELETE', `/api/stores/${store.id}${query}`)).statusCode, query).toBe(400);
    }
    expect((await call(admin, 'GET', `/api/stores/${store.id}`)).json()).toEqual(store);
  });

  it("the owner moves a store to another zone; the old zone's admin loses it", async () => {
    const store = await createStore(owner, { zoneId: biz.zones[0] });
    const moved = await call(owner, 'PATCH', `/api/stores/${store.id}`, { zoneId: biz.zones[1], version: 1 });
    expect(moved.json()).toMatchObject({ zoneId: biz.zones[1], zoneName: 'South' });
    expect((await call(admin, 'GET', `/api/stores/${store.id}`)).statusCode).toBe(404);
    expect((await call(southAdmin, 'GET', `/api/stores/${store.id}`)).statusCode).toBe(200);
  });
});

describe('status changes', () => {
  it('opens and closes stores in bulk, answering them all', async () => {
    const a = await createStore(admin);
    const b = await createStore(admin);
    const opened = await call(admin, 'POST', '/api/stores/status', { storeIds: [a.id, b.id], status: 1 });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().items.map((s: Store) => [s.id, s.status, s.version])).toEqual([
      [a.id, 1, 2],
      [b.id, 1, 2],
    ]);
    const unserviceable = await call(admin, 'POST', '/api/stores/status', { storeIds: [a.id], status: -1 });
    expect(unserviceable.json().items[0].status).toBe(-1);
  });

  it('changes none when any store is out of reach, and refuses statuses outside the three', async () => {
    const mine = await createStore(admin);
    const foreign = await createStore(rivalOwner, { zoneId: rival.zones[0] });
    const res = await call(admin, 'POST', '/api/stores/status', {
      storeIds: [mine.id, foreign.id],
      status: 1,
    });
    expect(res.statusCode).toBe(404);
    for (const body of [
      { storeIds: [mine.id], status: 2 },
      { storeIds: [mine.id], status: '1' },
      { storeIds: [], status: 1 },
      { storeIds: ['nope'], status: 1 },
      { storeIds: Array.from({ length: 101 }, () => randomUUID()), status: 1 },
    ]) {
      expect((await call(admin, 'POST', '/api/stores/status', body)).statusCode).toBe(400);
    }
    expect((await call(admin, 'GET', `/api/stores/${mine.id}`)).json().status).toBe(0);
    expect((await call(rivalOwner, 'GET', `/api/stores/${foreign.id}`)).json().status).toBe(0);
  });
});

describe('live events', () => {
  it('every store write announces itself in its zone', async () => {
    const store = await createStore(admin);
    await call(admin, 'PATCH', `/api/stores/${store.id}`, { name: 'Evented', version: 1 });
    await call(admin, 'POST', '/api/stores/status', { storeIds: [store.id], status: 1 });
    await call(admin, 'DELETE', `/api/stores/${store.id}?version=3`);
    const rows = await ctx.db.execute<{ topic: string; action: string; zone_id: string }>(
      sql`SELECT topic, action, zone_id FROM events WHERE record_id = ${store.id} ORDER BY id`,
    );
    expect(rows.rows.map((r) => [r.topic, r.action])).toEqual([
      ['stores', 'created'],
      ['stores', 'updated'],
      ['stores', 'updated'],
      ['stores', 'deleted'],
      ['trash', 'added'],
    ]);
    expect(rows.rows.every((r) => r.zone_id === biz.zones[0])).toBe(true);
  });
});
