import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { auditFields } from '@storedesk/shared/audit/fields';
import type { AuditEntry, AuditLogResponse } from '@storedesk/shared/audit/schemas';
import { messages } from '@storedesk/shared/messages';
import { setRequestActor, withRequestContext } from '#server/db/actor.ts';
import type { Executor } from '#server/db/client.ts';
import * as t from '#server/db/schema.ts';
import {
  caller,
  createStaffWorld,
  createStoreWithItem,
  errorOf,
  insertOrder,
  PASSWORD,
  refusalOf,
  type Call,
  type Session,
  type StaffWorld,
} from '#test/harness.ts';

let world: StaffWorld;
let call: Call;
let owner: Session;
const ADDRESS = '203.0.113.7';

beforeAll(async () => {
  world = await createStaffWorld();
  ({ owner } = world);
  call = caller(world.ctx.app);
});
afterAll(() => world.ctx.close());

/** A write as the owner from ADDRESS, as a browser far away sends it. */
function write(session: Session, method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return world.ctx.app.inject({
    method,
    url,
    remoteAddress: ADDRESS,
    headers: session.headers,
    ...(payload === undefined ? {} : { payload }),
  });
}

/** The business's entries for one record, oldest first, as the API answers them. */
async function entriesOf(recordId: string, session = owner): Promise<AuditEntry[]> {
  const res = await call(session, 'GET', '/api/audit-log?pageSize=25');
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<AuditLogResponse>()
    .items.filter((entry) => entry.recordId === recordId)
    .reverse();
}

/** The id of an item's one variant: an item of one price is one variant of it (B17). */
async function onlyVariantOf(itemId: string): Promise<string> {
  const rows = await world.ctx.db
    .select({ id: t.itemVariants.id })
    .from(t.itemVariants)
    .where(sql`${t.itemVariants.itemId} = ${itemId}`);
  expect(rows).toHaveLength(1);
  return rows[0]!.id;
}

const byOwner = () => ({ id: world.biz.owner.id, name: world.biz.owner.name, ip: ADDRESS });
/** An entry as the API shows it, but for its id and time. */
const shape = ({ id: _, at: __, ...entry }: AuditEntry) => entry;

