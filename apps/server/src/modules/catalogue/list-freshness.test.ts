/**
 * The store and item lists page from copies held in memory (lib/list-index.ts).
 * Whoever writes, and however, the next list a client reads shows the change:
 * in its rows, its order, its searches and its total.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Category, Item } from '@storedesk/shared/catalogue/schemas';
import type { Store } from '@storedesk/shared/stores/schemas';
import {
  caller,
  createStaffWorld,
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

beforeAll(async () => {
  ({ ctx, biz, owner, admin, southAdmin, rivalOwner } = await createStaffWorld());
  call = caller(ctx.app);
});
afterAll(() => ctx.close());

async function created<T>(session: Session, url: string, payload: object): Promise<T> {
  const res = await call(session, 'POST', url, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<T>();
}

async function ok<T>(session: Session, method: 'POST' | 'PATCH', url: string, payload?: object): Promise<T> {
  const res = await call(session, method, url, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

const tag = () => randomUUID().slice(0, 6);

const newStore = (session: Session, name: string, zoneId?: string) =>
  created<Store>(session, '/api/stores', {
    name,
    featured: 1,
    location: 'Koramangala',
    description: 'Groceries',
    phone: '9876543210',
    openTime: '08:00',
    closeTime: '21:00',
    latitude: 12.93,
    longitude: 77.62,
    ...(zoneId ? { zoneId } : {}),
  });

/** A store of the north zone with a category and items of these names. */
async function stocked(itemNames: string[], zoneId = biz.zones[0]) {
  const store = await newStore(owner, `Stocked ${tag()}`, zoneId);
  const category = await created<Category>(owner, `/api/stores/${store.id}/categories`, { name: 'All' });
  const items: Record<string, Item> = {};
  for (const name of itemNames) {
    items[name] = await created<Item>(owner, `/api/stores/${store.id}/items`, {
      name,
      categoryId: category.id,
      featured: 0,
      pricePaise: 10_000,
    });
  }
  return { store, category, items };
}

type Listed = { names: string[]; total: number };

