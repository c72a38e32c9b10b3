/*
 * Holidays and special hours (B19, ADR 0080): set through the store's PATCH as a whole list, shown
 * on the store, told to customers, kept by the ordering rule and by the delivery slots; garbage is
 * refused with each field's message and writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Store } from '@storedesk/shared/stores/schemas';
import type { Slot } from '@storedesk/shared/stores/slots';
import { specialDayMessages } from '@storedesk/shared/stores/special-days';
import { addDays } from '@storedesk/shared/delivery/dispatch';
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
let owner: Session;

const today = () => businessDay(new Date(), 'Asia/Kolkata');
const at = (day: string, time: string) => new Date(Date.parse(`${day}T${time}:00+05:30`)).toISOString();

const storeOf = async (id: string) =>
  (await ctx.app.inject({ url: `/api/stores/${id}`, headers: owner.headers })).json<Store>();
const patch = async (id: string, body: object) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/stores/${id}`,
    headers: owner.headers,
    payload: { ...body, version: (await storeOf(id)).version },
  });
const near = async () =>
  (
    await ctx.app.inject({
      url: `/api/storefront/stores?lat=${deliveryAddressNear.lat}&lng=${deliveryAddressNear.lng}`,
      headers: { 'x-storefront-key': biz.storefrontKey },
    })
  ).json<{ items: Array<{ id: string; openNow: boolean; notice: string | null }> }>().items;
const order = (storeId: string, itemId: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/storefront/orders',
    headers: keyedOrderHeaders(biz),
    payload: {
      storeId,
      items: [{ itemId, quantity: 1 }],
      customer: { name: 'Asha Rao', phone: '9876500011' },
      deliveryAddress: deliveryAddressNear,
      paymentMode: 'COD',
    },
  });

beforeAll(async () => {
  ctx = await createTestApp();
  biz = await createBusiness(ctx.db);
  owner = await signIn(ctx.app, biz.owner.email);
  await enableCashOnDelivery(ctx.db, biz);
});

afterAll(async () => {
  await ctx.close();
});

describe('a store’s holidays and special hours', () => {
  it('are the whole list the PATCH sends, by day, and an empty list clears them', async () => {
    const { storeId } = await createStoreWithItem(ctx.db, biz);
    const later = addDays(today(), 10);
    const res = await patch(storeId, {
      specialDays: [
        { day: later, closed: false, openTime: '10:00', closeTime: '14:00', reason: '  Half day  ' },
        { day: addDays(today(), 3), closed: true, reason: 'Diwali' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Store>().specialDays).toEqual([
      { day: addDays(today(), 3), closed: true, openTime: null, closeTime: null, reason: 'Diwali' },
      { day: later, closed: false, openTime: '10:00', closeTime: '14:00', reason: 'Half day' },
    ]);
    // Another PATCH without them leaves them; a new list replaces them.
    expect((await patch(storeId, { name: 'Renamed' })).json<Store>().specialDays).toHaveLength(2);
    const replaced = await patch(storeId, {
      specialDays: [{ day: later, closed: true, reason: 'Stock taking' }],
    });
    expect(replaced.json<Store>().specialDays).toEqual([
      { day: later, closed: true, openTime: null, closeTime: null, reason: 'Stock taking' },
    ]);
    expect((await patch(storeId, { specialDays: [] })).json<Store>().specialDays).toEqual([]);
  });

  it('keeps the days gone by that the store no longer answers, whatever list is saved', async () => {
    const { storeId } = await createStoreWithItem(ctx.db, biz);
    await ctx.db.execute(sql`
      INSERT INTO store_special_days (business_id, store_id, day, reason)
      VALUES (${biz.id}, ${storeId}, current_date - 30, 'Last month''s stock taking')`);
    const later = addDays(today(), 5);
    const saved = await patch(storeId, { specialDays: [{ day: later, closed: true, reason: 'Puja' }] });
    expect(saved.json<Store>().specialDays).toEqual([
      { day: later, closed: true, openTime: null, closeTime: null, reason: 'Puja' },
    ]);
    await patch(storeId, { specialDays: [] });
    const { rows } = await ctx.db.execute<{ reason: string }>(
      sql`SELECT reason FROM store_special_days WHERE store_id = ${storeId} ORDER BY day`,
    );
    expect(rows).toEqual([{ reason: "Last month's stock taking" }]);
  });

  it('close the store today with its reason told to customers, and refuse orders', async () => {
    const { storeId, itemId } = await createStoreWithItem(ctx.db, biz);
    await patch(storeId, { specialDays: [{ day: today(), closed: true, reason: 'Diwali' }] });
    const shown = (await near()).find((store) => store.id === storeId);
    expect(shown).toMatchObject({
      openNow: false,
      notice: specialDayMessages.closedToday('Diwali'),
      closure: { kind: 'closedToday', reason: 'Diwali' },
    });
    expect(specialDayMessages.closedToday('Diwali')).toBe('This store is closed today (Diwali)');
    const refused = await order(storeId, itemId);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({
      message: 'This store is closed today (Diwali)',
      fields: { storeId: 'This store is closed today (Diwali)' },
    });

    // Special hours that are not now: closed now, with today's hours and why.
    const hour = Number(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Asia/Kolkata',
        hour: '2-digit',
        hourCycle: 'h23',
      }).format(new Date()),
    );
    const from = `${String((hour + 2) % 24).padStart(2, '0')}:00`;
    const to = `${String((hour + 4) % 24).padStart(2, '0')}:00`;
    await patch(storeId, {
      specialDays: [{ day: today(), closed: false, openTime: from, closeTime: to, reason: 'Half day' }],
    });
    const notice = specialDayMessages.closedNowToday('Half day', from, to);
    expect((await near()).find((store) => store.id === storeId)).toMatchObject({
      openNow: false,
      notice,
      closure: { kind: 'closedNow', openTime: from, closeTime: to, reason: 'Half day' },
    });
    expect(errorOf(await order(storeId, itemId)).message).toBe(notice);

    // Special hours around now: it takes orders.
    await patch(storeId, {
      specialDays: [
        {
          day: today(),
          closed: false,
          openTime: `${String(hour).padStart(2, '0')}:00`,
          closeTime: `${String(hour).padStart(2, '0')}:59`,
          reason: 'Short day',
        },
      ],
    });
    expect((await near()).find((store) => store.id === storeId)).toMatchObject({
      openNow: true,
      notice: null,
      closure: null,
    });
    expect((await order(storeId, itemId)).statusCode).toBe(201);
  });

  it('take a closed day’s delivery slots away, and lay a special day’s in its hours', async () => {
    const { storeId } = await createStoreWithItem(ctx.db, biz);
    const [d1, d2] = [addDays(today(), 1), addDays(today(), 2)];
    const res = await patch(storeId, {
      deliverySlots: { lengthMinutes: 120, capacity: 3, daysAhead: 2, cutoffMinutes: 0 },
      specialDays: [
        { day: d1, closed: true, reason: 'Diwali' },
        { day: d2, closed: false, openTime: '10:00', closeTime: '14:00', reason: 'Half day' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const { items } = (
      await ctx.app.inject({
        url: `/api/storefront/stores/${storeId}/slots`,
        headers: { 'x-storefront-key': biz.storefrontKey },
      })
    ).json<{ items: Slot[] }>();
    expect(
      items.filter((slot) => slot.startsAt >= at(d1, '00:00') && slot.startsAt < at(d2, '00:00')),
    ).toEqual([]);
    expect(items.filter((slot) => slot.startsAt >= at(d2, '00:00')).map((slot) => slot.startsAt)).toEqual([
      at(d2, '10:00'),
      at(d2, '12:00'),
    ]);
  });

  it('refuse garbage with each field’s message, and write nothing', async () => {
    const { storeId } = await createStoreWithItem(ctx.db, biz);
    await patch(storeId, { specialDays: [{ day: addDays(today(), 5), closed: true, reason: 'Kept' }] });
    const before = await storeOf(storeId);
    const day = addDays(today(), 1);
    const cases: Array<[unknown, Record<string, string>]> = [
      [
        [
          { day, closed: true, reason: 'A' },
          { day, closed: true, reason: 'B' },
        ],
        { 'specialDays.1.day': specialDayMessages.sameDay },
      ],
      [
        [{ day, closed: false, reason: 'Half day' }],
        {
          'specialDays.0.openTime': specialDayMessages.hoursNeeded,
          'specialDays.0.closeTime': specialDayMessages.hoursNeeded,
        },
      ],
      [
        [{ day: '2026-02-30', closed: true, reason: 'X' }],
        { 'specialDays.0.day': 'must be a date such as 2026-11-22' },
      ],
      [
        [{ day, closed: 'yes', reason: '   ' }],
        { 'specialDays.0.closed': 'must be true or false', 'specialDays.0.reason': 'is required' },
      ],
      [
        [{ day, closed: false, openTime: '25:00', closeTime: '9am', reason: 'x'.repeat(101) }],
        {
          'specialDays.0.openTime': 'must be a time such as 09:30',
          'specialDays.0.closeTime': 'must be a time such as 09:30',
          'specialDays.0.reason': 'must be at most 100 characters',
        },
      ],
      [
        Array.from({ length: 61 }, (_, n) => ({ day: addDays(today(), n), closed: true, reason: 'Closed' })),
        { specialDays: specialDayMessages.tooMany },
      ],
    ];
    for (const [specialDays, fields] of cases) {
      const res = await patch(storeId, { specialDays });
      expect(res.statusCode, JSON.stringify(specialDays).slice(0, 80)).toBe(400);
      expect(errorOf(res).fields).toEqual(fields);
    }
    expect(await storeOf(storeId)).toEqual(before);
    const rows = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM store_special_days WHERE store_id = ${storeId}`,
    );
    expect(rows.rows[0]!.n).toBe(1);
  });

  it('are another zone’s and another business’s store’s 404, writing nothing', async () => {
    const { storeId } = await createStoreWithItem(ctx.db, biz);
    const rival = await createBusiness(ctx.db);
    const rivalOwner = await signIn(ctx.app, rival.owner.email);
    const southAdmin = await signIn(ctx.app, biz.otherAdmin.email);
    const version = (await storeOf(storeId)).version;
    for (const session of [rivalOwner, southAdmin]) {
      const res = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/stores/${storeId}`,
        headers: session.headers,
        payload: { version, specialDays: [{ day: today(), closed: true, reason: 'Taken' }] },
      });
      expect(res.statusCode).toBe(404);
    }
    expect((await storeOf(storeId)).specialDays).toEqual([]);
  });
});
