import type { Browser, Page } from 'playwright-core';
import ngeohash from 'ngeohash';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { businessClock, businessDay, formatTimeOfDay, partsIn } from '@storedesk/shared/dates';
import { demo, launchBrowser } from './support/browser.ts';
import { withDatabase } from './support/database.ts';
import { seriousFindings } from './support/axe.ts';
import {
  customerPhone,
  nearKoramangala,
  newPhone,
  signedInCustomer,
  signInWithCode,
} from './support/customer.ts';

/*
 * Delivery slots (B19) on a phone: the owner sets a store of the demo business to deliver in slots
 * through the console's API; a customer at 375 px fills a cart there, chooses a slot for tomorrow,
 * places the order and sees the slot on the order page and in their orders. A store closed now
 * that delivers in slots takes orders for later: its page says so, and its cart goes straight to
 * the slots.
 */

type Slot = { id: string; startsAt: string; endsAt: string; available: number };

let browser: Browser;
let owner: string;
const name = `Slot Mart ${Date.now()}`;
let storeId: string;

/** The console's API as the demo owner. */
async function asOwner<T>(method: string, path: string, body?: object): Promise<T> {
  const res = await fetch(`${inject('baseUrl')}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${owner}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

/** Changes the store as its page in the console does: with the version read. */
async function changeStore(change: object) {
  const { version } = await asOwner<{ version: number }>('GET', `/stores/${storeId}`);
  await asOwner('PATCH', `/stores/${storeId}`, { ...change, version });
}

/** What the customer app is told: the business's time zone and the store's slots now. */
async function shop<T>(path: string): Promise<T> {
  const res = await fetch(`${inject('baseUrl')}/api/storefront${path}`, {
    headers: { 'x-storefront-key': inject('storefrontKey') },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

/** The first slot of tomorrow (on the business's clock) with a place left, and how the app writes it. */
async function tomorrowsSlot(timeZone: string) {
  const [year, month, day] = businessDay(Date.now(), timeZone).split('-').map(Number) as [
    number,
    number,
    number,
  ];
  const tomorrow = new Date(Date.UTC(year, month - 1, day + 1));
  const { items } = await shop<{ items: Slot[] }>(`/stores/${storeId}/slots`);
  const slot = items.find(
    (each) =>
      businessDay(each.startsAt, timeZone) === tomorrow.toISOString().slice(0, 10) && each.available > 0,
  )!;
  expect(slot).toBeDefined();
  const clock = (value: string) => {
    const { hour, minute } = partsIn(value, timeZone);
    return formatTimeOfDay(`${hour}:${minute}`);
  };
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][tomorrow.getUTCDay()];
  const dayMonth = `${String(tomorrow.getUTCDate()).padStart(2, '0')}/${String(tomorrow.getUTCMonth() + 1).padStart(2, '0')}`;
  const times = `${clock(slot.startsAt)} – ${clock(slot.endsAt)}`;
  return { slot, times, shown: `Delivery slot: ${weekday} ${dayMonth}, ${times}` };
}

/** Whether the page scrolls sideways on the phone (it must not). */
const wider = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** From the home page, with the phone's location, into the store, and its one item into the cart. */
async function fillCart(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Use my location' }).click();
  const stores = page.getByRole('list', { name: 'Stores that deliver here' });
  await stores.getByRole('link', { name: new RegExp(name) }).click();
  const items = page.getByRole('list', { name: 'Items' });
  await items.getByRole('button', { name: 'Add Slot Rice' }).click();
}

beforeAll(async () => {
  browser = await launchBrowser();
  const signedIn = await fetch(`${inject('baseUrl')}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: demo.owner.email, password: demo.owner.password }),
  });
  expect(signedIn.status).toBe(200);
  owner = ((await signedIn.json()) as { token: string }).token;
  // A store of its own, Open all day, a street from the phone, with one item: the demo's stores stay
  // as the other specs expect them.
  storeId = await withDatabase(async (client) => {
    const { rows } = await client.query<{ id: string; business_id: string }>(
      `INSERT INTO stores (business_id, zone_id, name, description, location, phone, featured, latitude, longitude,
                           geohash, open_time, close_time, status)
       SELECT b.id, z.id, $1, 'Groceries', 'Koramangala', '9876543210', 0, $2, $3, $4, '00:00', '23:59', 1
       FROM businesses b JOIN zones z ON z.business_id = b.id
       WHERE b.slug = 'demo-fresh-mart' AND z.deleted_at IS NULL ORDER BY z.created_at LIMIT 1
       RETURNING id, business_id`,
      [
        name,
        nearKoramangala.latitude - 0.002,
        nearKoramangala.longitude,
        ngeohash.encode(nearKoramangala.latitude - 0.002, nearKoramangala.longitude, 9),
      ],
    );
    await client.query(
      `WITH item AS (
         INSERT INTO items (business_id, store_id, name, featured) VALUES ($1, $2, 'Slot Rice', 0)
         RETURNING id, business_id, store_id)
       INSERT INTO item_variants (business_id, store_id, item_id, position, label, price_paise)
       SELECT business_id, store_id, id, 0, '', 12500 FROM item`,
      [rows[0]!.business_id, rows[0]!.id],
    );
    return rows[0]!.id;
  });
  // The owner has it deliver in two-hour slots, five orders a slot, today and the next two days.
  await changeStore({ deliverySlots: { lengthMinutes: 120, capacity: 5, daysAhead: 2, cutoffMinutes: 60 } });
});

