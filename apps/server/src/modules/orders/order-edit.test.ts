/**
 * Staff change an order's items (B18, ADR 0070) until it is picked up: a kept line keeps its
 * price, an added one takes today's; the charge stays; the coupon's discount follows its terms;
 * counted stock moves by each line's change, all or none; the customer sees the new bill.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@storedesk/shared/messages';
import { orderEditMessages } from '@storedesk/shared/orders/edit';
import { refundDuePaise } from '@storedesk/shared/payments/refunds';
import type { OrderDetail } from '@storedesk/shared/orders/schemas';
import type { CustomerOrder } from '@storedesk/shared/storefront/schemas';
import {
  caller,
  createExecutive,
  createStaffWorld,
  createStoreWithItem,
  enableCashOnDelivery,
  errorOf,
  insertItems,
  placeCustomerOrder,
  signInCustomerWithAddress,
  type Call,
  type StaffWorld,
} from '#test/harness.ts';

let world: StaffWorld;
let call: Call;
let storeId: string;
let paneer: string;
let paneerVariant: string;
let milk: string;
let atta: { id: string; variantIds: string[] };
let asha: Awaited<ReturnType<typeof signInCustomerWithAddress>>;
let dex: { id: string };

beforeAll(async () => {
  world = await createStaffWorld();
  call = caller(world.ctx.app);
  await enableCashOnDelivery(world.ctx.db, world.biz);
  const store = await createStoreWithItem(world.ctx.db, world.biz, { name: 'Paneer', pricePaise: 10_500 });
  storeId = store.storeId;
  paneer = store.itemId;
  const { rows } = await world.ctx.db.$client.query<{ id: string }>(
    'SELECT id FROM item_variants WHERE item_id = $1',
    [paneer],
  );
  paneerVariant = rows[0]!.id;
  const [milkRow, attaRow] = await insertItems(world.ctx.db, [
    { businessId: world.biz.id, storeId, name: 'Milk', pricePaise: 3_000 },
    {
      businessId: world.biz.id,
      storeId,
      name: 'Atta',
      variants: [
        { label: '5 kg', pricePaise: 25_000, stock: 3 },
        { label: '10 kg', pricePaise: 48_000, stock: 1 },
      ],
    },
  ]);
  milk = milkRow!.id;
  atta = attaRow!;
  asha = await signInCustomerWithAddress(world.ctx, world.biz.storefrontKey, '9876500021', 'Asha');
  dex = await createExecutive(world.ctx, {
    businessId: world.biz.id,
    zoneId: world.biz.zones[0],
    name: 'Kiran',
  });
});

beforeEach(async () => {
  await world.ctx.db.execute(
    sql`UPDATE item_variants SET price_paise = 10500, stock = 10 WHERE item_id = ${paneer}`,
  );
  await world.ctx.db.execute(sql`UPDATE item_variants SET stock = 3 WHERE id = ${atta.variantIds[0]}`);
  await world.ctx.db.execute(sql`UPDATE item_variants SET stock = 1 WHERE id = ${atta.variantIds[1]}`);
  await world.ctx.db.execute(
    sql`UPDATE order_settings SET minimum_order_paise = 0 WHERE business_id = ${world.biz.id}`,
  );
});

afterAll(async () => {
  await world.ctx.close();
});

const place = (items: object[], couponCode?: string) =>
  placeCustomerOrder(world.ctx.app, asha, { storeId, items, ...(couponCode ? { couponCode } : {}) });

const edit = (orderId: string, body: object, session = world.owner) =>
  call(session, 'PATCH', `/api/orders/${orderId}/items`, body);

async function stockOf(variantOrItem: string): Promise<number> {
  const { rows } = await world.ctx.db.$client.query<{ stock: number }>(
    'SELECT stock FROM item_variants WHERE id = $1 OR item_id = $1 ORDER BY position LIMIT 1',
    [variantOrItem],
  );
  return rows[0]!.stock;
}

/** The order as stored, and its timeline's length: what a refused edit must leave. */
async function stored(orderId: string) {
  const { rows } = await world.ctx.db.$client.query(
    `SELECT version, items, bill_amount_paise, discount_paise, offer,
            (SELECT count(*) FROM order_events WHERE order_id = $1) AS events
     FROM orders WHERE id = $1`,
    [orderId],
  );
  return rows[0];
}

