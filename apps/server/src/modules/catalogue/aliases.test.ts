/*
 * An item's other names (B17): kept trimmed and once each, shared by its copies, recorded in the
 * audit log, and found by the console's search and the customer app's, a letter wrong or not.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category, Item } from '@storedesk/shared/catalogue/schemas';
import type { ListResponse } from '@storedesk/shared/lists';
import type { StorefrontCatalogue } from '@storedesk/shared/storefront/schemas';
import type { Store } from '@storedesk/shared/stores/schemas';
import {
  caller,
  createdBy,
  createStaffWorld,
  errorOf,
  storeBody,
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
let north: Store;
let south: Store;
let staples: Category;

const itemsOf = (storeId: string) => `/api/stores/${storeId}/items`;

const rice = (overrides: Record<string, unknown> = {}) => ({
  name: `Basmati Rice ${randomUUID().slice(0, 4)}`,
  categoryId: staples.id,
  featured: 0,
  pricePaise: 64_950,
  ...overrides,
});

async function ok<T>(res: Awaited<ReturnType<Call>>, status = 200): Promise<T> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
}

/** The names of the items the console's search of a store finds. */
async function consoleSearch(storeId: string, q: string, session: Session = admin) {
  const list = await ok<ListResponse<Item>>(
    await call(session, 'GET', `${itemsOf(storeId)}?q=${encodeURIComponent(q)}&pageSize=25`),
  );
  return list.items.map((item) => item.name);
}

