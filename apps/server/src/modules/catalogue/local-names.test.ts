/*
 * Names in Hindi and Kannada for the business's content (B19, ADR 0085): items and categories
 * (nameHi, nameKn), slides (titleHi, titleKn) and stores (descriptionHi, descriptionKn). Each is
 * refused when it is not one short line and then nothing is written, blank is none, an edit that
 * leaves it out keeps it; an item's are shared by its copies and recorded in the audit log; the
 * customer app is given them and its search, and the console's, find an item by them; the
 * catalogue spreadsheets read and write them.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import type { Category, Item } from '@storedesk/shared/catalogue/schemas';
import { spreadsheetMessages } from '@storedesk/shared/catalogue/spreadsheet';
import type { ListResponse } from '@storedesk/shared/lists';
import type { Slide } from '@storedesk/shared/slides/schemas';
import type { StorefrontCatalogue, StorefrontStore } from '@storedesk/shared/storefront/schemas';
import type { Store } from '@storedesk/shared/stores/schemas';
import { noControlCharacters } from '@storedesk/shared/text';
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
let owner: Session;
let admin: Session;
let north: Store;
let south: Store;
let staples: Category;

const itemsOf = (storeId: string) => `/api/stores/${storeId}/items`;
const categoriesOf = (storeId: string) => `/api/stores/${storeId}/categories`;

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

const get = <T>(url: string, session: Session = admin) => call(session, 'GET', url).then((res) => ok<T>(res));

/** The customer app's catalogue of a store, with its ETag. */
async function shopCatalogue(storeId: string, q?: string, held?: string) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/storefront/stores/${storeId}/catalogue${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`,
    headers: { 'x-storefront-key': biz.storefrontKey, ...(held ? { 'if-none-match': held } : {}) },
  });
}

const shopSearch = async (storeId: string, q: string) =>
  (await ok<StorefrontCatalogue>(await shopCatalogue(storeId, q))).items.map((item) => item.name);

async function consoleSearch(storeId: string, q: string) {
  const list = await get<ListResponse<Item>>(`${itemsOf(storeId)}?q=${encodeURIComponent(q)}&pageSize=25`);
  return list.items.map((item) => item.name);
}

/** Garbage for a line of at most `max` characters, and the message each gets. */
const garbage = (max: number): Array<[unknown, string]> => [
  [42, 'Invalid input: expected string, received number'],
  [{ hi: 'चावल' }, 'Invalid input: expected string, received object'],
  ['क'.repeat(max + 1), `must be at most ${max} characters`],
  ['चावल\u0007', noControlCharacters],
];

beforeAll(async () => {
  ({ ctx, biz, owner, admin } = await createStaffWorld());
  call = caller(ctx.app);
  north = await createdBy<Store>(call, owner, '/api/stores', storeBody(biz.zones[0]!));
  south = await createdBy<Store>(call, owner, '/api/stores', storeBody(biz.zones[1]!));
  staples = await createdBy<Category>(call, admin, categoriesOf(north.id), { name: 'Staples' });
});
afterAll(() => ctx.close());

describe('an item’s names in Hindi and Kannada', () => {
  it('are kept trimmed, blank is none, and an edit that leaves them out keeps them', async () => {
    const item = await createdBy<Item>(
      call,
      admin,
      itemsOf(north.id),
      rice({ nameHi: '  बासमती चावल ', nameKn: 'ಬಾಸ್ಮತಿ ಅಕ್ಕಿ' }),
    );
    expect([item.nameHi, item.nameKn, item.version]).toEqual(['बासमती चावल', 'ಬಾಸ್ಮತಿ ಅಕ್ಕಿ', 1]);
    expect(await get<Item>(`${itemsOf(north.id)}/${item.id}`)).toEqual(item);

    const toggled = await ok<Item>(
      await call(admin, 'PATCH', `${itemsOf(north.id)}/${item.id}`, { inStock: false, version: 1 }),
    );
    expect([toggled.nameHi, toggled.nameKn]).toEqual(['बासमती चावल', 'ಬಾಸ್ಮತಿ ಅಕ್ಕಿ']);
    const cleared = await ok<Item>(
      await call(admin, 'PATCH', `${itemsOf(north.id)}/${item.id}`, {
        nameHi: '   ',
        nameKn: null,
        version: 2,
      }),
    );
    expect([cleared.nameHi, cleared.nameKn]).toEqual([null, null]);
    // None given: none.
    const plain = await createdBy<Item>(call, admin, itemsOf(north.id), rice({ nameHi: '' }));
    expect([plain.nameHi, plain.nameKn]).toEqual([null, null]);
    // At most a hundred characters.
    const longest = 'क'.repeat(100);
    expect((await createdBy<Item>(call, admin, itemsOf(north.id), rice({ nameKn: longest }))).nameKn).toBe(
      longest,
    );
  });

  it('refuse what is not one short line, with that field’s message, and write nothing', async () => {
    const item = await createdBy<Item>(call, admin, itemsOf(north.id), rice({ nameHi: 'चावल' }));
    const count = async () =>
      (
        await ctx.db.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM items WHERE store_id = ${north.id}`,
        )
      ).rows[0]!.n;
    const before = await count();
    for (const field of ['nameHi', 'nameKn']) {
      for (const [value, message] of garbage(100)) {
        const label = `${field} ${JSON.stringify(value).slice(0, 20)}`;
        const created = await call(admin, 'POST', itemsOf(north.id), rice({ [field]: value }));
        expect(created.statusCode, label).toBe(400);
        expect(errorOf(created).fields, label).toEqual({ [field]: message });
        const updated = await call(admin, 'PATCH', `${itemsOf(north.id)}/${item.id}`, {
          [field]: value,
          version: item.version,
        });
        expect(updated.statusCode, label).toBe(400);
        expect(errorOf(updated).fields, label).toEqual({ [field]: message });
      }
    }
    expect(await count()).toBe(before);
    expect(await get<Item>(`${itemsOf(north.id)}/${item.id}`)).toEqual(item);
  });

  it('are recorded in the audit log', async () => {
    const item = await createdBy<Item>(call, admin, itemsOf(north.id), rice({ nameHi: 'चावल' }));
    await ok(
      await call(admin, 'PATCH', `${itemsOf(north.id)}/${item.id}`, {
        nameHi: 'बासमती चावल',
        nameKn: 'ಅಕ್ಕಿ',
        version: 1,
      }),
    );
    const log = await get<{
      items: Array<{ action: string; recordId: string; changes: Record<string, unknown> }>;
    }>('/api/audit-log?kind=item&pageSize=25', owner);
    const entries = log.items.filter((entry) => entry.recordId === item.id);
    expect(entries.find((entry) => entry.action === 'edit')?.changes).toEqual({
      nameHi: { from: 'चावल', to: 'बासमती चावल' },
      nameKn: { from: null, to: 'ಅಕ್ಕಿ' },
    });
    expect(entries.find((entry) => entry.action === 'create')?.changes).toMatchObject({
      nameHi: { from: null, to: 'चावल' },
    });
  });

  it('are shared by the item’s copies in other stores: copied, and one edit for all', async () => {
    const item = await createdBy<Item>(
      call,
      owner,
      itemsOf(north.id),
      rice({ nameHi: 'चावल', nameKn: 'ಅಕ್ಕಿ' }),
    );
    const { copied } = await ok<{ copied: Array<{ storeId: string; itemId: string }> }>(
      await call(owner, 'POST', `${itemsOf(north.id)}/${item.id}/copies`, { storeIds: [south.id] }),
    );
    const copyUrl = `${itemsOf(south.id)}/${copied[0]!.itemId}`;
    const copy = await get<Item>(copyUrl, owner);
    expect([copy.nameHi, copy.nameKn]).toEqual(['चावल', 'ಅಕ್ಕಿ']);

    await ok(await call(owner, 'PATCH', `${itemsOf(north.id)}/${item.id}`, { nameHi: 'धान', version: 1 }));
    const followed = await get<Item>(copyUrl, owner);
    expect([followed.nameHi, followed.nameKn]).toEqual(['धान', 'ಅಕ್ಕಿ']);
    // And back, from the copy; an edit of the copy's own price alone leaves them.
    await ok(await call(owner, 'PATCH', copyUrl, { nameKn: null, version: followed.version }));
    const source = await get<Item>(`${itemsOf(north.id)}/${item.id}`, owner);
    expect([source.nameHi, source.nameKn]).toEqual(['धान', null]);

    // A store started from another's catalogue keeps them too.
    const fresh = await createdBy<Store>(call, owner, '/api/stores', storeBody(biz.zones[1]!));
    await ok(await call(owner, 'POST', `/api/stores/${fresh.id}/catalogue/copy`, { fromStoreId: north.id }));
    const kept = (await get<ListResponse<Item>>(`${itemsOf(fresh.id)}?pageSize=25`, owner)).items.find(
      (each) => each.name === item.name,
    );
    expect([kept?.nameHi, kept?.nameKn]).toEqual(['धान', null]);
  });

  it('are found by the console’s search, and the list follows an edit', async () => {
    const name = `Sona Masoori ${randomUUID().slice(0, 4)}`;
    const item = await createdBy<Item>(
      call,
      admin,
      itemsOf(north.id),
      rice({ name, nameHi: 'सोना मसूरी', nameKn: 'ಸೋನಾ ಮಸೂರಿ' }),
    );
    expect(await consoleSearch(north.id, 'मसूरी')).toEqual([name]);
    expect(await consoleSearch(north.id, 'ಸೋನಾ')).toEqual([name]);
    await ok(await call(admin, 'PATCH', `${itemsOf(north.id)}/${item.id}`, { nameHi: 'कोलम', version: 1 }));
    expect(await consoleSearch(north.id, 'कोलम')).toEqual([name]);
    expect(await consoleSearch(north.id, 'मसूरी')).toEqual([]);
  });
});

