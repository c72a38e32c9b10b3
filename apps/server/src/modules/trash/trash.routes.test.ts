import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Category, Item } from '@storedesk/shared/catalogue/schemas';
import type { Store } from '@storedesk/shared/stores/schemas';
import { messages } from '@storedesk/shared/messages';
import {
  restoreParentFirstMessage,
  restoreZoneFirstMessage,
  type TrashEntry,
} from '@storedesk/shared/trash/schemas';
import { closeOpenStreams, openStream } from '#test/sse.ts';
import {
  caller,
  createStaffWorld,
  errorOf,
  type Call,
  type Session,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';

let ctx: TestApp;
let call: Call;
let biz: TestBusiness;
let owner: Session;
let admin: Session;
let southAdmin: Session;
let rivalOwner: Session;

async function created<T>(session: Session, url: string, payload: object): Promise<T> {
  const res = await call(session, 'POST', url, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<T>();
}

const newStore = (session: Session, name = `Store ${randomUUID().slice(0, 6)}`) =>
  created<Store>(session, '/api/stores', {
    name,
    featured: 2,
    location: 'Jayanagar',
    description: 'Groceries',
    phone: '9876543210',
    openTime: '08:00',
    closeTime: '21:00',
    latitude: 12.93,
    longitude: 77.58,
  });

beforeAll(async () => {
  ({ ctx, biz, owner, admin, southAdmin, rivalOwner } = await createStaffWorld());
  call = caller(ctx.app);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  closeOpenStreams();
  for (let waited = 0; ctx.hub.size > 0 && waited < 2000; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  ctx.app.server.closeAllConnections();
  await ctx.close();
});

describe('undo of a delete', () => {
  it('brings a store back into its lists, with a new version', async () => {
    const store = await newStore(admin, `Undo ${randomUUID().slice(0, 6)}`);
    await call(admin, 'DELETE', `/api/stores/${store.id}?version=1`);
    expect((await call(admin, 'GET', `/api/stores?q=${encodeURIComponent(store.name)}`)).json().total).toBe(
      0,
    );
    const undo = await call(admin, 'POST', `/api/trash/stores/${store.id}/restore`);
    expect(undo.statusCode).toBe(200);
    expect(undo.json()).toEqual({ kind: 'stores', id: store.id });
    const back = (await call(admin, 'GET', `/api/stores?q=${encodeURIComponent(store.name)}`)).json();
    expect(back.items.map((s: Store) => [s.id, s.version])).toEqual([[store.id, 3]]);
    // Restoring what is not in the trash finds nothing.
    expect((await call(admin, 'POST', `/api/trash/stores/${store.id}/restore`)).statusCode).toBe(404);
  });

  it('brings a category back, and its items show it again', async () => {
    const store = await newStore(admin);
    const category = await created<Category>(admin, `/api/stores/${store.id}/categories`, { name: 'Spices' });
    const item = await created<Item>(admin, `/api/stores/${store.id}/items`, {
      name: 'Cardamom',
      categoryId: category.id,
      featured: 0,
      pricePaise: 9900,
    });
    await call(admin, 'DELETE', `/api/stores/${store.id}/categories/${category.id}?version=1`);
    expect((await call(admin, 'POST', `/api/trash/categories/${category.id}/restore`)).statusCode).toBe(200);
    const again = (await call(admin, 'GET', `/api/stores/${store.id}/items/${item.id}`)).json();
    expect(again).toMatchObject({ categoryId: category.id, categoryName: 'Spices' });
    await call(admin, 'DELETE', `/api/stores/${store.id}/items/${item.id}?version=1`);
    expect((await call(admin, 'POST', `/api/trash/items/${item.id}/restore`)).statusCode).toBe(200);
    expect((await call(admin, 'GET', `/api/stores/${store.id}/items/${item.id}`)).statusCode).toBe(200);
  });

  it('is out of reach for another zone, another business, and after 30 days', async () => {
    const store = await newStore(admin);
    await call(admin, 'DELETE', `/api/stores/${store.id}?version=1`);
    expect((await call(southAdmin, 'POST', `/api/trash/stores/${store.id}/restore`)).statusCode).toBe(404);
    expect((await call(rivalOwner, 'POST', `/api/trash/stores/${store.id}/restore`)).statusCode).toBe(404);
    await ctx.db.execute(
      sql`UPDATE stores SET deleted_at = now() - interval '31 days' WHERE id = ${store.id}`,
    );
    expect((await call(owner, 'POST', `/api/trash/stores/${store.id}/restore`)).statusCode).toBe(404);
    const row = await ctx.db.execute<{ deleted: boolean }>(
      sql`SELECT deleted_at IS NOT NULL AS deleted FROM stores WHERE id = ${store.id}`,
    );
    expect(row.rows[0]!.deleted).toBe(true);
  });

  it('keeps the catalogue of a deleted store in the trash until the store is back', async () => {
    const store = await newStore(admin);
    const category = await created<Category>(admin, `/api/stores/${store.id}/categories`, { name: 'Gone' });
    await call(admin, 'DELETE', `/api/stores/${store.id}/categories/${category.id}?version=1`);
    await call(admin, 'DELETE', `/api/stores/${store.id}?version=1`);
    const refused = await call(admin, 'POST', `/api/trash/categories/${category.id}/restore`);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toEqual({ code: 'conflict', message: restoreParentFirstMessage(store.name) });
    await call(admin, 'POST', `/api/trash/stores/${store.id}/restore`);
    expect((await call(admin, 'POST', `/api/trash/categories/${category.id}/restore`)).statusCode).toBe(200);
  });

  it('leaves slides and zones to the owner, and refuses unknown kinds and ids', async () => {
    expect((await call(admin, 'POST', `/api/trash/zones/${biz.zones[1]}/restore`)).statusCode).toBe(403);
    expect((await call(admin, 'POST', `/api/trash/slides/${randomUUID()}/restore`)).statusCode).toBe(403);
    expect((await call(owner, 'POST', `/api/trash/zones/${biz.zones[1]}/restore`)).statusCode).toBe(404);
    expect((await call(owner, 'POST', `/api/trash/orders/${randomUUID()}/restore`)).statusCode).toBe(404);
    expect((await call(owner, 'POST', '/api/trash/stores/nope/restore')).statusCode).toBe(404);
  });
});

type Page = { items: TrashEntry[]; total: number };

const listTrash = async (session: Session, query: string): Promise<Page> => {
  const res = await call(session, 'GET', `/api/trash?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page>();
};

/** A tag that makes a test's names its own, so its searches see only its records. */
const tagged = () => `t${randomUUID().slice(0, 8)}`;

/** The live events the business recorded after `since`, oldest first. */
async function eventsSince(since: number) {
  const { rows } = await ctx.db.execute<{ topic: string; action: string; record_id: string | null }>(sql`
    SELECT topic, action, record_id FROM events WHERE business_id = ${biz.id} AND id > ${since} ORDER BY id`);
  return rows.map((row) => [row.topic, row.action, row.record_id]);
}

async function lastEventId() {
  const { rows } = await ctx.db.execute<{ id: number | null }>(sql`SELECT max(id) AS id FROM events`);
  return rows[0]!.id ?? 0;
}

async function deletedBy(table: 'stores' | 'categories' | 'items', id: string) {
  const { rows } = await ctx.db.execute<{ by_id: string | null; by_name: string | null }>(
    sql`SELECT deleted_by_id AS by_id, deleted_by_name AS by_name FROM ${sql.identifier(table)} WHERE id = ${id}`,
  );
  return rows[0]!;
}

/** A zone of the business in the trash since `daysAgo` days, written as the zones screen would leave it. */
async function trashedZone(name: string, daysAgo = 1) {
  const { rows } = await ctx.db.execute<{ id: string }>(sql`
    INSERT INTO zones (business_id, name, deleted_at, deleted_by_id, deleted_by_name)
    VALUES (${biz.id}, ${name}, now() - make_interval(days => ${daysAgo}), ${biz.owner.id}, ${biz.owner.name})
    RETURNING id`);
  return rows[0]!.id;
}

describe('GET /api/trash', () => {
  it("lists the business's deletions newest first, with each one's store and who deleted it", async () => {
    const tag = tagged();
    const store = await newStore(admin, `${tag} Store`);
    const category = await created<Category>(admin, `/api/stores/${store.id}/categories`, {
      name: `${tag} Category`,
    });
    const item = await created<Item>(admin, `/api/stores/${store.id}/items`, {
      name: `${tag} Item`,
      categoryId: category.id,
      featured: 0,
      pricePaise: 1000,
    });
    await call(admin, 'DELETE', `/api/stores/${store.id}/items/${item.id}?version=1`);
    await call(owner, 'DELETE', `/api/stores/${store.id}/categories/${category.id}?version=1`);
    await call(admin, 'DELETE', `/api/stores/${store.id}?version=1`);
    const zoneId = await trashedZone(`${tag} Zone`);
    // The zone's deletion is the oldest: a day ago.
    const page = await listTrash(owner, `q=${tag}`);
    expect(page.total).toBe(4);
    expect(page.items.map(({ deletedAt: _deletedAt, ...rest }) => rest)).toEqual([
      {
        kind: 'stores',
        id: store.id,
        name: `${tag} Store`,
        storeId: null,
        storeName: null,
        deletedBy: biz.admin.name,
      },
      {
        kind: 'categories',
        id: category.id,
        name: `${tag} Category`,
        storeId: store.id,
        storeName: `${tag} Store`,
        deletedBy: biz.owner.name,
      },
      {
        kind: 'items',
        id: item.id,
        name: `${tag} Item`,
        storeId: store.id,
        storeName: `${tag} Store`,
        deletedBy: biz.admin.name,
      },
      {
        kind: 'zones',
        id: zoneId,
        name: `${tag} Zone`,
        storeId: null,
        storeName: null,
        deletedBy: biz.owner.name,
      },
    ]);
    const times = page.items.map((entry) => Date.parse(entry.deletedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(Date.now() - times[0]!).toBeLessThan(60_000);
  });

  it('keeps one kind, and pages what it keeps', async () => {
    const tag = tagged();
    const store = await newStore(admin, `${tag} Shelf`);
    const category = await created<Category>(admin, `/api/stores/${store.id}/categories`, {
      name: `${tag} Tea`,
    });
    const names = ['a', 'b', 'c', 'd', 'e', 'f'].map((n) => `${tag} Item ${n}`);
    for (const name of names) {
      const item = await created<Item>(admin, `/api/stores/${store.id}/items`, {
        name,
        categoryId: category.id,
        featured: 0,
        pricePaise: 500,
      });
      await call(admin, 'DELETE', `/api/stores/${store.id}/items/${item.id}?version=1`);
    }
    await call(admin, 'DELETE', `/api/stores/${store.id}/categories/${category.id}?version=1`);

    const first = await listTrash(owner, `q=${tag}&kind=items&pageSize=5`);
    expect(first.total).toBe(6);
    expect(first.items.map((e) => e.name)).toEqual([...names].reverse().slice(0, 5));
    const second = await listTrash(owner, `q=${tag}&kind=items&pageSize=5&page=1`);
    expect(second).toMatchObject({ total: 6 });
    expect(second.items.map((e) => e.name)).toEqual([names[0]]);
    // A page past the end still says how many there are.
    expect(await listTrash(owner, `q=${tag}&kind=items&pageSize=5&page=2`)).toEqual({ items: [], total: 6 });
    const onlyCategories = await listTrash(owner, `q=${tag}&kind=categories`);
    expect(onlyCategories.items.map((e) => [e.kind, e.name])).toEqual([['categories', `${tag} Tea`]]);
    expect(await listTrash(owner, `q=${tag}&kind=stores`)).toEqual({ items: [], total: 0 });
  });

  it('searches names whatever their case, taking % and _ literally, slides by their title', async () => {
    const tag = tagged();
    const percent = await newStore(admin, `${tag} Sale 50% Off`);
    const plain = await newStore(admin, `${tag} Sale 500 Off`);
    const underscore = await newStore(admin, `${tag} Aisle_7`);
    const letter = await newStore(admin, `${tag} AisleX7`);
    for (const store of [percent, plain, underscore, letter]) {
      await call(admin, 'DELETE', `/api/stores/${store.id}?version=1`);
    }
    await ctx.db.execute(sql`INSERT INTO slides (business_id, title, position, deleted_at, deleted_by_name)
      VALUES (${biz.id}, ${`${tag} Mango Festival`}, 3, now(), ${biz.owner.name})`);

    const names = async (q: string) =>
      (await listTrash(owner, `q=${encodeURIComponent(q)}`)).items.map((e) => e.name).sort();
    expect(await names(`${tag} sale 50%`)).toEqual([`${tag} Sale 50% Off`]);
    expect(await names(`${tag} SALE 50`)).toEqual([`${tag} Sale 50% Off`, `${tag} Sale 500 Off`]);
    expect(await names(`${tag} aisle_`)).toEqual([`${tag} Aisle_7`]);
    expect(await names(`${tag} mango`)).toEqual([`${tag} Mango Festival`]);
    const slide = (await listTrash(owner, `q=${tag}%20mango&kind=slides`)).items;
    expect(slide).toMatchObject([
      { kind: 'slides', name: `${tag} Mango Festival`, deletedBy: biz.owner.name },
    ]);
    expect(await names(`${tag} nothing of the sort`)).toEqual([]);
  });

  it('shows the last 30 days only: 29 days ago is listed, 31 is not', async () => {
    const tag = tagged();
    const recent = await newStore(admin, `${tag} Recent`);
    const old = await newStore(admin, `${tag} Old`);
    await call(admin, 'DELETE', `/api/stores/${recent.id}?version=1`);
    await call(admin, 'DELETE', `/api/stores/${old.id}?version=1`);
    await ctx.db.execute(
      sql`UPDATE stores SET deleted_at = now() - interval '29 days' WHERE id = ${recent.id}`,
    );
    await ctx.db.execute(sql`UPDATE stores SET deleted_at = now() - interval '31 days' WHERE id = ${old.id}`);
    const page = await listTrash(owner, `q=${tag}`);
    expect(page.items.map((e) => e.name)).toEqual([`${tag} Recent`]);
    expect(page.total).toBe(1);
    expect((await call(owner, 'POST', `/api/trash/stores/${recent.id}/restore`)).statusCode).toBe(200);
    expect((await call(owner, 'POST', `/api/trash/stores/${old.id}/restore`)).statusCode).toBe(404);
  });

  it("is the owner's: an admin is refused, and a rival owner sees none of ours", async () => {
    const tag = tagged();
    const store = await newStore(admin, `${tag} Ours`);
    await call(admin, 'DELETE', `/api/stores/${store.id}?version=1`);
    const res = await call(admin, 'GET', '/api/trash');
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toEqual({ code: 'forbidden', message: messages.forbidden });
    expect((await call(southAdmin, 'GET', `/api/trash?q=${tag}`)).statusCode).toBe(403);
    expect(await listTrash(rivalOwner, '')).toEqual({ items: [], total: 0 });
    expect(await listTrash(rivalOwner, `q=${tag}`)).toEqual({ items: [], total: 0 });
    expect((await listTrash(owner, `q=${tag}`)).total).toBe(1);
  });

  it.each([
    ['kind=bogus', 'kind'],
    ['kind=orders', 'kind'],
    ['pageSize=7', 'pageSize'],
    ['pageSize=ten', 'pageSize'],
    ['page=-1', 'page'],
    [`q=${'x'.repeat(101)}`, 'q'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    const res = await call(owner, 'GET', `/api/trash?${query}`);
    expect(res.statusCode).toBe(400);
    const error = errorOf(res);
    expect(error.code).toBe('invalid_input');
    expect(Object.keys(error.fields ?? {})).toEqual([field]);
  });
});

describe('restore refused', () => {
  it("waits for an item's store (409 with its name), then brings the item back once the store is", async () => {
    const tag = tagged();
    const store = await newStore(admin, `${tag} Parent`);
    const item = await created<Item>(admin, `/api/stores/${store.id}/items`, {
      name: `${tag} Child`,
      categoryId: (await created<Category>(admin, `/api/stores/${store.id}/categories`, { name: 'Any' })).id,
      featured: 0,
      pricePaise: 2500,
    });
    await call(admin, 'DELETE', `/api/stores/${store.id}/items/${item.id}?version=1`);
    await call(admin, 'DELETE', `/api/stores/${store.id}?version=1`);
    const before = await lastEventId();

    const refused = await call(admin, 'POST', `/api/trash/items/${item.id}/restore`);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toEqual({
      code: 'conflict',
      message: restoreParentFirstMessage(`${tag} Parent`),
    });
    expect(errorOf(refused).message).toBe(`Restore the store “${tag} Parent” first: it is in the trash too.`);
    // Nothing changed: the item is still in the trash, and no event went out.
    expect(await deletedBy('items', item.id)).toEqual({ by_id: biz.admin.id, by_name: biz.admin.name });
    expect(await eventsSince(before)).toEqual([]);
    // Another zone's admin learns nothing of the store, not even its name.
    expect((await call(southAdmin, 'POST', `/api/trash/items/${item.id}/restore`)).statusCode).toBe(404);

    expect((await call(admin, 'POST', `/api/trash/stores/${store.id}/restore`)).statusCode).toBe(200);
    const back = await call(admin, 'POST', `/api/trash/items/${item.id}/restore`);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toEqual({ kind: 'items', id: item.id });
    expect((await call(admin, 'GET', `/api/stores/${store.id}/items/${item.id}`)).json()).toMatchObject({
      id: item.id,
      name: `${tag} Child`,
    });
  });

  it('answers 404 for a catalogue record whose store has left the trash for good', async () => {
    const store = await newStore(admin);
    const category = await created<Category>(admin, `/api/stores/${store.id}/categories`, { name: 'Late' });
    await call(admin, 'DELETE', `/api/stores/${store.id}/categories/${category.id}?version=1`);
    await call(admin, 'DELETE', `/api/stores/${store.id}?version=1`);
    await ctx.db.execute(
      sql`UPDATE stores SET deleted_at = now() - interval '31 days' WHERE id = ${store.id}`,
    );
    const res = await call(owner, 'POST', `/api/trash/categories/${category.id}/restore`);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toEqual({ code: 'not_found', message: messages.notFound });
  });

  it('keeps a zone whose name a live zone took in the trash (409), and restores it once the name is free', async () => {
    const tag = tagged();
    const zoneId = await trashedZone(`${tag} East`);
    // A live zone took the name since, in another case.
    const { rows } = await ctx.db.execute<{ id: string }>(
      sql`INSERT INTO zones (business_id, name) VALUES (${biz.id}, ${`${tag} EAST`}) RETURNING id`,
    );
    const before = await lastEventId();
    const refused = await call(owner, 'POST', `/api/trash/zones/${zoneId}/restore`);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toEqual({ code: 'conflict', message: messages.zoneNameTaken });
    const zone = async () =>
      (
        await ctx.db.execute<{ deleted: boolean; by: string | null; version: number }>(
          sql`SELECT deleted_at IS NOT NULL AS deleted, deleted_by_name AS by, version FROM zones WHERE id = ${zoneId}`,
        )
      ).rows[0]!;
    expect(await zone()).toEqual({ deleted: true, by: biz.owner.name, version: 1 });
    expect(await eventsSince(before)).toEqual([]);
    expect((await listTrash(owner, `q=${tag}&kind=zones`)).items.map((e) => e.id)).toEqual([zoneId]);

    await ctx.db.execute(sql`UPDATE zones SET name = ${`${tag} West`} WHERE id = ${rows[0]!.id}`);
    expect((await call(owner, 'POST', `/api/trash/zones/${zoneId}/restore`)).statusCode).toBe(200);
    expect(await zone()).toEqual({ deleted: false, by: null, version: 2 });
    expect(await eventsSince(before)).toEqual([
      ['zones', 'restored', zoneId],
      ['trash', 'removed', zoneId],
    ]);
  });

  it("waits for a store's zone when the zone is in the trash too", async () => {
    const tag = tagged();
    const zoneId = await trashedZone(`${tag} Harbour`);
    const store = await newStore(admin, `${tag} Dockside`);
    await ctx.db.execute(sql`UPDATE stores SET zone_id = ${zoneId} WHERE id = ${store.id}`);
    await call(owner, 'DELETE', `/api/stores/${store.id}?version=1`);
    const refused = await call(owner, 'POST', `/api/trash/stores/${store.id}/restore`);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toEqual({
      code: 'conflict',
      message: restoreZoneFirstMessage(`${tag} Harbour`),
    });
    expect(await deletedBy('stores', store.id)).toEqual({ by_id: biz.owner.id, by_name: biz.owner.name });
    expect((await call(owner, 'POST', `/api/trash/zones/${zoneId}/restore`)).statusCode).toBe(200);
    expect((await call(owner, 'POST', `/api/trash/stores/${store.id}/restore`)).statusCode).toBe(200);
  });
});

describe('who deleted it', () => {
  it('is kept on a store, category and item delete, and forgotten on restore', async () => {
    const store = await newStore(admin);
    const category = await created<Category>(admin, `/api/stores/${store.id}/categories`, { name: 'Rice' });
    const item = await created<Item>(admin, `/api/stores/${store.id}/items`, {
      name: 'Basmati',
      categoryId: category.id,
      featured: 0,
      pricePaise: 12000,
    });
    expect(
      (await call(admin, 'DELETE', `/api/stores/${store.id}/items/${item.id}?version=1`)).statusCode,
    ).toBe(204);
    expect(
      (await call(owner, 'DELETE', `/api/stores/${store.id}/categories/${category.id}?version=1`)).statusCode,
    ).toBe(204);
    expect(await deletedBy('items', item.id)).toEqual({ by_id: biz.admin.id, by_name: biz.admin.name });
    expect(await deletedBy('categories', category.id)).toEqual({
      by_id: biz.owner.id,
      by_name: biz.owner.name,
    });
    const before = await lastEventId();
    expect((await call(admin, 'POST', `/api/trash/items/${item.id}/restore`)).statusCode).toBe(200);
    expect((await call(admin, 'POST', `/api/trash/categories/${category.id}/restore`)).statusCode).toBe(200);
    expect(await deletedBy('items', item.id)).toEqual({ by_id: null, by_name: null });
    expect(await deletedBy('categories', category.id)).toEqual({ by_id: null, by_name: null });
    expect(await eventsSince(before)).toEqual([
      ['catalogue', 'restored', store.id],
      ['trash', 'removed', item.id],
      ['catalogue', 'restored', store.id],
      ['trash', 'removed', category.id],
    ]);

    expect((await call(admin, 'DELETE', `/api/stores/${store.id}?version=1`)).statusCode).toBe(204);
    expect(await deletedBy('stores', store.id)).toEqual({ by_id: biz.admin.id, by_name: biz.admin.name });
    expect((await call(owner, 'POST', `/api/trash/stores/${store.id}/restore`)).statusCode).toBe(200);
    expect(await deletedBy('stores', store.id)).toEqual({ by_id: null, by_name: null });
  });

  it('announces a category or item delete to the trash list', async () => {
    const store = await newStore(admin);
    const category = await created<Category>(admin, `/api/stores/${store.id}/categories`, { name: 'Oil' });
    const item = await created<Item>(admin, `/api/stores/${store.id}/items`, {
      name: 'Groundnut oil',
      categoryId: category.id,
      featured: 0,
      pricePaise: 18000,
    });
    const before = await lastEventId();
    await call(admin, 'DELETE', `/api/stores/${store.id}/items/${item.id}?version=1`);
    await call(admin, 'DELETE', `/api/stores/${store.id}/categories/${category.id}?version=1`);
    expect(await eventsSince(before)).toEqual([
      ['catalogue', 'item.deleted', store.id],
      ['trash', 'added', item.id],
      ['catalogue', 'category.deleted', store.id],
      ['trash', 'added', category.id],
    ]);
  });
});

describe('who hears of it', () => {
  it("tells a store's, category's and item's trash to its zone's staff and the owner, never to another zone's", async () => {
    const [ownerStream, northStream, southStream] = await Promise.all([
      openStream(ctx.app, owner.headers),
      openStream(ctx.app, admin.headers),
      openStream(ctx.app, southAdmin.headers),
    ]);
    const store = await newStore(admin);
    const category = await created<Category>(admin, `/api/stores/${store.id}/categories`, { name: 'Dal' });
    const item = await created<Item>(admin, `/api/stores/${store.id}/items`, {
      name: 'Toor dal',
      categoryId: category.id,
      featured: 0,
      pricePaise: 14000,
    });
    for (const [method, url] of [
      ['DELETE', `/api/stores/${store.id}/items/${item.id}?version=1`],
      ['DELETE', `/api/stores/${store.id}/categories/${category.id}?version=1`],
      ['DELETE', `/api/stores/${store.id}?version=1`],
      ['POST', `/api/trash/stores/${store.id}/restore`],
      ['POST', `/api/trash/categories/${category.id}/restore`],
      ['POST', `/api/trash/items/${item.id}/restore`],
    ] as const) {
      expect((await call(admin, method, url)).statusCode).toBeLessThan(300);
    }
    // A zone is the whole business's: its trash still reaches every admin, and marks the end.
    const zoneId = await trashedZone(`${tagged()} Marker`);
    expect((await call(owner, 'POST', `/api/trash/zones/${zoneId}/restore`)).statusCode).toBe(200);

    const trashOf = (messages: typeof ownerStream.messages) =>
      messages
        .filter((m) => m.data.topic === 'trash')
        .map((m) => [m.data.action, m.data.recordId, m.data.zoneId]);
    const north = biz.zones[0];
    const expected = [
      ['added', item.id, north],
      ['added', category.id, north],
      ['added', store.id, north],
      ['removed', store.id, north],
      ['removed', category.id, north],
      ['removed', item.id, north],
      ['removed', zoneId, null],
    ];
    for (const stream of [ownerStream, northStream, southStream]) await stream.waitForRecord(zoneId);
    expect(trashOf(ownerStream.messages)).toEqual(expected);
    expect(trashOf(northStream.messages)).toEqual(expected);
    expect(trashOf(southStream.messages)).toEqual([['removed', zoneId, null]]);
    const northRecords = new Set([store.id, category.id, item.id]);
    expect(southStream.messages.filter((m) => northRecords.has(m.data.recordId ?? ''))).toEqual([]);
  });
});
