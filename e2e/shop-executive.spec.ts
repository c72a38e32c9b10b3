import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { etaMinutes } from '@storedesk/shared/delivery/eta';
import { OrderStatus } from '@storedesk/shared/orders';
import type { GeoPoint } from '@storedesk/shared/storefront/serviceability';
import { callApi, ownerToken } from './support/api.ts';
import { seriousFindings } from './support/axe.ts';
import { withDatabase } from './support/database.ts';
import { launchBrowser } from './support/browser.ts';
import { customerPhone, customerWithOrder, demoStoreAndItem, nearKoramangala } from './support/customer.ts';

/*
 * The executive on the customer's order page (B19, ADR 0079), on a phone: an order of the demo
 * business is confirmed with an executive of this spec's, who goes on duty and reports where they
 * are; the customer, at 375 px with touch, sees who will pick it up, then (live) who is delivering
 * it, the estimated arrival from that position, and a button to call them; a newer position shows
 * at the page's next read, 30 s on; in light and in dark; and the card is gone once delivered.
 */

let browser: Browser;
let owner: string;

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await ownerToken();
});
afterAll(() => browser?.close());

/** The console's API as the demo owner. */
const asOwner = <T>(method: string, path: string, body?: object, status = 200) =>
  callApi<T>(owner, method, path, body, status);

/** The delivery app's API as an executive. */
const asExecutive = <T>(token: string, method: string, path: string, body?: object, status = 200) =>
  callApi<T>(token, method, `/delivery${path}`, body, status);

/** Where the customer's order goes: the address `customerWithOrder` saves. */
const door: GeoPoint = { lat: nearKoramangala.latitude, lng: nearKoramangala.longitude };

/** The minutes the server estimates from `position` for the order as it reads it now (via `store` while Confirmed). */
const minutesFrom = (position: GeoPoint, store: GeoPoint | null = null) =>
  etaMinutes(
    { status: store ? OrderStatus.Confirmed : OrderStatus.PickedUp, store: store ?? door, destination: door },
    { position, seenAt: new Date() },
    new Date(),
  )!;

/** The executive's card, by its title, whichever it is. */
const executiveTitle = /^Ravi (will pick up|is delivering) your order$/;

/** The page scrolls no wider than the phone. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** The customer's phone, signed in as `session`, on the order's page once it shows `status`. */
async function orderOnPhone(
  session: object,
  orderId: string,
  status: string,
  colorScheme: 'light' | 'dark' = 'light',
) {
  const phone = await customerPhone(browser, inject('shopUrl'), colorScheme);
  await phone.context.addInitScript(
    (value) => localStorage.setItem('storedesk:demo-fresh-mart:session', value),
    JSON.stringify(session),
  );
  // The page's timers run on a clock the spec can move on (its 30-second reads).
  await phone.page.clock.install();
  await phone.page.goto(`/orders/${orderId}`);
  await expect.poll(() => phone.page.getByTestId('order-status').textContent()).toBe(status);
  return phone;
}

/** The estimate as the card words it, with its time on the business's clock. */
const arrivesIn = (minutes: number) =>
  new RegExp(`^Arrives in about ${minutes} min, by \\d{2}:\\d{2} [AP]M$`);