async function newStore(): Promise<{ id: string; version: number; name: string }> {
  const res = await write(owner, 'POST', '/api/stores', {
    name: `Audit ${randomUUID().slice(0, 6)}`,
    featured: 2,
    location: 'Jayanagar',
    description: 'Groceries',
    phone: '9876543210',
    openTime: '08:00',
    closeTime: '21:00',
    latitude: 12.93,
    longitude: 77.58,
    zoneId: world.biz.zones[0],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('what the audit log records', () => {
  it('a store edit: who, from where, and each changed field before and after', async () => {
    const store = await newStore();
    const res = await write(owner, 'PATCH', `/api/stores/${store.id}`, {
      name: 'Audited Corner',
      phone: '9123456780',
      version: store.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const entries = (await entriesOf(store.id)).map(shape);
    expect(entries.map((e) => e.action)).toEqual(['create', 'edit']);
    expect(entries[1]).toEqual({
      actor: byOwner(),
      action: 'edit',
      kind: 'store',
      recordId: store.id,
      changes: {
        name: { from: store.name, to: 'Audited Corner' },
        phone: { from: '9876543210', to: '9123456780' },
      },
    });
    expect(entries[0]!.changes.name).toEqual({ from: null, to: store.name });
    expect(Object.keys(entries[0]!.changes)).not.toContain('version');
  });

  it("an item's price change, recorded on its variant (B17)", async () => {
    const { storeId, itemId } = await createStoreWithItem(world.ctx.db, world.biz);
    const variantId = await onlyVariantOf(itemId);
    const res = await write(owner, 'PATCH', `/api/stores/${storeId}/items/${itemId}`, {
      pricePaise: 4500,
      version: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await entriesOf(variantId)).map(shape)).toEqual([
      {
        actor: byOwner(),
        action: 'edit',
        kind: 'item-variant',
        recordId: variantId,
        changes: { pricePaise: { from: 3000, to: 4500 } },
      },
    ]);
  });

  it('a zone deleted, then restored from the trash', async () => {
    const created = await write(owner, 'POST', '/api/zones', { name: `Zone ${randomUUID().slice(0, 6)}` });
    const zone = created.json<{ id: string; version: number }>();
    expect((await write(owner, 'DELETE', `/api/zones/${zone.id}?version=${zone.version}`)).statusCode).toBe(
      204,
    );
    const restored = await write(owner, 'POST', `/api/trash/zones/${zone.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    const entries = (await entriesOf(zone.id)).map(shape);
    expect(entries.map(({ action, kind, changes }) => ({ action, kind, changes }))).toEqual([
      { action: 'create', kind: 'zone', changes: { name: { from: null, to: expect.any(String) } } },
      { action: 'delete', kind: 'zone', changes: {} },
      { action: 'restore', kind: 'zone', changes: {} },
    ]);
    expect(entries.every((entry) => entry.actor.ip === ADDRESS)).toBe(true);
  });

  it('a coupon closed is a status change', async () => {
    const day = new Date().toISOString().slice(0, 10);
    const next = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const code = `AUD${randomUUID().slice(0, 5).toUpperCase().replace(/-/g, '')}`;
    const created = await write(owner, 'POST', '/api/coupons', {
      code,
      name: 'Audit',
      validFrom: day,
      expiresAt: next,
      type: 'DISCOUNT',
      discountPercent: 10,
      maxDiscountPaise: 5000,
      minOrderValuePaise: 10000,
      availStartTime: '00:00',
      availEndTime: '23:59',
      usageLimit: 10,
    });
    expect(created.statusCode, created.body).toBe(201);
    const closed = await write(owner, 'PATCH', `/api/coupons/${code}`, { usageType: 'CLOSE', version: 1 });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await entriesOf(code)).map(shape).at(-1)).toEqual({
      actor: byOwner(),
      action: 'status',
      kind: 'coupon',
      recordId: code,
      changes: { usageType: { from: 'OPEN', to: 'CLOSE' } },
    });
  });

  it("an order's status change", async () => {
    const { storeId } = await createStoreWithItem(world.ctx.db, world.biz);
    const [customer] = await world.ctx.db
      .insert(t.customers)
      .values({ businessId: world.biz.id, name: 'Asha', phone: `98${Date.now() % 100_000_000}` })
      .returning({ id: t.customers.id });
    const order = await insertOrder(
      world.ctx.db,
      { businessId: world.biz.id, zoneId: world.biz.zones[0], storeId, customerId: customer!.id },
      { billAmountPaise: 25_000 },
    );
    const res = await write(owner, 'POST', `/api/orders/${order.id}/status`, {
      status: -1,
      version: order.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await entriesOf(order.id)).map(shape)).toEqual([
      {
        actor: byOwner(),
        action: 'status',
        kind: 'order',
        recordId: order.id,
        changes: { status: { from: 0, to: -1 }, state: { from: 1, to: 0 } },
      },
    ]);
  });

  it('a customer blocked is a status change', async () => {
    const [customer] = await world.ctx.db
      .insert(t.customers)
      .values({ businessId: world.biz.id, name: 'Ravi', phone: `97${Date.now() % 100_000_000}` })
      .returning({ id: t.customers.id });
    const res = await write(owner, 'PATCH', `/api/customers/${customer!.id}`, { blocked: true });
    expect(res.statusCode, res.body).toBe(200);
    expect((await entriesOf(customer!.id)).map(shape)).toEqual([
      {
        actor: byOwner(),
        action: 'status',
        kind: 'customer',
        recordId: customer!.id,
        changes: { blockedAt: { from: null, to: expect.any(String) } },
      },
    ]);
  });

  it('a settings change, and a storefront key rotation that never shows the key', async () => {
    const save = (changes: object, version: number) =>
      write(owner, 'PUT', '/api/settings/order', {
        deliveryChargesEnabled: false,
        standardDeliveryChargesPaise: 0,
        minimumOrderPaise: 0,
        ...changes,
        version,
      });
    const first = await save({ minimumOrderPaise: 10_000 }, 0);
    expect(first.statusCode, first.body).toBe(200);
    const second = await save({ deliveryChargesEnabled: true, standardDeliveryChargesPaise: 4000 }, 1);
    expect(second.statusCode, second.body).toBe(200);
    const settingsEntries = (await entriesOf(world.biz.id)).filter((e) => e.kind === 'order-settings');
    expect(settingsEntries.map(shape)).toEqual([
      {
        actor: byOwner(),
        action: 'settings',
        kind: 'order-settings',
        recordId: world.biz.id,
        // The first save writes the business's settings row: every field is new.
        changes: {
          deliveryChargesEnabled: { from: null, to: false },
          standardDeliveryChargesPaise: { from: null, to: 0 },
          minimumOrderPaise: { from: null, to: 10_000 },
          maxOpenOrdersPerExecutive: { from: null, to: 5 },
          dispatchWaitMinutes: { from: null, to: 10 },
          printKitchenOnConfirm: { from: null, to: false },
          payWithinMinutes: { from: null, to: 15 },
          executiveFeePaise: { from: null, to: 0 },
          executiveFeePerKmPaise: { from: null, to: 0 },
        },
      },
      {
        actor: byOwner(),
        action: 'settings',
        kind: 'order-settings',
        recordId: world.biz.id,
        changes: {
          deliveryChargesEnabled: { from: false, to: true },
          minimumOrderPaise: { from: 10_000, to: 0 },
          standardDeliveryChargesPaise: { from: 0, to: 4000 },
        },
      },
    ]);

    const before = await call(owner, 'GET', '/api/settings/business');
    const rotated = await write(owner, 'POST', '/api/settings/business/storefront-key', {
      version: before.json<{ version: number }>().version,
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const rotations = (await entriesOf(world.biz.id)).filter((e) => e.kind === 'business');
    expect(rotations.map(shape)).toEqual([
      { actor: byOwner(), action: 'key-rotation', kind: 'business', recordId: world.biz.id, changes: {} },
    ]);
    const log = await world.ctx.db.execute(sql`SELECT changes::text AS c FROM audit_log`);
    const everything = log.rows.map((r) => String(r.c)).join('\n');
    expect(everything).not.toContain(world.biz.storefrontKey);
    expect(everything).not.toContain(rotated.json<{ storefrontKey: string }>().storefrontKey);
  });

  it('requiring two-step sign-in is a settings change of the business', async () => {
    const before = await call(owner, 'GET', '/api/settings/two-factor');
    const res = await write(owner, 'PUT', '/api/settings/two-factor', {
      required: true,
      version: before.json<{ version: number }>().version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const entries = (await entriesOf(world.biz.id)).filter(
      (e) => e.kind === 'business' && e.action === 'settings',
    );
    expect(entries.map(shape)).toEqual([
      {
        actor: byOwner(),
        action: 'settings',
        kind: 'business',
        recordId: world.biz.id,
        changes: { requireTwoFactor: { from: false, to: true } },
      },
    ]);
    // Back as it was, so the others here sign in with a password alone.
    const back = await write(owner, 'PUT', '/api/settings/two-factor', {
      required: false,
      version: res.json<{ version: number }>().version,
    });
    expect(back.statusCode, back.body).toBe(200);
  });

  it('a staff member added and deleted, never with a password', async () => {
    const email = `audit.${randomUUID().slice(0, 6)}@example.test`;
    const created = await write(owner, 'POST', '/api/admins', {
      name: 'Audit Admin',
      email,
      phone: '+91-9000000002',
      password: 'a-secret-password-1',
      zoneId: world.biz.zones[1],
    });
    expect(created.statusCode, created.body).toBe(201);
    const admin = created.json<{ id: string; version: number }>();
    const deleted = await write(owner, 'DELETE', `/api/admins/${admin.id}?version=${admin.version}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    const entries = (await entriesOf(admin.id)).map(shape);
    expect(entries).toEqual([
      {
        actor: byOwner(),
        action: 'create',
        kind: 'admin',
        recordId: admin.id,
        changes: {
          name: { from: null, to: 'Audit Admin' },
          email: { from: null, to: email },
          emailVerifiedAt: { from: null, to: expect.any(String) },
          phone: { from: null, to: '+91-9000000002' },
          level: { from: null, to: 2 },
          zoneId: { from: null, to: world.biz.zones[1] },
        },
      },
      { actor: byOwner(), action: 'delete', kind: 'admin', recordId: admin.id, changes: {} },
    ]);
    const text = JSON.stringify(entries);
    expect(text).not.toMatch(/password/i);
    expect(text).not.toContain('a-secret-password-1');
  });

  it("a sign-in, and a failed sign-in with the e-mail tried, from the caller's address", async () => {
    const { admin } = world.biz;
    const signedIn = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: '198.51.100.4',
      payload: { email: admin.email, password: PASSWORD },
    });
    expect(signedIn.statusCode).toBe(200);
    const failed = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: '198.51.100.5',
      payload: { email: admin.email.toUpperCase(), password: 'not-the-password' },
    });
    expect(refusalOf(failed)).toEqual({
      status: 401,
      code: 'unauthenticated',
      message: messages.badCredentials,
    });
    const unknown = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: '198.51.100.6',
      payload: { email: 'nobody@example.test', password: 'not-the-password' },
    });
    expect(unknown.statusCode).toBe(401);

    const res = await call(owner, 'GET', '/api/audit-log?kind=session&pageSize=25');
    const entries = res
      .json<AuditLogResponse>()
      .items.filter((e) => e.recordId === admin.id && e.actor.ip?.startsWith('198.51.100.'))
      .map(shape);
    expect(entries).toEqual([
      {
        actor: { id: null, name: admin.email.toUpperCase(), ip: '198.51.100.5' },
        action: 'sign-in-failed',
        kind: 'session',
        recordId: admin.id,
        changes: {},
      },
      {
        actor: { id: admin.id, name: admin.name, ip: '198.51.100.4' },
        action: 'sign-in',
        kind: 'session',
        recordId: admin.id,
        changes: {},
      },
    ]);
    const all = await world.ctx.db.execute(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE ip = '198.51.100.6'`,
    );
    expect(all.rows[0]!.n).toBe(0);
    expect(JSON.stringify(res.json())).not.toContain('not-the-password');
  });

  it('a write that fails records nothing: a stale edit, a refused name', async () => {
    const store = await newStore();
    const count = async () =>
      (
        await world.ctx.db.execute(
          sql`SELECT count(*)::int AS n FROM audit_log WHERE record_id = ${store.id}`,
        )
      ).rows[0]!.n;
    const before = await count();
    const stale = await write(owner, 'PATCH', `/api/stores/${store.id}`, { name: 'Stale', version: 99 });
    expect(stale.statusCode).toBe(409);
    const garbage = await write(owner, 'PATCH', `/api/stores/${store.id}`, {
      name: '',
      version: store.version,
    });
    expect(garbage.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('a transaction that fails after its write leaves no entry, as one that commits does', async () => {
    const { itemId } = await createStoreWithItem(world.ctx.db, world.biz);
    const variantId = await onlyVariantOf(itemId);
    const actor = { id: world.biz.owner.id, name: world.biz.owner.name, ip: ADDRESS };
    const priceIn = (paise: number) => (tx: Executor) =>
      tx.execute(sql`UPDATE item_variants SET price_paise = ${paise} WHERE id = ${variantId}`);
    const asOwner = <T>(run: () => Promise<T>) =>
      new Promise<T>((resolve, reject) =>
        withRequestContext(() => {
          setRequestActor(actor);
          run().then(resolve, reject);
        }),
      );
    await expect(
      asOwner(() =>
        world.ctx.db.transaction(async (tx) => {
          await priceIn(5000)(tx);
          throw new Error('refused after the write');
        }),
      ),
    ).rejects.toThrow('refused after the write');
    expect(await entriesOf(variantId)).toEqual([]);
    await asOwner(() => world.ctx.db.transaction(priceIn(6000)));
    expect((await entriesOf(variantId)).map((e) => [e.action, e.changes])).toEqual([
      ['edit', { pricePaise: { from: 3000, to: 6000 } }],
    ]);
  });

  it('writes by no staff member (customers, jobs) record nothing', async () => {
    const { itemId } = await createStoreWithItem(world.ctx.db, world.biz);
    const variantId = await onlyVariantOf(itemId);
    await world.ctx.db.execute(sql`UPDATE item_variants SET price_paise = 9900 WHERE id = ${variantId}`);
    await world.ctx.db.execute(sql`UPDATE items SET veg = NOT veg WHERE id = ${itemId}`);
    expect((await entriesOf(variantId)).length).toBe(0);
    expect((await entriesOf(itemId)).length).toBe(0);
  });
});

describe('GET /api/audit-log', () => {
  it("filters by person, kind and days of the business's time zone, newest first, paged", async () => {
    const { southAdmin } = world;
    const store = await world.ctx.db
      .select({ id: t.stores.id, version: t.stores.version })
      .from(t.stores)
      .where(sql`${t.stores.businessId} = ${world.biz.id} AND ${t.stores.zoneId} = ${world.biz.zones[1]}`)
      .limit(1);
    let target = store[0];
    if (!target) {
      const created = await write(owner, 'POST', '/api/stores', {
        name: `South ${randomUUID().slice(0, 6)}`,
        featured: 2,
        location: 'South',
        description: 'Groceries',
        phone: '9876543210',
        openTime: '08:00',
        closeTime: '21:00',
        latitude: 12.93,
        longitude: 77.58,
        zoneId: world.biz.zones[1],
      });
      target = created.json();
    }
    const edited = await write(southAdmin, 'PATCH', `/api/stores/${target!.id}`, {
      description: 'Edited by the south',
      version: target!.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const byAdmin = await call(owner, 'GET', `/api/audit-log?actorId=${world.biz.otherAdmin.id}&kind=store`);
    expect(byAdmin.statusCode).toBe(200);
    const body = byAdmin.json<AuditLogResponse>();
    expect(body.total).toBe(1);
    expect(body.items.map((e) => [e.actor.name, e.action, e.kind, e.recordId])).toEqual([
      [world.biz.otherAdmin.name, 'edit', 'store', target!.id],
    ]);

    // Today in the business's time zone (Asia/Kolkata) holds every entry; tomorrow none.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const all = (await call(owner, 'GET', '/api/audit-log')).json<AuditLogResponse>();
    const inToday = (
      await call(owner, 'GET', `/api/audit-log?from=${today}&to=${today}`)
    ).json<AuditLogResponse>();
    expect(inToday.total).toBe(all.total);
    const inTomorrow = (await call(owner, 'GET', `/api/audit-log?from=${tomorrow}`)).json<AuditLogResponse>();
    expect(inTomorrow).toEqual({ items: [], total: 0, names: {} });

    const page = (await call(owner, 'GET', '/api/audit-log?page=1&pageSize=5')).json<AuditLogResponse>();
    expect(page.items.map((e) => e.id)).toEqual(
      (await call(owner, 'GET', '/api/audit-log?pageSize=25'))
        .json<AuditLogResponse>()
        .items.slice(5, 10)
        .map((e) => e.id),
    );
    const times = all.items.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('names the people of the log for the filter', async () => {
    const res = await call(owner, 'GET', '/api/audit-log/actors');
    expect(res.statusCode).toBe(200);
    const names = res.json<{ items: { id: string; name: string }[] }>().items.map((a) => a.id);
    expect(names).toContain(world.biz.owner.id);
    expect(names).not.toContain(world.rival.owner.id);
  });

  it("is the owner's: an admin gets 403", async () => {
    for (const url of ['/api/audit-log', '/api/audit-log/actors']) {
      expect(refusalOf(await call(world.admin, 'GET', url))).toEqual({
        status: 403,
        code: 'forbidden',
        message: messages.forbidden,
      });
    }
  });

  it('names the records its changes name by id, the business’s own only, removed ones too', async () => {
    const rivalOwnerId = world.rival.owner.id;
    const zoneId = world.biz.zones[0]!;
    const [zone] = await world.ctx.db
      .select({ name: t.zones.name })
      .from(t.zones)
      .where(sql`id = ${zoneId}`);
    const recordId = randomUUID();
    await world.ctx.db.insert(t.auditLog).values({
      businessId: world.biz.id,
      actorId: world.biz.owner.id,
      actorName: world.biz.owner.name,
      ip: ADDRESS,
      action: 'edit',
      kind: 'admin',
      recordId,
      changes: {
        zoneId: { from: zoneId, to: rivalOwnerId },
        note: { from: world.biz.admin.id.toUpperCase(), to: 'not an id' },
      },
    });
    const res = await call(owner, 'GET', '/api/audit-log?pageSize=25');
    expect(res.statusCode, res.body).toBe(200);
    const { names } = res.json<AuditLogResponse>();
    expect(names[zoneId]).toBe(zone!.name);
    expect(names[world.biz.admin.id]).toBe(world.biz.admin.name);
    // Another business's record is not named, even when an entry holds its id.
    expect(names[rivalOwnerId]).toBeUndefined();
  });

  it("never shows another business's entries, even filtered by its people", async () => {
    const rivalLog = await call(world.rivalOwner, 'GET', '/api/audit-log?pageSize=25');
    const items = rivalLog.json<AuditLogResponse>().items;
    expect(items.some((e) => e.actor.id === world.biz.owner.id)).toBe(false);
    const leak = await call(world.rivalOwner, 'GET', `/api/audit-log?actorId=${world.biz.owner.id}`);
    expect(leak.json()).toEqual({ items: [], total: 0, names: {} });
  });

  it('answers garbage with 400 and the fields at fault', async () => {
    const res = await call(
      owner,
      'GET',
      '/api/audit-log?actorId=someone&kind=planet&from=2026-02-30&to=yesterday&pageSize=7&page=-1',
    );
    expect(res.statusCode).toBe(400);
    expect(Object.keys(errorOf(res).fields ?? {}).sort()).toEqual(
      ['actorId', 'from', 'kind', 'page', 'pageSize', 'to'].sort(),
    );
    const backwards = await call(owner, 'GET', '/api/audit-log?from=2026-03-02&to=2026-03-01');
    expect(refusalOf(backwards)).toMatchObject({ status: 400, fields: { to: 'must be on or after from' } });
  });
});

describe('the fields the audit log records', () => {
  it('are the shared list the console names, column for column', async () => {
    // Every column of a table whose trigger records it, less those never recorded, as the API spells it.
    const { rows } = await world.ctx.db.execute<{ field: string }>(sql`
      SELECT DISTINCT audit_field(c.column_name) AS field
      FROM information_schema.columns c
      WHERE c.table_schema = current_schema() AND NOT audit_hidden(c.column_name)
        AND c.table_name IN (
          SELECT event_object_table FROM information_schema.triggers
          WHERE trigger_schema = current_schema() AND action_statement LIKE '%audit_record%')
      ORDER BY 1`);
    expect(rows.map((row) => row.field).sort()).toEqual([...auditFields].sort());
  });
});
