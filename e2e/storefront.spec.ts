import type { Browser, Page } from 'playwright-core';
import ngeohash from 'ngeohash';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { messages } from '@storedesk/shared/messages';
import { formatRupees } from '@storedesk/shared/money';
import { cancelMessages } from '@storedesk/shared/orders/cancellation';
import { demo, launchBrowser, newPage, signInThroughForm } from './support/browser.ts';
import { withDatabase } from './support/database.ts';
import { seriousFindings } from './support/axe.ts';
import {
  customerPhone,
  customerWithOrder,
  demoStoreAndItem,
  nearKoramangala,
  newPhone,
  signedInCustomer,
  signInWithCode as signIn,
} from './support/customer.ts';

/*
 * The whole loop on a phone: the customer opens the business's app from the console's Open App,
 * picks their location near a demo store, fills a cart, signs in with the code from the outbox,
 * places a cash-on-delivery order to an address, and watches it go from Placed to Delivered as
 * staff move it in the console, without a reload. Another customer cannot see it.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A phone at the demo business's own origin, where its customer app lives (ADR 0055). */
const phone = (colorScheme: 'light' | 'dark' = 'light') =>
  customerPhone(browser, inject('shopUrl'), colorScheme);
const signInWithCode = (page: Page, phoneNumber: string, name: string) =>
  signIn(page, inject('dataDir'), phoneNumber, name);