async function listItems(session: Session, storeId: string, query = ''): Promise<Listed> {
  const res = await call(session, 'GET', `/api/stores/${storeId}/items${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ items: Item[]; total: number }>();
  return { names: body.items.map((item) => item.name), total: body.total };
}

async function listStores(session: Session, query = ''): Promise<Listed> {
  const res = await call(session, 'GET', `/api/stores${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ items: Store[]; total: number }>();
  return { names: body.items.map((store) => store.name), total: body.total };
}

const q = (text: string) => `q=${encodeURIComponent(text)}`;

const itemListVersion = async (storeId: string) =>
  (await ctx.db.execute<{ v: number }>(sql`SELECT item_list_version AS v FROM stores WHERE id = ${storeId}`))
    .rows[0]!.v;

const storeListVersion = async (businessId: string) =>
  (
    await ctx.db.execute<{ v: number }>(
      sql`SELECT store_list_version AS v FROM businesses WHERE id = ${businessId}`,
    )
  ).rows[0]!.v;

describe('the item list after writes through the API', () => {
  it('shows each create, rename, delete and restore in the next list, search and total', async () => {
    const { store, category, items } = await stocked(['Apple Juice', 'Banana Bread', 'Cherry Jam']);
    const base = `/api/stores/${store.id}/items`;
    expect(await listItems(admin, store.id)).toEqual({
      names: ['Apple Juice', 'Banana Bread', 'Cherry Jam'],
      total: 3,
    });
    expect(await listItems(admin, store.id, q('JAM'))).toEqual({ names: ['Cherry Jam'], total: 1 });

    await created<Item>(admin, base, {
      name: 'Apricot Jam',
      categoryId: category.id,
      featured: 0,
      pricePaise: 25_000,
    });
    expect(await listItems(admin, store.id)).toEqual({
      names: ['Apple Juice', 'Apricot Jam', 'Banana Bread', 'Cherry Jam'],
      total: 4,
    });
    expect(await listItems(admin, store.id, q('jam'))).toEqual({
      names: ['Apricot Jam', 'Cherry Jam'],
      total: 2,
    });
    expect(await listItems(admin, store.id, `pageSize=5&page=0&${q('a')}`)).toMatchObject({ total: 4 });

    await ok(admin, 'PATCH', `${base}/${items['Banana Bread']!.id}`, { name: 'Zucchini Bread', version: 1 });
    expect(await listItems(admin, store.id)).toEqual({
      names: ['Apple Juice', 'Apricot Jam', 'Cherry Jam', 'Zucchini Bread'],
      total: 4,
    });
    expect(await listItems(admin, store.id, q('banana'))).toEqual({ names: [], total: 0 });
    expect(await listItems(admin, store.id, q('zucchini'))).toEqual({ names: ['Zucchini Bread'], total: 1 });

    const deleted = await call(admin, 'DELETE', `${base}/${items['Cherry Jam']!.id}?version=1`);
    expect(deleted.statusCode).toBe(204);
    expect(await listItems(admin, store.id)).toEqual({
      names: ['Apple Juice', 'Apricot Jam', 'Zucchini Bread'],
      total: 3,
    });
    expect(await listItems(admin, store.id, q('jam'))).toEqual({ names: ['Apricot Jam'], total: 1 });

    await ok(admin, 'POST', `/api/trash/items/${items['Cherry Jam']!.id}/restore`);
    expect(await listItems(admin, store.id, q('jam'))).toEqual({
      names: ['Apricot Jam', 'Cherry Jam'],
      total: 2,
    });
    expect(await listItems(admin, store.id)).toEqual({
      names: ['Apple Juice', 'Apricot Jam', 'Cherry Jam', 'Zucchini Bread'],
      total: 4,
    });
    // Every reader of the store sees the same current list, the owner included.
    expect(await listItems(owner, store.id, q('jam'))).toEqual({
      names: ['Apricot Jam', 'Cherry Jam'],
      total: 2,
    });
  });

  it('pages through the current order: an item added on page one pushes the rest along', async () => {
    const names = ['b1', 'b2', 'b3', 'b4', 'b5', 'b6'];
    const { store, category } = await stocked(names);
    expect(await listItems(admin, store.id, 'pageSize=5&page=1')).toEqual({ names: ['b6'], total: 6 });
    await created(admin, `/api/stores/${store.id}/items`, {
      name: 'a0',
      categoryId: category.id,
      featured: 0,
      pricePaise: 1,
    });
    expect(await listItems(admin, store.id, 'pageSize=5&page=1')).toEqual({ names: ['b5', 'b6'], total: 7 });
    expect(await listItems(admin, store.id, 'pageSize=5&page=0')).toEqual({
      names: ['a0', 'b1', 'b2', 'b3', 'b4'],
      total: 7,
    });
  });
});

describe('the item list after writes straight to the database', () => {
  it('shows a rename, a delete, a restore, an insert and a hard delete made in SQL', async () => {
    const { store, category, items } = await stocked(['Kiwi', 'Lemon', 'Mango']);
    expect(await listItems(admin, store.id)).toEqual({ names: ['Kiwi', 'Lemon', 'Mango'], total: 3 });
    expect(await listItems(admin, store.id, q('mango'))).toEqual({ names: ['Mango'], total: 1 });

    await ctx.db.execute(sql`UPDATE items SET name = 'Avocado' WHERE id = ${items.Mango!.id}`);
    expect(await listItems(admin, store.id)).toEqual({ names: ['Avocado', 'Kiwi', 'Lemon'], total: 3 });
    expect(await listItems(admin, store.id, q('mango'))).toEqual({ names: [], total: 0 });
    expect(await listItems(admin, store.id, q('AVO'))).toEqual({ names: ['Avocado'], total: 1 });

    await ctx.db.execute(sql`UPDATE items SET deleted_at = now() WHERE id = ${items.Kiwi!.id}`);
    expect(await listItems(admin, store.id)).toEqual({ names: ['Avocado', 'Lemon'], total: 2 });

    await ctx.db.execute(sql`UPDATE items SET deleted_at = NULL WHERE id = ${items.Kiwi!.id}`);
    expect(await listItems(admin, store.id)).toEqual({ names: ['Avocado', 'Kiwi', 'Lemon'], total: 3 });

    await ctx.db.execute(sql`
      WITH item AS (
        INSERT INTO items (business_id, store_id, category_id, name)
        VALUES (${biz.id}, ${store.id}, ${category.id}, 'Blueberry')
        RETURNING id, business_id, store_id
      )
      INSERT INTO item_variants (business_id, store_id, item_id, position, label, price_paise)
      SELECT business_id, store_id, id, 0, '', 500 FROM item`);
    expect(await listItems(admin, store.id)).toEqual({
      names: ['Avocado', 'Blueberry', 'Kiwi', 'Lemon'],
      total: 4,
    });

    await ctx.db.execute(sql`DELETE FROM items WHERE id = ${items.Lemon!.id}`);
    expect(await listItems(admin, store.id)).toEqual({ names: ['Avocado', 'Blueberry', 'Kiwi'], total: 3 });
    expect(await listItems(admin, store.id, q('lemon'))).toEqual({ names: [], total: 0 });
  });

  it('is answered from the held copy until the list version moves', async () => {
    // The control for the tests above: a rename written with the list triggers
    // switched off is not in the list's order or searches, so the list is held
    // across requests and it is the version that brings it current.
    const { store, items } = await stocked(['Kiwi', 'Lemon', 'Mango']);
    expect(await listItems(admin, store.id)).toEqual({ names: ['Kiwi', 'Lemon', 'Mango'], total: 3 });
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(sql`UPDATE items SET name = 'Avocado' WHERE id = ${items.Mango!.id}`);
    });
    expect(await listItems(admin, store.id)).toEqual({ names: ['Kiwi', 'Lemon', 'Avocado'], total: 3 });
    expect(await listItems(admin, store.id, q('avocado'))).toEqual({ names: [], total: 0 });

    await ctx.db.execute(
      sql`UPDATE stores SET item_list_version = item_list_version + 1 WHERE id = ${store.id}`,
    );
    expect(await listItems(admin, store.id)).toEqual({ names: ['Avocado', 'Kiwi', 'Lemon'], total: 3 });
    expect(await listItems(admin, store.id, q('avocado'))).toEqual({ names: ['Avocado'], total: 1 });
  });
});

