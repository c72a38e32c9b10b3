/*
 * Variants and stock as customers meet them (B17): the catalogue's variants, quote and order
 * lines naming a variant, a line for more than is left refused with what is left, orders for
 * the last units arriving together selling exactly those, and a cancel giving them back.
 */
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { variantMessages } from '@storedesk/shared/catalogue/variants';
import { storefrontMessages } from '@storedesk/shared/storefront/schemas';
import { OrderStatus } from '@storedesk/shared/orders';
import {
  createBusiness,
  createTestApp,
  deliveryAddressNear,
  enableCashOnDelivery,
  errorOf,
  insertItems,
  keyedOrderHeaders,
  signIn,
  type Session,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';
import * as t from '#server/db/schema.ts';
import { statementsOf } from '#test/statements.ts';

let ctx: TestApp;
let biz: TestBusiness;
let owner: Session;
let storeId: string;
let atta: { id: string; variantIds: string[] };
let milk: { id: string; variantIds: string[] };
let salt: { id: string; variantIds: string[] };
let onions: { id: string; variantIds: string[] };

const keyed = () => keyedOrderHeaders(biz);

function order(items: unknown[], headers: Record<string, string> = keyed()) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/storefront/orders',
    headers,
    payload: {
      storeId,
      items,
      customer: { name: 'Asha Rao', phone: '9876500011' },
      deliveryAddress: deliveryAddressNear,
      paymentMode: 'COD',
    },
  });
}

function quote(items: unknown[]) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/storefront/quote',
    headers: { 'x-storefront-key': biz.storefrontKey },
    payload: { storeId, items },
  });
}

async function stockOf(variantId: string): Promise<number | null> {
  const { rows } = await ctx.db.execute<{ stock: number | null }>(
    sql`SELECT stock FROM item_variants WHERE id = ${variantId}`,
  );
  return rows[0]!.stock;
}

async function setStock(variantId: string, stock: number | null) {
  await ctx.db.execute(sql`UPDATE item_variants SET stock = ${stock} WHERE id = ${variantId}`);
}