describe('the executive on the customer’s order page', () => {
  it('shows who brings the order, when it arrives and how to call them, live, until it is delivered', async () => {
    const base = inject('baseUrl');
    const { storeId } = await demoStoreAndItem();
    const { zoneId, latitude, longitude } = await asOwner<{
      zoneId: string;
      latitude: number;
      longitude: number;
    }>('GET', `/stores/${storeId}`);
    const store: GeoPoint = { lat: latitude, lng: longitude };
    const stamp = Date.now();
    const executive = {
      name: `Ravi Onway ${stamp}`,
      email: `ravi.onway.${stamp}@example.com`,
      password: 'ravi-rides-1',
    };
    const { id: dexId } = await asOwner<{ id: string }>(
      'POST',
      '/delivery-executives',
      {
        ...executive,
        phone: '+91-9800012347',
        zoneId,
      },
      201,
    );

    const { session, order } = await customerWithOrder(base, inject('dataDir'));
    const { version } = await asOwner<{ version: number }>('GET', `/orders/${order.id}`);
    await asOwner('POST', `/orders/${order.id}/status`, { status: 1, dexId, version });

    // The executive goes on duty and reports where they are: 1.3 km north of the customer.
    const signedIn = await fetch(`${base}/api/delivery/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: executive.email, password: executive.password }),
    });
    expect(signedIn.status).toBe(200);
    const { token } = (await signedIn.json()) as { token: string };
    await asExecutive(token, 'PUT', '/duty', { onDuty: true });
    const away: GeoPoint = { lat: door.lat + 0.0117, lng: door.lng };
    await asExecutive(token, 'POST', '/location', away, 204);

    const { context, page } = await orderOnPhone(session, order.id, 'Confirmed');
    try {
      // Confirmed: who will pick it up, and when it should arrive (by the store first).
      const confirmed = page.getByRole('region', { name: 'Ravi will pick up your order' });
      await confirmed.waitFor();
      expect(await confirmed.getByTestId('executive-eta').textContent()).toMatch(
        arrivesIn(minutesFrom(away, store)),
      );

      // Picked up: the page follows live.
      const { items } = await asExecutive<{ items: Array<{ id: string; version: number }> }>(
        token,
        'GET',
        '/orders',
      );
      const assigned = items.find((item) => item.id === order.id)!;
      const pickedUp = await asExecutive<{ version: number }>(token, 'POST', `/orders/${order.id}/status`, {
        status: 2,
        version: assigned.version,
      });
      await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('Picked Up');
      const card = page.getByRole('region', { name: 'Ravi is delivering your order' });
      await card.waitFor();
      expect(await card.getByTestId('executive-eta').textContent()).toMatch(arrivesIn(minutesFrom(away)));

      // A call button, a full-size target, to the number the server gives (the store's helpline here).
      const call = card.getByRole('link', { name: /^Call Ravi\b/ });
      expect(await call.getAttribute('href')).toMatch(/^tel:\+?[\d-]+$/);
      const box = (await call.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(await seriousFindings(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);

      // Nearer, 300 m away: the page's next read, 30 s on, shows the newer estimate.
      const near: GeoPoint = { lat: door.lat + 0.003, lng: door.lng };
      expect(minutesFrom(near)).toBeLessThan(minutesFrom(away));
      // Positions closer than 5 s apart are refused: the last report is dated 6 s back rather than waited for.
      await withDatabase((client) =>
        client.query(
          `UPDATE executive_presence SET seen_at = seen_at - interval '6 seconds' WHERE user_id = $1`,
          [dexId],
        ),
      );
      await asExecutive(token, 'POST', '/location', near, 204);
      await page.clock.runFor(30_000);
      await expect
        .poll(() => card.getByTestId('executive-eta').textContent())
        .toMatch(arrivesIn(minutesFrom(near)));

      // In dark, as the rest of the app.
      const dark = await orderOnPhone(session, order.id, 'Picked Up', 'dark');
      try {
        const darkCard = dark.page.getByRole('region', { name: 'Ravi is delivering your order' });
        await darkCard.getByTestId('executive-eta').waitFor();
        expect(await darkCard.getByTestId('executive-eta').textContent()).toMatch(
          arrivesIn(minutesFrom(near)),
        );
        expect(await seriousFindings(dark.page)).toEqual([]);
        expect(await fitsWidth(dark.page)).toBe(true);
      } finally {
        await dark.context.close();
      }

      // Delivered: the page follows live, and the card is gone.
      const { deliveryCode } = (await (
        await fetch(`${base}/api/storefront/orders/${order.id}`, {
          headers: { 'x-storefront-key': inject('storefrontKey'), authorization: `Bearer ${session.token}` },
        })
      ).json()) as { deliveryCode: string };
      await asExecutive(token, 'POST', `/orders/${order.id}/status`, {
        status: -2,
        code: deliveryCode,
        cashCollected: true,
        version: pickedUp.version,
      });
      await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('Delivered');
      await expect.poll(() => page.getByRole('region', { name: executiveTitle }).count()).toBe(0);
      expect(await page.getByRole('link', { name: /^Call Ravi\b/ }).count()).toBe(0);
      expect(await seriousFindings(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
    } finally {
      await context.close();
      await asExecutive(token, 'PUT', '/duty', { onDuty: false });
    }
  });
});