describe('the customer app', () => {
  it('is given the names of items and categories, finds an item by its Hindi or Kannada name, and its tag follows them', async () => {
    const store = await createdBy<Store>(call, owner, '/api/stores', storeBody(biz.zones[0]!));
    const pulses = await createdBy<Category>(call, admin, categoriesOf(store.id), {
      name: 'Pulses',
      nameHi: 'दालें',
      nameKn: 'ಬೇಳೆಕಾಳು',
    });
    const dal = await createdBy<Item>(call, admin, itemsOf(store.id), {
      name: 'Toor Dal',
      nameHi: 'अरहर दाल',
      nameKn: 'ತೊಗರಿ ಬೇಳೆ',
      categoryId: pulses.id,
      featured: 0,
      pricePaise: 15_900,
    });
    await createdBy<Item>(call, admin, itemsOf(store.id), {
      name: 'Moong Dal',
      categoryId: pulses.id,
      featured: 0,
      pricePaise: 13_900,
    });
    const first = await shopCatalogue(store.id);
    const catalogue = await ok<StorefrontCatalogue>(first);
    expect(catalogue.categories).toEqual([
      { id: pulses.id, name: 'Pulses', nameHi: 'दालें', nameKn: 'ಬೇಳೆಕಾಳು' },
    ]);
    expect(
      catalogue.items.map((item) => ({ name: item.name, nameHi: item.nameHi, nameKn: item.nameKn })),
    ).toEqual([
      { name: 'Moong Dal', nameHi: null, nameKn: null },
      { name: 'Toor Dal', nameHi: 'अरहर दाल', nameKn: 'ತೊಗರಿ ಬೇಳೆ' },
    ]);

    expect(await shopSearch(store.id, 'अरहर')).toEqual(['Toor Dal']);
    expect(await shopSearch(store.id, 'ತೊಗರಿ')).toEqual(['Toor Dal']);
    expect(await shopSearch(store.id, 'दाल')).toEqual(['Toor Dal']);
    expect(await shopSearch(store.id, 'dal')).toEqual(['Moong Dal', 'Toor Dal']);

    // The tag held is the tag until a name in another language changes: then a new answer.
    const tag = first.headers.etag as string;
    expect((await shopCatalogue(store.id, undefined, tag)).statusCode).toBe(304);
    await ok(await call(admin, 'PATCH', `${itemsOf(store.id)}/${dal.id}`, { nameKn: 'ತೊಗರಿ', version: 1 }));
    const afterItem = await shopCatalogue(store.id, undefined, tag);
    expect(afterItem.statusCode).toBe(200);
    expect(afterItem.json<StorefrontCatalogue>().items[1]!.nameKn).toBe('ತೊಗರಿ');
    const itemTag = afterItem.headers.etag as string;
    expect(itemTag).not.toBe(tag);
    await ok(
      await call(admin, 'PATCH', `${categoriesOf(store.id)}/${pulses.id}`, {
        name: 'Pulses',
        nameHi: 'दाल',
        version: pulses.version,
      }),
    );
    const afterCategory = await shopCatalogue(store.id, undefined, itemTag);
    expect(afterCategory.statusCode).toBe(200);
    expect(afterCategory.json<StorefrontCatalogue>().categories[0]!.nameHi).toBe('दाल');
    const categoryTag = afterCategory.headers.etag as string;
    const got = await get<Store>(`/api/stores/${store.id}`, owner);
    await ok(
      await call(owner, 'PATCH', `/api/stores/${store.id}`, {
        descriptionHi: 'किराना',
        version: got.version,
      }),
    );
    const afterStore = await shopCatalogue(store.id, undefined, categoryTag);
    expect(afterStore.statusCode).toBe(200);
    expect(afterStore.json<StorefrontCatalogue>().store.descriptionHi).toBe('किराना');
  });
});

