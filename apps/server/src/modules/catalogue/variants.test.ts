/*
 * An item's variants and stock as staff keep them (B17): the item API with variants, the rules
 * across them, stock adjustments with their reasons in the audit log, and the low stock list.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Category, Item } from '@storedesk/shared/catalogue/schemas';
import { variantMessages } from '@storedesk/shared/catalogue/variants';
import type { Store } from '@storedesk/shared/stores/schemas';
import {
  caller,
  createdBy,
  storeBody,
  createStaffWorld,
  type Call,
  errorOf,
  type Session,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';
import { statementsOf } from '#test/statements.ts';

let ctx: TestApp;
let call: Call;
let biz: TestBusiness;
let rival: TestBusiness;
let owner: Session;
let admin: Session;
let southAdmin: Session;
let rivalOwner: Session;
let store: Store;
let southStore: Store;
let category: Category;

const created = <T>(session: Session, url: string, payload: object) =>
  createdBy<T>(call, session, url, payload);

const newStore = (session: Session, zoneId?: string) =>
  createdBy<Store>(call, session, '/api/stores', storeBody(zoneId));

const unique = () => randomUUID().slice(0, 8).toUpperCase();

const attaBody = (overrides: Record<string, unknown> = {}) => ({
  name: `Atta ${unique()}`,
  categoryId: category.id,
  featured: 0,
  variants: [
    { label: '5 kg', pricePaise: 24000, mrpPaise: 26500, sku: `ATTA5-${unique()}`, stock: 12, lowStockAt: 3 },
    { label: '10 kg', pricePaise: 46000, sku: `ATTA10-${unique()}` },
  ],
  ...overrides,
});

const itemsUrl = () => `/api/stores/${store.id}/items`;

async function auditOf(kind: string, recordId: string) {
  const { rows } = await ctx.db.execute<{
    action: string;
    changes: Record<string, { from: unknown; to: unknown }>;
  }>(
    sql`SELECT action, changes FROM audit_log WHERE kind = ${kind} AND record_id = ${recordId} ORDER BY at, id`,
  );
  return rows;
}

beforeAll(async () => {
  ({ ctx, biz, rival, owner, admin, southAdmin, rivalOwner } = await createStaffWorld());
  call = caller(ctx.app);
  store = await newStore(admin);
  southStore = await newStore(owner, biz.zones[1]);
  category = await created<Category>(admin, `/api/stores/${store.id}/categories`, { name: 'Staples' });
});
afterAll(() => ctx.close());

describe('an item with variants', () => {
  it('is created with its variants in order, the lowest price as its price', async () => {
    const body = attaBody();
    const item = await created<Item>(admin, itemsUrl(), body);
    expect(item.pricePaise).toBe(24000);
    expect(item.variants).toEqual([
      {
        id: expect.any(String),
        label: '5 kg',
        pricePaise: 24000,
        mrpPaise: 26500,
        sku: body.variants[0]!.sku,
        barcode: null,
        stepGrams: null,
        maxGrams: null,
        stock: 12,
        lowStockAt: 3,
      },
      {
        id: expect.any(String),
        label: '10 kg',
        pricePaise: 46000,
        mrpPaise: null,
        sku: body.variants[1]!.sku,
        barcode: null,
        stepGrams: null,
        maxGrams: null,
        stock: null,
        lowStockAt: null,
      },
    ]);
    expect((await call(admin, 'GET', `${itemsUrl()}/${item.id}`)).json()).toEqual(item);
    const listed = (await call(admin, 'GET', `${itemsUrl()}?q=${encodeURIComponent(body.name)}`)).json();
    expect(listed).toEqual({ items: [item], total: 1 });
  });

  it('posted with a price and no variants has one unlabelled variant of that price', async () => {
    const item = await created<Item>(admin, itemsUrl(), {
      name: `Salt ${unique()}`,
      categoryId: category.id,
      featured: 0,
      pricePaise: 2800,
    });
    expect(item.variants).toEqual([
      {
        id: expect.any(String),
        label: '',
        pricePaise: 2800,
        mrpPaise: null,
        sku: null,
        barcode: null,
        stepGrams: null,
        maxGrams: null,
        stock: null,
        lowStockAt: null,
      },
    ]);
    // A price alone edits that one variant.
    const edited = await call(admin, 'PATCH', `${itemsUrl()}/${item.id}`, { pricePaise: 3000, version: 1 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Item>().variants).toEqual([{ ...item.variants[0], pricePaise: 3000 }]);
  });

  it('is edited in place: a variant kept, one added, one removed, in the order sent', async () => {
    const item = await created<Item>(admin, itemsUrl(), attaBody());
    const [five, ten] = item.variants;
    const res = await call(admin, 'PATCH', `${itemsUrl()}/${item.id}`, {
      version: item.version,
      variants: [
        { label: '1 kg', pricePaise: 5200 },
        { ...five, pricePaise: 23500 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<Item>();
    expect(after.version).toBe(item.version + 1);
    expect(after.variants.map((variant) => [variant.label, variant.pricePaise, variant.stock])).toEqual([
      ['1 kg', 5200, null],
      ['5 kg', 23500, 12],
    ]);
    expect(after.variants[1]!.id).toBe(five!.id);
    expect(after.variants.some((variant) => variant.id === ten!.id)).toBe(false);
    expect(after.pricePaise).toBe(5200);
  });

  it('keeps a counted stock that an edit sends differently: stock moves by adjustments', async () => {
    const item = await created<Item>(admin, itemsUrl(), attaBody());
    const [five, ten] = item.variants;
    const res = await call(admin, 'PATCH', `${itemsUrl()}/${item.id}`, {
      version: item.version,
      variants: [
        { ...five, stock: 99 },
        { ...ten, stock: 4 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    // The counted one is as it was; the uncounted one starts counting at 4, recorded as counted.
    expect(res.json<Item>().variants.map((variant) => variant.stock)).toEqual([12, 4]);
    const audit = await auditOf('stock', ten!.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.changes).toMatchObject({
      reason: { from: null, to: 'counted' },
      stockTo: { from: null, to: 4 },
    });
    // Null stops counting.
    const stopped = await call(admin, 'PATCH', `${itemsUrl()}/${item.id}`, {
      version: item.version + 1,
      variants: [
        { ...five, stock: null },
        { ...ten, stock: 4 },
      ],
    });
    expect(stopped.json<Item>().variants.map((variant) => variant.stock)).toEqual([null, 4]);
  });

  it('refuses bad variants field by field and writes nothing', async () => {
    const before = (await ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM item_variants`))
      .rows[0]!.n;
    const cases: Array<[unknown, Record<string, string>]> = [
      [[], { variants: variantMessages.noVariants }],
      [
        [
          { label: '', pricePaise: 100 },
          { label: '', pricePaise: 200 },
        ],
        { 'variants.0.label': variantMessages.labelNeeded, 'variants.1.label': variantMessages.labelNeeded },
      ],
      [
        [
          { label: '1 kg', pricePaise: 100 },
          { label: '1 KG', pricePaise: 200 },
        ],
        { 'variants.1.label': variantMessages.labelTwice },
      ],
      [
        [{ label: '1 kg', pricePaise: 500, mrpPaise: 400 }],
        { 'variants.0.mrpPaise': variantMessages.mrpBelowPrice },
      ],
      [[{ label: '1 kg', pricePaise: 100, stock: -1 }], { 'variants.0.stock': variantMessages.stock }],
      [[{ label: '1 kg', pricePaise: 100, stock: 2.5 }], { 'variants.0.stock': variantMessages.stock }],
      [[{ label: '1 kg', pricePaise: 100, stock: '5' }], { 'variants.0.stock': variantMessages.stock }],
      [[{ label: '1 kg', pricePaise: 100, sku: 'has space' }], { 'variants.0.sku': variantMessages.code }],
      [[{ label: '1 kg', pricePaise: 100, sku: '=cmd|x' }], { 'variants.0.sku': variantMessages.code }],
      [
        [
          { label: 'a', pricePaise: 100, sku: 'SAME' },
          { label: 'b', pricePaise: 100, sku: 'SAME' },
        ],
        { 'variants.1.sku': variantMessages.skuTwice },
      ],
      [[{ label: 'x'.repeat(41), pricePaise: 100 }], { 'variants.0.label': 'must be at most 40 characters' }],
      [
        Array.from({ length: 21 }, (_, i) => ({ label: `${i} g`, pricePaise: 100 })),
        { variants: variantMessages.tooManyVariants },
      ],
      // Sold loose: a step and a maximum in whole grams, and a step that costs whole paise.
      [[{ pricePaise: 3_600, stepGrams: 250 }], { 'variants.0.maxGrams': variantMessages.looseNeedsBoth }],
      [[{ pricePaise: 3_600, maxGrams: 5_000 }], { 'variants.0.stepGrams': variantMessages.looseNeedsBoth }],
      [
        [{ pricePaise: 3_600, stepGrams: 500, maxGrams: 250 }],
        { 'variants.0.maxGrams': variantMessages.maxBelowStep },
      ],
      [
        [{ pricePaise: 3_755, stepGrams: 250, maxGrams: 5_000 }],
        {
          'variants.0.pricePaise':
            'At ₹37.55 a kg, 250 g comes to a fraction of a paisa: change the price or the step',
        },
      ],
      [
        [{ pricePaise: 3_600, mrpPaise: 3_999, stepGrams: 250, maxGrams: 5_000 }],
        { 'variants.0.mrpPaise': variantMessages.notExact(3_999, 250) },
      ],
      [
        [{ pricePaise: 3_600, stepGrams: 0, maxGrams: 5_000 }],
        { 'variants.0.stepGrams': variantMessages.grams },
      ],
      [
        [{ pricePaise: 3_600, stepGrams: 2.5, maxGrams: 5_000 }],
        { 'variants.0.stepGrams': variantMessages.grams },
      ],
      [
        [{ pricePaise: 3_600, stepGrams: '250', maxGrams: 5_000 }],
        { 'variants.0.stepGrams': variantMessages.grams },
      ],
      // An amount out of range is its field's refusal, never a 500 from the step's rule.
      [
        [{ pricePaise: 3_600, mrpPaise: -1e308, stepGrams: 250, maxGrams: 5_000 }],
        { 'variants.0.mrpPaise': 'must be a whole number of paise' },
      ],
      [
        [{ pricePaise: 3_600, stepGrams: 250, maxGrams: 50_001 }],
        { 'variants.0.maxGrams': variantMessages.grams },
      ],
    ];
    for (const [variants, fields] of cases) {
      const res = await call(admin, 'POST', itemsUrl(), { ...attaBody(), variants });
      expect(res.statusCode, JSON.stringify(variants)).toBe(400);
      expect(errorOf(res).fields).toMatchObject(fields);
    }
    const noPrice = await call(admin, 'POST', itemsUrl(), {
      name: 'No price',
      categoryId: category.id,
      featured: 0,
    });
    expect(noPrice.statusCode).toBe(400);
    expect(errorOf(noPrice).fields).toEqual({ variants: variantMessages.noVariants });
    const after = (await ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM item_variants`))
      .rows[0]!.n;
    expect(after).toBe(before);
  });

  it('is sold loose: its price per kg, step and maximum are kept, edited and stopped', async () => {
    const loose = { pricePaise: 3_600, mrpPaise: 4_000, stepGrams: 250, maxGrams: 5_000, stock: 20_000 };
    const item = await created<Item>(admin, itemsUrl(), {
      name: `Onions ${unique()}`,
      categoryId: category.id,
      featured: 0,
      variants: [loose],
    });
    expect(item.variants).toEqual([
      { id: expect.any(String), label: '', sku: null, barcode: null, lowStockAt: null, ...loose },
    ]);
    const edited = await call(admin, 'PATCH', `${itemsUrl()}/${item.id}`, {
      version: item.version,
      variants: [{ ...item.variants[0], pricePaise: 3_750, stepGrams: 100, maxGrams: 2_000 }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().variants[0]).toMatchObject({ pricePaise: 3_750, stepGrams: 100, maxGrams: 2_000 });
    const packed = await call(admin, 'PATCH', `${itemsUrl()}/${item.id}`, {
      version: edited.json().version,
      variants: [{ ...edited.json().variants[0], stepGrams: null, maxGrams: null, label: '1 kg' }],
    });
    expect(packed.statusCode, packed.body).toBe(200);
    expect(packed.json().variants[0]).toMatchObject({ label: '1 kg', stepGrams: null, maxGrams: null });
  });

  it('is counted again when it changes unit: packs to grams and back take the count sent', async () => {
    const item = await created<Item>(admin, itemsUrl(), {
      name: `Tomatoes ${unique()}`,
      categoryId: category.id,
      featured: 0,
      variants: [{ label: '1 kg', pricePaise: 4_000, stock: 10 }],
    });
    const [pack] = item.variants;
    // Sold loose from now: 10 packs of 1 kg are counted again as 9.5 kg.
    const loose = await call(admin, 'PATCH', `${itemsUrl()}/${item.id}`, {
      version: item.version,
      variants: [{ ...pack, label: '', stepGrams: 500, maxGrams: 3_000, stock: 9_500 }],
    });
    expect(loose.statusCode, loose.body).toBe(200);
    expect(loose.json<Item>().variants[0]).toMatchObject({ stepGrams: 500, stock: 9_500 });
    // The same unit again: the count kept is not overwritten.
    const same = await call(admin, 'PATCH', `${itemsUrl()}/${item.id}`, {
      version: loose.json<Item>().version,
      variants: [{ ...loose.json<Item>().variants[0], stock: 1 }],
    });
    expect(same.json<Item>().variants[0]!.stock).toBe(9_500);
    // Packs again: 9 packs.
    const packs = await call(admin, 'PATCH', `${itemsUrl()}/${item.id}`, {
      version: same.json<Item>().version,
      variants: [
        { ...same.json<Item>().variants[0], label: '1 kg', stepGrams: null, maxGrams: null, stock: 9 },
      ],
    });
    expect(packs.json<Item>().variants[0]).toMatchObject({ stepGrams: null, stock: 9 });
    const audit = await auditOf('stock', pack!.id);
    expect(audit.map((entry) => [entry.changes.stockFrom?.to, entry.changes.stockTo?.to])).toEqual([
      // Counting began at 10 (from none, so no stockFrom is recorded).
      [undefined, 10],
      [10, 9_500],
      [9_500, 9],
    ]);
  });

  it('refuses a variant id that is not the item’s', async () => {
    const item = await created<Item>(admin, itemsUrl(), attaBody());
    const other = await created<Item>(admin, itemsUrl(), attaBody());
    const res = await call(admin, 'PATCH', `${itemsUrl()}/${item.id}`, {
      version: item.version,
      variants: [other.variants[0]],
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({ 'variants.0.id': variantMessages.unknownVariant });
    expect((await call(admin, 'GET', `${itemsUrl()}/${item.id}`)).json()).toEqual(item);
  });

  it('gives a SKU to one product of the business: another item’s, in this store or another, is 409', async () => {
    const item = await created<Item>(admin, itemsUrl(), attaBody());
    const sku = item.variants[0]!.sku!;
    const here = await call(
      admin,
      'POST',
      itemsUrl(),
      attaBody({ variants: [{ label: '1 kg', pricePaise: 100, sku }] }),
    );
    expect(here.statusCode).toBe(409);
    expect(errorOf(here).fields).toEqual({ 'variants.0.sku': variantMessages.skuTaken });
    const southCategory = await created<Category>(owner, `/api/stores/${southStore.id}/categories`, {
      name: 'Staples',
    });
    const there = await call(owner, 'POST', `/api/stores/${southStore.id}/items`, {
      name: 'Atta',
      categoryId: southCategory.id,
      featured: 0,
      variants: [{ label: '5 kg', pricePaise: 100, sku }],
    });
    expect(there.statusCode).toBe(409);
    expect(errorOf(there).fields).toEqual({ 'variants.0.sku': variantMessages.skuTaken });
    // Another business may use the same code.
    const rivalStore = await newStore(rivalOwner, rival.zones[0]);
    const rivalCategory = await created<Category>(rivalOwner, `/api/stores/${rivalStore.id}/categories`, {
      name: 'S',
    });
    const rivalItem = await call(rivalOwner, 'POST', `/api/stores/${rivalStore.id}/items`, {
      name: 'Atta',
      categoryId: rivalCategory.id,
      featured: 0,
      variants: [{ label: '5 kg', pricePaise: 100, sku }],
    });
    expect(rivalItem.statusCode, rivalItem.body).toBe(201);
    // The item itself may keep (and move) its own code.
    const kept = await call(admin, 'PATCH', `${itemsUrl()}/${item.id}`, {
      version: item.version,
      variants: [item.variants[1], item.variants[0]],
    });
    expect(kept.statusCode, kept.body).toBe(200);
  });
});

describe('statements per read (issue 40)', () => {
  it("a page of a store's item list, once the list is held: the session, then the page's items with their variants", async () => {
    const body = attaBody();
    const item = await created<Item>(admin, itemsUrl(), body);
    const page = `${itemsUrl()}?q=${encodeURIComponent(body.name)}`;
    // The first read loads the list into memory; the pages after it are what consoles repeat.
    expect((await call(admin, 'GET', page)).statusCode).toBe(200);
    let listed: unknown;
    const sent = await statementsOf(async () => {
      listed = (await call(admin, 'GET', page)).json();
    });
    expect(listed).toEqual({ items: [item], total: 1 });
    expect(sent, sent.join('\n\n')).toHaveLength(2);
    expect(sent[0]).toMatch(/from "sessions" inner join "users"/);
    expect(sent[1]).toMatch(
      /^select .*FROM "item_variants" WHERE "item_variants"."item_id" = "items"."id"\).* from "items" /s,
    );
  });
});

describe('stock adjustments', () => {
  const adjust = (session: Session, item: Item, variantIndex: number, body: object, storeId = store.id) =>
    call(
      session,
      'POST',
      `/api/stores/${storeId}/items/${item.id}/variants/${item.variants[variantIndex]!.id}/stock`,
      body,
    );

  it('add what was received, take what was damaged, set what was counted, each in the audit log', async () => {
    const item = await created<Item>(admin, itemsUrl(), attaBody());
    const received = await adjust(admin, item, 0, { reason: 'received', quantity: 8 });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json<Item>().variants[0]!.stock).toBe(20);
    expect(
      (await adjust(admin, item, 0, { reason: 'damaged', quantity: 3 })).json<Item>().variants[0]!.stock,
    ).toBe(17);
    expect(
      (await adjust(admin, item, 0, { reason: 'counted', quantity: 15 })).json<Item>().variants[0]!.stock,
    ).toBe(15);
    // An uncounted variant starts counting from what is received.
    expect(
      (await adjust(admin, item, 1, { reason: 'received', quantity: 6 })).json<Item>().variants[1]!.stock,
    ).toBe(6);
    const audit = await auditOf('stock', item.variants[0]!.id);
    expect(
      audit.map((entry) => [
        entry.changes.reason!.to,
        entry.changes.stockFrom?.to ?? null,
        entry.changes.stockTo!.to,
      ]),
    ).toEqual([
      ['counted', null, 12],
      ['received', 12, 20],
      ['damaged', 20, 17],
      ['counted', 17, 15],
    ]);
    // The item's version is untouched: a form opened before an adjustment still saves.
    expect((await call(admin, 'GET', `${itemsUrl()}/${item.id}`)).json<Item>().version).toBe(item.version);
  });

  it('never go below zero (409) and refuse bad input, changing nothing', async () => {
    const item = await created<Item>(admin, itemsUrl(), attaBody());
    const below = await adjust(admin, item, 0, { reason: 'damaged', quantity: 13 });
    expect(below.statusCode).toBe(409);
    expect(errorOf(below)).toMatchObject({
      message: variantMessages.belowZero('12'),
      fields: { quantity: variantMessages.belowZero('12') },
    });
    // Received beyond the most a count may hold: refused with that, not with "below zero".
    const above = await adjust(admin, item, 0, { reason: 'received', quantity: 1_000_000 });
    expect(above.statusCode).toBe(409);
    expect(errorOf(above).fields).toEqual({ quantity: variantMessages.aboveMax('12', '1000000') });
    const bad: Array<[object, Record<string, string>]> = [
      [{ reason: 'stolen', quantity: 1 }, { reason: 'must be received, damaged or counted' }],
      [{ reason: 'received', quantity: -1 }, { quantity: variantMessages.stock }],
      [{ reason: 'received', quantity: 1.5 }, { quantity: variantMessages.stock }],
      [{ reason: 'received' }, { quantity: variantMessages.stock }],
      [{ reason: 'counted', quantity: 1_000_001 }, { quantity: variantMessages.stock }],
    ];
    for (const [body, fields] of bad) {
      const res = await adjust(admin, item, 0, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).fields).toEqual(fields);
    }
    expect((await call(admin, 'GET', `${itemsUrl()}/${item.id}`)).json<Item>().variants[0]!.stock).toBe(12);
    expect(await auditOf('stock', item.variants[0]!.id)).toHaveLength(1);
  });

  it('are another zone’s admin’s and another business’s 404; an unknown variant is 404', async () => {
    const item = await created<Item>(admin, itemsUrl(), attaBody());
    const body = { reason: 'received', quantity: 1 };
    expect((await adjust(southAdmin, item, 0, body)).statusCode).toBe(404);
    expect((await adjust(rivalOwner, item, 0, body)).statusCode).toBe(404);
    const other = await created<Item>(admin, itemsUrl(), attaBody());
    const crossed = await call(
      admin,
      'POST',
      `/api/stores/${store.id}/items/${item.id}/variants/${other.variants[0]!.id}/stock`,
      body,
    );
    expect(crossed.statusCode).toBe(404);
    expect((await call(admin, 'GET', `${itemsUrl()}/${item.id}`)).json<Item>().variants[0]!.stock).toBe(12);
    expect((await adjust(owner, item, 0, body)).statusCode).toBe(200);
  });
});

describe('the low stock list', () => {
  it('lists counted variants at or below their mark in the caller’s stores, out of stock first', async () => {
    const item = await created<Item>(admin, itemsUrl(), {
      ...attaBody(),
      variants: [
        { label: '1 kg', pricePaise: 5000, stock: 2, lowStockAt: 2 },
        { label: '2 kg', pricePaise: 9000, stock: 0 },
        { label: '5 kg', pricePaise: 20000, stock: 6 },
        { label: '10 kg', pricePaise: 38000 },
      ],
    });
    const southCategory = await created<Category>(owner, `/api/stores/${southStore.id}/categories`, {
      name: 'Dairy',
    });
    const south = await created<Item>(owner, `/api/stores/${southStore.id}/items`, {
      name: 'Curd',
      categoryId: southCategory.id,
      featured: 0,
      variants: [{ label: '400 g', pricePaise: 4500, stock: 1 }],
    });
    const mine = (rows: Array<{ itemId: string }>) =>
      rows.filter((row) => row.itemId === item.id || row.itemId === south.id);
    const ownerList = (await call(owner, 'GET', `/api/stock/low?storeId=${store.id}&pageSize=25`)).json();
    expect(mine(ownerList.items)).toEqual([
      {
        storeId: store.id,
        storeName: store.name,
        itemId: item.id,
        itemName: item.name,
        variantId: item.variants[1]!.id,
        variantLabel: '2 kg',
        stepGrams: null,
        stock: 0,
        lowStockAt: 5,
      },
      {
        storeId: store.id,
        storeName: store.name,
        itemId: item.id,
        itemName: item.name,
        variantId: item.variants[0]!.id,
        variantLabel: '1 kg',
        stepGrams: null,
        stock: 2,
        lowStockAt: 2,
      },
    ]);
    const adminList = (await call(admin, 'GET', '/api/stock/low?pageSize=25')).json();
    expect(adminList.items.some((row: { itemId: string }) => row.itemId === south.id)).toBe(false);
    const southList = (await call(southAdmin, 'GET', '/api/stock/low?pageSize=25')).json();
    expect(mine(southList.items).map((row: { itemId: string }) => row.itemId)).toEqual([south.id]);
    expect((await call(admin, 'GET', `/api/stock/low?zoneId=${biz.zones[1]}`)).statusCode).toBe(403);
    const rival = (await call(rivalOwner, 'GET', '/api/stock/low?pageSize=25')).json();
    expect(mine(rival.items)).toEqual([]);
    // Paging: a page past the first still tells the total.
    const first = (await call(owner, 'GET', `/api/stock/low?storeId=${store.id}&pageSize=5`)).json();
    const second = (await call(owner, 'GET', `/api/stock/low?storeId=${store.id}&pageSize=5&page=1`)).json();
    expect(second.total).toBe(first.total);
  });
});

describe('finding items', () => {
  it('finds an item by its other names, a SKU, a barcode, or a name with a letter wrong, in the console and the customer app', async () => {
    const finder = await newStore(owner, biz.zones[0]);
    const staples = await created<Category>(owner, `/api/stores/${finder.id}/categories`, {
      name: 'Staples',
    });
    // Letters for SKUs and digits for the barcode: no search of one is near the other.
    const letters = () => Array.from({ length: 8 }, () => 'GHJKMNPQRSTUVWXYZ'[randomInt(17)]).join('');
    const code = letters();
    const rice = await created<Item>(owner, `/api/stores/${finder.id}/items`, {
      name: 'Basmati Rice',
      categoryId: staples.id,
      featured: 0,
      tags: ['chawal', 'चावल'],
      variants: [
        { label: '1 kg', pricePaise: 14_000, sku: `RICE-${code}`, barcode: `890${randomInt(1e9, 1e10)}` },
      ],
    });
    await created<Item>(owner, `/api/stores/${finder.id}/items`, {
      name: 'Toor Dal',
      categoryId: staples.id,
      featured: 0,
      pricePaise: 9_000,
    });
    const staff = async (q: string) =>
      (await call(owner, 'GET', `/api/stores/${finder.id}/items?q=${encodeURIComponent(q)}`))
        .json<{ items: Item[] }>()
        .items.map((item) => item.name);
    for (const q of [
      'chawal',
      'चावल',
      `rice-${code.toLowerCase()}`,
      rice.variants[0]!.barcode!,
      'basmti',
      'Basmati',
    ]) {
      expect(await staff(q), q).toEqual(['Basmati Rice']);
    }
    expect(await staff('xyzzy')).toEqual([]);
    // A new SKU is found at once: the list moved on with it.
    const other = letters();
    const renamed = await call(owner, 'PATCH', `/api/stores/${finder.id}/items/${rice.id}`, {
      version: rice.version,
      variants: [{ ...rice.variants[0]!, sku: `GRAIN-${other}` }],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await staff(`grain-${other}`)).toEqual(['Basmati Rice']);
    expect(await staff(`rice-${code}`)).toEqual([]);

    const shop = async (q: string) =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/storefront/stores/${finder.id}/catalogue?q=${encodeURIComponent(q)}`,
          headers: { 'x-storefront-key': biz.storefrontKey },
        })
      )
        .json<{ items: Array<{ name: string }> }>()
        .items.map((item) => item.name);
    for (const q of ['chawal', 'basmti', `GRAIN-${other}`, rice.variants[0]!.barcode!]) {
      expect(await shop(q), q).toEqual(['Basmati Rice']);
    }
    expect(await shop('xyzzy')).toEqual([]);
  });
});
