/*
 * Delivery slots (B19, ADR 0077): a store's slot rule set through its PATCH, the slots the customer
 * app is offered, orders booking a slot up to its capacity even when they arrive together, a cancel
 * giving the place back, a closed store taking orders for later, and every refusal writing nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { slotMessages, type Slot } from '@storedesk/shared/stores/slots';
import type { Store } from '@storedesk/shared/stores/schemas';
import type { OrderDetail } from '@storedesk/shared/orders/schemas';
import type { StorefrontOrder } from '@storedesk/shared/storefront/schemas';
import { businessDay } from '@storedesk/shared/dates';
import {
  createBusiness,
  createStoreWithItem,
  createTestApp,
  deliveryAddressNear,
  enableCashOnDelivery,
  errorOf,
  keyedOrderHeaders,
  signIn,
  type Session,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';

let ctx: TestApp;
let biz: TestBusiness;
let rival: TestBusiness;
let owner: Session;
let storeId: string;
let itemId: string;

const hourly = { lengthMinutes: 60, capacity: 2, daysAhead: 1, cutoffMinutes: 0 };

const storeOf = async (id = storeId) =>
  (await ctx.app.inject({ url: `/api/stores/${id}`, headers: owner.headers })).json<Store>();

const patchStore = async (body: object, id = storeId) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/stores/${id}`,
    headers: owner.headers,
    payload: { ...body, version: (await storeOf(id)).version },
  });

const slotsOf = (id = storeId, key = biz.storefrontKey) =>
  ctx.app.inject({ url: `/api/storefront/stores/${id}/slots`, headers: { 'x-storefront-key': key } });

const order = (slotId: unknown, phone = '9876500011', id = storeId, item = itemId) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/storefront/orders',
    headers: keyedOrderHeaders(biz),
    payload: {
      storeId: id,
      items: [{ itemId: item, quantity: 1 }],
      customer: { name: 'Asha Rao', phone },
      deliveryAddress: deliveryAddressNear,
      paymentMode: 'COD',
      ...(slotId === undefined ? {} : { slotId }),
    },
  });

const ordersOfStore = async (id = storeId) =>
  (await ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM orders WHERE store_id = ${id}`))
    .rows[0]!.n;

/** The business's (Asia/Kolkata) day after today, and a moment of it as ISO text. */
const tomorrow = () => {
  const today = businessDay(new Date(), 'Asia/Kolkata');
  const next = new Date(Date.parse(`${today}T12:00:00+05:30`) + 86_400_000);
  return businessDay(next, 'Asia/Kolkata');
};
const at = (day: string, time: string) => new Date(Date.parse(`${day}T${time}:00+05:30`)).toISOString();

beforeAll(async () => {
  ctx = await createTestApp();
  biz = await createBusiness(ctx.db);
  rival = await createBusiness(ctx.db);
  owner = await signIn(ctx.app, biz.owner.email);
  await enableCashOnDelivery(ctx.db, biz);
  ({ storeId, itemId } = await createStoreWithItem(ctx.db, biz));
});

afterAll(async () => {
  await ctx.close();
});