describe('a category’s names in Hindi and Kannada', () => {
  it('are kept, kept by a rename that leaves them out, cleared by blank, and refused when garbage', async () => {
    const made = await createdBy<Category>(call, admin, categoriesOf(north.id), {
      name: `Spices ${randomUUID().slice(0, 4)}`,
      nameHi: ' मसाले ',
      nameKn: 'ಮಸಾಲೆ',
    });
    expect([made.nameHi, made.nameKn]).toEqual(['मसाले', 'ಮಸಾಲೆ']);
    expect(await get<Category>(`${categoriesOf(north.id)}/${made.id}`)).toEqual(made);
    const renamed = await ok<Category>(
      await call(admin, 'PATCH', `${categoriesOf(north.id)}/${made.id}`, {
        name: `${made.name} and herbs`,
        version: 1,
      }),
    );
    expect([renamed.nameHi, renamed.nameKn]).toEqual(['मसाले', 'ಮಸಾಲೆ']);
    const cleared = await ok<Category>(
      await call(admin, 'PATCH', `${categoriesOf(north.id)}/${made.id}`, {
        name: renamed.name,
        nameHi: '',
        version: 2,
      }),
    );
    expect([cleared.nameHi, cleared.nameKn]).toEqual([null, 'ಮಸಾಲೆ']);
    const plain = await createdBy<Category>(call, admin, categoriesOf(north.id), {
      name: `Oils ${randomUUID().slice(0, 4)}`,
    });
    expect([plain.nameHi, plain.nameKn]).toEqual([null, null]);

    const list = async () =>
      (await get<ListResponse<Category>>(`${categoriesOf(north.id)}?pageSize=25`)).items;
    const before = await list();
    for (const field of ['nameHi', 'nameKn']) {
      for (const [value, message] of garbage(100)) {
        const label = `${field} ${JSON.stringify(value).slice(0, 20)}`;
        const created = await call(admin, 'POST', categoriesOf(north.id), {
          name: 'Garbage',
          [field]: value,
        });
        expect(created.statusCode, label).toBe(400);
        expect(errorOf(created).fields, label).toEqual({ [field]: message });
        const updated = await call(admin, 'PATCH', `${categoriesOf(north.id)}/${made.id}`, {
          name: cleared.name,
          [field]: value,
          version: cleared.version,
        });
        expect(updated.statusCode, label).toBe(400);
        expect(errorOf(updated).fields, label).toEqual({ [field]: message });
      }
    }
    expect(await list()).toEqual(before);
  });
});

