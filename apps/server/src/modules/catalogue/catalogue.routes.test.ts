import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Category, Item } from '@storedesk/shared/catalogue/schemas';
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
let owner: Session;
let admin: Session;
let southAdmin: Session;
let rivalOwner: Session;
let store: Store;
let otherStore: Store;

async function created<T>(session: Session, url: string, payload: object): Promise<T> {
  const res = await call(session, 'POST', url, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<T>();
}

const newStore = (session: Session, zoneId?: string) =>
  created<Store>(session, '/api/stores', {
    name: `Store ${randomUUID().slice(0, 6)}`,
    featured: 1,
    location: 'Indiranagar',
    description: 'Groceries',
    phone: '9876543210',
    openTime: '08:00',
    closeTime: '21:00',
    latitude: 12.97,
    longitude: 77.64,
    ...(zoneId ? { zoneId } : {}),
  });

const itemBody = (categoryId: string, overrides: Record<string, unknown> = {}) => ({
  name: `Item ${randomUUID().slice(0, 6)}`,
  categoryId,
  featured: 1,
  pricePaise: 14050,
  ...overrides,
});

const count = async (table: 'categories' | 'items') =>
  Number(
    (await ctx.db.execute<{ n: number }>(sql.raw(`SELECT count(*)::int AS n FROM ${table}`))).rows[0]!.n,
  );

beforeAll(async () => {
  ({ ctx, biz, owner, admin, southAdmin, rivalOwner } = await createStaffWorld());
  call = caller(ctx.app);
  store = await newStore(admin);
  otherStore = await newStore(admin);
});
afterAll(() => ctx.close());

describe('categories', () => {
  it('are added, listed with search and paging, renamed and deleted', async () => {
    const base = `/api/stores/${store.id}/categories`;
    const dairy = await created<Category>(admin, base, { name: 'Dairy' });
    await created<Category>(admin, base, { name: 'Bakery' });
    expect(dairy).toMatchObject({ storeId: store.id, name: 'Dairy', version: 1 });
    const list = (await call(admin, 'GET', `${base}?q=dai`)).json();
    expect(list).toEqual({ items: [dairy], total: 1 });
    const renamed = await call(admin, 'PATCH', `${base}/${dairy.id}`, { name: 'Milk & Eggs', version: 1 });
    expect(renamed.json()).toMatchObject({ name: 'Milk & Eggs', version: 2 });
    const stale = await call(admin, 'PATCH', `${base}/${dairy.id}`, { name: 'Late', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).current).toMatchObject({ name: 'Milk & Eggs' });
    expect((await call(admin, 'DELETE', `${base}/${dairy.id}?version=2`)).statusCode).toBe(204);
    expect((await call(admin, 'GET', `${base}/${dairy.id}`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', base)).json().items.map((c: Category) => c.name)).toEqual(['Bakery']);
  });

  it("needs a name, with the spec's helper text, and writes nothing otherwise", async () => {
    const before = await count('categories');
    const base = `/api/stores/${store.id}/categories`;
    const empty = await call(admin, 'POST', base, { name: '  ' });
    expect(errorOf(empty).fields).toEqual({ name: 'Please specify the category name' });
    for (const body of [{}, { name: 5 }, { name: 'x'.repeat(101) }, { name: 'a\u0007b' }]) {
      expect((await call(admin, 'POST', base, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await count('categories')).toBe(before);
  });

  it('are one per name in a store, whatever its case, as zones are: 409 on name when adding, renaming or restoring', async () => {
    const shop = await newStore(admin);
    const base = `/api/stores/${shop.id}/categories`;
    const fruits = await created<Category>(admin, base, { name: 'Fruits' });
    const taken = {
      code: 'conflict',
      message: 'A category with this name already exists in this store',
      fields: { name: 'A category with this name already exists in this store' },
    };
    const before = await count('categories');

    const added = await call(admin, 'POST', base, { name: ' fruits ' });
    expect(added.statusCode).toBe(409);
    expect(errorOf(added)).toEqual(taken);
    expect(await count('categories')).toBe(before);

    const vegetables = await created<Category>(admin, base, { name: 'Vegetables' });
    const renamed = await call(admin, 'PATCH', `${base}/${vegetables.id}`, { name: 'FRUITS', version: 1 });
    expect(renamed.statusCode).toBe(409);
    expect(errorOf(renamed)).toEqual(taken);
    expect((await call(admin, 'GET', `${base}/${vegetables.id}`)).json()).toMatchObject({
      name: 'Vegetables',
      version: 1,
    });

    // Another store may have its own Fruits, and a category may change the case of its own name.
    expect(
      (await call(admin, 'POST', `/api/stores/${otherStore.id}/categories`, { name: 'Fruits' })).statusCode,
    ).toBe(201);
    expect(
      (await call(admin, 'PATCH', `${base}/${fruits.id}`, { name: 'FRUITS', version: 1 })).json(),
    ).toMatchObject({ name: 'FRUITS', version: 2 });

    // A deleted category's name is free again; the deleted one comes back only once it is free.
    expect((await call(admin, 'DELETE', `${base}/${fruits.id}?version=2`)).statusCode).toBe(204);
    const again = await created<Category>(admin, base, { name: 'Fruits' });
    const restore = await call(owner, 'POST', `/api/trash/categories/${fruits.id}/restore`);
    expect(restore.statusCode).toBe(409);
    expect(errorOf(restore)).toEqual({ code: 'conflict', message: taken.message });
    expect((await call(admin, 'GET', `${base}/${fruits.id}`)).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', `${base}/${again.id}?version=1`)).statusCode).toBe(204);
    expect((await call(owner, 'POST', `/api/trash/categories/${fruits.id}/restore`)).statusCode).toBe(200);
    expect((await call(admin, 'GET', `${base}/${fruits.id}`)).json()).toMatchObject({ name: 'FRUITS' });
  });
});

describe('items', () => {
  it('keep their price exact to the paisa, and take partial edits such as the Available toggle', async () => {
    const category = await created<Category>(admin, `/api/stores/${store.id}/categories`, { name: 'Tea' });
    const item = await created<Item>(
      admin,
      `/api/stores/${store.id}/items`,
      itemBody(category.id, { name: 'Assam Tea', tags: ['loose', 'strong'], veg: true, pricePaise: 14_099 }),
    );
    expect(item).toMatchObject({
      name: 'Assam Tea',
      categoryId: category.id,
      categoryName: 'Tea',
      tags: ['loose', 'strong'],
      veg: true,
      inStock: true,
      featured: 1,
      pricePaise: 14_099,
      imageUrl: null,
      version: 1,
    });
    const toggled = await call(admin, 'PATCH', `/api/stores/${store.id}/items/${item.id}`, {
      inStock: false,
      version: 1,
    });
    expect(toggled.json()).toMatchObject({
      inStock: false,
      name: 'Assam Tea',
      pricePaise: 14_099,
      version: 2,
    });
    const listed = (await call(admin, 'GET', `/api/stores/${store.id}/items?q=ASSAM`)).json();
    expect(listed.items).toEqual([toggled.json()]);
  });

  it('refuse a category of another store, or none that exists, with a field message', async () => {
    const foreignCategory = await created<Category>(admin, `/api/stores/${otherStore.id}/categories`, {
      name: 'Elsewhere',
    });
    const before = await count('items');
    for (const categoryId of [foreignCategory.id, randomUUID()]) {
      const res = await call(admin, 'POST', `/api/stores/${store.id}/items`, itemBody(categoryId));
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).fields).toEqual({ categoryId: 'Choose a category of this store' });
    }
    expect(await count('items')).toBe(before);
  });

  it('refuse bad input and write nothing', async () => {
    const category = await created<Category>(admin, `/api/stores/${store.id}/categories`, { name: 'Snacks' });
    const before = await count('items');
    const cases: Array<Record<string, unknown>> = [
      { pricePaise: -1 },
      { pricePaise: 10.5 },
      { pricePaise: '140' },
      { pricePaise: 1_000_000_001 },
      { featured: 4 },
      { featured: -1 },
      { name: '' },
      { tags: 'snack' },
      { tags: [''] },
      { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) },
      { veg: 'yes' },
      { categoryId: 'not-a-uuid' },
    ];
    for (const overrides of cases) {
      const res = await call(
        admin,
        'POST',
        `/api/stores/${store.id}/items`,
        itemBody(category.id, overrides),
      );
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(Object.keys(errorOf(res).fields ?? {}).length, JSON.stringify(overrides)).toBeGreaterThan(0);
    }
    expect(await count('items')).toBe(before);
  });

  it('stay when their category is deleted, shown with no category', async () => {
    const category = await created<Category>(admin, `/api/stores/${store.id}/categories`, { name: 'Bread' });
    const item = await created<Item>(
      admin,
      `/api/stores/${store.id}/items`,
      itemBody(category.id, { name: 'Rye Loaf' }),
    );
    await call(admin, 'DELETE', `/api/stores/${store.id}/categories/${category.id}?version=1`);
    const orphan = (await call(admin, 'GET', `/api/stores/${store.id}/items/${item.id}`)).json();
    expect(orphan).toMatchObject({ name: 'Rye Loaf', categoryId: null, categoryName: null });
  });

  it('are deleted with a version, and a stale one is refused', async () => {
    const category = await created<Category>(admin, `/api/stores/${store.id}/categories`, { name: 'Fruit' });
    const item = await created<Item>(admin, `/api/stores/${store.id}/items`, itemBody(category.id));
    expect(
      (await call(admin, 'DELETE', `/api/stores/${store.id}/items/${item.id}?version=7`)).statusCode,
    ).toBe(409);
    expect(
      (await call(admin, 'DELETE', `/api/stores/${store.id}/items/${item.id}?version=1`)).statusCode,
    ).toBe(204);
    expect((await call(admin, 'GET', `/api/stores/${store.id}/items/${item.id}`)).statusCode).toBe(404);
    expect(
      (await call(admin, 'DELETE', `/api/stores/${store.id}/items/${item.id}?version=2`)).statusCode,
    ).toBe(404);
  });
});

describe('scope', () => {
  it("another zone's admin and another business reach nothing of a store's catalogue", async () => {
    const category = await created<Category>(admin, `/api/stores/${store.id}/categories`, {
      name: 'Private',
    });
    const item = await created<Item>(admin, `/api/stores/${store.id}/items`, itemBody(category.id));
    const before = [await count('categories'), await count('items')];
    for (const session of [southAdmin, rivalOwner]) {
      const base = `/api/stores/${store.id}`;
      const attempts = [
        call(session, 'GET', `${base}/categories`),
        call(session, 'GET', `${base}/items`),
        call(session, 'GET', `${base}/items/${item.id}`),
        call(session, 'POST', `${base}/categories`, { name: 'Intruder' }),
        call(session, 'POST', `${base}/items`, itemBody(category.id)),
        call(session, 'PATCH', `${base}/categories/${category.id}`, { name: 'Taken', version: 1 }),
        call(session, 'PATCH', `${base}/items/${item.id}`, { inStock: false, version: 1 }),
        call(session, 'DELETE', `${base}/items/${item.id}?version=1`),
        call(session, 'DELETE', `${base}/categories/${category.id}?version=1`),
      ];
      for (const res of await Promise.all(attempts)) expect(res.statusCode, res.body).toBe(404);
    }
    expect([await count('categories'), await count('items')]).toEqual(before);
    // The owner sees every zone's catalogue.
    expect((await call(owner, 'GET', `/api/stores/${store.id}/items/${item.id}`)).statusCode).toBe(200);
  });

  it("an item is only reachable under its own store's address", async () => {
    const category = await created<Category>(admin, `/api/stores/${store.id}/categories`, { name: 'Here' });
    const item = await created<Item>(admin, `/api/stores/${store.id}/items`, itemBody(category.id));
    expect((await call(admin, 'GET', `/api/stores/${otherStore.id}/items/${item.id}`)).statusCode).toBe(404);
    expect(
      (await call(admin, 'GET', `/api/stores/${otherStore.id}/categories/${category.id}`)).statusCode,
    ).toBe(404);
  });

  it('a deleted store takes its catalogue out of reach', async () => {
    const doomed = await newStore(admin);
    await call(admin, 'DELETE', `/api/stores/${doomed.id}?version=1`);
    expect((await call(admin, 'GET', `/api/stores/${doomed.id}/items`)).statusCode).toBe(404);
  });
});

describe('live events', () => {
  it('every catalogue write announces the store in its zone', async () => {
    const fresh = await newStore(owner, biz.zones[1]);
    const category = await created<Category>(southAdmin, `/api/stores/${fresh.id}/categories`, {
      name: 'Live',
    });
    const item = await created<Item>(southAdmin, `/api/stores/${fresh.id}/items`, itemBody(category.id));
    await call(southAdmin, 'PATCH', `/api/stores/${fresh.id}/items/${item.id}`, {
      inStock: false,
      version: 1,
    });
    const rows = await ctx.db.execute<{ action: string; zone_id: string }>(
      sql`SELECT action, zone_id FROM events WHERE topic = 'catalogue' AND record_id = ${fresh.id} ORDER BY id`,
    );
    expect(rows.rows.map((r) => r.action)).toEqual(['category.created', 'item.created', 'item.updated']);
    expect(new Set(rows.rows.map((r) => r.zone_id))).toEqual(new Set([biz.zones[1]]));
  });
});
