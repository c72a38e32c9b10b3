/*
 * The order of a store's categories (B17): new ones last, moved one place at a time (or to any
 * place) with the version read, listed in that order by the console and the customer app, and
 * kept when a store starts from another's catalogue.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Category, Item } from '@storedesk/shared/catalogue/schemas';
import type { ListResponse } from '@storedesk/shared/lists';
import { messages } from '@storedesk/shared/messages';
import type { StorefrontCatalogue } from '@storedesk/shared/storefront/schemas';
import type { Store } from '@storedesk/shared/stores/schemas';
import {
  caller,
  createdBy,
  createStaffWorld,
  errorOf,
  signInExecutive,
  storeBody,
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

async function ok<T>(res: Awaited<ReturnType<Call>>, status = 200): Promise<T> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
}

const categoriesOf = (storeId: string) => `/api/stores/${storeId}/categories`;

/** A store of the north zone with these categories, added in this order. */
async function storeWith(...names: string[]) {
  const store = await createdBy<Store>(call, owner, '/api/stores', storeBody(biz.zones[0]!));
  const made: Category[] = [];
  for (const name of names)
    made.push(await createdBy<Category>(call, admin, categoriesOf(store.id), { name }));
  return { store, made };
}

async function listed(storeId: string, query = '') {
  const list = await ok<ListResponse<Category>>(await call(admin, 'GET', `${categoriesOf(storeId)}${query}`));
  return list.items.map((category) => category.name);
}

async function current(storeId: string, name: string) {
  const list = await ok<ListResponse<Category>>(
    await call(owner, 'GET', `${categoriesOf(storeId)}?pageSize=25`),
  );
  return list.items.find((category) => category.name === name)!;
}

const move = (session: Session, category: Category, body: object) =>
  call(session, 'PUT', `${categoriesOf(category.storeId)}/${category.id}/position`, body);