describe('a slide’s title in Hindi and Kannada', () => {
  it('is kept, kept by an edit that leaves it out, cleared by blank, and refused when garbage', async () => {
    const made = await createdBy<Slide>(call, owner, '/api/slides', {
      title: 'Mango season',
      titleHi: ' आम का मौसम ',
      titleKn: 'ಮಾವಿನ ಕಾಲ',
      position: 1,
    });
    expect([made.titleHi, made.titleKn]).toEqual(['आम का मौसम', 'ಮಾವಿನ ಕಾಲ']);
    expect(await get<Slide>(`/api/slides/${made.id}`, owner)).toEqual(made);
    const moved = await ok<Slide>(
      await call(owner, 'PATCH', `/api/slides/${made.id}`, { position: 2, version: 1 }),
    );
    expect([moved.titleHi, moved.titleKn]).toEqual(['आम का मौसम', 'ಮಾವಿನ ಕಾಲ']);
    const cleared = await ok<Slide>(
      await call(owner, 'PATCH', `/api/slides/${made.id}`, { titleKn: '  ', version: 2 }),
    );
    expect([cleared.titleHi, cleared.titleKn]).toEqual(['आम का मौसम', null]);

    const list = async () => (await get<ListResponse<Slide>>('/api/slides?pageSize=25', owner)).items;
    const before = await list();
    for (const field of ['titleHi', 'titleKn']) {
      for (const [value, message] of garbage(100)) {
        const label = `${field} ${JSON.stringify(value).slice(0, 20)}`;
        const created = await call(owner, 'POST', '/api/slides', {
          title: 'Garbage',
          position: 1,
          [field]: value,
        });
        expect(created.statusCode, label).toBe(400);
        expect(errorOf(created).fields, label).toEqual({ [field]: message });
        const updated = await call(owner, 'PATCH', `/api/slides/${made.id}`, {
          [field]: value,
          version: cleared.version,
        });
        expect(updated.statusCode, label).toBe(400);
        expect(errorOf(updated).fields, label).toEqual({ [field]: message });
      }
    }
    expect(await list()).toEqual(before);
  });
});

