/*
 * One item in many stores (B17, ADR 0063): copies share what the product is and keep their own
 * price, stock and availability; one edit reaches every copy; a store starts from another's.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category, Item } from '@storedesk/shared/catalogue/schemas';
import { catalogueMessages } from '@storedesk/shared/catalogue/copies';
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

let ctx: TestApp;
let call: Call;
let biz: TestBusiness;
let owner: Session;
let admin: Session;
let southAdmin: Session;
let rivalOwner: Session;
let north: Store;
let north2: Store;
let south: Store;

async function ok<T>(res: Awaited<ReturnType<Call>>, status = 200): Promise<T> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
}

const newStore = (session: Session, zoneId: string) =>
  createdBy<Store>(call, session, '/api/stores', storeBody(zoneId));

const itemAt = (storeId: string, itemId: string, session: Session = owner) =>
  call(session, 'GET', `/api/stores/${storeId}/items/${itemId}`).then((res) => ok<Item>(res));

async function newAtta(storeId: string) {
  const category = await ok<Category>(
    await call(owner, 'POST', `/api/stores/${storeId}/categories`, {
      name: `Staples ${randomUUID().slice(0, 4)}`,
    }),
    201,
  );
  const sku = randomUUID().slice(0, 8);
  return ok<Item>(
    await call(owner, 'POST', `/api/stores/${storeId}/items`, {
      name: 'Aashirvaad Atta',
      categoryId: category.id,
      featured: 1,
      tags: ['gehun ka atta'],
      gstRate: 5,
      hsn: '1101',
      variants: [
        { label: '5 kg', pricePaise: 24_000, mrpPaise: 26_500, sku: `A5-${sku}`, stock: 10 },
        { label: '10 kg', pricePaise: 46_000, sku: `A10-${sku}` },
      ],
    }),
    201,
  );
}

beforeAll(async () => {
  ({ ctx, biz, owner, admin, southAdmin, rivalOwner } = await createStaffWorld());
  call = caller(ctx.app);
  north = await newStore(owner, biz.zones[0]!);
  north2 = await newStore(owner, biz.zones[0]!);
  south = await newStore(owner, biz.zones[1]!);
});
afterAll(() => ctx.close());

describe('copy to stores', () => {
  it('makes copies with the shared fields and the store’s own price, stock and category', async () => {
    const atta = await newAtta(north.id);
    const res = await ok<{ copied: Array<{ storeId: string; itemId: string }>; skipped: string[] }>(
      await call(owner, 'POST', `/api/stores/${north.id}/items/${atta.id}/copies`, {
        storeIds: [north2.id, south.id, north.id],
      }),
    );
    expect(res.copied.map((copy) => copy.storeId).sort()).toEqual([north2.id, south.id].sort());
    expect(res.skipped).toEqual([]);
    const copy = await itemAt(south.id, res.copied.find((each) => each.storeId === south.id)!.itemId);
    expect(copy).toMatchObject({
      storeId: south.id,
      name: 'Aashirvaad Atta',
      tags: ['gehun ka atta'],
      gstRate: 5,
      hsn: '1101',
      categoryName: atta.categoryName,
      featured: 0,
      inStock: true,
    });
    expect(copy.categoryId).not.toBe(atta.categoryId);
    expect(copy.variants.map(({ id: _id, ...variant }) => variant)).toEqual(
      atta.variants.map(({ id: _id, ...variant }) => ({ ...variant, stock: null, lowStockAt: null })),
    );
    // Again: every store keeps it already.
    const again = await ok<{ copied: unknown[]; skipped: string[] }>(
      await call(owner, 'POST', `/api/stores/${north.id}/items/${atta.id}/copies`, { storeIds: [south.id] }),
    );
    expect(again).toEqual({ copied: [], skipped: [south.id] });
  });

  it('is one edit for every copy, and each store’s price, stock and availability stay its own', async () => {
    const atta = await newAtta(north.id);
    const { copied } = await ok<{ copied: Array<{ storeId: string; itemId: string }> }>(
      await call(owner, 'POST', `/api/stores/${north.id}/items/${atta.id}/copies`, { storeIds: [south.id] }),
    );
    const copyId = copied[0]!.itemId;
    // The south store prices and counts its own copy.
    let copy = await itemAt(south.id, copyId);
    copy = await ok<Item>(
      await call(owner, 'PATCH', `/api/stores/${south.id}/items/${copyId}`, {
        version: copy.version,
        inStock: false,
        variants: [
          { ...copy.variants[0]!, pricePaise: 23_000, stock: 4 },
          { ...copy.variants[1]!, pricePaise: 45_000 },
        ],
      }),
    );
    const [five, ten] = (await itemAt(north.id, atta.id)).variants;
    expect([five!.pricePaise, five!.stock, ten!.pricePaise]).toEqual([24_000, 10, 46_000]);

    // An edit in the north renames it, relabels a variant, drops one and adds one.
    const north1 = await itemAt(north.id, atta.id);
    await ok<Item>(
      await call(owner, 'PATCH', `/api/stores/${north.id}/items/${atta.id}`, {
        version: north1.version,
        name: 'Aashirvaad Shudh Atta',
        gstRate: 0,
        variants: [
          { label: '2 kg', pricePaise: 10_000, mrpPaise: 11_000 },
          { ...five!, label: '5 kg pack', mrpPaise: 27_000 },
        ],
      }),
    );
    const after = await itemAt(south.id, copyId);
    expect(after).toMatchObject({
      name: 'Aashirvaad Shudh Atta',
      gstRate: 0,
      inStock: false,
      version: copy.version + 1,
    });
    expect(
      after.variants.map((variant) => [variant.label, variant.pricePaise, variant.mrpPaise, variant.stock]),
    ).toEqual([
      ['2 kg', 10_000, 11_000, null],
      ['5 kg pack', 23_000, 27_000, 4],
    ]);
    expect(after.variants[1]!.sku).toBe(five!.sku);
  });

  it('refuses an MRP below a copy’s own price, naming its store, and changes nothing', async () => {
    const atta = await newAtta(north.id);
    const { copied } = await ok<{ copied: Array<{ itemId: string }> }>(
      await call(owner, 'POST', `/api/stores/${north.id}/items/${atta.id}/copies`, { storeIds: [south.id] }),
    );
    const copy = await itemAt(south.id, copied[0]!.itemId);
    await ok<Item>(
      await call(owner, 'PATCH', `/api/stores/${south.id}/items/${copy.id}`, {
        version: copy.version,
        variants: [{ ...copy.variants[0]!, pricePaise: 26_000 }, copy.variants[1]],
      }),
    );
    // The south's edit reached the north's copy: its version moved on.
    const before = await itemAt(north.id, atta.id);
    expect(before.version).toBe(atta.version + 1);
    const res = await call(owner, 'PATCH', `/api/stores/${north.id}/items/${atta.id}`, {
      version: before.version,
      variants: [{ ...atta.variants[0]!, mrpPaise: 25_000 }, atta.variants[1]],
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(errorOf(res).fields).toEqual({
      'variants.0.mrpPaise': catalogueMessages.mrpBelowCopyPrice(south.name),
    });
    expect(await itemAt(north.id, atta.id)).toEqual(before);
  });

  it('shares a loose item’s step, and refuses one that costs a fraction of a paisa at a copy’s own price', async () => {
    const category = await ok<Category>(
      await call(owner, 'POST', `/api/stores/${north.id}/categories`, {
        name: `Veg ${randomUUID().slice(0, 4)}`,
      }),
      201,
    );
    const onions = await ok<Item>(
      await call(owner, 'POST', `/api/stores/${north.id}/items`, {
        name: 'Onions',
        categoryId: category.id,
        featured: 0,
        variants: [{ pricePaise: 3_600, stepGrams: 250, maxGrams: 5_000 }],
      }),
      201,
    );
    const { copied } = await ok<{ copied: Array<{ itemId: string }> }>(
      await call(owner, 'POST', `/api/stores/${north.id}/items/${onions.id}/copies`, {
        storeIds: [south.id],
      }),
    );
    const copy = await itemAt(south.id, copied[0]!.itemId);
    expect(copy.variants[0]).toMatchObject({ pricePaise: 3_600, stepGrams: 250, maxGrams: 5_000 });
    // The south sells at ₹37.50 a kg: exact by 250 g (₹9.375 is not), so only steps of whole paise there.
    const priced = await ok<Item>(
      await call(owner, 'PATCH', `/api/stores/${south.id}/items/${copy.id}`, {
        version: copy.version,
        variants: [{ ...copy.variants[0]!, pricePaise: 3_750, stepGrams: 200 }],
      }),
    );
    expect(priced.variants[0]).toMatchObject({ pricePaise: 3_750, stepGrams: 200 });
    const north1 = await itemAt(north.id, onions.id);
    expect(north1.variants[0]).toMatchObject({ pricePaise: 3_600, stepGrams: 200 });
    const res = await call(owner, 'PATCH', `/api/stores/${north.id}/items/${onions.id}`, {
      version: north1.version,
      variants: [{ ...north1.variants[0]!, stepGrams: 250 }],
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(errorOf(res).fields).toEqual({
      'variants.0.stepGrams': catalogueMessages.stepNotExactInCopy(south.name, 3_750, 250),
    });
    expect(await itemAt(north.id, onions.id)).toEqual(north1);
  });

  it('lets a copy keep its SKU in its own store, while another product may not take it', async () => {
    const atta = await newAtta(north.id);
    await ok(
      await call(owner, 'POST', `/api/stores/${north.id}/items/${atta.id}/copies`, { storeIds: [north2.id] }),
    );
    const category = await ok<Category>(
      await call(owner, 'POST', `/api/stores/${north2.id}/categories`, { name: 'Misc' }),
      201,
    );
    const other = await call(owner, 'POST', `/api/stores/${north2.id}/items`, {
      name: 'Other',
      categoryId: category.id,
      featured: 0,
      variants: [{ label: '', pricePaise: 100, sku: atta.variants[0]!.sku }],
    });
    expect(other.statusCode).toBe(409);
  });

  it('reaches only stores the caller sees: another zone’s store is 404 and nothing is copied', async () => {
    const atta = await newAtta(north.id);
    const res = await call(admin, 'POST', `/api/stores/${north.id}/items/${atta.id}/copies`, {
      storeIds: [north2.id, south.id],
    });
    expect(res.statusCode).toBe(404);
    const list = await ok<{ items: Item[] }>(
      await call(owner, 'GET', `/api/stores/${north2.id}/items?pageSize=25`),
    );
    expect(
      list.items.filter((item) => item.variants.some((variant) => variant.sku === atta.variants[0]!.sku)),
    ).toEqual([]);
    expect(
      (
        await call(southAdmin, 'POST', `/api/stores/${north.id}/items/${atta.id}/copies`, {
          storeIds: [south.id],
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(rivalOwner, 'POST', `/api/stores/${north.id}/items/${atta.id}/copies`, {
          storeIds: [south.id],
        })
      ).statusCode,
    ).toBe(404);
    const bad = await call(owner, 'POST', `/api/stores/${north.id}/items/${atta.id}/copies`, {
      storeIds: [],
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toEqual({ storeIds: catalogueMessages.storesNeeded });
    const garbage = await call(owner, 'POST', `/api/stores/${north.id}/items/${atta.id}/copies`, {
      storeIds: ['x'],
    });
    expect(errorOf(garbage).fields).toEqual({ 'storeIds.0': 'must be the id of a store' });
  });
});

describe('a store from another’s catalogue', () => {
  it('copies every item it does not keep yet, then nothing the second time', async () => {
    const from = await newStore(owner, biz.zones[0]!);
    await newAtta(from.id);
    await newAtta(from.id);
    const to = await newStore(owner, biz.zones[1]!);
    const first = await ok(
      await call(owner, 'POST', `/api/stores/${to.id}/catalogue/copy`, { fromStoreId: from.id }),
    );
    expect(first).toEqual({ copied: 2, skipped: 0 });
    const second = await ok(
      await call(owner, 'POST', `/api/stores/${to.id}/catalogue/copy`, { fromStoreId: from.id }),
    );
    expect(second).toEqual({ copied: 0, skipped: 2 });
    const list = await ok<{ items: Item[]; total: number }>(
      await call(owner, 'GET', `/api/stores/${to.id}/items`),
    );
    expect(list.total).toBe(2);
    expect(
      (await call(southAdmin, 'POST', `/api/stores/${to.id}/catalogue/copy`, { fromStoreId: from.id }))
        .statusCode,
    ).toBe(404);
  });
});