describe('a store’s delivery slots', () => {
  it('are set through the store’s PATCH, offered from now on, and cleared with null', async () => {
    const before = await slotsOf();
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ items: [] });

    const res = await patchStore({ deliverySlots: { lengthMinutes: 60, capacity: 2, daysAhead: 1 } });
    expect(res.statusCode, res.body).toBe(200);
    // The cut-off defaults to an hour.
    expect(res.json<Store>().deliverySlots).toEqual({
      lengthMinutes: 60,
      capacity: 2,
      daysAhead: 1,
      cutoffMinutes: 60,
    });
    expect((await patchStore({ deliverySlots: hourly })).json<Store>().deliverySlots).toEqual(hourly);

    const { items } = (await slotsOf()).json<{ items: Slot[] }>();
    const day = tomorrow();
    // Tomorrow whole: 00:00–01:00 to 22:00–23:00 (the store closes at 23:59), two places each.
    const tomorrows = items.filter((slot) => slot.startsAt >= at(day, '00:00'));
    expect(tomorrows).toHaveLength(23);
    expect(tomorrows[0]).toEqual({
      id: at(day, '00:00'),
      startsAt: at(day, '00:00'),
      endsAt: at(day, '01:00'),
      available: 2,
    });
    expect(tomorrows.at(-1)).toMatchObject({ startsAt: at(day, '22:00'), endsAt: at(day, '23:00') });
    // Today's are those still to start, earliest first.
    const now = Date.now();
    for (const slot of items) expect(Date.parse(slot.startsAt)).toBeGreaterThan(now - 60_000);
    expect(items.map((slot) => slot.startsAt)).toEqual([...items.map((slot) => slot.startsAt)].sort());

    // The customer app's store says it delivers in slots.
    const near = await ctx.app.inject({
      url: `/api/storefront/stores?lat=${deliveryAddressNear.lat}&lng=${deliveryAddressNear.lng}`,
      headers: { 'x-storefront-key': biz.storefrontKey },
    });
    expect(near.json<{ items: Array<{ id: string; deliversInSlots: boolean }> }>().items).toEqual([
      expect.objectContaining({ id: storeId, deliversInSlots: true }),
    ]);

    const cleared = await patchStore({ deliverySlots: null });
    expect(cleared.json<Store>().deliverySlots).toBeNull();
    expect((await slotsOf()).json()).toEqual({ items: [] });
    await patchStore({ deliverySlots: hourly });
  });

  it('refuses a garbage rule with each field’s message, and writes nothing', async () => {
    const before = await storeOf();
    const cases: Array<[unknown, Record<string, string>]> = [
      [
        { lengthMinutes: 5, capacity: 0, daysAhead: 99, cutoffMinutes: -1 },
        {
          'deliverySlots.lengthMinutes': 'must be from 15 to 480 minutes',
          'deliverySlots.capacity': 'must be from 1 to 1000 orders',
          'deliverySlots.daysAhead': 'must be from 0 to 14 days',
          'deliverySlots.cutoffMinutes': 'must be from 0 to 1440 minutes',
        },
      ],
      [
        { lengthMinutes: '60', capacity: 1.5, daysAhead: null },
        {
          'deliverySlots.lengthMinutes': 'must be a whole number from 15 to 480 minutes',
          'deliverySlots.capacity': 'must be a whole number from 1 to 1000 orders',
          'deliverySlots.daysAhead': 'must be a whole number from 0 to 14 days',
        },
      ],
    ];
    for (const [deliverySlots, fields] of cases) {
      const res = await patchStore({ deliverySlots });
      expect(res.statusCode, res.body).toBe(400);
      expect(errorOf(res).fields).toEqual(fields);
    }
    const bad = await patchStore({ deliverySlots: 'hourly' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(errorOf(bad).fields!)).toEqual(['deliverySlots']);
    const after = await storeOf();
    expect(after.version).toBe(before.version);
    expect(after.deliverySlots).toEqual(hourly);
  });

  it('books a slot: the order carries it, staff see it, and the slot has a place less', async () => {
    const slotId = at(tomorrow(), '09:00');
    const res = await order(slotId);
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json<StorefrontOrder>();
    expect(placed.slot).toEqual({ startsAt: slotId, endsAt: at(tomorrow(), '10:00') });

    const detail = await ctx.app.inject({ url: `/api/orders/${placed.id}`, headers: owner.headers });
    expect(detail.json<OrderDetail>().slot).toEqual(placed.slot);
    const list = await ctx.app.inject({ url: `/api/orders?view=active`, headers: owner.headers });
    expect(list.json<{ items: OrderDetail[] }>().items.find((o) => o.id === placed.id)?.slot).toEqual(
      placed.slot,
    );

    const { items } = (await slotsOf()).json<{ items: Slot[] }>();
    expect(items.find((slot) => slot.id === slotId)?.available).toBe(1);
  });

  it('takes exactly as many orders as a slot holds when they arrive together, and a cancel gives a place back', async () => {
    const slotId = at(tomorrow(), '11:00');
    const before = await ordersOfStore();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, n) => order(slotId, `98765000${String(20 + n)}`)),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([201, 201, 409, 409, 409, 409]);
    for (const refused of answers.filter((res) => res.statusCode === 409)) {
      expect(errorOf(refused)).toMatchObject({
        message: slotMessages.full,
        fields: { slotId: slotMessages.full },
      });
    }
    expect(await ordersOfStore()).toBe(before + 2);
    const full = (await slotsOf()).json<{ items: Slot[] }>().items.find((slot) => slot.id === slotId);
    expect(full?.available).toBe(0);

    const [first] = answers.filter((res) => res.statusCode === 201).map((res) => res.json<StorefrontOrder>());
    const current = await ctx.app.inject({ url: `/api/orders/${first!.id}`, headers: owner.headers });
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${first!.id}/status`,
      headers: owner.headers,
      payload: { status: -1, reason: 'OUT_OF_STOCK', version: current.json<OrderDetail>().version },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const freed = (await slotsOf()).json<{ items: Slot[] }>().items.find((slot) => slot.id === slotId);
    expect(freed?.available).toBe(1);
    expect((await order(slotId, '9876500030')).statusCode).toBe(201);
    expect((await order(slotId, '9876500031')).statusCode).toBe(409);
  });

  it('refuses a slot it does not offer, a malformed one, and one of a store without slots, writing nothing', async () => {
    const before = await ordersOfStore();
    const offHour = await order(at(tomorrow(), '09:30'));
    expect(offHour.statusCode).toBe(409);
    expect(errorOf(offHour)).toMatchObject({
      message: slotMessages.gone,
      fields: { slotId: slotMessages.gone },
    });
    const past = await order(at(businessDay(Date.now() - 2 * 86_400_000, 'Asia/Kolkata'), '09:00'));
    expect(past.statusCode).toBe(409);
    expect(errorOf(past).message).toBe(slotMessages.gone);
    const beyond = await order(at(businessDay(Date.now() + 5 * 86_400_000, 'Asia/Kolkata'), '09:00'));
    expect(beyond.statusCode).toBe(409);
    for (const garbage of ['tomorrow', 42, '', null, ['2030-01-01T00:00:00.000Z']]) {
      const res = await order(garbage);
      expect(res.statusCode, JSON.stringify(garbage)).toBe(400);
      expect(Object.keys(errorOf(res).fields!)).toEqual(['slotId']);
    }
    expect(await ordersOfStore()).toBe(before);

    const plain = await createStoreWithItem(ctx.db, biz);
    const none = await order(at(tomorrow(), '09:00'), '9876500040', plain.storeId, plain.itemId);
    expect(none.statusCode).toBe(409);
    expect(errorOf(none)).toMatchObject({
      message: slotMessages.none,
      fields: { slotId: slotMessages.none },
    });
    expect(await ordersOfStore(plain.storeId)).toBe(0);
  });

  it('lets a store closed for now take orders for a slot, and asks an order without one to choose', async () => {
    // Hours that start three hours from now on the business's clock (a window of six hours).
    const clock = (offsetHours: number) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Asia/Kolkata',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
        .format(new Date(Date.now() + offsetHours * 3_600_000))
        .slice(0, 2) + ':00';
    const closed = await createStoreWithItem(ctx.db, biz);
    const res = await patchStore(
      { openTime: clock(3), closeTime: clock(9), deliverySlots: { ...hourly, daysAhead: 2 } },
      closed.storeId,
    );
    expect(res.statusCode, res.body).toBe(200);
    const refused = await order(undefined, '9876500050', closed.storeId, closed.itemId);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({
      message: slotMessages.chooseSlot,
      fields: { storeId: slotMessages.chooseSlot },
    });
    const { items } = (await slotsOf(closed.storeId)).json<{ items: Slot[] }>();
    expect(items.length).toBeGreaterThan(0);
    const booked = await order(items[0]!.id, '9876500051', closed.storeId, closed.itemId);
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json<StorefrontOrder>().slot?.startsAt).toBe(items[0]!.startsAt);

    // Closed by staff: no slots, and none booked.
    await ctx.app.inject({
      method: 'POST',
      url: '/api/stores/status',
      headers: owner.headers,
      payload: { storeIds: [closed.storeId], status: 0 },
    });
    expect((await slotsOf(closed.storeId)).json()).toEqual({ items: [] });
    const shut = await order(items[0]!.id, '9876500052', closed.storeId, closed.itemId);
    expect(shut.statusCode).toBe(409);
    expect(Object.keys(errorOf(shut).fields!)).toEqual(['storeId']);
  });

  it('give staff a day’s board: the orders booked for that day, earliest slot first', async () => {
    const day = tomorrow();
    const list = async (query: string) =>
      (await ctx.app.inject({ url: `/api/orders?view=active&${query}`, headers: owner.headers })).json<{
        items: OrderDetail[];
        total: number;
      }>();
    // The store's: another store's booking above (its first slot, after midnight when the tests run
    // late in the evening) is on the board too, but not of this store.
    const board = await list(`slotDay=${day}&sort=slot&pageSize=25&storeId=${storeId}`);
    const starts = board.items.map((o) => o.slot!.startsAt);
    // Booked above: one at 09:00, and three at 11:00, of which the cancelled one has left the active view.
    expect(starts).toEqual([at(day, '09:00'), at(day, '11:00'), at(day, '11:00')]);
    expect(board.total).toBe(3);
    expect((await list(`slotDay=${businessDay(Date.now() + 4 * 86_400_000, 'Asia/Kolkata')}`)).items).toEqual(
      [],
    );
    const bad = await ctx.app.inject({ url: `/api/orders?slotDay=31/02/2026`, headers: owner.headers });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(errorOf(bad).fields!)).toEqual(['slotDay']);
  });

  it('are another business’s 404, and a malformed store id’s too', async () => {
    const res = await slotsOf(storeId, rival.storefrontKey);
    expect(res.statusCode).toBe(404);
    expect((await slotsOf('not-a-store')).statusCode).toBe(404);
    const noKey = await ctx.app.inject({ url: `/api/storefront/stores/${storeId}/slots` });
    expect(noKey.statusCode).toBe(401);
  });
});

describe('staff moving an order to another slot', () => {
  let moveStore: string;
  let moveItem: string;
  const orderOf = async (orderId: string) =>
    (await ctx.app.inject({ url: `/api/orders/${orderId}`, headers: owner.headers })).json<OrderDetail>();
  const move = async (orderId: string, slotId: unknown, version?: number, headers = owner.headers) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/slot`,
      headers,
      payload: { slotId, version: version ?? (await orderOf(orderId)).version },
    });
  const available = async () =>
    Object.fromEntries(
      (await slotsOf(moveStore)).json<{ items: Slot[] }>().items.map((slot) => [slot.id, slot.available]),
    );

  beforeAll(async () => {
    ({ storeId: moveStore, itemId: moveItem } = await createStoreWithItem(ctx.db, biz));
    expect((await patchStore({ deliverySlots: { ...hourly, capacity: 1 } }, moveStore)).statusCode).toBe(200);
  });

  it('moves it to a slot with a place, gives its old place back, and says so on its timeline', async () => {
    const day = tomorrow();
    const placed = await order(at(day, '09:00'), '9876500071', moveStore, moveItem);
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json<StorefrontOrder>().id;
    expect(await available()).toMatchObject({ [at(day, '09:00')]: 0, [at(day, '10:00')]: 1 });

    const moved = await move(orderId, at(day, '10:00'));
    expect(moved.statusCode).toBe(200);
    const detail = moved.json<OrderDetail>();
    expect(detail.slot).toEqual({ startsAt: at(day, '10:00'), endsAt: at(day, '11:00') });
    expect(detail.timeline.at(-1)).toMatchObject({
      kind: 'SLOT',
      note: expect.stringMatching(
        /^Delivery slot changed to \w{3} \d{2}\/\d{2}\/\d{4}, 10:00 AM – 11:00 AM$/,
      ),
    });
    expect(await available()).toMatchObject({ [at(day, '09:00')]: 1, [at(day, '10:00')]: 0 });
    // The customer sees it too.
    const { rows } = await ctx.db.execute<{ starts: string }>(
      sql`SELECT slot_starts_at AS starts FROM orders WHERE id = ${orderId}`,
    );
    expect(new Date(rows[0]!.starts).toISOString()).toBe(at(day, '10:00'));
    // The same slot again changes nothing.
    const again = await move(orderId, at(day, '10:00'));
    expect(again.statusCode).toBe(200);
    expect(again.json<OrderDetail>().version).toBe(detail.version);
  });

  it('refuses a full slot, one not offered, a stale version and garbage, changing nothing', async () => {
    const day = tomorrow();
    const first = (await order(at(day, '12:00'), '9876500072', moveStore, moveItem)).json<StorefrontOrder>();
    const second = (await order(at(day, '13:00'), '9876500073', moveStore, moveItem)).json<StorefrontOrder>();
    const before = await orderOf(second.id);

    const full = await move(second.id, at(day, '12:00'));
    expect(full.statusCode).toBe(409);
    expect(errorOf(full).fields).toEqual({ slotId: slotMessages.full });
    const gone = await move(second.id, at(day, '12:30'));
    expect(gone.statusCode).toBe(409);
    expect(errorOf(gone).fields).toEqual({ slotId: slotMessages.gone });
    const stale = await move(second.id, at(day, '14:00'), before.version - 1);
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).current).toMatchObject({ version: before.version });
    for (const garbage of ['tomorrow', 12, null, { at: 1 }]) {
      const res = await move(second.id, garbage);
      expect(res.statusCode, JSON.stringify(garbage)).toBe(400);
      expect(Object.keys(errorOf(res).fields!)).toEqual(['slotId']);
    }
    expect(await orderOf(second.id)).toEqual(before);
    expect(await available()).toMatchObject({ [at(day, '12:00')]: 0, [at(day, '13:00')]: 0 });
    expect((await orderOf(first.id)).slot?.startsAt).toBe(at(day, '12:00'));
  });

  it('books a slot for an order placed for as soon as possible, and ends once it is picked up', async () => {
    const day = tomorrow();
    const asap = await order(undefined, '9876500074', moveStore, moveItem);
    expect(asap.statusCode).toBe(201);
    const orderId = asap.json<StorefrontOrder>().id;
    const booked = await move(orderId, at(day, '15:00'));
    expect(booked.statusCode).toBe(200);
    expect(booked.json<OrderDetail>().slot?.startsAt).toBe(at(day, '15:00'));
    expect(await available()).toMatchObject({ [at(day, '15:00')]: 0 });

    await ctx.db.execute(sql`UPDATE orders SET status = 2, version = version + 1 WHERE id = ${orderId}`);
    const late = await move(orderId, at(day, '16:00'));
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).message).toBe(slotMessages.pickedUp);
    expect(await available()).toMatchObject({ [at(day, '15:00')]: 0, [at(day, '16:00')]: 1 });
  });

  it('is another business’s 404', async () => {
    const day = tomorrow();
    const mine = (await order(at(day, '17:00'), '9876500075', moveStore, moveItem)).json<StorefrontOrder>();
    const rivalOwner = await signIn(ctx.app, rival.owner.email);
    const res = await move(mine.id, at(day, '18:00'), 1, rivalOwner.headers);
    expect(res.statusCode).toBe(404);
  });
});