/** The names of the items the customer app's catalogue finds for `q`, with a business's key. */
async function shopSearch(storeId: string, q: string, key = biz.storefrontKey) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/storefront/stores/${storeId}/catalogue?q=${encodeURIComponent(q)}`,
    headers: { 'x-storefront-key': key },
  });
  if (res.statusCode !== 200) return res.statusCode;
  return res.json<StorefrontCatalogue>().items.map((item) => item.name);
}

beforeAll(async () => {
  let world;
  ({ ctx, biz, owner, admin, southAdmin, rivalOwner, ...world } = await createStaffWorld());
  rival = world.rival;
  call = caller(ctx.app);
  north = await createdBy<Store>(call, owner, '/api/stores', storeBody(biz.zones[0]!));
  south = await createdBy<Store>(call, owner, '/api/stores', storeBody(biz.zones[1]!));
  staples = await createdBy<Category>(call, admin, `/api/stores/${north.id}/categories`, { name: 'Staples' });
});
afterAll(() => ctx.close());

describe('an item’s other names', () => {
  it('are kept trimmed, blanks dropped, each once whatever its case, apart from its tags', async () => {
    const item = await createdBy<Item>(
      call,
      admin,
      itemsOf(north.id),
      rice({ aliases: [' chawal ', 'चावल', '', 'CHAWAL', 'basmati chawal'], tags: ['veg'] }),
    );
    expect(item).toMatchObject({ aliases: ['chawal', 'चावल', 'basmati chawal'], tags: ['veg'], version: 1 });
    expect((await ok<Item>(await call(admin, 'GET', `${itemsOf(north.id)}/${item.id}`))).aliases).toEqual([
      'chawal',
      'चावल',
      'basmati chawal',
    ]);

    const edited = await ok<Item>(
      await call(admin, 'PATCH', `${itemsOf(north.id)}/${item.id}`, {
        aliases: ['Chawal', 'ಅಕ್ಕಿ'],
        version: 1,
      }),
    );
    expect(edited).toMatchObject({ aliases: ['Chawal', 'ಅಕ್ಕಿ'], tags: ['veg'], version: 2 });
    // An edit that leaves them out keeps them.
    const toggled = await ok<Item>(
      await call(admin, 'PATCH', `${itemsOf(north.id)}/${item.id}`, { inStock: false, version: 2 }),
    );
    expect(toggled.aliases).toEqual(['Chawal', 'ಅಕ್ಕಿ']);
    // None given: none.
    expect((await createdBy<Item>(call, admin, itemsOf(north.id), rice())).aliases).toEqual([]);
  });

  it('refuse what is not a list of short single lines, and write nothing', async () => {
    const item = await createdBy<Item>(call, admin, itemsOf(north.id), rice({ aliases: ['chawal'] }));
    const cases: Array<[unknown, string]> = [
      ['chawal', 'aliases'],
      [42, 'aliases'],
      [null, 'aliases'],
      [{ 0: 'chawal' }, 'aliases'],
      [[42], 'aliases.0'],
      [['chawal', null], 'aliases.1'],
      [['x'.repeat(41)], 'aliases.0'],
      [['two\nlines'], 'aliases.0'],
      [Array.from({ length: 21 }, (_, i) => `name ${i}`), 'aliases'],
    ];
    for (const [aliases, field] of cases) {
      const created = await call(admin, 'POST', itemsOf(north.id), rice({ aliases }));
      expect(created.statusCode, JSON.stringify(aliases)).toBe(400);
      expect(Object.keys(errorOf(created).fields ?? {}), JSON.stringify(aliases)).toEqual([field]);
      const updated = await call(admin, 'PATCH', `${itemsOf(north.id)}/${item.id}`, {
        aliases,
        version: item.version,
      });
      expect(updated.statusCode, JSON.stringify(aliases)).toBe(400);
    }
    expect(
      errorOf(await call(admin, 'POST', itemsOf(north.id), rice({ aliases: cases[8]![0] }))).fields,
    ).toEqual({ aliases: 'at most 20 other names' });
    // Twenty are fine, forty characters each.
    const most = Array.from({ length: 20 }, (_, i) => `${String(i).padStart(2, '0')}${'x'.repeat(38)}`);
    expect((await createdBy<Item>(call, admin, itemsOf(north.id), rice({ aliases: most }))).aliases).toEqual(
      most,
    );
    expect(await ok<Item>(await call(admin, 'GET', `${itemsOf(north.id)}/${item.id}`))).toEqual(item);
  });

  it('are recorded in the audit log as Other names change', async () => {
    const item = await createdBy<Item>(call, admin, itemsOf(north.id), rice({ aliases: ['chawal'] }));
    await ok(
      await call(admin, 'PATCH', `${itemsOf(north.id)}/${item.id}`, {
        aliases: ['chawal', 'चावल'],
        version: 1,
      }),
    );
    const log = await ok<{
      items: Array<{ action: string; recordId: string; changes: Record<string, unknown> }>;
    }>(await call(owner, 'GET', '/api/audit-log?kind=item&pageSize=25'));
    const entries = log.items.filter((entry) => entry.recordId === item.id);
    expect(entries.find((entry) => entry.action === 'edit')?.changes).toEqual({
      aliases: { from: ['chawal'], to: ['chawal', 'चावल'] },
    });
    expect(entries.find((entry) => entry.action === 'create')?.changes).toMatchObject({
      aliases: { from: null, to: ['chawal'] },
    });
  });

  it('are found by the console’s search, exactly or with a letter wrong, and the list follows an edit', async () => {
    const name = `Sona Masoori ${randomUUID().slice(0, 4)}`;
    const item = await createdBy<Item>(
      call,
      admin,
      itemsOf(north.id),
      rice({ name, aliases: ['chawal', 'चावल', 'ponni arisi'] }),
    );
    expect(await consoleSearch(north.id, 'CHAWAL')).toContain(name);
    expect(await consoleSearch(north.id, 'चावल')).toContain(name);
    expect(await consoleSearch(north.id, 'arisi')).toContain(name);
    // A letter missing.
    expect(await consoleSearch(north.id, 'ponni arsi')).toContain(name);
    // The search held in memory sees an edit of the other names at once.
    await ok(
      await call(admin, 'PATCH', `${itemsOf(north.id)}/${item.id}`, { aliases: ['akki'], version: 1 }),
    );
    expect(await consoleSearch(north.id, 'akki')).toEqual([name]);
    expect(await consoleSearch(north.id, 'ponni')).not.toContain(name);
  });

  it('are found by the customer app’s search, exactly or with a letter wrong, and carried for its own search', async () => {
    const name = `Chakki Atta ${randomUUID().slice(0, 4)}`;
    await createdBy<Item>(
      call,
      admin,
      itemsOf(north.id),
      rice({ name, aliases: ['gehu ka atta', 'आटा', 'godhi hittu'] }),
    );
    expect(await shopSearch(north.id, 'GEHU')).toEqual([name]);
    expect(await shopSearch(north.id, 'आटा')).toEqual([name]);
    // A letter missing, once nothing matches as typed.
    expect(await shopSearch(north.id, 'godhi hitu')).toEqual([name]);
    expect(await shopSearch(north.id, 'hittuu')).toEqual([name]);
    expect(await shopSearch(north.id, 'zzqxw')).toEqual([]);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/storefront/stores/${north.id}/catalogue`,
      headers: { 'x-storefront-key': biz.storefrontKey },
    });
    const shown = res.json<StorefrontCatalogue>().items.find((item) => item.name === name);
    expect(shown?.aliases).toEqual(['gehu ka atta', 'आटा', 'godhi hittu']);
  });

  it('are shared by the item’s copies in other stores: copied, and one edit for all', async () => {
    const item = await createdBy<Item>(call, owner, itemsOf(north.id), rice({ aliases: ['chawal'] }));
    const { copied } = await ok<{ copied: Array<{ storeId: string; itemId: string }> }>(
      await call(owner, 'POST', `${itemsOf(north.id)}/${item.id}/copies`, { storeIds: [south.id] }),
    );
    const copyUrl = `${itemsOf(south.id)}/${copied[0]!.itemId}`;
    expect((await ok<Item>(await call(owner, 'GET', copyUrl))).aliases).toEqual(['chawal']);

    await ok(
      await call(owner, 'PATCH', `${itemsOf(north.id)}/${item.id}`, { aliases: ['akki'], version: 1 }),
    );
    const copy = await ok<Item>(await call(owner, 'GET', copyUrl));
    expect(copy.aliases).toEqual(['akki']);
    // And back, from the copy.
    await ok(await call(owner, 'PATCH', copyUrl, { aliases: ['akki', 'chaawal'], version: copy.version }));
    expect((await ok<Item>(await call(owner, 'GET', `${itemsOf(north.id)}/${item.id}`))).aliases).toEqual([
      'akki',
      'chaawal',
    ]);
    expect(await shopSearch(south.id, 'chaawal')).toEqual([item.name]);

    // A store started from another's catalogue keeps them too.
    const fresh = await createdBy<Store>(call, owner, '/api/stores', storeBody(biz.zones[1]!));
    await ok(await call(owner, 'POST', `/api/stores/${fresh.id}/catalogue/copy`, { fromStoreId: north.id }));
    expect(await consoleSearch(fresh.id, 'chaawal', owner)).toEqual([item.name]);
  });

  it('are out of reach of another zone’s admin and of another business', async () => {
    const name = `Jeera Rice ${randomUUID().slice(0, 4)}`;
    const item = await createdBy<Item>(call, admin, itemsOf(north.id), rice({ name, aliases: ['zeera'] }));
    for (const session of [southAdmin, rivalOwner]) {
      expect((await call(session, 'GET', `${itemsOf(north.id)}?q=zeera`)).statusCode).toBe(404);
      expect(
        (await call(session, 'PATCH', `${itemsOf(north.id)}/${item.id}`, { aliases: ['mine'], version: 1 }))
          .statusCode,
      ).toBe(404);
    }
    // Another business's customer app does not find the store at all.
    expect(await shopSearch(north.id, 'zeera', rival.storefrontKey)).toBe(404);
    // Nor is another store of the business searched.
    expect(await consoleSearch(south.id, 'zeera', owner)).toEqual([]);
    expect(await shopSearch(south.id, 'zeera')).toEqual([]);
    expect((await ok<Item>(await call(owner, 'GET', `${itemsOf(north.id)}/${item.id}`))).aliases).toEqual([
      'zeera',
    ]);
  });
});
