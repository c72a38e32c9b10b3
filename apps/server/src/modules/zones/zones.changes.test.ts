import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Level } from '@storedesk/shared/levels';
import type { Zone } from '@storedesk/shared/zones/schemas';
import * as t from '#server/db/schema.ts';
import {
  caller,
  createStaffWorld,
  errorOf,
  signIn,
  type Call,
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

const FORBIDDEN = { code: 'forbidden', message: "You don't have permission to do that" };
const NOT_FOUND = { code: 'not_found', message: 'Not found' };
const NAME_TAKEN = {
  code: 'conflict',
  message: 'A zone with this name already exists',
  fields: { name: 'A zone with this name already exists' },
};

const uniqueName = (prefix = 'Zone') => `${prefix} ${randomUUID().slice(0, 8)}`;

async function addZone(name = uniqueName(), session: Session = owner): Promise<Zone> {
  const res = await call(session, 'POST', '/api/zones', { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Zone>();
}

/** Every zone row of every business, deleted ones included: a refused write changes none. */
const zoneRows = async () =>
  (
    await ctx.db.execute<{ id: string; name: string; version: number; deleted: boolean }>(
      sql`SELECT id, name, version, deleted_at IS NOT NULL AS deleted FROM zones ORDER BY id`,
    )
  ).rows;

const eventsOf = async (recordId: string) =>
  (
    await ctx.db.execute<{ topic: string; action: string; zone_id: string | null; business_id: string }>(
      sql`SELECT topic, action, zone_id, business_id FROM events WHERE record_id = ${recordId} ORDER BY id`,
    )
  ).rows;

async function addStore(zoneId: string) {
  const [row] = await ctx.db
    .insert(t.stores)
    .values({
      businessId: biz.id,
      zoneId,
      name: uniqueName('Store'),
      description: 'Groceries',
      location: 'MG Road',
      phone: '9876543210',
      featured: 1,
      latitude: 12.97,
      longitude: 77.59,
      geohash: 'tdr1vzc5q',
      openTime: '07:00',
      closeTime: '22:00',
    })
    .returning({ id: t.stores.id, name: t.stores.name });
  return row!;
}

async function addStaff(zoneId: string, level: number = Level.Admin) {
  const [row] = await ctx.db
    .insert(t.users)
    .values({
      businessId: biz.id,
      zoneId,
      level,
      name: 'Zone Staff',
      email: `${randomUUID()}@example.test`,
      phone: '+91-9000000001',
      passwordHash: 'not-a-real-hash',
    })
    .returning({ id: t.users.id });
  return row!.id;
}

async function addOpenOrder(zoneId: string, store: { id: string; name: string }) {
  const [customer] = await ctx.db
    .insert(t.customers)
    .values({ businessId: biz.id, name: 'Asha Rao', phone: `9${String(Date.now()).slice(-9)}` })
    .returning({ id: t.customers.id });
  const [order] = await ctx.db
    .insert(t.orders)
    .values({
      businessId: biz.id,
      zoneId,
      storeId: store.id,
      storeName: store.name,
      customerId: customer!.id,
      customerName: 'Asha Rao',
      customerPhone: '9876543210',
      status: 0,
      state: 1,
      items: [{ itemId: randomUUID(), itemName: 'Milk', itemQuantity: 1, itemPricePaise: 5000 }],
      charges: [],
      itemsTotalPaise: 5000,
      billAmountPaise: 5000,
    })
    .returning({ id: t.orders.id });
  return order!.id;
}

describe('adding a zone', () => {
  it('answers 201 with the zone, which the list and GET then show', async () => {
    const res = await call(owner, 'POST', '/api/zones', { name: '  East  ' });
    expect(res.statusCode).toBe(201);
    const zone = res.json<Zone>();
    expect(zone).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'East',
      version: 1,
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect((await call(owner, 'GET', `/api/zones/${zone.id}`)).json()).toEqual(zone);
    expect((await call(owner, 'GET', '/api/zones?q=east')).json()).toEqual({ items: [zone], total: 1 });
  });

  it('refuses a name the business already has, in any case, with 409 on name', async () => {
    const before = await zoneRows();
    for (const name of ['North', 'NORTH', 'north', '  sOuTh ']) {
      const res = await call(owner, 'POST', '/api/zones', { name });
      expect(res.statusCode, name).toBe(409);
      expect(errorOf(res), name).toEqual(NAME_TAKEN);
    }
    expect(await zoneRows()).toEqual(before);
  });

  it("takes a name another business uses, and a deleted zone's name", async () => {
    expect((await call(rivalOwner, 'POST', '/api/zones', { name: 'East' })).statusCode).toBe(201);
    const gone = await addZone();
    expect((await call(owner, 'DELETE', `/api/zones/${gone.id}?version=1`)).statusCode).toBe(204);
    const again = await call(owner, 'POST', '/api/zones', { name: gone.name.toUpperCase() });
    expect(again.statusCode).toBe(201);
    expect(again.json<Zone>().id).not.toBe(gone.id);
  });

  it('two owners adding one name at once get one 201 and one 409, and one zone', async () => {
    const second = await signIn(ctx.app, biz.owner.email);
    for (let round = 0; round < 5; round++) {
      const name = uniqueName('Race');
      const answers = await Promise.all([
        call(owner, 'POST', '/api/zones', { name }),
        call(second, 'POST', '/api/zones', { name: name.toLowerCase() }),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(errorOf(answers.find((r) => r.statusCode === 409)!)).toEqual(NAME_TAKEN);
      const rows = (await zoneRows()).filter((z) => z.name.toLowerCase() === name.toLowerCase());
      expect(rows).toHaveLength(1);
    }
  });

  it('refuses bad input with 400 on the field at fault and writes nothing', async () => {
    const before = await zoneRows();
    const cases: Array<[unknown, Record<string, string>]> = [
      [{ name: '' }, { name: 'is required' }],
      [{ name: '   ' }, { name: 'is required' }],
      [{ name: 'x'.repeat(10_000) }, { name: 'must be at most 100 characters' }],
      [{ name: 'North\u0007East' }, { name: 'must not contain control characters' }],
      [{ name: 'Tab\there' }, { name: 'must not contain control characters' }],
      [{ name: 42 }, { name: 'Invalid input: expected string, received number' }],
      [{ name: null }, { name: 'Invalid input: expected string, received null' }],
      [{}, { name: 'Invalid input: expected string, received undefined' }],
    ];
    for (const [payload, fields] of cases) {
      const res = await call(owner, 'POST', '/api/zones', payload as object);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(errorOf(res), JSON.stringify(payload).slice(0, 40)).toEqual({
        code: 'invalid_input',
        message: 'Some fields need attention',
        fields,
      });
    }
    for (const payload of ['not json', '{"name":']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/zones',
        headers: { ...owner.headers, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(errorOf(res), payload).toEqual({
        code: 'invalid_input',
        message: 'The request body is not valid JSON',
      });
    }
    const array = await ctx.app.inject({
      method: 'POST',
      url: '/api/zones',
      headers: { ...owner.headers, 'content-type': 'application/json' },
      payload: '["North"]',
    });
    expect(array.statusCode).toBe(400);
    expect(errorOf(array).code).toBe('invalid_input');
    const form = await ctx.app.inject({
      method: 'POST',
      url: '/api/zones',
      headers: { ...owner.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=West',
    });
    expect(form.statusCode).toBe(415);
    expect(await zoneRows()).toEqual(before);
  });
});

describe('renaming a zone', () => {
  it('changes the name and bumps the version', async () => {
    const zone = await addZone();
    const res = await call(owner, 'PATCH', `/api/zones/${zone.id}`, { name: 'Renamed Zone', version: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...zone, name: 'Renamed Zone', version: 2, updatedAt: expect.any(String) });
    expect((await call(owner, 'GET', `/api/zones/${zone.id}`)).json()).toEqual(res.json());
  });

  it("may change only the case of the zone's own name, but not take another zone's", async () => {
    const zone = await addZone('Central Hub');
    const recased = await call(owner, 'PATCH', `/api/zones/${zone.id}`, { name: 'CENTRAL HUB', version: 1 });
    expect(recased.statusCode).toBe(200);
    expect(recased.json<Zone>().name).toBe('CENTRAL HUB');
    const before = await zoneRows();
    const taken = await call(owner, 'PATCH', `/api/zones/${zone.id}`, { name: 'south', version: 2 });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toEqual(NAME_TAKEN);
    expect(await zoneRows()).toEqual(before);
  });

  it('a stale version gets 409 with the zone as it is now, and changes nothing', async () => {
    const zone = await addZone();
    const first = await call(owner, 'PATCH', `/api/zones/${zone.id}`, { name: 'First Name', version: 1 });
    const now = first.json<Zone>();
    const stale = await call(owner, 'PATCH', `/api/zones/${zone.id}`, { name: 'Second Name', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale)).toEqual({
      code: 'conflict',
      message: 'This record was changed by someone else. The latest version is shown.',
      current: now,
    });
    expect((await call(owner, 'GET', `/api/zones/${zone.id}`)).json()).toEqual(now);
  });

  it('refuses bad input with 400 on the field at fault and writes nothing', async () => {
    const zone = await addZone();
    const before = await zoneRows();
    const cases: Array<[unknown, string]> = [
      [{ name: '', version: 1 }, 'name'],
      [{ name: '  ', version: 1 }, 'name'],
      [{ name: 'y'.repeat(10_000), version: 1 }, 'name'],
      [{ name: 'Bad\u0000Name', version: 1 }, 'name'],
      [{ name: 7, version: 1 }, 'name'],
      [{ name: 'Fine' }, 'version'],
      [{ name: 'Fine', version: '1' }, 'version'],
      [{ name: 'Fine', version: 1.5 }, 'version'],
      [{ name: 'Fine', version: -1 }, 'version'],
      [{ name: 'Fine', version: 2 ** 31 }, 'version'],
    ];
    for (const [payload, field] of cases) {
      const res = await call(owner, 'PATCH', `/api/zones/${zone.id}`, payload as object);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(Object.keys(errorOf(res).fields ?? {}), JSON.stringify(payload).slice(0, 40)).toEqual([field]);
    }
    expect(await zoneRows()).toEqual(before);
  });
});

describe('deleting a zone', () => {
  it('moves it to the trash: 204, gone from the list and from GET, PATCH and DELETE, and who did it is kept', async () => {
    const zone = await addZone();
    const res = await call(owner, 'DELETE', `/api/zones/${zone.id}?version=1`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const { rows } = await ctx.db.execute<{
      deleted: boolean;
      deleted_by_id: string;
      deleted_by_name: string;
      version: number;
    }>(
      sql`SELECT deleted_at IS NOT NULL AS deleted, deleted_by_id, deleted_by_name, version FROM zones WHERE id = ${zone.id}`,
    );
    expect(rows).toEqual([
      { deleted: true, deleted_by_id: biz.owner.id, deleted_by_name: biz.owner.name, version: 2 },
    ]);
    expect((await call(owner, 'GET', `/api/zones?q=${encodeURIComponent(zone.name)}`)).json()).toEqual({
      items: [],
      total: 0,
    });
    const gone = [
      await call(owner, 'GET', `/api/zones/${zone.id}`),
      await call(owner, 'PATCH', `/api/zones/${zone.id}`, { name: 'Back', version: 2 }),
      await call(owner, 'DELETE', `/api/zones/${zone.id}?version=2`),
    ];
    for (const answer of gone) {
      expect(answer.statusCode).toBe(404);
      expect(errorOf(answer)).toEqual(NOT_FOUND);
    }
  });

  it('a stale version gets 409 with the zone as it is now, and deletes nothing', async () => {
    const zone = await addZone();
    const renamed = (
      await call(owner, 'PATCH', `/api/zones/${zone.id}`, { name: uniqueName(), version: 1 })
    ).json<Zone>();
    const res = await call(owner, 'DELETE', `/api/zones/${zone.id}?version=1`);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toEqual({
      code: 'conflict',
      message: 'This record was changed by someone else. The latest version is shown.',
      current: renamed,
    });
    expect((await call(owner, 'GET', `/api/zones/${zone.id}`)).json()).toEqual(renamed);
  });

  it('refuses a missing, malformed or fractional version with 400 on version', async () => {
    const zone = await addZone();
    const before = await zoneRows();
    for (const query of ['', '?version=abc', '?version=1.5', '?version=-1', '?version=1e99']) {
      const res = await call(owner, 'DELETE', `/api/zones/${zone.id}${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(errorOf(res).fields ?? {}), query).toEqual(['version']);
    }
    expect(await zoneRows()).toEqual(before);
  });

  it('is refused while a live store is in the zone, and allowed once the store has moved', async () => {
    const zone = await addZone();
    const store = await addStore(zone.id);
    const res = await call(owner, 'DELETE', `/api/zones/${zone.id}?version=1`);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toEqual({
      code: 'conflict',
      message: 'This zone still has 1 store. Move or remove them before deleting the zone.',
      current: zone,
    });
    expect((await call(owner, 'GET', `/api/zones/${zone.id}`)).json()).toEqual(zone);
    await ctx.db.execute(sql`UPDATE stores SET zone_id = ${biz.zones[1]} WHERE id = ${store.id}`);
    expect((await call(owner, 'DELETE', `/api/zones/${zone.id}?version=1`)).statusCode).toBe(204);
  });

  it('is refused while an admin is in the zone, and allowed once that admin is deleted', async () => {
    const zone = await addZone();
    const adminId = await addStaff(zone.id, Level.Admin);
    const res = await call(owner, 'DELETE', `/api/zones/${zone.id}?version=1`);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(
      'This zone still has 1 staff member. Move or remove them before deleting the zone.',
    );
    await ctx.db.execute(sql`UPDATE users SET deleted_at = now() WHERE id = ${adminId}`);
    expect((await call(owner, 'DELETE', `/api/zones/${zone.id}?version=1`)).statusCode).toBe(204);
  });

  it('counts delivery executives as staff too', async () => {
    const zone = await addZone();
    await addStaff(zone.id, Level.DeliveryExecutive);
    await addStaff(zone.id, Level.DeliveryExecutive);
    const res = await call(owner, 'DELETE', `/api/zones/${zone.id}?version=1`);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(
      'This zone still has 2 staff members. Move or remove them before deleting the zone.',
    );
  });

  it('is refused while an open order is in the zone, even with its store deleted, and allowed once it closes', async () => {
    const zone = await addZone();
    const store = await addStore(zone.id);
    const orderId = await addOpenOrder(zone.id, store);
    await ctx.db.execute(sql`UPDATE stores SET deleted_at = now() WHERE id = ${store.id}`);
    const res = await call(owner, 'DELETE', `/api/zones/${zone.id}?version=1`);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(
      'This zone still has 1 open order. Move or remove them before deleting the zone.',
    );
    await ctx.db.execute(sql`UPDATE orders SET status = -2, state = 0 WHERE id = ${orderId}`);
    expect((await call(owner, 'DELETE', `/api/zones/${zone.id}?version=1`)).statusCode).toBe(204);
  });

  it('names everything still in the zone: the North zone has its owner, admin and delivery executive', async () => {
    const store = await addStore(biz.zones[0]);
    await addOpenOrder(biz.zones[0], store);
    const res = await call(owner, 'DELETE', `/api/zones/${biz.zones[0]}?version=1`);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(
      'This zone still has 1 store, 3 staff members and 1 open order. Move or remove them before deleting the zone.',
    );
    expect((await call(owner, 'GET', `/api/zones/${biz.zones[0]}`)).statusCode).toBe(200);
  });

  it('an empty zone is deleted at once', async () => {
    const zone = await addZone();
    expect((await call(owner, 'DELETE', `/api/zones/${zone.id}?version=1`)).statusCode).toBe(204);
  });
});

describe('who may', () => {
  it('an admin of either zone gets 403 from every zone endpoint, and nothing changes', async () => {
    const zone = await addZone();
    const before = await zoneRows();
    for (const session of [admin, southAdmin]) {
      const answers = [
        await call(session, 'GET', '/api/zones'),
        await call(session, 'POST', '/api/zones', { name: uniqueName() }),
        await call(session, 'GET', `/api/zones/${zone.id}`),
        await call(session, 'PATCH', `/api/zones/${zone.id}`, { name: uniqueName(), version: 1 }),
        await call(session, 'DELETE', `/api/zones/${zone.id}?version=1`),
        await call(session, 'GET', `/api/zones/${biz.zones[0]}`),
      ];
      for (const res of answers) {
        expect(res.statusCode).toBe(403);
        expect(errorOf(res)).toEqual(FORBIDDEN);
      }
    }
    expect(await zoneRows()).toEqual(before);
  });

  it("another business's zone is 404 for GET, PATCH and DELETE, and nothing changes", async () => {
    const before = await zoneRows();
    for (const zoneId of [rival.zones[0], randomUUID()]) {
      const answers = [
        await call(owner, 'GET', `/api/zones/${zoneId}`),
        await call(owner, 'PATCH', `/api/zones/${zoneId}`, { name: uniqueName(), version: 1 }),
        await call(owner, 'DELETE', `/api/zones/${zoneId}?version=1`),
      ];
      for (const res of answers) {
        expect(res.statusCode).toBe(404);
        expect(errorOf(res)).toEqual(NOT_FOUND);
      }
    }
    expect((await call(owner, 'GET', '/api/zones/not-a-uuid')).statusCode).toBe(404);
    expect(await zoneRows()).toEqual(before);
  });
});

describe('live events', () => {
  it('every zone write announces itself to the whole business; a delete also fills the trash', async () => {
    const zone = await addZone();
    await call(owner, 'PATCH', `/api/zones/${zone.id}`, { name: uniqueName(), version: 1 });
    await call(owner, 'DELETE', `/api/zones/${zone.id}?version=2`);
    const business = { zone_id: null, business_id: biz.id };
    expect(await eventsOf(zone.id)).toEqual([
      { topic: 'zones', action: 'created', ...business },
      { topic: 'zones', action: 'updated', ...business },
      { topic: 'zones', action: 'deleted', ...business },
      { topic: 'trash', action: 'added', ...business },
    ]);
  });

  it('a refused write announces nothing', async () => {
    const zone = await addZone();
    await addStaff(zone.id);
    await call(owner, 'PATCH', `/api/zones/${zone.id}`, { name: 'North', version: 1 });
    await call(owner, 'PATCH', `/api/zones/${zone.id}`, { name: uniqueName(), version: 9 });
    await call(owner, 'DELETE', `/api/zones/${zone.id}?version=1`);
    expect((await eventsOf(zone.id)).map((e) => e.action)).toEqual(['created']);
  });
});