const orderCount = async () =>
  (
    await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM orders WHERE store_id = ${storeId}`,
    )
  ).rows[0]!.n;

beforeAll(async () => {
  ctx = await createTestApp();
  biz = await createBusiness(ctx.db);
  owner = await signIn(ctx.app, biz.owner.email);
  await enableCashOnDelivery(ctx.db, biz);
  const [store] = await ctx.db
    .insert(t.stores)
    .values({
      businessId: biz.id,
      zoneId: biz.zones[0]!,
      name: 'Fresh Mart Jayanagar',
      description: 'Groceries',
      location: 'Jayanagar',
      phone: '9876543210',
      featured: 1,
      latitude: 12.97,
      longitude: 77.59,
      geohash: 'tdr1wz7qz',
      openTime: '00:00',
      closeTime: '23:59',
      status: 1,
    })
    .returning({ id: t.stores.id });
  storeId = store!.id;
  const inserted = await insertItems(ctx.db, [
    {
      businessId: biz.id,
      storeId,
      name: 'Aashirvaad Atta',
      variants: [
        { label: '5 kg', pricePaise: 24_000, mrpPaise: 26_500, stock: 10, lowStockAt: 3 },
        { label: '10 kg', pricePaise: 46_000, mrpPaise: 52_000, stock: 2 },
      ],
    },
    {
      businessId: biz.id,
      storeId,
      name: 'Toned Milk',
      variants: [
        { label: '500 ml', pricePaise: 2_800, stock: 0 },
        { label: '1 l', pricePaise: 5_400 },
      ],
    },
    { businessId: biz.id, storeId, name: 'Salt', pricePaise: 2_500 },
    {
      businessId: biz.id,
      storeId,
      name: 'Onions',
      // Loose: ₹36 a kg (MRP ₹40), in steps of 250 g up to 5 kg; 10 kg on the shelf.
      variants: [{ pricePaise: 3_600, mrpPaise: 4_000, stepGrams: 250, maxGrams: 5_000, stock: 10_000 }],
    },
  ]);
  [atta, milk, salt, onions] = [inserted[0]!, inserted[1]!, inserted[2]!, inserted[3]!];
});
afterAll(() => ctx.close());

describe('the catalogue', () => {
  it('lists each item’s variants with MRP, whether in stock and, when few are left, how many', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/storefront/stores/${storeId}/catalogue`,
      headers: { 'x-storefront-key': biz.storefrontKey },
    });
    expect(res.statusCode, res.body).toBe(200);
    const byName = new Map(
      res
        .json<{ items: Array<{ name: string; pricePaise: number; variants: unknown[] }> }>()
        .items.map((item) => [item.name, item]),
    );
    expect(byName.get('Aashirvaad Atta')).toMatchObject({
      pricePaise: 24_000,
      variants: [
        {
          id: atta.variantIds[0],
          label: '5 kg',
          pricePaise: 24_000,
          mrpPaise: 26_500,
          stepGrams: null,
          maxGrams: null,
          inStock: true,
          left: null,
        },
        {
          id: atta.variantIds[1],
          label: '10 kg',
          pricePaise: 46_000,
          mrpPaise: 52_000,
          stepGrams: null,
          maxGrams: null,
          inStock: true,
          left: 2,
        },
      ],
    });
    expect(byName.get('Toned Milk')!.variants).toEqual([
      {
        id: milk.variantIds[0],
        label: '500 ml',
        pricePaise: 2_800,
        mrpPaise: null,
        stepGrams: null,
        maxGrams: null,
        inStock: false,
        left: null,
      },
      {
        id: milk.variantIds[1],
        label: '1 l',
        pricePaise: 5_400,
        mrpPaise: null,
        stepGrams: null,
        maxGrams: null,
        inStock: true,
        left: null,
      },
    ]);
    // Stock is never told beyond "only N left".
    expect(res.body).not.toContain('"stock"');
  });
});

