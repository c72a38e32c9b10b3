import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousFindings, untilStill } from './support/axe.ts';
import { withDatabase } from './support/database.ts';
import {
  demo,
  expectMode,
  inBothModes,
  launchBrowser,
  newPage,
  signInThroughForm,
  type Mode,
} from './support/browser.ts';

/*
 * Delivery slots (B19) in the console: the owner turns them on for a demo store in its form, saves,
 * and after a reload sees the rule on the stores list and in the form; an order booked for a slot
 * shows it on the orders list, on its page and on its kitchen ticket. axe finds nothing serious at
 * 1280 px and at 375 px, in light and in dark, and nothing is wider than a 375 px phone. The store
 * and the order are put back as the other specs expect them.
 */

const storeName = 'Fresh Mart Andheri';
const rule = 'Slots of 60 min, 5 orders each, 2 days ahead';
const hourly = { lengthMinutes: 60, capacity: 5, daysAhead: 2, cutoffMinutes: 60 };

let browser: Browser;
let owner: string;
let storeId: string;
/** A demo order booked for a slot here, and put back to as soon as possible at the end. */
let orderId: string;
let orderNumber: number;

/** The console's API as the demo owner. */
async function asOwner<T>(method: string, path: string, body?: object): Promise<T> {
  const res = await fetch(`${inject('baseUrl')}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${owner}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

type SlotRule = typeof hourly | null;

/** Sets a store's slots (this spec's store unless named) as its form does, with the version read; answers the rule it had. */
async function setSlots(deliverySlots: SlotRule, id = storeId): Promise<SlotRule> {
  const { version, deliverySlots: had } = await asOwner<{ version: number; deliverySlots: SlotRule }>(
    'GET',
    `/stores/${id}`,
  );
  await asOwner('PATCH', `/stores/${id}`, { deliverySlots, version });
  return had;
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
  const stores = await asOwner<{ items: { id: string; name: string }[] }>(
    'GET',
    `/stores?q=${encodeURIComponent(storeName)}`,
  );
  storeId = stores.items.find((store) => store.name === storeName)!.id;
  await setSlots(null);
  // The newest open order, booked for 09:00–10:00 tomorrow on the business's clock.
  const orders = await asOwner<{ items: { id: string; number: number; storeId: string }[] }>(
    'GET',
    '/orders?pageSize=25',
  );
  // Booking a slot takes one of its places, which only a store with slots has: the order's store
  // has them while the place is taken, and its own rule back after (as a store whose rule changed
  // after a booking keeps the booking). The newest open order of a store still there (another
  // spec may have deleted its own).
  const live = async (id: string) =>
    (await fetch(`${inject('baseUrl')}/api/stores/${id}`, { headers: { authorization: `Bearer ${owner}` } }))
      .ok;
  let chosen: { id: string; number: number; storeId: string } | undefined;
  for (const order of orders.items) {
    if (await live(order.storeId)) {
      chosen = order;
      break;
    }
  }
  expect(chosen, 'an open order of a store still there').toBeDefined();
  orderId = chosen!.id;
  orderNumber = chosen!.number;
  const orderStore = chosen!.storeId;
  const had = await setSlots(hourly, orderStore);
  await withDatabase((client) =>
    client.query(
      `UPDATE orders o SET slot_starts_at = s.starts_at, slot_ends_at = s.starts_at + interval '1 hour',
              version = o.version + 1, updated_at = now()
       FROM (SELECT ((now() AT TIME ZONE b.time_zone)::date + 1 + time '09:00') AT TIME ZONE b.time_zone AS starts_at
             FROM orders o2 JOIN businesses b ON b.id = o2.business_id WHERE o2.id = $1) s
       WHERE o.id = $1`,
      [orderId],
    ),
  );
  await setSlots(had, orderStore);
});

afterAll(async () => {
  await browser?.close();
  if (storeId) await setSlots(null);
  if (orderId)
    await withDatabase((client) =>
      client.query(
        `UPDATE orders SET slot_starts_at = NULL, slot_ends_at = NULL, version = version + 1, updated_at = now()
         WHERE id = $1`,
        [orderId],
      ),
    );
});

async function signedIn(options: { width?: number; mode?: Mode } = {}) {
  const { context, page } = await newPage(browser, options);
  await signInThroughForm(page, demo.owner);
  await page.waitForURL('**/dashboard');
  return { context, page };
}

/** Opens a screen by its address and waits for its heading and for the loading placeholders to go. */
async function open(page: Page, url: string, heading: string | RegExp) {
  await page.goto(url);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page
    .locator('[aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
}

/** axe's serious findings once the page is still, in the mode asked for. */
async function findings(page: Page, mode: Mode) {
  await expectMode(page, mode);
  await untilStill(page);
  return seriousFindings(page);
}

/** Whether the page can be scrolled sideways (it must not be on a phone). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

const spin = (page: Page, name: RegExp) => page.getByRole('spinbutton', { name });

describe('delivery slots in the console', () => {
  it('the owner turns slots on for a store in its form, saves, and sees the rule after a reload', async () => {
    const { context, page } = await signedIn({ width: 1280 });
    await open(page, `/stores/${storeId}/edit`, 'Edit store');
    const slotsSwitch = page.getByRole('switch', { name: 'Deliver in slots' });
    await page.getByText('Off: orders are delivered as soon as possible.').waitFor();
    expect(await slotsSwitch.isChecked()).toBe(false);

    await slotsSwitch.check();
    const length = spin(page, /^Slot length \(minutes\)/);
    const capacity = spin(page, /^Orders per slot/);
    const daysAhead = spin(page, /^Days ahead/);
    const cutoff = spin(page, /^Cut-off before a slot \(minutes\)/);
    expect(await cutoff.inputValue()).toBe('60');

    // A number the rule does not take is refused in the shared words, and nothing is saved.
    await length.fill('5');
    await capacity.fill('5');
    await daysAhead.fill('2');
    await page.getByRole('button', { name: 'Save store' }).click();
    await page.getByText('must be from 15 to 480 minutes').waitFor();
    expect(await length.getAttribute('aria-invalid')).toBe('true');
    expect(new URL(page.url()).pathname).toBe(`/stores/${storeId}/edit`);

    await length.fill('60');
    await page.getByText('Customers choose a 60-minute slot within the store’s hours.').waitFor();
    await page.getByText('Customers can book up to 2 days ahead.').waitFor();
    await page.getByText('A slot can be booked until 60 minutes before it starts.').waitFor();
    expect(await findings(page, 'light')).toEqual([]);

    await page.getByRole('button', { name: 'Save store' }).click();
    await page.waitForURL((url) => url.pathname === '/stores');
    const store = await asOwner<{ deliverySlots: unknown }>('GET', `/stores/${storeId}`);
    expect(store.deliverySlots).toEqual(hourly);

    await page.reload();
    await page.getByLabel('Search stores').fill(storeName);
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: storeName, exact: true }) });
    await row.getByText(rule).waitFor();
    expect(await findings(page, 'light')).toEqual([]);

    // The form opens on the saved rule.
    await open(page, `/stores/${storeId}/edit`, 'Edit store');
    await expect.poll(() => slotsSwitch.isChecked()).toBe(true);
    expect(await length.inputValue()).toBe('60');
    expect(await capacity.inputValue()).toBe('5');
    expect(await daysAhead.inputValue()).toBe('2');
    await context.close();
  });

  /** The store's form and the stores list with a slot rule at `width`, light and dark: axe's findings, and whether each fits. */
  async function formAndListSeen(width: number) {
    await setSlots(hourly);
    const found = await inBothModes(async (mode) => {
      const { context, page } = await signedIn({ width, mode });
      await open(page, `/stores/${storeId}/edit`, 'Edit store');
      await spin(page, /^Orders per slot/).waitFor();
      const form = await findings(page, mode);
      const formFits = !(await scrollsSideways(page));
      await open(page, `/stores?q=${encodeURIComponent(storeName)}`, 'Stores');
      await page.getByText(rule).waitFor();
      const list = await findings(page, mode);
      const listFits = !(await scrollsSideways(page));
      await context.close();
      return { form, list, ...(width === 375 ? { formFits, listFits } : {}) };
    });
    const seen = { form: [], list: [], ...(width === 375 ? { formFits: true, listFits: true } : {}) };
    expect(found).toEqual({ light: seen, dark: seen });
  }

  it('the form and the list with a rule are clean for axe in light and dark', async () => {
    await formAndListSeen(1280);
  });

  it('the form and the list with a rule fit a 375 px phone, clean for axe in light and dark', async () => {
    await formAndListSeen(375);
  });

  /** The order's slot on the orders list and on its page at `width`, light and dark: what each shows, axe's findings. */
  async function slotSeen(width: number) {
    const found = await inBothModes(async (mode) => {
      const { context, page } = await signedIn({ width, mode });
      await open(page, `/orders?q=${orderNumber}`, 'Orders');
      const row = page
        .getByRole('row')
        .filter({ has: page.getByRole('link', { name: `#${orderNumber}`, exact: true }) });
      const badge = row.getByText(/^Slot: \w{3} \d{2}\/\d{2}, 09:00 AM – 10:00 AM$/);
      await badge.waitFor();
      const list = await findings(page, mode);
      const listSideways = await scrollsSideways(page);
      await open(page, `/orders/${orderId}`, `Order #${orderNumber}`);
      const slot = await page
        .locator('dt', { hasText: 'Delivery slot' })
        .locator('xpath=following-sibling::dd')
        .textContent();
      const onPage = await findings(page, mode);
      const pageSideways = await scrollsSideways(page);
      await context.close();
      return { list, listSideways, slot, onPage, pageSideways };
    });
    for (const mode of ['light', 'dark'] as const) {
      const seen = found[mode];
      expect(seen.list, `list ${width} ${mode}`).toEqual([]);
      expect(seen.onPage, `page ${width} ${mode}`).toEqual([]);
      expect(seen.slot, `slot on the page ${width} ${mode}`).toMatch(
        /^\w{3} \d{2}\/\d{2}\/\d{4}, 09:00 AM – 10:00 AM$/,
      );
      if (width === 375) {
        expect(seen.listSideways, `list wider than 375 ${mode}`).toBe(false);
        expect(seen.pageSideways, `page wider than 375 ${mode}`).toBe(false);
      }
    }
  }

  it('an order booked for a slot shows it on the list and on its page, light and dark, and on its kitchen ticket', async () => {
    await slotSeen(1280);
    const { context, page } = await signedIn({ width: 1280 });
    await page.goto(`/orders/${orderId}/print/kitchen`);
    const ticket = page.getByRole('article', { name: 'Kitchen ticket' });
    await ticket.getByText(/^Deliver: \w{3} \d{2}\/\d{2}, 09:00 AM – 10:00 AM$/).waitFor();
    await context.close();
  });

  it('the slot on the list and on the order’s page fits a 375 px phone, light and dark, clean for axe', async () => {
    await slotSeen(375);
  });
});