describe('list versions', () => {
  it("an item's price, stock and other details leave the item list version alone; its name moves it", async () => {
    const { store, items } = await stocked(['Oats', 'Rice']);
    const base = `/api/stores/${store.id}/items/${items.Oats!.id}`;
    const otherCategory = await created<Category>(owner, `/api/stores/${store.id}/categories`, {
      name: 'Grains',
    });
    expect(await listItems(admin, store.id)).toMatchObject({ total: 2 });
    const before = await itemListVersion(store.id);

    await ok(admin, 'PATCH', base, { inStock: false, version: 1 });
    await ok(admin, 'PATCH', base, { pricePaise: 12_345, version: 2 });
    await ok(admin, 'PATCH', base, { veg: true, featured: 2, version: 3 });
    await ok(admin, 'PATCH', base, { categoryId: otherCategory.id, version: 4 });
    await ok(admin, 'PATCH', base, { name: 'Oats', version: 5 });
    expect(await itemListVersion(store.id)).toBe(before);
    // Its other names are searched (B17): changing them moves the list on.
    await ok(admin, 'PATCH', base, { tags: ['breakfast'], version: 6 });
    expect(await itemListVersion(store.id)).toBe(before + 1);
    // The list shows those changes all the same: its rows are read fresh.
    const listed = (await call(admin, 'GET', `/api/stores/${store.id}/items?${q('oats')}`)).json<{
      items: Item[];
    }>();
    expect(listed.items).toEqual([
      expect.objectContaining({
        name: 'Oats',
        inStock: false,
        pricePaise: 12_345,
        tags: ['breakfast'],
        veg: true,
        featured: 2,
        categoryName: 'Grains',
        version: 7,
      }),
    ]);

    await ok(admin, 'PATCH', base, { name: 'Rolled Oats', version: 7 });
    expect(await itemListVersion(store.id)).toBe(before + 2);
    await call(admin, 'DELETE', `${base}?version=8`);
    expect(await itemListVersion(store.id)).toBe(before + 3);
    // Another store's items are another list.
    const other = await stocked(['Salt']);
    const otherBefore = await itemListVersion(other.store.id);
    await ok(admin, 'PATCH', `/api/stores/${store.id}/items/${items.Rice!.id}`, {
      name: 'Brown Rice',
      version: 1,
    });
    expect(await itemListVersion(other.store.id)).toBe(otherBefore);
    expect(await itemListVersion(store.id)).toBe(before + 4);
  });

  it("a store's status and details leave the store list version alone; name, zone and delete move it", async () => {
    const store = await newStore(owner, `Versioned ${tag()}`, biz.zones[0]);
    const base = `/api/stores/${store.id}`;
    const before = await storeListVersion(biz.id);

    await ok(owner, 'POST', '/api/stores/status', { storeIds: [store.id], status: 1 });
    await ok(owner, 'PATCH', base, {
      phone: '9000000001',
      description: 'Open late',
      featured: 5,
      version: 2,
    });
    await ok(owner, 'PATCH', base, { name: store.name, version: 3 });
    // Its items are a list of their own.
    const category = await created<Category>(owner, `${base}/categories`, { name: 'All' });
    await created(owner, `${base}/items`, {
      name: 'Bread',
      categoryId: category.id,
      featured: 0,
      pricePaise: 4_000,
    });
    expect(await storeListVersion(biz.id)).toBe(before);
    expect((await listStores(owner, q(store.name))).total).toBe(1);
    const listed = (await call(owner, 'GET', `/api/stores?${q(store.name)}`)).json<{ items: Store[] }>();
    expect(listed.items).toEqual([
      expect.objectContaining({ id: store.id, status: 1, phone: '9000000001', featured: 5 }),
    ]);

    await ok(owner, 'PATCH', base, { name: `${store.name} Renamed`, version: 4 });
    expect(await storeListVersion(biz.id)).toBe(before + 1);
    await ok(owner, 'PATCH', base, { zoneId: biz.zones[1], version: 5 });
    expect(await storeListVersion(biz.id)).toBe(before + 2);
    expect((await call(owner, 'DELETE', `${base}?version=6`)).statusCode).toBe(204);
    expect(await storeListVersion(biz.id)).toBe(before + 3);
    await ok(owner, 'POST', `/api/trash/stores/${store.id}/restore`);
    expect(await storeListVersion(biz.id)).toBe(before + 4);
  });
});