describe('changing an order’s items', () => {
  it('keeps the kept lines’ prices, prices an added line today, moves the stock, and tells the customer', async () => {
    const order = await place([
      { itemId: paneer, quantity: 2 },
      { itemId: milk, quantity: 1 },
    ]);
    expect(await stockOf(paneer)).toBe(8);
    // The catalogue's price changes after the order: the order keeps its own.
    await world.ctx.db.execute(sql`UPDATE item_variants SET price_paise = 12000 WHERE item_id = ${paneer}`);

    const res = await edit(order.id, {
      version: 1,
      items: [
        { itemId: paneer, quantity: 1 },
        { itemId: atta.id, variantId: atta.variantIds[0], quantity: 2 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<OrderDetail>();
    expect(
      after.items.map(({ itemName, variantLabel, itemQuantity, itemPricePaise }) => ({
        itemName,
        variantLabel,
        itemQuantity,
        itemPricePaise,
      })),
    ).toEqual([
      { itemName: 'Paneer', variantLabel: '', itemQuantity: 1, itemPricePaise: 10_500 },
      { itemName: 'Atta', variantLabel: '5 kg', itemQuantity: 2, itemPricePaise: 25_000 },
    ]);
    expect(after).toMatchObject({
      itemsTotalPaise: 60_500,
      discountPaise: 0,
      billAmountPaise: 60_500,
      version: 2,
    });
    expect(after.timeline.at(-1)).toMatchObject({
      toStatus: null,
      note: 'Items changed: Paneer 2 → 1; Milk removed; Atta · 5 kg added × 2. Bill ₹240.00 → ₹605.00',
      actorName: world.biz.owner.name,
    });
    // One paneer back, two atta taken.
    expect(await stockOf(paneer)).toBe(9);
    expect(await stockOf(atta.variantIds[0]!)).toBe(1);

    const seen = await world.ctx.app.inject({
      method: 'GET',
      url: `/api/storefront/orders/${order.id}`,
      headers: asha.headers,
    });
    expect(seen.json<CustomerOrder>()).toMatchObject({ billAmountPaise: 60_500 });
    const { rows } = await world.ctx.db.$client.query<{ action: string; customer_id: string }>(
      'SELECT action, customer_id FROM events WHERE record_id = $1 ORDER BY id DESC LIMIT 1',
      [order.id],
    );
    expect(rows[0]).toEqual({ action: 'updated', customer_id: asha.customer.id });
  });

  it('works out the coupon’s discount again, and drops it below the coupon’s minimum', async () => {
    await world.ctx.db.execute(sql`
      INSERT INTO coupons (business_id, code, name, type, discount_percent, max_discount_paise, min_order_value_paise,
                           valid_from, expires_at, usage_limit, usage_type)
      VALUES (${world.biz.id}, 'TEN', 'Ten off', 'DISCOUNT', 10, 100000, 20000, current_date - 1, current_date + 1, 100, 'OPEN')
      ON CONFLICT DO NOTHING`);
    const order = await place([{ itemId: paneer, quantity: 4 }], 'TEN');
    expect((await stored(order.id))!.discount_paise).toBe(4_200);
    const fewer = await edit(order.id, { version: 1, items: [{ itemId: paneer, quantity: 2 }] });
    expect(fewer.statusCode, fewer.body).toBe(200);
    expect(fewer.json<OrderDetail>()).toMatchObject({
      itemsTotalPaise: 21_000,
      discountPaise: 2_100,
      offer: { coupon: 'TEN', discountPaise: 2_100 },
      billAmountPaise: 18_900,
    });
    const one = await edit(order.id, { version: 2, items: [{ itemId: paneer, quantity: 1 }] });
    expect(one.json<OrderDetail>()).toMatchObject({ discountPaise: 0, offer: null, billAmountPaise: 10_500 });
  });

  it('answers an unchanged list with the order as it is, writing nothing', async () => {
    const order = await place([{ itemId: paneer, quantity: 2 }]);
    const before = await stored(order.id);
    const res = await edit(order.id, { version: 1, items: [{ itemId: paneer, quantity: 2 }] });
    expect(res.statusCode).toBe(200);
    expect(res.json<OrderDetail>().version).toBe(1);
    expect(await stored(order.id)).toEqual(before);
  });

  it('refuses more than the stock has, naming the line, and moves no stock', async () => {
    const order = await place([{ itemId: paneer, quantity: 1 }]);
    const before = await stored(order.id);
    const res = await edit(order.id, {
      version: 1,
      items: [
        { itemId: paneer, quantity: 2 },
        { itemId: atta.id, variantId: atta.variantIds[1], quantity: 2 },
      ],
    });
    expect(res.statusCode).toBe(409);
    expect(Object.keys(errorOf(res).fields ?? {})).toEqual(['items.1.quantity']);
    expect(await stored(order.id)).toEqual(before);
    expect(await stockOf(paneer)).toBe(9);
    expect(await stockOf(atta.variantIds[1]!)).toBe(1);
  });

  it('refuses a bill below the minimum order, and bad lines, with 400, writing nothing', async () => {
    const order = await place([{ itemId: paneer, quantity: 3 }]);
    const before = await stored(order.id);
    await world.ctx.db.execute(
      sql`INSERT INTO order_settings (business_id, minimum_order_paise) VALUES (${world.biz.id}, 20000)
          ON CONFLICT (business_id) DO UPDATE SET minimum_order_paise = 20000`,
    );
    const below = await edit(order.id, { version: 1, items: [{ itemId: paneer, quantity: 1 }] });
    expect(below.statusCode).toBe(400);
    expect(errorOf(below).fields).toEqual({ items: orderEditMessages.belowMinimum('₹200.00') });
    const cases: Array<[object, string]> = [
      [{ version: 1, items: [] }, 'items'],
      [{ version: 1 }, 'items'],
      [{ items: [{ itemId: paneer, quantity: 1 }] }, 'version'],
      [{ version: 1, items: [{ itemId: paneer, quantity: 0 }] }, 'items.0.quantity'],
      [{ version: 1, items: [{ itemId: 'paneer', quantity: 1 }] }, 'items.0.itemId'],
      [
        {
          version: 1,
          items: [
            { itemId: paneer, quantity: 1 },
            { itemId: paneer, quantity: 2 },
          ],
        },
        'items.1.itemId',
      ],
      // One line named twice: by its item and variant, and by its item alone.
      [
        {
          version: 1,
          items: [
            { itemId: paneer, variantId: paneerVariant, quantity: 3 },
            { itemId: paneer, quantity: 1 },
          ],
        },
        'items.1.itemId',
      ],
      // An item not sold here: named where it stands in the list.
      [
        {
          version: 1,
          items: [
            { itemId: paneer, quantity: 3 },
            { itemId: '00000000-0000-4000-8000-000000000000', quantity: 1 },
          ],
        },
        'items.1.itemId',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await edit(order.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(errorOf(res).fields ?? {}), JSON.stringify(body)).toEqual([field]);
    }
    expect(await stored(order.id)).toEqual(before);
  });

  it('once picked up, or from a stale version: 409 with the order as it is, writing nothing', async () => {
    const order = await place([{ itemId: paneer, quantity: 1 }]);
    const staleEdit = await edit(order.id, { version: 5, items: [{ itemId: paneer, quantity: 2 }] });
    expect(staleEdit.statusCode).toBe(409);
    expect(errorOf(staleEdit).message).toBe(messages.staleRecord);
    const confirmed = await call(world.owner, 'POST', `/api/orders/${order.id}/status`, {
      status: 1,
      dexId: dex.id,
      version: 1,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // Confirmed: still open to change.
    const stillOpen = await edit(order.id, { version: 2, items: [{ itemId: paneer, quantity: 2 }] });
    expect(stillOpen.statusCode, stillOpen.body).toBe(200);
    const picked = await call(world.owner, 'POST', `/api/orders/${order.id}/status`, {
      status: 2,
      version: 3,
    });
    expect(picked.statusCode, picked.body).toBe(200);
    const before = await stored(order.id);
    const res = await edit(order.id, { version: 4, items: [{ itemId: paneer, quantity: 1 }] });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(orderEditMessages.pickedUp);
    expect(await stored(order.id)).toEqual(before);
  });

  it('of a paid order: never to more than was received; to less, and the difference is the refund due', async () => {
    const order = await place([{ itemId: paneer, quantity: 2 }]);
    const marked = await call(world.owner, 'POST', `/api/orders/${order.id}/payment`, { version: 1 });
    expect(marked.statusCode, marked.body).toBe(200);
    const before = await stored(order.id);
    const more = await edit(order.id, { version: 2, items: [{ itemId: paneer, quantity: 3 }] });
    expect(more.statusCode).toBe(400);
    expect(errorOf(more).fields).toEqual({ items: orderEditMessages.paidMore('₹210.00') });
    expect(await stored(order.id)).toEqual(before);

    const less = await edit(order.id, { version: 2, items: [{ itemId: paneer, quantity: 1 }] });
    expect(less.statusCode, less.body).toBe(200);
    const after = less.json<OrderDetail>();
    expect(after).toMatchObject({ billAmountPaise: 10_500, paidPaise: 21_000, refundedPaise: 0 });
    expect(refundDuePaise({ paid: true, ...after })).toBe(10_500);
    const refunded = await call(world.owner, 'POST', `/api/orders/${order.id}/refunds`, {
      amountPaise: 10_500,
      version: after.version,
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    expect(refundDuePaise({ paid: true, ...refunded.json<{ order: OrderDetail }>().order })).toBe(0);
  });

  it('of another zone’s order is 404 for its admin', async () => {
    const order = await place([{ itemId: paneer, quantity: 1 }]);
    await world.ctx.db.execute(sql`UPDATE orders SET zone_id = ${world.biz.zones[1]} WHERE id = ${order.id}`);
    const before = await stored(order.id);
    const res = await edit(order.id, { version: 1, items: [{ itemId: paneer, quantity: 2 }] }, world.admin);
    expect(res.statusCode).toBe(404);
    expect(await stored(order.id)).toEqual(before);
  });
});