async function shopCategories(storeId: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/storefront/stores/${storeId}/catalogue`,
    headers: { 'x-storefront-key': biz.storefrontKey },
  });
  return res.json<StorefrontCatalogue>().categories.map((category) => category.name);
}

beforeAll(async () => {
  ({ ctx, biz, owner, admin, southAdmin, rivalOwner } = await createStaffWorld());
  call = caller(ctx.app);
});
afterAll(() => ctx.close());

describe('the order of a store’s categories', () => {
  it('puts a new category last, whatever its name, and lists them so in the console and the customer app', async () => {
    const { store, made } = await storeWith('Vegetables', 'Dairy', 'Bakery');
    expect(made.map((category) => category.position)).toEqual([1, 2, 3]);
    expect(await listed(store.id)).toEqual(['Vegetables', 'Dairy', 'Bakery']);
    expect(await shopCategories(store.id)).toEqual(['Vegetables', 'Dairy', 'Bakery']);
    // A search keeps the order.
    expect(await listed(store.id, '?q=a')).toEqual(['Vegetables', 'Dairy', 'Bakery']);
    // A deleted category leaves its place; the next one still goes last.
    expect(
      (await call(admin, 'DELETE', `${categoriesOf(store.id)}/${made[1]!.id}?version=1`)).statusCode,
    ).toBe(204);
    const apples = await createdBy<Category>(call, admin, categoriesOf(store.id), { name: 'Apples' });
    expect(apples.position).toBe(4);
    expect(await listed(store.id)).toEqual(['Vegetables', 'Bakery', 'Apples']);
  });

  it('moves one place up or down, or to any place, with the version read; the others shift and keep theirs', async () => {
    const { store, made } = await storeWith('Vegetables', 'Dairy', 'Bakery', 'Snacks');
    const [vegetables, dairy, bakery, snacks] = made as [Category, Category, Category, Category];

    // The customer app's copy of the catalogue is no longer current once a category moves.
    const before = await ctx.app.inject({
      url: `/api/storefront/stores/${store.id}/catalogue`,
      headers: { 'x-storefront-key': biz.storefrontKey },
    });
    const tag = before.headers.etag as string;
    const same = await ctx.app.inject({
      url: `/api/storefront/stores/${store.id}/catalogue`,
      headers: { 'x-storefront-key': biz.storefrontKey, 'if-none-match': tag },
    });
    expect(same.statusCode).toBe(304);
    const up = await ok<Category>(await move(admin, dairy, { position: 1, version: 1 }));
    const after = await ctx.app.inject({
      url: `/api/storefront/stores/${store.id}/catalogue`,
      headers: { 'x-storefront-key': biz.storefrontKey, 'if-none-match': tag },
    });
    expect(after.statusCode).toBe(200);
    expect(up).toMatchObject({ name: 'Dairy', position: 1, version: 2 });
    expect(await listed(store.id)).toEqual(['Dairy', 'Vegetables', 'Bakery', 'Snacks']);
    expect(await shopCategories(store.id)).toEqual(['Dairy', 'Vegetables', 'Bakery', 'Snacks']);
    // The one that shifted keeps its version: a form open on it still saves.
    expect(await current(store.id, 'Vegetables')).toMatchObject({ position: 2, version: 1 });
    expect(
      (
        await call(admin, 'PATCH', `${categoriesOf(store.id)}/${vegetables.id}`, {
          name: 'Greens',
          version: 1,
        })
      ).statusCode,
    ).toBe(200);

    // Last, then a place past the end is last too.
    await ok(await move(admin, up, { position: 4, version: 2 }));
    expect(await listed(store.id)).toEqual(['Greens', 'Bakery', 'Snacks', 'Dairy']);
    await ok(await move(admin, snacks, { position: 99, version: 1 }));
    expect(await listed(store.id)).toEqual(['Greens', 'Bakery', 'Dairy', 'Snacks']);
    expect(
      (await ok<ListResponse<Category>>(await call(admin, 'GET', categoriesOf(store.id)))).items,
    ).toEqual([
      expect.objectContaining({ name: 'Greens', position: 1 }),
      expect.objectContaining({ name: 'Bakery', position: 2 }),
      expect.objectContaining({ name: 'Dairy', position: 3 }),
      expect.objectContaining({ name: 'Snacks', position: 4 }),
    ]);

    // Where it is already: nothing changes, not even its version.
    const still = await ok<Category>(await move(admin, bakery, { position: 2, version: 1 }));
    expect(still).toMatchObject({ position: 2, version: 1 });

    // A stale version is 409 with the category as it is now, and nothing moves.
    const stale = await move(admin, dairy, { position: 1, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale)).toMatchObject({ code: 'conflict', message: messages.staleRecord });
    expect(errorOf(stale).current).toMatchObject({ id: dairy.id, name: 'Dairy', position: 3, version: 3 });
    expect(await listed(store.id)).toEqual(['Greens', 'Bakery', 'Dairy', 'Snacks']);
  });

  it('makes moves sent at once one after the other, each from the order the one before left', async () => {
    const { store, made } = await storeWith('A', 'B', 'C', 'D', 'E');
    const [a, , , , e] = made as [Category, Category, Category, Category, Category];
    const both = await Promise.all([
      move(admin, e, { position: 1, version: 1 }),
      move(owner, a, { position: 5, version: 1 }),
    ]);
    expect(both.map((res) => res.statusCode)).toEqual([200, 200]);
    const after = (await ok<ListResponse<Category>>(await call(admin, 'GET', categoriesOf(store.id)))).items;
    expect(after.map((category) => category.position)).toEqual([1, 2, 3, 4, 5]);
    // Whichever went first: E first, A last, the others between in their order.
    expect(after.map((category) => category.name)).toEqual(['E', 'B', 'C', 'D', 'A']);
  });

  it('refuses a place that is not a whole number from 1, or no version, and moves nothing', async () => {
    const { store, made } = await storeWith('Fruits', 'Dairy');
    const dairy = made[1]!;
    const cases: Array<[object, string[]]> = [
      [{ position: 0, version: 1 }, ['position']],
      [{ position: -1, version: 1 }, ['position']],
      [{ position: 1.5, version: 1 }, ['position']],
      [{ position: '1', version: 1 }, ['position']],
      [{ position: null, version: 1 }, ['position']],
      [{ position: 1e12, version: 1 }, ['position']],
      [{ version: 1 }, ['position']],
      [{ position: 1 }, ['version']],
      [{ position: 1, version: 'one' }, ['version']],
    ];
    for (const [body, fields] of cases) {
      const res = await move(admin, dairy, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(errorOf(res).fields ?? {}), JSON.stringify(body)).toEqual(fields);
    }
    expect(errorOf(await move(admin, dairy, { position: 0, version: 1 })).fields).toEqual({
      position: 'must be a whole number, 1 or more',
    });
    expect(await listed(store.id)).toEqual(['Fruits', 'Dairy']);
    expect(await current(store.id, 'Dairy')).toMatchObject({ position: 2, version: 1 });
  });

  it('moves only a live category of a store the caller sees: anything else is 404 and moves nothing', async () => {
    const { store, made } = await storeWith('Fruits', 'Dairy');
    const [fruits, dairy] = made as [Category, Category];
    const { store: other, made: otherMade } = await storeWith('Elsewhere');
    const unknown = { ...dairy, id: randomUUID() };
    const underOtherStore = { ...dairy, storeId: other.id };
    const otherUnderThis = { ...otherMade[0]!, storeId: store.id };
    for (const category of [unknown, underOtherStore, otherUnderThis]) {
      expect((await move(admin, category, { position: 1, version: 1 })).statusCode).toBe(404);
    }
    // An id that is none is an address that is none.
    expect(
      (await call(admin, 'PUT', `${categoriesOf(store.id)}/not-an-id/position`, { position: 1, version: 1 }))
        .statusCode,
    ).toBe(404);
    // Another zone's admin and another business's owner: 404, as for the rest of the catalogue.
    for (const session of [southAdmin, rivalOwner]) {
      expect((await move(session, dairy, { position: 1, version: 1 })).statusCode).toBe(404);
    }
    // A delivery executive's token is not a console session.
    const executive = await signInExecutive(ctx.app, biz.dex.email);
    expect((await move(executive, dairy, { position: 1, version: 1 })).statusCode).toBe(401);
    // One in the trash.
    expect((await call(admin, 'DELETE', `${categoriesOf(store.id)}/${fruits.id}?version=1`)).statusCode).toBe(
      204,
    );
    expect((await move(admin, fruits, { position: 2, version: 2 })).statusCode).toBe(404);
    expect(await listed(store.id)).toEqual(['Dairy']);
    // The owner moves any zone's.
    const south = await createdBy<Store>(call, owner, '/api/stores', storeBody(biz.zones[1]!));
    await createdBy<Category>(call, southAdmin, categoriesOf(south.id), { name: 'One' });
    const two = await createdBy<Category>(call, southAdmin, categoriesOf(south.id), { name: 'Two' });
    expect((await move(admin, two, { position: 1, version: 1 })).statusCode).toBe(404);
    expect((await move(owner, two, { position: 1, version: 1 })).statusCode).toBe(200);
  });

  it('is announced to the store’s zone and recorded in the audit log, once per category that moved', async () => {
    const { store, made } = await storeWith('Fruits', 'Dairy', 'Bakery');
    await ok(await move(admin, made[2]!, { position: 1, version: 1 }));
    const log = await ok<{
      items: Array<{ action: string; recordId: string; changes: Record<string, unknown> }>;
    }>(await call(owner, 'GET', '/api/audit-log?kind=category&pageSize=25'));
    const moves = log.items.filter(
      (entry) => entry.action === 'edit' && made.some((category) => category.id === entry.recordId),
    );
    expect(
      moves
        .map((entry) => [
          made.find((category) => category.id === entry.recordId)!.name,
          entry.changes.position,
        ])
        .sort(),
    ).toEqual([
      ['Bakery', { from: 3, to: 1 }],
      ['Dairy', { from: 2, to: 3 }],
      ['Fruits', { from: 1, to: 2 }],
    ]);
    const events = await ctx.db.execute<{ action: string }>(
      sql`SELECT action FROM events WHERE topic = 'catalogue' AND record_id = ${store.id} ORDER BY id`,
    );
    expect(events.rows.map((row) => row.action).at(-1)).toBe('category.updated');
  });

  it('is kept when a store starts from another’s catalogue, after the categories it has', async () => {
    const { store: from, made } = await storeWith('Vegetables', 'Dairy', 'Bakery', 'Empty');
    for (const category of made.slice(0, 3)) {
      await createdBy<Item>(call, admin, `/api/stores/${from.id}/items`, {
        name: `${category.name} item`,
        categoryId: category.id,
        featured: 0,
        pricePaise: 1_000,
      });
    }
    await ok(await move(admin, made[2]!, { position: 1, version: 1 }));
    expect(await listed(from.id)).toEqual(['Bakery', 'Vegetables', 'Dairy', 'Empty']);

    const { store: to } = await storeWith('Yours', 'Dairy');
    await ok(await call(owner, 'POST', `/api/stores/${to.id}/catalogue/copy`, { fromStoreId: from.id }));
    // Its own first; Dairy it had already; the rest in the other store's order. Empty held no items.
    expect(await listed(to.id)).toEqual(['Yours', 'Dairy', 'Bakery', 'Vegetables']);

    // Copy to stores puts a category it makes last too.
    const { store: third } = await storeWith('First');
    const list = await ok<ListResponse<Item>>(
      await call(admin, 'GET', `/api/stores/${from.id}/items?q=dairy`),
    );
    await ok(
      await call(owner, 'POST', `/api/stores/${from.id}/items/${list.items[0]!.id}/copies`, {
        storeIds: [third.id],
      }),
    );
    expect(await listed(third.id)).toEqual(['First', 'Dairy']);
  });
});