describe('the store list', () => {
  it("loses a store from an admin's list and total as soon as the owner moves it to another zone", async () => {
    const t = tag();
    const alpha = await newStore(owner, `Fresh ${t} Alpha`, biz.zones[0]);
    await newStore(owner, `Fresh ${t} Beta`, biz.zones[0]);
    expect(await listStores(admin, q(t))).toEqual({
      names: [`Fresh ${t} Alpha`, `Fresh ${t} Beta`],
      total: 2,
    });
    expect(await listStores(southAdmin, q(t))).toEqual({ names: [], total: 0 });
    const northTotal = (await listStores(admin)).total;
    const southTotal = (await listStores(southAdmin)).total;

    await ok(owner, 'PATCH', `/api/stores/${alpha.id}`, { zoneId: biz.zones[1], version: 1 });
    expect(await listStores(admin, q(t))).toEqual({ names: [`Fresh ${t} Beta`], total: 1 });
    expect((await listStores(admin)).total).toBe(northTotal - 1);
    expect(await listStores(southAdmin, q(t))).toEqual({ names: [`Fresh ${t} Alpha`], total: 1 });
    expect((await listStores(southAdmin)).total).toBe(southTotal + 1);
    expect(await listStores(owner, `${q(t)}&zoneId=${biz.zones[0]}`)).toEqual({
      names: [`Fresh ${t} Beta`],
      total: 1,
    });
    expect(await listStores(owner, q(t))).toEqual({
      names: [`Fresh ${t} Alpha`, `Fresh ${t} Beta`],
      total: 2,
    });
  });

  it('finds a renamed store by its new name at once, and no longer by its old one', async () => {
    const t = tag();
    const store = await newStore(admin, `Corner ${t} Shop`);
    expect(await listStores(admin, q(`corner ${t}`))).toEqual({ names: [`Corner ${t} Shop`], total: 1 });
    await ok(admin, 'PATCH', `/api/stores/${store.id}`, { name: `Market ${t} Hall`, version: 1 });
    expect(await listStores(admin, q(`corner ${t}`))).toEqual({ names: [], total: 0 });
    expect(await listStores(admin, q(`MARKET ${t}`))).toEqual({ names: [`Market ${t} Hall`], total: 1 });
    expect(await listStores(owner, q(t))).toEqual({ names: [`Market ${t} Hall`], total: 1 });
  });

  it('drops a deleted store from the list and total, and shows it again when restored', async () => {
    const t = tag();
    const store = await newStore(admin, `Doomed ${t}`);
    await newStore(admin, `Doomed ${t} Twin`);
    expect(await listStores(admin, q(t))).toEqual({ names: [`Doomed ${t}`, `Doomed ${t} Twin`], total: 2 });
    const total = (await listStores(admin)).total;
    expect((await call(admin, 'DELETE', `/api/stores/${store.id}?version=1`)).statusCode).toBe(204);
    expect(await listStores(admin, q(t))).toEqual({ names: [`Doomed ${t} Twin`], total: 1 });
    expect((await listStores(admin)).total).toBe(total - 1);
    await ok(admin, 'POST', `/api/trash/stores/${store.id}/restore`);
    expect(await listStores(admin, q(t))).toEqual({ names: [`Doomed ${t}`, `Doomed ${t} Twin`], total: 2 });
  });

  it('shows a store renamed or moved in SQL in the next list', async () => {
    const t = tag();
    const store = await newStore(owner, `Sql ${t} One`, biz.zones[0]);
    expect(await listStores(admin, q(t))).toEqual({ names: [`Sql ${t} One`], total: 1 });
    await ctx.db.execute(sql`UPDATE stores SET name = ${`Sql ${t} Two`} WHERE id = ${store.id}`);
    expect(await listStores(admin, q(`${t} two`))).toEqual({ names: [`Sql ${t} Two`], total: 1 });
    expect(await listStores(admin, q(`${t} one`))).toEqual({ names: [], total: 0 });
    await ctx.db.execute(sql`UPDATE stores SET zone_id = ${biz.zones[1]} WHERE id = ${store.id}`);
    expect(await listStores(admin, q(t))).toEqual({ names: [], total: 0 });
    expect(await listStores(southAdmin, q(t))).toEqual({ names: [`Sql ${t} Two`], total: 1 });
  });
});