describe('a store’s description in Hindi and Kannada', () => {
  it('is kept, kept by an edit that leaves it out, cleared by blank, refused when garbage, and given to the customer app', async () => {
    const longest = 'क'.repeat(1000);
    const made = await createdBy<Store>(call, owner, '/api/stores', {
      ...storeBody(biz.zones[0]!),
      descriptionHi: ' पड़ोस की किराना दुकान ',
      descriptionKn: longest,
    });
    expect([made.descriptionHi, made.descriptionKn]).toEqual(['पड़ोस की किराना दुकान', longest]);
    expect(await get<Store>(`/api/stores/${made.id}`, owner)).toEqual(made);
    const renamed = await ok<Store>(
      await call(owner, 'PATCH', `/api/stores/${made.id}`, { name: `${made.name} 2`, version: made.version }),
    );
    expect([renamed.descriptionHi, renamed.descriptionKn]).toEqual(['पड़ोस की किराना दुकान', longest]);
    const changed = await ok<Store>(
      await call(owner, 'PATCH', `/api/stores/${made.id}`, {
        descriptionKn: 'ನೆರೆಹೊರೆಯ ದಿನಸಿ ಅಂಗಡಿ',
        version: renamed.version,
      }),
    );
    expect(changed.descriptionKn).toBe('ನೆರೆಹೊರೆಯ ದಿನಸಿ ಅಂಗಡಿ');
    const plain = await createdBy<Store>(call, owner, '/api/stores', {
      ...storeBody(biz.zones[0]!),
      descriptionHi: '   ',
    });
    expect([plain.descriptionHi, plain.descriptionKn]).toEqual([null, null]);

    const descriptionGarbage: Array<[unknown, string]> = [
      [42, 'Invalid input: expected string, received number'],
      [{ hi: 'किराना' }, 'Invalid input: expected string, received object'],
      ['क'.repeat(1001), 'must be at most 1000 characters'],
    ];
    for (const field of ['descriptionHi', 'descriptionKn']) {
      for (const [value, message] of descriptionGarbage) {
        const label = `${field} ${JSON.stringify(value).slice(0, 20)}`;
        const created = await call(owner, 'POST', '/api/stores', {
          ...storeBody(biz.zones[0]!),
          [field]: value,
        });
        expect(created.statusCode, label).toBe(400);
        expect(errorOf(created).fields, label).toEqual({ [field]: message });
        const updated = await call(owner, 'PATCH', `/api/stores/${made.id}`, {
          [field]: value,
          version: changed.version,
        });
        expect(updated.statusCode, label).toBe(400);
        expect(errorOf(updated).fields, label).toEqual({ [field]: message });
      }
    }
    expect(await get<Store>(`/api/stores/${made.id}`, owner)).toEqual(changed);

    // The customer app: the stores near a point, and a store's catalogue.
    const near = await ctx.app.inject({
      method: 'GET',
      url: `/api/storefront/stores?lat=${made.latitude}&lng=${made.longitude}`,
      headers: { 'x-storefront-key': biz.storefrontKey },
    });
    const listed = (await ok<{ items: StorefrontStore[] }>(near)).items;
    expect(listed.find((each) => each.id === made.id)).toMatchObject({
      descriptionHi: 'पड़ोस की किराना दुकान',
      descriptionKn: 'ನೆರೆಹೊರೆಯ ದಿನಸಿ ಅಂಗಡಿ',
    });
    expect(listed.find((each) => each.id === plain.id)).toMatchObject({
      descriptionHi: null,
      descriptionKn: null,
    });
    const catalogue = await ok<StorefrontCatalogue>(await shopCatalogue(made.id));
    expect([catalogue.store.descriptionHi, catalogue.store.descriptionKn]).toEqual([
      'पड़ोस की किराना दुकान',
      'ನೆರೆಹೊರೆಯ ದಿನಸಿ ಅಂಗಡಿ',
    ]);
  });
});