afterAll(async () => {
  if (storeId) {
    // The orders booked here are cancelled, as the store closing would have them: left open, each
    // would raise the console's preparation alert for the specs after this one once its slot's
    // preparation starts (tomorrow's first slot: from 23:00 today on the business's clock).
    const booked = await asOwner<{ items: { id: string; version: number }[] }>(
      'GET',
      `/orders?storeId=${storeId}&pageSize=25`,
    );
    for (const order of booked.items) {
      await asOwner('POST', `/orders/${order.id}/status`, {
        status: -1,
        reason: 'STORE_CLOSED',
        version: order.version,
      });
    }
    const { version } = await asOwner<{ version: number }>('GET', `/stores/${storeId}`);
    await asOwner('DELETE', `/stores/${storeId}?version=${version}`);
  }
  await browser?.close();
});

describe('delivery slots in the customer app', () => {
  it('books a slot for tomorrow on a phone, and shows it on the order and in the orders', async () => {
    const { timeZone } = await shop<{ timeZone: string }>('/business');
    const { times, shown } = await tomorrowsSlot(timeZone);
    const { context, page } = await customerPhone(browser, inject('shopUrl'));
    try {
      await fillCart(page);
      await page.getByRole('link', { name: /^View cart · 1 item/ }).click();

      // Open now: as soon as possible, or a slot.
      const when = page.getByRole('group', { name: 'When' });
      expect(await when.getByRole('radio', { name: 'As soon as possible' }).isChecked()).toBe(true);
      await when.getByRole('radio', { name: 'Schedule a slot' }).check();
      const tomorrow = page.getByRole('group', { name: 'Tomorrow' });
      await tomorrow.getByText(times).click();
      await page.getByText('To pay').waitFor();
      expect(await seriousFindings(page)).toEqual([]);
      expect(await wider(page)).toBe(false);

      // Signing in keeps the slot chosen.
      await page.getByRole('link', { name: 'Sign in to place your order' }).click();
      await signInWithCode(page, inject('dataDir'), newPhone(), 'Sunita Rao');
      await page.waitForURL(`${inject('shopUrl')}/cart`);
      expect(await tomorrow.getByRole('radio', { name: new RegExp(`^${times}`) }).isChecked()).toBe(true);
      await page.getByLabel('House, street and area').fill('3, 8th Main, Koramangala 3rd Block');
      await page.getByRole('button', { name: 'Save address' }).click();
      await page.getByRole('radio', { name: /3, 8th Main/ }).waitFor();
      const place = page.getByRole('button', { name: /^Place order · / });
      await expect.poll(() => place.isEnabled()).toBe(true);
      await place.click();

      await page.waitForURL(new RegExp(`^${inject('shopUrl')}/orders/[\\w-]+$`));
      await page.getByText(shown).waitFor();
      expect(await page.getByTestId('order-status').textContent()).toBe('Placed');
      expect(await seriousFindings(page)).toEqual([]);
      expect(await wider(page)).toBe(false);

      await page.goto('/orders');
      await page.getByRole('list', { name: 'Orders' }).getByText(shown).first().waitFor();
      expect(await wider(page)).toBe(false);
    } finally {
      await context.close();
    }
  });

  it('takes orders for later while the store is closed now, straight to the slots, in dark', async () => {
    // Closed now on the business's clock: its hours open an hour from now and close an hour ago.
    const { timeZone } = await shop<{ timeZone: string }>('/business');
    const { minute } = businessClock(new Date(), timeZone);
    const hhmm = (m: number) => {
      const at = (m + 1440) % 1440;
      return `${String(Math.floor(at / 60)).padStart(2, '0')}:${String(at % 60).padStart(2, '0')}`;
    };
    await changeStore({ openTime: hhmm(minute + 60), closeTime: hhmm(minute - 60) });
    const { times, shown } = await tomorrowsSlot(timeZone);
    const session = await signedInCustomer(inject('baseUrl'), inject('dataDir'), 'Ravi Kumar');
    const { context, page } = await customerPhone(browser, inject('shopUrl'), 'dark');
    await context.addInitScript(
      (value) => localStorage.setItem('storedesk:demo-fresh-mart:session', value),
      JSON.stringify(session),
    );
    try {
      await page.goto('/');
      await page.getByRole('button', { name: 'Use my location' }).click();
      const card = page.getByRole('list', { name: 'Stores that deliver here' }).getByRole('link', {
        name: new RegExp(name),
      });
      expect(await card.textContent()).toContain('Closed now · order for later');
      await card.click();
      await page.getByText('Closed now · order for later').waitFor();
      await page.getByRole('list', { name: 'Items' }).getByRole('button', { name: 'Add Slot Rice' }).click();
      expect(await seriousFindings(page)).toEqual([]);
      await page.getByRole('link', { name: /^View cart · 1 item/ }).click();

      await page.getByText('The store is closed now. Choose a delivery slot.').waitFor();
      await page.getByRole('group', { name: 'Tomorrow' }).waitFor();
      expect(await page.getByRole('radio', { name: 'As soon as possible' }).count()).toBe(0);
      await page.getByRole('group', { name: 'Tomorrow' }).getByText(times).click();
      await page.getByText('To pay').waitFor();
      await page.getByLabel('House, street and area').fill('9, 1st Cross, Koramangala 5th Block');
      await page.getByRole('button', { name: 'Save address' }).click();
      await page.getByRole('radio', { name: /9, 1st Cross/ }).waitFor();
      expect(await seriousFindings(page)).toEqual([]);
      expect(await wider(page)).toBe(false);
      const place = page.getByRole('button', { name: /^Place order · / });
      await expect.poll(() => place.isEnabled()).toBe(true);
      await place.click();
      await page.waitForURL(new RegExp(`^${inject('shopUrl')}/orders/[\\w-]+$`));
      await page.getByText(shown).waitFor();
    } finally {
      await context.close();
      await changeStore({ openTime: '00:00', closeTime: '23:59' });
    }
  });
});