async function moveOrder(console_: Page, orderId: string, status: string, executive = false) {
  await console_.goto(`/orders/${orderId}`);
  await console_.getByRole('button', { name: 'Update Order' }).click();
  const dialog = console_.getByRole('dialog');
  await dialog.getByRole('list', { name: 'New status' }).getByRole('button', { name: status }).click();
  if (status === 'Delivered')
    await dialog.getByRole('button', { name: /^Yes, mark #\d+ delivered$/ }).click();
  if (executive) {
    await dialog.getByRole('radio', { disabled: false }).first().check();
    await dialog.getByRole('button', { name: 'Save' }).click();
  }
  await dialog.waitFor({ state: 'hidden' });
}

/**
 * A new customer of the demo with an order (paid as `paymentMode`), its page open on their phone,
 * and the owner signed in to the console in a browser of its own.
 */
async function orderOnPhoneAndConsole(paymentMode: 'COD' | 'UPI' = 'COD') {
  const { session, order } = await customerWithOrder(inject('baseUrl'), inject('dataDir'), paymentMode);
  const customer = await phone();
  await customer.context.addInitScript(
    (value) => localStorage.setItem('storedesk:demo-fresh-mart:session', value),
    JSON.stringify(session),
  );
  await customer.page.goto(`/orders/${order.id}`);
  const owner = await newPage(browser);
  await signInThroughForm(owner.page, demo.owner);
  await owner.page.waitForURL('**/dashboard');
  return {
    order,
    page: customer.page,
    staff: owner.page,
    close: async () => {
      await customer.context.close();
      await owner.context.close();
    },
  };
}

describe('the customer app', () => {
  it('takes a phone from Open App to a delivered order, live, and shows it to no other customer', async () => {
    const staff = await newPage(browser);
    await signInThroughForm(staff.page, demo.owner);
    await staff.page.waitForURL('**/dashboard');
    const openApp = staff.page.getByRole('link', { name: 'Open App' });
    expect(await openApp.getAttribute('href')).toBe(`${inject('shopUrl')}/`);

    const { context, page } = await phone();
    await page.goto((await openApp.getAttribute('href'))!);
    expect(await page.title()).toBe('Demo Fresh Mart');
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');

    // Home: where to deliver, then the stores that deliver there, nearest first.
    await page.getByRole('button', { name: 'Use my location' }).click();
    const stores = page.getByRole('list', { name: 'Stores that deliver here' });
    await stores.waitFor();
    expect(await stores.getByRole('link').first().textContent()).toContain('Fresh Mart Koramangala');
    expect(await seriousFindings(page)).toEqual([]);

    // Store: two items into the cart.
    await stores.getByRole('link', { name: /Fresh Mart Koramangala/ }).click();
    const items = page.getByRole('list', { name: 'Items' });
    await items.waitFor();
    await items.getByRole('button', { name: /^Add / }).first().click();
    await items
      .getByRole('button', { name: /^One more / })
      .first()
      .click();
    await items.getByRole('button', { name: /^Add / }).first().click();
    expect(await page.getByRole('link', { name: 'Cart, 3 items' }).count()).toBe(1);
    expect(await seriousFindings(page)).toEqual([]);

    // Cart: the server's bill; signing in only now.
    await page.getByRole('link', { name: /^View cart · 3 items/ }).click();
    await page.getByText('To pay').waitFor();
    const toPay = await page.locator('.bill .total dd').textContent();
    await page.getByRole('link', { name: 'Sign in to place your order' }).click();
    await page.getByLabel('Phone number').waitFor();
    expect(await seriousFindings(page)).toEqual([]);
    const mine = newPhone();
    await signInWithCode(page, mine, 'Meera Nair');
    await page.waitForURL(`${inject('shopUrl')}/cart`);

    // Checkout: a new address at the chosen point, cash on delivery, a note.
    await page.getByLabel('House, street and area').fill('14, 5th Cross, Koramangala 4th Block');
    await page.getByLabel('Landmark (optional)').fill('Near the water tank');
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.getByRole('radio', { name: /14, 5th Cross/ }).waitFor();
    expect(await page.getByRole('radio', { name: /14, 5th Cross/ }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Cash on delivery' }).isChecked()).toBe(true);
    // Unsaid, the store calls about a missing item; this customer would rather it were left out.
    expect(await page.getByRole('radio', { name: 'Call me' }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: 'Remove it from my order' }).check();
    await page.getByLabel('Note for the store (optional)').fill('Please ring twice');
    expect(await seriousFindings(page)).toEqual([]);
    await page.getByRole('button', { name: `Place order · ${toPay}` }).click();

    // The order page, followed live from here on: no reload happens below.
    await page.waitForURL(new RegExp(`^${inject('shopUrl')}/orders/[\\w-]+$`));
    const orderId = page.url().split('/').at(-1)!;
    const status = page.getByTestId('order-status');
    await expect.poll(() => status.textContent()).toBe('Placed');
    expect(await page.getByText(/^Delivery code/).textContent()).toMatch(/\d{4}/);
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    expect(await seriousFindings(page)).toEqual([]);

    // The console shows what the app sent.
    await staff.page.goto(`/orders/${orderId}`);
    await staff.page.getByText('14, 5th Cross, Koramangala 4th Block', { exact: false }).waitFor();
    await staff.page.getByText('Please ring twice').waitFor();
    await staff.page.getByText('Remove it from my order').waitFor();
    expect(
      await staff.page.getByRole('link', { name: `Call Meera Nair, ${mine}` }).getAttribute('href'),
    ).toBe(`tel:${mine}`);

    for (const [next, needsExecutive] of [
      ['Confirmed', true],
      ['Picked Up', false],
      ['Delivered', false],
    ] as const) {
      await moveOrder(staff.page, orderId, next, needsExecutive);
      await expect.poll(() => status.textContent()).toBe(next);
    }
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    // Delivered closes the order: its code is gone.
    await expect.poll(() => page.getByText(/^Delivery code/).count()).toBe(0);

    // Another customer, on another phone, cannot see it.
    const other = await phone();
    await other.page.goto('/sign-in?next=/orders');
    await signInWithCode(other.page, newPhone(), 'Someone Else');
    await other.page.getByRole('heading', { name: 'Your orders' }).waitFor();
    await other.page.getByText('No orders yet.').waitFor();
    expect(await seriousFindings(other.page)).toEqual([]);
    await other.page.goto(`/orders/${orderId}`);
    await other.page.getByRole('alert').filter({ hasText: messages.notFound }).waitFor();

    await other.context.close();
    await context.close();
    await staff.context.close();
  });

  it('in dark, follows a store the business closes without a reload, and offers nothing to add while it is closed', async () => {
    // A store of its own, open all day, a street from the phone, with an item featured "Only Here":
    // the demo's may have been changed by the specs before this one.
    const name = `Corner Mart ${Date.now()}`;
    await withDatabase(async (client) => {
      const { rows } = await client.query<{ id: string; business_id: string }>(
        `INSERT INTO stores (business_id, zone_id, name, description, location, phone, featured, latitude, longitude,
                             geohash, open_time, close_time, status)
         SELECT b.id, z.id, $1, 'Groceries', 'Koramangala', '9876543210', 0, $2, $3, $4, '00:00', '23:59', 1
         FROM businesses b JOIN zones z ON z.business_id = b.id
         WHERE b.slug = 'demo-fresh-mart' AND z.deleted_at IS NULL ORDER BY z.created_at LIMIT 1
         RETURNING id, business_id`,
        [
          name,
          nearKoramangala.latitude + 0.002,
          nearKoramangala.longitude,
          ngeohash.encode(nearKoramangala.latitude + 0.002, nearKoramangala.longitude, 9),
        ],
      );
      await client.query(
        `WITH item AS (
           INSERT INTO items (business_id, store_id, name, featured) VALUES ($1, $2, 'Corner Rice', 2)
           RETURNING id, business_id, store_id)
         INSERT INTO item_variants (business_id, store_id, item_id, position, label, price_paise)
         SELECT business_id, store_id, id, 0, '', 9900 FROM item`,
        [rows[0]!.business_id, rows[0]!.id],
      );
    });
    const { context, page } = await phone('dark');
    try {
      await page.goto('/');
      await page.getByRole('button', { name: 'Use my location' }).click();
      const stores = page.getByRole('list', { name: 'Stores that deliver here' });
      await stores.waitFor();
      const card = stores.getByRole('link', { name: new RegExp(name) });
      expect(await card.textContent()).toContain('Open now');
      expect(await seriousFindings(page)).toEqual([]);
      // The map to pick a point on, with its credit line.
      await page.getByRole('button', { name: 'Change' }).click();
      await page.getByRole('button', { name: 'Pick on the map' }).click();
      await page.getByRole('application', { name: /^Delivery point/ }).waitFor();
      await page.locator('.leaflet-control-attribution').waitFor();
      expect(await seriousFindings(page)).toEqual([]);
      await page.getByRole('button', { name: 'Deliver here' }).click();
      await card.waitFor();

      // The business closes the store: the list says so by itself.
      await withDatabase((client) =>
        client.query('UPDATE stores SET status = 0, version = version + 1 WHERE name = $1', [name]),
      );
      await expect
        .poll(() => card.textContent(), { timeout: 40_000, interval: 500 })
        .toContain('This store is not taking orders right now');
      await card.click();
      const notice = page.getByRole('status').filter({ hasText: 'not taking orders' });
      expect(await notice.textContent()).toBe(
        'This store is not taking orders right now. You can look around; ordering opens when the store does.',
      );
      // The item with its own badge, and nothing to add while the store is closed.
      const items = page.getByRole('list', { name: 'Items' });
      await items.getByText('Corner Rice').waitFor();
      expect(await items.locator('.pill.featured').allTextContents()).toEqual(['Only Here']);
      expect(await page.getByRole('button', { name: 'Add Corner Rice' }).count()).toBe(0);
      expect(await seriousFindings(page)).toEqual([]);

      // Open again: Add comes back without a reload.
      await withDatabase((client) =>
        client.query('UPDATE stores SET status = 1, version = version + 1 WHERE name = $1', [name]),
      );
      await page.getByRole('button', { name: 'Add Corner Rice' }).waitFor({ timeout: 40_000 });
      expect(await notice.count()).toBe(0);
    } finally {
      await context.close();
      await withDatabase(async (client) => {
        await client.query('DELETE FROM items WHERE store_id IN (SELECT id FROM stores WHERE name = $1)', [
          name,
        ]);
        await client.query('DELETE FROM stores WHERE name = $1', [name]);
      });
    }
  });

  it('says it is not taking orders while the business’s live flag is off, and lets the customer look around', async () => {
    const { context, page } = await phone();
    try {
      await withDatabase((client) =>
        client.query(`UPDATE businesses SET live = false WHERE slug = 'demo-fresh-mart'`),
      );
      await page.goto('/');
      await page.getByRole('status').filter({ hasText: 'Not taking orders right now.' }).waitFor();
      await page.getByRole('button', { name: 'Use my location' }).click();
      await page.getByRole('list', { name: 'Stores that deliver here' }).waitFor();
      expect(await seriousFindings(page)).toEqual([]);
    } finally {
      await withDatabase((client) =>
        client.query(`UPDATE businesses SET live = true WHERE slug = 'demo-fresh-mart'`),
      );
      await context.close();
    }
  });

  it('opens without a network once it has been opened, from its service worker', async () => {
    const { context, page } = await phone();
    try {
      await page.goto('/');
      await page.getByRole('button', { name: 'Use my location' }).waitFor();
      // The worker is installed and controls the page once it has claimed it.
      await expect
        .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), {
          timeout: 10_000,
        })
        .toBe('activated');
      await page.reload();
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      // The worker keeps each file as it passes through, without holding the page up: wait until
      // the page's scripts and styles, and the business it shows, are in its cache.
      await expect
        .poll(() =>
          page.evaluate(async () => {
            const scripts = Array.from(document.querySelectorAll<HTMLScriptElement>('script[src]'));
            const links = Array.from(
              document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"], link[rel="modulepreload"]'),
            );
            // And the business as the shell shows it, which the worker keeps as the page asks for it.
            const files = [
              ...scripts.map((s) => s.src),
              ...links.map((l) => l.href),
              `${location.origin}/api/storefront/business`,
            ];
            const kept = await Promise.all(files.map((file) => caches.match(file)));
            return files.length > 0 && kept.every(Boolean);
          }),
        )
        .toBe(true);
      await context.setOffline(true);
      await page.reload();
      // The shell and its code come from the cache; what it asks the API for says it is offline.
      await page.getByRole('banner').getByText('Demo Fresh Mart').waitFor();
      expect(await page.title()).toBe('Demo Fresh Mart');
    } finally {
      await context.setOffline(false);
      await context.close();
    }
  });

  it('lets the customer cancel an order the store has not confirmed, with a reason staff then see', async () => {
    const { order, page, staff, close } = await orderOnPhoneAndConsole();
    try {
      const status = page.getByTestId('order-status');
      await expect.poll(() => status.textContent()).toBe('Placed');
      await page.getByRole('button', { name: 'Cancel this order' }).click();
      const form = page.getByRole('form', { name: `Cancel order #${order.number}` });
      await form.getByRole('radio', { name: 'Ordered by mistake' }).check();
      expect(await seriousFindings(page)).toEqual([]);
      await form.getByRole('button', { name: `Yes, cancel order #${order.number}` }).click();
      await expect.poll(() => status.textContent()).toBe('Cancelled');
      await page.getByText('Reason: Ordered by mistake').waitFor();
      expect(await page.getByRole('button', { name: 'Cancel this order' }).count()).toBe(0);
      expect(await page.getByText(/^Delivery code/).count()).toBe(0);

      // The console's timeline names the customer and their reason.
      await staff.goto(`/orders/${order.id}`);
      await staff.getByText('Reason: Ordered by mistake').waitFor();
      await staff.getByText(/^Kiran Rao \(customer\) · /).waitFor();
    } finally {
      await close();
    }
  });

  it('says so when the store confirmed the order as the customer cancelled it, and shows it confirmed', async () => {
    const { order, page, staff, close } = await orderOnPhoneAndConsole();
    try {
      const status = page.getByTestId('order-status');
      await expect.poll(() => status.textContent()).toBe('Placed');
      await page.getByRole('button', { name: 'Cancel this order' }).click();
      // The store confirms it just before the cancel reaches the server.
      await page.route(`**/api/storefront/orders/${order.id}/cancel`, async (route) => {
        const detail = (await (await staff.request.get(`/api/orders/${order.id}`)).json()) as {
          storeId: string;
          version: number;
        };
        const choices = (await (
          await staff.request.get(`/api/dispatch/executives?storeId=${detail.storeId}`)
        ).json()) as { items: Array<{ id: string }> };
        const confirmed = await staff.request.post(`/api/orders/${order.id}/status`, {
          data: { status: 1, dexId: choices.items[0]!.id, version: detail.version },
        });
        expect(confirmed.status(), await confirmed.text()).toBe(200);
        await route.continue();
      });
      await page
        .getByRole('form', { name: `Cancel order #${order.number}` })
        .getByRole('button', { name: `Yes, cancel order #${order.number}` })
        .click();
      await page.getByRole('alert').filter({ hasText: cancelMessages.confirmedAlready }).waitFor();
      await expect.poll(() => status.textContent()).toBe('Confirmed');
      expect(await page.getByRole('button', { name: 'Cancel this order' }).count()).toBe(0);
    } finally {
      await close();
    }
  });

  it('pays by UPI without a gateway: a QR code to scan, and "I have paid" with the reference staff then see', async () => {
    const { order, page, staff, close } = await orderOnPhoneAndConsole('UPI');
    try {
      expect(await page.getByRole('link', { name: 'Pay in your UPI app' }).getAttribute('href')).toMatch(
        /^upi:\/\/pay\?pa=/,
      );
      // A phone opens its UPI app from the link: the code is there on request.
      await page.getByRole('button', { name: 'Show a QR code to scan' }).click();
      const qr = page.getByRole('img', { name: /^QR code to pay ₹[\d,.]+ by UPI$/ });
      await qr.waitFor();
      expect((await qr.boundingBox())!.width).toBeGreaterThan(150);
      const form = page.getByRole('form', { name: 'I have paid' });
      await form.getByLabel(/UPI reference/).fill('12 34');
      await form.getByRole('button', { name: 'I have paid' }).click();
      await form.getByRole('alert').filter({ hasText: 'Enter the UPI reference (UTR)' }).waitFor();
      await form.getByLabel(/UPI reference/).fill('433512345678');
      await form.getByRole('button', { name: 'I have paid' }).click();
      await page.getByText('You said you paid, reference 433512345678. The store will confirm it.').waitFor();
      expect(await seriousFindings(page)).toEqual([]);

      await staff.goto(`/orders/${order.id}`);
      await staff.getByText(/^The customer says they paid: UPI reference 433512345678/).waitFor();
      await staff.getByRole('button', { name: 'Mark payment received' }).waitFor();
    } finally {
      await close();
    }
  });

  it('shows the customer the new bill, live, when staff change a line of their order', async () => {
    const { order, page, staff, close } = await orderOnPhoneAndConsole();
    try {
      const toPay = page.locator('.bill .total dd');
      await expect.poll(() => toPay.textContent()).toBe(formatRupees(order.billAmountPaise));

      await staff.goto(`/orders/${order.id}`);
      await staff.getByRole('button', { name: 'Change items' }).click();
      const dialog = staff.getByRole('dialog', { name: `Change items of order #${order.number}` });
      const quantity = dialog.getByRole('textbox', { name: /^Quantity of / });
      await quantity.fill('2');
      expect(await seriousFindings(staff)).toEqual([]);
      await dialog.getByRole('button', { name: 'Save items' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await staff.getByText(/^Items changed: .+ 1 → 2\. Bill ₹/).waitFor();

      // The customer's page follows without a reload: the line and the bill both grew.
      const { rows } = await withDatabase((client) =>
        client.query<{ bill: string }>('SELECT bill_amount_paise AS bill FROM orders WHERE id = $1', [
          order.id,
        ]),
      );
      expect(Number(rows[0]!.bill)).toBeGreaterThan(order.billAmountPaise);
      await expect.poll(() => toPay.textContent()).toBe(formatRupees(Number(rows[0]!.bill)));
    } finally {
      await close();
    }
  });

  it('shows the customer a refund staff record, live; the refund dialog reads well wide and on a phone, light and dark', async () => {
    const { order, page, staff, close } = await orderOnPhoneAndConsole();
    const narrow = await newPage(browser, { width: 375, mode: 'dark' });
    try {
      await staff.goto(`/orders/${order.id}`);
      await staff.getByRole('button', { name: 'Mark payment received' }).click();
      await staff
        .getByRole('dialog', { name: 'Mark payment received' })
        .getByRole('button', { name: 'Mark received' })
        .click();
      await staff.getByRole('button', { name: 'Refund' }).click();
      const dialog = staff.getByRole('dialog', { name: `Refund order #${order.number}` });
      expect(await seriousFindings(staff)).toEqual([]);
      await dialog.getByRole('textbox', { name: /^Amount/ }).fill('1');
      await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill('Torn packet');
      await dialog.getByRole('button', { name: 'Record refund' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await staff.getByRole('list', { name: 'Refunds' }).getByText('₹1.00 · Cash · Processed').waitFor();
      await page.getByText('Refunded: ₹1.00').waitFor();

      await signInThroughForm(narrow.page, demo.owner);
      await narrow.page.waitForURL('**/dashboard');
      await narrow.page.goto(`/orders/${order.id}`);
      await narrow.page.getByRole('button', { name: 'Refund' }).click();
      await narrow.page.getByRole('dialog', { name: `Refund order #${order.number}` }).waitFor();
      expect(await seriousFindings(narrow.page)).toEqual([]);
    } finally {
      await narrow.context.close();
      await close();
    }
  });

  it('offline after a first visit: opens any screen, shows the business and the customer’s last orders, says so, and recovers by itself', async () => {
    const { session, order } = await customerWithOrder(inject('baseUrl'), inject('dataDir'));
    const { context, page } = await phone();
    try {
      await context.addInitScript(
        (value) => localStorage.setItem('storedesk:demo-fresh-mart:session', value),
        JSON.stringify(session),
      );
      // One visit: the worker installs and takes the page over while the customer looks around.
      await page.goto('/');
      await page.getByRole('button', { name: 'Use my location' }).waitFor();
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      await page.getByRole('link', { name: 'Orders' }).click();
      await page.getByRole('link', { name: new RegExp(`#${order.number}\\b`) }).waitFor();
      // What the worker keeps as it passes: the business (asked again once it took over) and the
      // customer's orders, under who they are (never their token).
      const kept = () =>
        page.evaluate(async () =>
          (await (await caches.open('storedesk-shop-v1')).keys())
            .map((request) => new URL(request.url))
            .filter((url) => url.pathname.startsWith('/api/'))
            .map((url) => `${url.pathname}${url.searchParams.has('customer-kept-for') ? ' (theirs)' : ''}`)
            .sort(),
        );
      await expect
        .poll(kept)
        .toEqual(['/api/storefront/business', '/api/storefront/orders (theirs)', '/api/storefront/slides']);
      expect(JSON.stringify(await kept())).not.toContain(session.token);

      // Offline, the Cart opens (its code was kept on install, not only what was opened).
      await context.setOffline(true);
      const offline = page.getByRole('status').filter({ hasText: 'You’re offline.' });
      await page.getByRole('link', { name: /^Cart/ }).click();
      await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
      await offline.waitFor();

      // A reload offline: the shell, the business and the customer's last orders.
      await page.goto('/orders');
      await page.getByRole('banner').getByText('Demo Fresh Mart').waitFor();
      await offline.waitFor();
      await page.getByRole('link', { name: new RegExp(`#${order.number}\\b`) }).waitFor();
      expect(await seriousFindings(page)).toEqual([]);

      // A store never opened says it shows once the connection is back, and does so by itself.
      const storeId = await withDatabase(async (client) => {
        const { rows } = await client.query<{ id: string }>(
          `SELECT s.id FROM stores s JOIN businesses b ON b.id = s.business_id
           WHERE b.slug = 'demo-fresh-mart' AND s.name = 'Fresh Mart Koramangala'`,
        );
        return rows[0]!.id;
      });
      await page.goto(`/stores/${storeId}`);
      await page.getByRole('alert').filter({ hasText: messages.offlineRead }).waitFor();
      await context.setOffline(false);
      await page.getByRole('heading', { level: 1, name: 'Fresh Mart Koramangala' }).waitFor();
      await expect.poll(() => offline.count()).toBe(0);

      // Signing out lets the customer's orders go from the phone; the shop's own answers stay.
      await page.getByRole('link', { name: 'Orders' }).click();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('button', { name: 'Use my location' }).waitFor();
      await expect.poll(kept).not.toContain('/api/storefront/orders (theirs)');
      expect(await kept()).toContain('/api/storefront/business');
    } finally {
      await context.setOffline(false);
      await context.close();
    }
  });

  it('at checkout on a phone: says why Place order waits, keeps the map under the header, and keeps the way to pay and the note on going back', async () => {
    const session = await signedInCustomer(inject('baseUrl'), inject('dataDir'), 'Meera Iyer');
    const shop = await demoStoreAndItem();
    const { context, page } = await phone();
    try {
      // A new customer with no address yet, a place chosen near the store and an item in the cart.
      await context.addInitScript(
        ([saved, cart, place]) => {
          if (sessionStorage.getItem('seeded')) return;
          sessionStorage.setItem('seeded', '1');
          localStorage.setItem('storedesk:demo-fresh-mart:session', saved!);
          localStorage.setItem('storedesk:demo-fresh-mart:cart', cart!);
          localStorage.setItem('storedesk:demo-fresh-mart:place', place!);
        },
        [
          JSON.stringify(session),
          JSON.stringify({
            storeId: shop.storeId,
            storeName: shop.storeName,
            couponCode: '',
            lines: [{ itemId: shop.itemId, name: shop.itemName, pricePaise: shop.pricePaise, quantity: 1 }],
          }),
          JSON.stringify({
            lat: nearKoramangala.latitude,
            lng: nearKoramangala.longitude,
            label: 'Near the store',
          }),
        ],
      );
      await page.goto('/cart');
      const place = page.getByRole('button', { name: /^Place order/ });
      await place.waitFor();
      expect(await place.isDisabled()).toBe(true);
      const why = page.locator(`#${await place.getAttribute('aria-describedby')}`);
      expect(await why.textContent()).toBe('Choose an address to deliver to, or add one.');

      // Scrolled so that the map's credit line is under the sticky header: the header stays on top.
      const credit = page.locator('.leaflet-control-attribution');
      await credit.waitFor();
      const header = (await page.getByRole('banner').boundingBox())!;
      const creditBox = (await credit.boundingBox())!;
      await page.evaluate((by) => window.scrollBy(0, by), creditBox.y - header.y - header.height / 2);
      const topmost = await page.evaluate(() => {
        const credit = document.querySelector('.leaflet-control-attribution')!.getBoundingClientRect();
        const at = document.elementFromPoint(credit.x + credit.width / 2, credit.y + credit.height / 2);
        return at?.closest('header') ? 'header' : (at?.className ?? 'nothing');
      });
      expect(topmost).toBe('header');
      expect(await seriousFindings(page)).toEqual([]);

      // An address saved: Place order can be pressed, and nothing is said against it.
      await page.getByLabel('House, street and area').fill('12, 5th Cross, Koramangala');
      await page.getByRole('button', { name: 'Save address' }).click();
      await expect.poll(() => place.isDisabled()).toBe(false);
      expect(await page.locator('#place-needs').count()).toBe(0);
      await page.getByRole('radio', { name: /^UPI/ }).check();
      await page.getByLabel('Note for the store (optional)').fill('Ring twice, please');

      // Back to the shop and to the cart again: the way to pay and the note are as they were.
      await page.goto('/');
      await page.getByRole('link', { name: /^Cart/ }).click();
      await place.waitFor();
      expect(await page.getByRole('radio', { name: /^UPI/ }).isChecked()).toBe(true);
      expect(await page.getByLabel('Note for the store (optional)').inputValue()).toBe('Ring twice, please');
      expect(await page.getByRole('radio', { name: /12, 5th Cross, Koramangala/ }).isChecked()).toBe(true);

      // The sign-in card keeps off a phone's edges.
      await page.goto('/sign-in');
      const card = page.locator('section.panel.narrow');
      await card.waitFor();
      const box = (await card.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(8);
      expect(375 - (box.x + box.width)).toBeGreaterThanOrEqual(8);
    } finally {
      await context.close();
    }
  });

  it('answers an unknown shop address with a page that says so', async () => {
    const res = await fetch(`${inject('baseUrl')}/shop/no-such-shop`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('No shop at this address');
  });
});
