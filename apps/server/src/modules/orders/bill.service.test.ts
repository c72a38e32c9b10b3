/**
 * The printed bill (B15, ADR 0048): what it shows, the item's GST rate and HSN code copied into
 * the order when it is placed, and the tax invoice of a business with a GSTIN: its number given
 * when the order is delivered (B18, ADR 0068), gap-free under concurrent deliveries and prints,
 * per business; a pro-forma bill with no number before that; CGST and SGST per rate that add up
 * to the bill to the paisa; none for a cancelled order; never another zone's or business's order.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderBill } from '@storedesk/shared/orders/invoice';
import { gstinMessages } from '@storedesk/shared/orders/invoice';
import { messages } from '@storedesk/shared/messages';
import {
  caller,
  createStaffWorld,
  insertCustomer,
  createStoreWithItem,
  errorOf,
  insertOrder,
  signInCustomer,
  type Call,
  type StaffWorld,
} from '#test/harness.ts';

let world: StaffWorld;
let call: Call;
let store: { storeId: string; itemId: string };

/** Phones given to the customers made here: each a different one, however many are made at once. */
let phonesGiven = 0;

async function customerId(): Promise<string> {
  return insertCustomer(world.ctx.db, world.biz.id, {
    name: 'Asha',
    phone: `98${String((Date.now() + phonesGiven++) % 1e8).padStart(8, '0')}`,
  });
}

async function setGstin(gstin: string | null) {
  await world.ctx.db.execute(sql`UPDATE businesses SET gstin = ${gstin} WHERE id = ${world.biz.id}`);
}

const billOf = (orderId: string, session = world.owner) =>
  call(session, 'POST', `/api/orders/${orderId}/bill`);

/** An order of the store in the first zone, of a new customer, with `values` (as insertOrder takes them). */
async function orderOfNorth(values: Parameters<typeof insertOrder>[2]) {
  const at = {
    businessId: world.biz.id,
    zoneId: world.biz.zones[0],
    storeId: store.storeId,
    customerId: await customerId(),
  };
  return insertOrder(world.ctx.db, at, values);
}

/** The order's invoice number as stored, printed or not. */
async function storedInvoiceNumber(orderId: string): Promise<number | null> {
  const { rows } = await world.ctx.db.$client.query<{ n: string | null }>(
    'SELECT invoice_number AS n FROM orders WHERE id = $1',
    [orderId],
  );
  return rows[0]!.n === null ? null : Number(rows[0]!.n);
}

/** The business's last invoice number given. */
async function lastInvoiceNumber(businessId = world.biz.id): Promise<number> {
  const { rows } = await world.ctx.db.$client.query<{ last: string | null }>(
    'SELECT max(invoice_number) AS last FROM orders WHERE business_id = $1',
    [businessId],
  );
  return Number(rows[0]!.last ?? 0);
}