describe('the catalogue spreadsheets', () => {
  const header = 'sku,name,name_hi,name_kn,category,variant,price,mrp,stock,gst,hsn,veg';
  const oldHeader = 'sku,name,category,variant,price,mrp,stock,gst,hsn,veg';
  const file = (head: string, ...rows: string[]) => [head, ...rows].join('\r\n') + '\r\n';
  const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

  function upload(
    storeId: string,
    body: string | Buffer,
    type = 'text/csv',
    url = `/api/stores/${storeId}/catalogue/import`,
  ) {
    return ctx.app.inject({
      method: 'POST',
      url,
      headers: { ...owner.headers, 'content-type': type },
      payload: body,
    });
  }

  async function freshStore() {
    const made = await createdBy<Store>(call, owner, '/api/stores', storeBody(biz.zones[0]!));
    await createdBy<Category>(call, owner, categoriesOf(made.id), { name: 'Staples' });
    await createdBy<Category>(call, owner, categoriesOf(made.id), { name: 'Vegetables' });
    return made;
  }

  const namesOf = async (storeId: string) =>
    Object.fromEntries(
      (await get<ListResponse<Item>>(`${itemsOf(storeId)}?pageSize=25`, owner)).items.map((item) => [
        item.name,
        [item.nameHi, item.nameKn],
      ]),
    );

  it('read and write the names; an exported file imports back unchanged, in CSV and Excel', async () => {
    const store = await freshStore();
    const made = await upload(
      store.id,
      file(
        header,
        'RICE-1,Basmati Rice,चावल,ಅಕ್ಕಿ,Staples,1 kg,140,,,5,1006,yes',
        // The item's other rows may leave them empty.
        'RICE-5,Basmati Rice,,,Staples,5 kg,650,,,5,1006,yes',
        'ONION-1,Onions,  प्याज ,ಈರುಳ್ಳಿ,Vegetables,1 kg,40,,,0,,yes',
        'SALT-1,Salt,,,Staples,1 kg,25,,,0,,yes',
      ),
    );
    expect(made.json()).toEqual({ created: 4, updated: 0, unchanged: 0, errors: [] });
    expect(await namesOf(store.id)).toEqual({
      'Basmati Rice': ['चावल', 'ಅಕ್ಕಿ'],
      Onions: ['प्याज', 'ಈರುಳ್ಳಿ'],
      Salt: [null, null],
    });

    const exported = await call(owner, 'GET', `/api/stores/${store.id}/catalogue/export.csv`);
    const lines = exported.body.split('\r\n');
    expect(lines[0]).toBe(`${header},barcode,low_stock,step_g,max_g,aliases`);
    expect(lines).toContain('RICE-1,Basmati Rice,चावल,ಅಕ್ಕಿ,Staples,1 kg,140.00,,,5,1006,yes,,,,,');
    expect(lines).toContain('RICE-5,Basmati Rice,चावल,ಅಕ್ಕಿ,Staples,5 kg,650.00,,,5,1006,yes,,,,,');
    expect(lines).toContain('ONION-1,Onions,प्याज,ಈರುಳ್ಳಿ,Vegetables,1 kg,40.00,,,0,,yes,,,,,');
    expect(lines).toContain('SALT-1,Salt,,,Staples,1 kg,25.00,,,0,,yes,,,,,');
    expect((await upload(store.id, exported.body)).json()).toEqual({
      created: 0,
      updated: 0,
      unchanged: 4,
      errors: [],
    });

    const workbook = await call(owner, 'GET', `/api/stores/${store.id}/catalogue/export.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(workbook.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1, 5)).toEqual(['sku', 'name', 'name_hi', 'name_kn']);
    const back = await upload(store.id, workbook.rawPayload, xlsx);
    expect(back.json()).toEqual({ created: 0, updated: 0, unchanged: 4, errors: [] });

    // Every store's file carries them too, and imports back unchanged.
    const all = await call(owner, 'GET', '/api/catalogue/export.csv');
    const mine = all.body
      .split('\r\n')
      .filter((line, index) => index === 0 || line.startsWith(`${store.name},`));
    expect(mine[0]).toBe(`store,${header},barcode,low_stock,step_g,max_g,aliases`);
    expect(mine).toContain(`${store.name},ONION-1,Onions,प्याज,ಈರುಳ್ಳಿ,Vegetables,1 kg,40.00,,,0,,yes,,,,,`);
    const again = await upload(store.id, mine.join('\r\n') + '\r\n', 'text/csv', '/api/catalogue/import');
    expect(again.json()).toEqual({ created: 0, updated: 0, unchanged: 4, errors: [] });
    expect(await namesOf(store.id)).toEqual({
      'Basmati Rice': ['चावल', 'ಅಕ್ಕಿ'],
      Onions: ['प्याज', 'ಈರುಳ್ಳಿ'],
      Salt: [null, null],
    });
  });

  it('an old file without the columns keeps the names; one with them and empty cells clears them', async () => {
    const store = await freshStore();
    await upload(store.id, file(header, 'RICE-1,Basmati Rice,चावल,ಅಕ್ಕಿ,Staples,1 kg,140,,,5,1006,yes'));
    const priced = await upload(
      store.id,
      file(oldHeader, 'RICE-1,Basmati Rice,Staples,1 kg,145,,,5,1006,yes'),
    );
    expect(priced.json()).toEqual({ created: 0, updated: 1, unchanged: 0, errors: [] });
    expect(await namesOf(store.id)).toEqual({ 'Basmati Rice': ['चावल', 'ಅಕ್ಕಿ'] });
    // A file of the old columns as exported before is unchanged.
    const same = await upload(store.id, file(oldHeader, 'RICE-1,Basmati Rice,Staples,1 kg,145,,,5,1006,yes'));
    expect(same.json()).toEqual({ created: 0, updated: 0, unchanged: 1, errors: [] });
    // Only the Hindi column: the Kannada name stays.
    const hindiOnly = await upload(
      store.id,
      file(
        'sku,name,name_hi,category,variant,price,mrp,stock,gst,hsn,veg',
        'RICE-1,Basmati Rice,धान,Staples,1 kg,145,,,5,1006,yes',
      ),
    );
    expect(hindiOnly.json()).toEqual({ created: 0, updated: 1, unchanged: 0, errors: [] });
    expect(await namesOf(store.id)).toEqual({ 'Basmati Rice': ['धान', 'ಅಕ್ಕಿ'] });
    const cleared = await upload(
      store.id,
      file(header, 'RICE-1,Basmati Rice,,,Staples,1 kg,145,,,5,1006,yes'),
    );
    expect(cleared.json()).toEqual({ created: 0, updated: 1, unchanged: 0, errors: [] });
    expect(await namesOf(store.id)).toEqual({ 'Basmati Rice': [null, null] });
  });

  it('a store’s file that changes the names changes every copy', async () => {
    const store = await freshStore();
    const other = await freshStore();
    await upload(store.id, file(header, 'DAL-1,Toor Dal,अरहर,ತೊಗರಿ,Staples,1 kg,150,,,5,,yes'));
    const [dal] = (await get<ListResponse<Item>>(itemsOf(store.id), owner)).items;
    await ok(await call(owner, 'POST', `${itemsOf(store.id)}/${dal!.id}/copies`, { storeIds: [other.id] }));
    expect(await namesOf(other.id)).toEqual({ 'Toor Dal': ['अरहर', 'ತೊಗರಿ'] });
    const changed = await upload(
      store.id,
      file(header, 'DAL-1,Toor Dal,तूर दाल,ತೊಗರಿ,Staples,1 kg,150,,,5,,yes'),
    );
    expect(changed.json()).toEqual({ created: 0, updated: 1, unchanged: 0, errors: [] });
    expect(await namesOf(other.id)).toEqual({ 'Toor Dal': ['तूर दाल', 'ತೊಗರಿ'] });
  });

  it('names a bad name by its row and column, and writes nothing', async () => {
    const store = await freshStore();
    const before = await namesOf(store.id);
    const res = await upload(
      store.id,
      file(
        header,
        'DAL-1,Toor Dal,अरहर,,Staples,1 kg,150,,,5,,yes',
        'DAL-2,Toor Dal,तूर,,Staples,2 kg,290,,,5,,yes',
        `SALT-1,Salt,${'न'.repeat(101)},,Staples,1 kg,25,,,0,,yes`,
        'SUGAR-1,Sugar,,"शक्कर\u0007",Staples,1 kg,45,,,5,,yes',
      ),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect((errorOf(res).current as { errors: unknown }).errors).toEqual([
      { row: 3, field: 'name_hi', message: spreadsheetMessages.itemDiffers('name_hi', 2) },
      { row: 4, field: 'name_hi', message: spreadsheetMessages.nameTooLong },
      { row: 5, field: 'name_kn', message: noControlCharacters },
    ]);
    expect(await namesOf(store.id)).toEqual(before);
  });
});