describe('quote and order lines', () => {
  it('name a variant; an item of one variant may leave it out; lines keep label and MRP', async () => {
    const res = await order([
      { itemId: atta.id, variantId: atta.variantIds[1], quantity: 1 },
      { itemId: atta.id, variantId: atta.variantIds[0], quantity: 2 },
      { itemId: salt.id, quantity: 1 },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().items).toEqual([
      {
        itemId: atta.id,
        itemName: 'Aashirvaad Atta',
        itemQuantity: 1,
        itemPricePaise: 46_000,
        variantId: atta.variantIds[1],
        variantLabel: '10 kg',
        mrpPaise: 52_000,
      },
      {
        itemId: atta.id,
        itemName: 'Aashirvaad Atta',
        itemQuantity: 2,
        itemPricePaise: 24_000,
        variantId: atta.variantIds[0],
        variantLabel: '5 kg',
        mrpPaise: 26_500,
      },
      {
        itemId: salt.id,
        itemName: 'Salt',
        itemQuantity: 1,
        itemPricePaise: 2_500,
        variantId: salt.variantIds[0],
        variantLabel: '',
        mrpPaise: null,
      },
    ]);
    expect(res.json().itemsTotalPaise).toBe(46_000 + 2 * 24_000 + 2_500);
    expect(await stockOf(atta.variantIds[0]!)).toBe(8);
    expect(await stockOf(atta.variantIds[1]!)).toBe(1);
    expect(await stockOf(salt.variantIds[0]!)).toBeNull();
    // The staff's view of the order shows the same lines.
    const staff = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${res.json().id}`,
      headers: owner.headers,
    });
    expect(staff.json().items[0]).toMatchObject({ variantLabel: '10 kg', mrpPaise: 52_000 });
    await setStock(atta.variantIds[0]!, 10);
    await setStock(atta.variantIds[1]!, 2);
  });

  it('refuses a missing, unknown or another item’s variant, and one variant on two lines', async () => {
    const cases: Array<[unknown[], Record<string, string>]> = [
      [[{ itemId: atta.id, quantity: 1 }], { 'items.0.variantId': variantMessages.variantNeeded }],
      [
        [{ itemId: atta.id, variantId: milk.variantIds[1], quantity: 1 }],
        { 'items.0.variantId': variantMessages.unknownVariant },
      ],
      [
        [{ itemId: atta.id, variantId: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
        { 'items.0.variantId': variantMessages.unknownVariant },
      ],
      [
        [{ itemId: atta.id, variantId: 'not-a-uuid', quantity: 1 }],
        { 'items.0.variantId': 'must be the id of a variant of the item' },
      ],
      [
        [
          { itemId: atta.id, variantId: atta.variantIds[0], quantity: 1 },
          { itemId: atta.id, variantId: atta.variantIds[0], quantity: 1 },
        ],
        { 'items.1.itemId': storefrontMessages.duplicateLine },
      ],
    ];
    const before = await orderCount();
    for (const [items, fields] of cases) {
      for (const res of [await quote(items), await order(items)]) {
        expect(res.statusCode, JSON.stringify(items)).toBe(400);
        expect(errorOf(res).fields).toEqual(fields);
      }
    }
    expect(await orderCount()).toBe(before);
    expect(await stockOf(atta.variantIds[0]!)).toBe(10);
  });

  it('refuse more than is left with 409 naming the line and how many are left, taking nothing', async () => {
    const before = await orderCount();
    const lines = [
      { itemId: atta.id, variantId: atta.variantIds[0], quantity: 1 },
      { itemId: atta.id, variantId: atta.variantIds[1], quantity: 3 },
      { itemId: milk.id, variantId: milk.variantIds[0], quantity: 1 },
    ];
    for (const res of [await quote(lines), await order(lines)]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(errorOf(res)).toEqual({
        code: 'conflict',
        message: variantMessages.stockShort(2),
        fields: {
          'items.1.quantity': variantMessages.stockShort(2),
          'items.2.quantity': variantMessages.stockShort(0),
        },
        current: { available: { 'items.1.quantity': 2, 'items.2.quantity': 0 } },
      });
    }
    expect(await orderCount()).toBe(before);
    expect(await stockOf(atta.variantIds[0]!)).toBe(10);
    expect(await stockOf(atta.variantIds[1]!)).toBe(2);
  });
});

describe('the last units', () => {
  it('go to exactly as many simultaneous orders as there are units, and the rest are 409', async () => {
    const units = 3;
    const buyers = 12;
    await setStock(atta.variantIds[1]!, units);
    const before = await orderCount();
    const answers = await Promise.all(
      Array.from({ length: buyers }, () =>
        order([{ itemId: atta.id, variantId: atta.variantIds[1], quantity: 1 }]),
      ),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([...Array(units).fill(201), ...Array(buyers - units).fill(409)]);
    for (const res of answers.filter((each) => each.statusCode === 409)) {
      expect(errorOf(res).current).toEqual({ available: { 'items.0.quantity': 0 } });
    }
    expect(await stockOf(atta.variantIds[1]!)).toBe(0);
    expect(await orderCount()).toBe(before + units);
  });

  it('orders of several counted lines in different orders never deadlock and never oversell', async () => {
    await setStock(atta.variantIds[0]!, 5);
    await setStock(atta.variantIds[1]!, 5);
    const forward = [
      { itemId: atta.id, variantId: atta.variantIds[0], quantity: 1 },
      { itemId: atta.id, variantId: atta.variantIds[1], quantity: 1 },
    ];
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => order(i % 2 === 0 ? forward : [...forward].reverse())),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([
      ...Array(5).fill(201),
      ...Array(3).fill(409),
    ]);
    expect(await stockOf(atta.variantIds[0]!)).toBe(0);
    expect(await stockOf(atta.variantIds[1]!)).toBe(0);
  });
});

describe('a cancelled order', () => {
  it('gives its units back; cancelling again gives nothing more', async () => {
    await setStock(atta.variantIds[0]!, 4);
    const placed = await order([
      { itemId: atta.id, variantId: atta.variantIds[0], quantity: 3 },
      { itemId: salt.id, quantity: 2 },
    ]);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await stockOf(atta.variantIds[0]!)).toBe(1);
    const { id, version } = placed.json<{ id: string; version?: number }>();
    const current = await ctx.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: owner.headers });
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${id}/status`,
      headers: owner.headers,
      payload: { status: OrderStatus.Cancelled, version: version ?? current.json().version },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await stockOf(atta.variantIds[0]!)).toBe(4);
    expect(await stockOf(salt.variantIds[0]!)).toBeNull();
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${id}/status`,
      headers: owner.headers,
      payload: { status: OrderStatus.Cancelled, version: cancel.json().version },
    });
    expect(again.statusCode).toBe(409);
    expect(await stockOf(atta.variantIds[0]!)).toBe(4);
  });
});

describe('an item sold loose', () => {
  const line = (quantity: number) => [{ itemId: onions.id, quantity }];

  it('is listed at its price per kg with its step and maximum; "only" counts steps', async () => {
    await setStock(onions.variantIds[0]!, 1_100);
    const res = await ctx.app.inject({
      url: `/api/storefront/stores/${storeId}/catalogue?q=onions`,
      headers: { 'x-storefront-key': biz.storefrontKey },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items[0].variants).toEqual([
      {
        id: onions.variantIds[0],
        label: '',
        pricePaise: 3_600,
        mrpPaise: 4_000,
        stepGrams: 250,
        maxGrams: 5_000,
        inStock: true,
        // 1.1 kg is four whole steps, below the default mark of five steps.
        left: 4,
      },
    ]);
    await setStock(onions.variantIds[0]!, 200);
    const none = await ctx.app.inject({
      url: `/api/storefront/stores/${storeId}/catalogue?q=onions`,
      headers: { 'x-storefront-key': biz.storefrontKey },
    });
    expect(none.json().items[0].variants[0]).toMatchObject({ inStock: false, left: null });
  });

  it('sells steps at the step’s exact price, takes their grams and gives them back on cancel', async () => {
    await setStock(onions.variantIds[0]!, 10_000);
    const quoted = await quote(line(3));
    expect(quoted.statusCode, quoted.body).toBe(200);
    const placed = await order(line(3));
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().items).toEqual([
      {
        itemId: onions.id,
        itemName: 'Onions',
        itemQuantity: 3,
        itemPricePaise: 900,
        variantId: onions.variantIds[0],
        variantLabel: '250 g',
        mrpPaise: 1_000,
        stepGrams: 250,
      },
    ]);
    expect(placed.json().itemsTotalPaise).toBe(2_700);
    expect(await stockOf(onions.variantIds[0]!)).toBe(9_250);
    const { id } = placed.json<{ id: string }>();
    const current = await ctx.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: owner.headers });
    expect(current.json().items[0]).toMatchObject({ variantLabel: '250 g', itemQuantity: 3, stepGrams: 250 });
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${id}/status`,
      headers: owner.headers,
      payload: { status: OrderStatus.Cancelled, version: current.json().version },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await stockOf(onions.variantIds[0]!)).toBe(10_000);
  });

  it('refuses more than one order may take, and more than is left, in weight', async () => {
    await setStock(onions.variantIds[0]!, 1_600);
    const before = await orderCount();
    const over = await order(line(21));
    expect(over.statusCode, over.body).toBe(400);
    expect(errorOf(over).fields).toEqual({ 'items.0.quantity': variantMessages.overMax(5_000) });
    expect(variantMessages.overMax(5_000)).toBe('At most 5 kg in one order');
    for (const res of [await quote(line(7)), await order(line(7))]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(errorOf(res)).toEqual({
        code: 'conflict',
        message: 'Only 1.5 kg left',
        fields: { 'items.0.quantity': 'Only 1.5 kg left' },
        current: { available: { 'items.0.quantity': 6 } },
      });
    }
    expect(await orderCount()).toBe(before);
    expect(await stockOf(onions.variantIds[0]!)).toBe(1_600);
  });

  it('goes to exactly as many simultaneous orders as its grams cover', async () => {
    await setStock(onions.variantIds[0]!, 2_000);
    const answers = await Promise.all(Array.from({ length: 6 }, () => order(line(2))));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 201, 201, 201, 409, 409]);
    expect(await stockOf(onions.variantIds[0]!)).toBe(0);
  });
});