/** Staff move the order to Delivered, from the version it is at. */
async function deliver(orderId: string) {
  const order = await call(world.owner, 'GET', `/api/orders/${orderId}`);
  const res = await call(world.owner, 'POST', `/api/orders/${orderId}/status`, {
    status: -2,
    version: order.json<{ version: number }>().version,
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  world = await createStaffWorld();
  call = caller(world.ctx.app);
  store = await createStoreWithItem(world.ctx.db, world.biz, { name: 'Paneer', pricePaise: 10_500 });
  await world.ctx.db.execute(
    sql`INSERT INTO payment_modes (business_id, title, type) VALUES (${world.biz.id}, 'Cash', 'COD')`,
  );
});

afterAll(async () => {
  await world.ctx.close();
});

describe('an item’s GST rate and HSN code', () => {
  it('are kept on the item and copied into an order placed in the customer app', async () => {
    const item = await call(world.owner, 'GET', `/api/stores/${store.storeId}/items/${store.itemId}`);
    expect(item.json()).toMatchObject({ gstRate: 0, hsn: null });
    const edited = await call(world.owner, 'PATCH', `/api/stores/${store.storeId}/items/${store.itemId}`, {
      gstRate: 5,
      hsn: '0406',
      version: item.json<{ version: number }>().version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ gstRate: 5, hsn: '0406' });

    const asha = await signInCustomer(world.ctx, world.biz.storefrontKey, '9876501234', 'Asha');
    const headers = { 'x-storefront-key': world.biz.storefrontKey, authorization: `Bearer ${asha.token}` };
    const address = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/storefront/addresses',
      headers,
      payload: { label: 'Home', text: '1 MG Road', lat: 12.971, lng: 77.591 },
    });
    const placed = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/storefront/orders',
      headers,
      payload: {
        storeId: store.storeId,
        items: [{ itemId: store.itemId, quantity: 2 }],
        addressId: address.json<{ id: string }>().id,
        paymentMode: 'COD',
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const bill = await billOf(placed.json<{ id: string }>().id);
    expect(bill.statusCode, bill.body).toBe(200);
    // The line names the item's one variant (B17): no label, no MRP.
    const [variant] = item.json<{ variants: Array<{ id: string }> }>().variants;
    expect(bill.json<OrderBill>().order.items).toEqual([
      {
        itemId: store.itemId,
        variantId: variant!.id,
        itemName: 'Paneer',
        variantLabel: '',
        itemQuantity: 2,
        itemPricePaise: 10_500,
        mrpPaise: null,
        gstRate: 5,
        hsn: '0406',
      },
    ]);
  });

  it('refuses a rate that is not a GST rate and an HSN code that is not 4, 6 or 8 digits', async () => {
    const item = await call(world.owner, 'GET', `/api/stores/${store.storeId}/items/${store.itemId}`);
    const before = item.json<{ version: number; gstRate: number; hsn: string }>();
    const res = await call(world.owner, 'PATCH', `/api/stores/${store.storeId}/items/${store.itemId}`, {
      gstRate: 7,
      hsn: '04a6',
      version: before.version,
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({
      gstRate: 'must be 0, 5, 12, 18 or 28',
      hsn: 'must be 4, 6 or 8 digits',
    });
    const after = await call(world.owner, 'GET', `/api/stores/${store.storeId}/items/${store.itemId}`);
    expect(after.json()).toMatchObject({ version: before.version, gstRate: before.gstRate, hsn: before.hsn });
  });
});

describe('the GSTIN in Settings › About', () => {
  it('is saved checked by its format and check character, and cleared with an empty text', async () => {
    const read = async () =>
      (await call(world.owner, 'GET', '/api/settings/business')).json<{ version: number }>();
    const wrongCheck = await call(world.owner, 'PATCH', '/api/settings/business', {
      gstin: '27AAPFU0939F1ZA',
      version: (await read()).version,
    });
    expect(wrongCheck.statusCode).toBe(400);
    expect(errorOf(wrongCheck).fields).toEqual({ gstin: gstinMessages.check });
    const wrongFormat = await call(world.owner, 'PATCH', '/api/settings/business', {
      gstin: '27aapfu0939f1zv',
      version: (await read()).version,
    });
    expect(errorOf(wrongFormat).fields).toEqual({ gstin: gstinMessages.format });

    const saved = await call(world.owner, 'PATCH', '/api/settings/business', {
      gstin: '27AAPFU0939F1ZV',
      version: (await read()).version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ gstin: '27AAPFU0939F1ZV' });
    const cleared = await call(world.owner, 'PATCH', '/api/settings/business', {
      gstin: '',
      version: saved.json<{ version: number }>().version,
    });
    expect(cleared.json()).toMatchObject({ gstin: null });
  });
});

describe('the bill', () => {
  it('of a business without a GSTIN is a plain bill: no invoice number', async () => {
    await setGstin(null);
    const order = await orderOfNorth({ billAmountPaise: 21_000 });
    const res = await billOf(order.id);
    expect(res.statusCode).toBe(200);
    const bill = res.json<OrderBill>();
    expect(bill.invoice).toBeNull();
    expect(bill.business).toMatchObject({
      name: expect.stringMatching(/^Business /),
      gstin: null,
      timeZone: 'Asia/Kolkata',
    });
    expect(bill.store).toMatchObject({ address: 'MG Road', phone: '9876543210' });
  });

  it('of a business with a GSTIN is a tax invoice: CGST and SGST per rate, adding up to the bill', async () => {
    await setGstin('27AAPFU0939F1ZV');
    const order = await orderOfNorth({
      items: [
        {
          itemId: store.itemId,
          itemName: 'Paneer',
          itemQuantity: 2,
          itemPricePaise: 10_500,
          gstRate: 5,
          hsn: '0406',
        },
        {
          itemId: store.itemId,
          itemName: 'Chocolate',
          itemQuantity: 1,
          itemPricePaise: 9_999,
          gstRate: 18,
          hsn: '1806',
        },
        { itemId: store.itemId, itemName: 'Rice', itemQuantity: 1, itemPricePaise: 5_000 },
      ],
      charges: [{ chargeLabel: 'Delivery charges', chargeAmountPaise: 3_000 }],
      itemsTotalPaise: 35_999,
      discountPaise: 1_000,
      chargesTotalPaise: 3_000,
      billAmountPaise: 37_999,
    });
    await deliver(order.id);
    const bill = (await billOf(order.id)).json<OrderBill>();
    expect(bill.invoice?.slabs).toEqual([
      // The discount is shared by amount: 583 of 21,000, 278 of 9,999, 139 of 5,000 (1,000 in all).
      { rate: 0, valuePaise: 4_861, taxablePaise: 4_861, cgstPaise: 0, sgstPaise: 0 },
      { rate: 5, valuePaise: 20_417, taxablePaise: 19_445, cgstPaise: 486, sgstPaise: 486 },
      // 9,721 of the chocolate and the 3,000 of delivery.
      { rate: 18, valuePaise: 12_721, taxablePaise: 10_781, cgstPaise: 970, sgstPaise: 970 },
    ]);
    const slabs = bill.invoice!.slabs;
    expect(slabs.reduce((sum, slab) => sum + slab.taxablePaise + slab.cgstPaise + slab.sgstPaise, 0)).toBe(
      37_999,
    );
    expect(bill.order.items[2]).toMatchObject({ gstRate: 0, hsn: null });
  });

  it('before delivery is a pro-forma bill with no number; delivering gives the next number, which the bill then shows', async () => {
    await setGstin('27AAPFU0939F1ZV');
    const order = await orderOfNorth({ billAmountPaise: 100 });
    const last = await lastInvoiceNumber();
    const proForma = await billOf(order.id);
    expect(proForma.statusCode, proForma.body).toBe(200);
    expect(proForma.json<OrderBill>().invoice).toBeNull();
    // Printing gave nothing away: the number waits for the delivery.
    expect(await storedInvoiceNumber(order.id)).toBeNull();
    expect(await lastInvoiceNumber()).toBe(last);

    await deliver(order.id);
    expect(await storedInvoiceNumber(order.id)).toBe(last + 1);
    expect((await billOf(order.id)).json<OrderBill>().invoice?.number).toBe(last + 1);
    expect((await billOf(order.id)).json<OrderBill>().invoice?.number).toBe(last + 1);
  });

  it('gives orders delivered at once, one by one or in bulk, each the next number with no gap and none twice', async () => {
    await setGstin('27AAPFU0939F1ZV');
    const last = await lastInvoiceNumber();
    const single = await Promise.all([1, 2, 3, 4].map(() => orderOfNorth({ billAmountPaise: 100 })));
    const bulk = await Promise.all([1, 2, 3].map(() => orderOfNorth({ billAmountPaise: 100 })));
    const [bulkRes] = await Promise.all([
      call(world.owner, 'POST', '/api/orders/status', {
        status: -2,
        orders: bulk.map((order) => ({ id: order.id, version: 1 })),
      }),
      ...single.map((order) => deliver(order.id)),
    ]);
    expect(bulkRes!.statusCode, bulkRes!.body).toBe(200);
    const numbers = await Promise.all([...single, ...bulk].map((order) => storedInvoiceNumber(order.id)));
    expect([...numbers].sort((a, b) => a! - b!)).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => last + n));
  });

  it('gives an order delivered without a number (before the rule, or before the GSTIN) its number at its first print, once however many print at once', async () => {
    await setGstin('27AAPFU0939F1ZV');
    const last = await lastInvoiceNumber();
    const orders = await Promise.all(
      [1, 2, 3, 4].map(() => orderOfNorth({ billAmountPaise: 100, status: -2, state: 0 })),
    );
    expect(await Promise.all(orders.map((order) => storedInvoiceNumber(order.id)))).toEqual([
      null,
      null,
      null,
      null,
    ]);
    const prints = await Promise.all(
      orders.flatMap((order) => [billOf(order.id), billOf(order.id), billOf(order.id)]),
    );
    expect(prints.map((res) => res.statusCode)).toEqual(Array(12).fill(200));
    const numbers = orders.map((_, index) => prints[index * 3]!.json<OrderBill>().invoice!.number);
    for (const [index] of orders.entries()) {
      const same = [0, 1, 2].map((k) => prints[index * 3 + k]!.json<OrderBill>().invoice!.number);
      expect(new Set(same).size).toBe(1);
    }
    expect([...numbers].sort((a, b) => a - b)).toEqual([last + 1, last + 2, last + 3, last + 4]);
  });

  it('of a business without a GSTIN gives no number at delivery; another business counts from 1', async () => {
    await setGstin(null);
    const plain = await orderOfNorth({ billAmountPaise: 100 });
    await deliver(plain.id);
    expect(await storedInvoiceNumber(plain.id)).toBeNull();
    expect((await billOf(plain.id)).json<OrderBill>().invoice).toBeNull();

    await world.ctx.db.execute(
      sql`UPDATE businesses SET gstin = '27AAPFU0939F1ZV' WHERE id = ${world.rival.id}`,
    );
    const rivalStore = await createStoreWithItem(world.ctx.db, world.rival);
    const rivalCustomerId = await insertCustomer(world.ctx.db, world.rival.id, {
      name: 'Ravi',
      phone: '9800000001',
    });
    const rivalOrder = await insertOrder(
      world.ctx.db,
      {
        businessId: world.rival.id,
        zoneId: world.rival.zones[0],
        storeId: rivalStore.storeId,
        customerId: rivalCustomerId,
      },
      { billAmountPaise: 100 },
    );
    const version = (await call(world.rivalOwner, 'GET', `/api/orders/${rivalOrder.id}`)).json<{
      version: number;
    }>().version;
    const delivered = await call(world.rivalOwner, 'POST', `/api/orders/${rivalOrder.id}/status`, {
      status: -2,
      version,
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect((await billOf(rivalOrder.id, world.rivalOwner)).json<OrderBill>().invoice?.number).toBe(1);
  });

  it('of a cancelled order without a number gets none', async () => {
    await setGstin('27AAPFU0939F1ZV');
    const order = await orderOfNorth({ billAmountPaise: 100, status: -1, state: 0 });
    const bill = (await billOf(order.id)).json<OrderBill>();
    expect(bill.invoice).toBeNull();
    expect(bill.order.status).toBe(-1);
  });

  it('is another zone’s or business’s order: 404, and no number is given', async () => {
    await setGstin('27AAPFU0939F1ZV');
    const southStore = await createStoreWithItem(world.ctx.db, world.biz);
    await world.ctx.db.execute(
      sql`UPDATE stores SET zone_id = ${world.biz.zones[1]} WHERE id = ${southStore.storeId}`,
    );
    const south = await insertOrder(
      world.ctx.db,
      {
        businessId: world.biz.id,
        zoneId: world.biz.zones[1],
        storeId: southStore.storeId,
        customerId: await customerId(),
      },
      { billAmountPaise: 100 },
    );
    for (const session of [world.admin, world.rivalOwner]) {
      const res = await billOf(south.id, session);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).message).toBe(messages.notFound);
    }
    expect((await billOf(south.id, world.southAdmin)).statusCode).toBe(200);
    // An id that cannot be an order's is not found either, as everywhere.
    expect((await billOf('not-an-id')).statusCode).toBe(404);
  });
});