describe('a held item list and who may read it', () => {
  it("gives another zone's admin and another business 404 after the owner loaded it", async () => {
    const { store } = await stocked(['Secret Sauce', 'Hidden Herb']);
    expect(await listItems(owner, store.id)).toEqual({ names: ['Hidden Herb', 'Secret Sauce'], total: 2 });
    expect(await listItems(admin, store.id, q('sauce'))).toEqual({ names: ['Secret Sauce'], total: 1 });
    for (const session of [southAdmin, rivalOwner]) {
      for (const query of ['', q('sauce'), q('nothing like it'), 'page=40', 'pageSize=5&page=0']) {
        const res = await call(session, 'GET', `/api/stores/${store.id}/items?${query}`);
        expect(res.statusCode, `${query}: ${res.body}`).toBe(404);
        expect(res.body).not.toContain('Secret Sauce');
      }
    }
    // The owner's copy is still good to them.
    expect(await listItems(owner, store.id)).toEqual({ names: ['Hidden Herb', 'Secret Sauce'], total: 2 });
  });

  it("a stranger's read at the same moment as the owner's first read does not make the owner's fail", async () => {
    // Nothing is held yet for these stores: the first reads load the list, and may share one load.
    const stores = await Promise.all([1, 2, 3, 4, 5, 6].map(() => stocked(['Shared Shallot'])));
    for (const { store } of stores) {
      const url = `/api/stores/${store.id}/items`;
      const [south, rival, own] = await Promise.all([
        call(southAdmin, 'GET', url),
        call(rivalOwner, 'GET', url),
        call(owner, 'GET', url),
      ]);
      expect([south.statusCode, rival.statusCode]).toEqual([404, 404]);
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json<{ total: number }>().total).toBe(1);
    }
  });

  it('gives 404 for a held empty list too', async () => {
    const { store } = await stocked([]);
    expect(await listItems(owner, store.id)).toEqual({ names: [], total: 0 });
    for (const session of [southAdmin, rivalOwner]) {
      expect((await call(session, 'GET', `/api/stores/${store.id}/items`)).statusCode).toBe(404);
    }
  });

  it("follows the store to its new zone: the old zone's admin loses the held list, the new one gets it", async () => {
    const { store } = await stocked(['Travelling Tea']);
    expect(await listItems(admin, store.id)).toEqual({ names: ['Travelling Tea'], total: 1 });
    await ok(owner, 'PATCH', `/api/stores/${store.id}`, { zoneId: biz.zones[1], version: 1 });
    expect((await call(admin, 'GET', `/api/stores/${store.id}/items`)).statusCode).toBe(404);
    expect(await listItems(southAdmin, store.id)).toEqual({ names: ['Travelling Tea'], total: 1 });
  });

  it('answers 404 for the held list of a store deleted since, and the list again once it is restored', async () => {
    const { store } = await stocked(['Last Loaf']);
    expect(await listItems(owner, store.id)).toEqual({ names: ['Last Loaf'], total: 1 });
    expect((await call(owner, 'DELETE', `/api/stores/${store.id}?version=1`)).statusCode).toBe(204);
    expect((await call(owner, 'GET', `/api/stores/${store.id}/items`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', `/api/stores/${store.id}/items`)).statusCode).toBe(404);
    await ok(owner, 'POST', `/api/trash/stores/${store.id}/restore`);
    expect(await listItems(admin, store.id)).toEqual({ names: ['Last Loaf'], total: 1 });
  });
});