describe('the catalogue’s tag', () => {
  const read = (headers: Record<string, string> = {}, query = '') =>
    ctx.app.inject({
      url: `/api/storefront/stores/${storeId}/catalogue${query}`,
      headers: { 'x-storefront-key': biz.storefrontKey, ...headers },
    });

  /** The tag now, after a 200 that carries it. */
  async function tagNow(query = '') {
    const res = await read({}, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.headers.etag as string;
  }

  it('answers 304 with no body while nothing changed, and a new answer after any change', async () => {
    const first = await read();
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^"[\w-]{43}"$/);

    const same = await read({ 'if-none-match': tag });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    expect(same.headers.etag).toBe(tag);
    expect((await read({ 'if-none-match': `"other", W/${tag}` })).statusCode).toBe(304);
    // Another query is another answer.
    expect(await tagNow('?q=atta')).not.toBe(tag);

    // Whatever writes the catalogue, by any path, the tag moves on.
    const changes: Array<[string, () => Promise<unknown>]> = [
      [
        'a price',
        () =>
          ctx.db.execute(
            sql`UPDATE item_variants SET price_paise = price_paise + 100 WHERE id = ${salt.variantIds[0]}`,
          ),
      ],
      [
        'an order taking stock',
        () => order([{ itemId: atta.id, variantId: atta.variantIds[0], quantity: 1 }]),
      ],
      [
        'a category',
        () => ctx.db.insert(t.categories).values({ businessId: biz.id, storeId, name: 'Spices' }),
      ],
      [
        'a category renamed',
        () =>
          ctx.db.execute(sql`UPDATE categories SET name = name || ' and more' WHERE store_id = ${storeId}`),
      ],
      [
        'an item switched off',
        () => ctx.db.execute(sql`UPDATE items SET in_stock = false WHERE id = ${salt.id}`),
      ],
      [
        'a variant removed',
        () => ctx.db.execute(sql`DELETE FROM item_variants WHERE id = ${milk.variantIds[1]}`),
      ],
      ['the store closed', () => ctx.db.execute(sql`UPDATE stores SET status = 0 WHERE id = ${storeId}`)],
    ];
    const seen = new Set([tag]);
    let held = tag;
    for (const [what, change] of changes) {
      await setStock(atta.variantIds[0]!, 10);
      held = await tagNow();
      await change();
      const res = await read({ 'if-none-match': held });
      expect(res.statusCode, what).toBe(200);
      const next = res.headers.etag as string;
      expect(seen.has(next), what).toBe(false);
      seen.add(next);
    }
    // The store open and the salt on sale again, for what follows.
    await ctx.db.execute(sql`UPDATE stores SET status = 1 WHERE id = ${storeId}`);
    await ctx.db.execute(sql`UPDATE items SET in_stock = true WHERE id = ${salt.id}`);
  });

  type Catalogue = { items: Array<{ id: string; variants: Array<{ id: string; pricePaise: number }> }> };
  const priceOf = (catalogue: Catalogue, variantId: string) =>
    catalogue.items.flatMap((item) => item.variants).find((variant) => variant.id === variantId)?.pricePaise;

  it('is sent as one answer, read once, to every customer who opens the page while nothing changes', async () => {
    await tagNow();
    const wanted = Array.from({ length: 12 }, (_, n) => ['br', 'gzip', 'identity'][n % 3]!);
    let answers: Awaited<ReturnType<typeof read>>[] = [];
    const sent = await statementsOf(async () => {
      answers = await Promise.all(wanted.map((encoding) => read({ 'accept-encoding': encoding })));
    });
    // Per request the caller and the tag's two reads; the items not once.
    expect(sent.filter((text) => /from "items"/.test(text) && !/count\(\*\)/.test(text))).toEqual([]);
    const plain = answers[2]!;
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [n, res] of answers.entries()) {
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).toBe(plain.headers.etag);
      expect(res.headers.vary).toBe('x-storefront-key, accept-encoding');
      const encoding = wanted[n]!;
      if (encoding === 'identity') {
        expect(res.body).toBe(plain.body);
        continue;
      }
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      const text = (encoding === 'br' ? zlib.brotliDecompressSync : zlib.gunzipSync)(
        res.rawPayload,
      ).toString();
      expect(text).toBe(plain.body);
    }
  });

  it('sends what the catalogue holds now, never an answer held from before a change', async () => {
    await setStock(atta.variantIds[0]!, 10);
    const before = (await read({ 'accept-encoding': 'br' })).rawPayload;
    const price = priceOf(
      JSON.parse(zlib.brotliDecompressSync(before).toString()) as Catalogue,
      salt.variantIds[0]!,
    )!;
    await ctx.db.execute(
      sql`UPDATE item_variants SET price_paise = price_paise + 100 WHERE id = ${salt.variantIds[0]}`,
    );
    const after = await read({ 'accept-encoding': 'br' });
    expect(after.statusCode).toBe(200);
    const catalogue = JSON.parse(zlib.brotliDecompressSync(after.rawPayload).toString()) as Catalogue;
    expect(priceOf(catalogue, salt.variantIds[0]!)).toBe(price + 100);
    expect(priceOf((await read()).json<Catalogue>(), salt.variantIds[0]!)).toBe(price + 100);
  });

  it('is no way into another business’s store: its key with the tag is 404', async () => {
    const tag = await tagNow();
    const rival = await createBusiness(ctx.db);
    const res = await ctx.app.inject({
      url: `/api/storefront/stores/${storeId}/catalogue`,
      headers: { 'x-storefront-key': rival.storefrontKey, 'if-none-match': tag },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('cancels beside new orders', () => {
  const placedOrder = async (quantity: number) => {
    const res = await order([{ itemId: atta.id, variantId: atta.variantIds[0], quantity }]);
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<{ id: string }>();
    const read = await ctx.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: owner.headers });
    return { id, version: read.json<{ version: number }>().version };
  };

  it('a bulk cancel gives back every order’s units, two orders of one variant summed', async () => {
    await setStock(atta.variantIds[0]!, 10);
    const [first, second] = [await placedOrder(2), await placedOrder(3)];
    expect(await stockOf(atta.variantIds[0]!)).toBe(5);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/status',
      headers: owner.headers,
      payload: { orders: [first, second], status: OrderStatus.Cancelled },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stockOf(atta.variantIds[0]!)).toBe(10);
  });

  it('never deadlock with orders for the same counted item placed at the same moment', async () => {
    await setStock(atta.variantIds[0]!, 100);
    const placed = await Promise.all(Array.from({ length: 6 }, () => placedOrder(1)));
    expect(await stockOf(atta.variantIds[0]!)).toBe(94);
    // Each cancel races a new order of the same variant: every one answers, none is a 500.
    const answers = await Promise.all(
      placed.flatMap(({ id, version }) => [
        ctx.app.inject({
          method: 'POST',
          url: `/api/orders/${id}/status`,
          headers: owner.headers,
          payload: { status: OrderStatus.Cancelled, version },
        }),
        order([{ itemId: atta.id, variantId: atta.variantIds[0], quantity: 1 }]),
      ]),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array.from({ length: 6 }, () => [200, 201]).flat());
    // 94 + 6 given back − 6 taken.
    expect(await stockOf(atta.variantIds[0]!)).toBe(94);
  });
});

describe('an order’s statement', () => {
  /** Waits (boundedly) until `n` orders' statements wait for a variant's row lock. */
  async function untilWaitingForStock(n: number) {
    for (let tries = 0; tries < 500; tries++) {
      const { rows } = await ctx.db.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE wait_event_type = 'Lock' AND query LIKE '%stock_locked%'`);
      if (rows[0]!.n >= n) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no ${n} orders came to wait for stock`);
  }

  const lastNumber = async () =>
    (
      await ctx.db.execute<{ n: number }>(
        sql`SELECT coalesce(max(number), 0)::int AS n FROM orders WHERE business_id = ${biz.id}`,
      )
    ).rows[0]!.n;

  it('takes the units as they are once locked: gone meanwhile is 409 in weight, with no number taken', async () => {
    await setStock(onions.variantIds[0]!, 10_000);
    const before = { count: await orderCount(), number: await lastNumber() };
    let refused: Awaited<ReturnType<typeof order>> | undefined;
    // Another's sale holds the onions and leaves 500 g; the order read 10 kg and wants 1 kg.
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1 FROM item_variants WHERE id = ${onions.variantIds[0]} FOR UPDATE`);
      await tx.execute(sql`UPDATE item_variants SET stock = 500 WHERE id = ${onions.variantIds[0]}`);
      const pending = order([{ itemId: onions.id, quantity: 4 }]);
      await untilWaitingForStock(1);
      void pending.then((res) => (refused = res));
    });
    await expect.poll(() => refused?.statusCode, { timeout: 10_000 }).toBe(409);
    expect(errorOf(refused!)).toEqual({
      code: 'conflict',
      message: variantMessages.stockShort(2, 250),
      fields: { 'items.0.quantity': variantMessages.stockShort(2, 250) },
      current: { available: { 'items.0.quantity': 2 } },
    });
    expect(await stockOf(onions.variantIds[0]!)).toBe(500);
    expect(await orderCount()).toBe(before.count);
    // The refused order took no number: the next one has the number after the last.
    const next = await order([{ itemId: onions.id, quantity: 2 }]);
    expect(next.statusCode, next.body).toBe(201);
    expect(await lastNumber()).toBe(before.number + 1);
    expect(await stockOf(onions.variantIds[0]!)).toBe(0);
  });

  it('waits for its own variants only: another order of the business goes through meanwhile', async () => {
    await setStock(atta.variantIds[0]!, 10);
    await setStock(atta.variantIds[1]!, 10);
    let waiting: Awaited<ReturnType<typeof order>> | undefined;
    await ctx.db.transaction(async (tx) => {
      // A stock adjustment (or an import) holds the 5 kg atta.
      await tx.execute(sql`SELECT 1 FROM item_variants WHERE id = ${atta.variantIds[0]} FOR UPDATE`);
      void order([{ itemId: atta.id, variantId: atta.variantIds[0], quantity: 1 }]).then(
        (res) => (waiting = res),
      );
      await untilWaitingForStock(1);
      // The waiting order holds no lock the business's other orders need (its number comes after its stock).
      const other = await order([{ itemId: atta.id, variantId: atta.variantIds[1], quantity: 1 }]);
      expect(other.statusCode, other.body).toBe(201);
      expect(waiting).toBeUndefined();
    });
    await expect.poll(() => waiting?.statusCode, { timeout: 10_000 }).toBe(201);
    expect(await stockOf(atta.variantIds[0]!)).toBe(9);
    expect(await stockOf(atta.variantIds[1]!)).toBe(9);
  });
});
