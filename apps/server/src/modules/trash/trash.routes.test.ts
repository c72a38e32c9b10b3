import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Category, Item } from '@storedesk/shared/catalogue/schemas';
import type { Store } from '@storedesk/shared/stores/schemas';
import type { TrashEntry } from '@storedesk/shared/trash/schemas';
import {
  caller,
  createStaffWorld,
  type Call,
  type Session,
  type TestApp,
  type TestBusiness,
} from '../../../test/harness.ts';

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
});
afterAll(() => ctx.close());

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
    expect((await call(admin, 'POST', `/api/trash/categories/${category.id}/restore`)).statusCode).toBe(404);
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

describe('GET /api/trash', () => {
  it("lists the business's deletions of the last 30 days, newest first, for the owner only", async () => {
    const store = await newStore(admin, 'Trash listed');
    const category = await created<Category>(admin, `/api/stores/${store.id}/categories`, {
      name: 'Trash cat',
    });
    await call(admin, 'DELETE', `/api/stores/${store.id}/categories/${category.id}?version=1`);
    await call(admin, 'DELETE', `/api/stores/${store.id}?version=1`);
    const res = await call(owner, 'GET', '/api/trash?pageSize=5');
    expect(res.statusCode).toBe(200);
    const [first, second] = res.json<{ items: TrashEntry[] }>().items;
    expect(first).toMatchObject({ kind: 'stores', id: store.id, name: 'Trash listed', storeId: null });
    expect(second).toMatchObject({
      kind: 'categories',
      id: category.id,
      name: 'Trash cat',
      storeId: store.id,
    });
    expect((await call(admin, 'GET', '/api/trash')).statusCode).toBe(403);
    expect((await call(rivalOwner, 'GET', '/api/trash')).json()).toEqual({ items: [], total: 0 });
  });
});
