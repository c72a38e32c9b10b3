import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { demo, launchBrowser, newPage, signInThroughForm } from './support/browser.ts';
import { withDatabase } from './support/database.ts';
import { seriousFindings } from './support/axe.ts';
import { customerPhone, customerWithOrder, nearKoramangala } from './support/customer.ts';

/*
 * The delivery loop (B13, B14): the executive goes on duty in the delivery app on a phone, and
 * their position shows on the console's Dispatch map; an admin gives them a customer's order in
 * the console; it arrives on the executive's phone without a reload; they mark it Picked Up, then
 * Delivered with the code the customer's app shows, collecting the cash; the console and the
 * customer's order page follow live.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Where the server has the demo's executive now. */
async function executiveLatitude(): Promise<number | null> {
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ lat: number | null }>(
      `SELECT p.lat FROM executive_presence p JOIN users u ON u.id = p.user_id WHERE u.email = $1`,
      [demo.dex.email],
    );
    return rows[0]?.lat ?? null;
  });
}

async function signInToDeliveryApp(page: Page) {
  await page.goto('/deliver');
  await page.getByLabel('Email').fill(demo.dex.email);
  await page.getByLabel('Password', { exact: true }).fill(demo.dex.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'My orders' }).waitFor();
}

describe('the delivery app and dispatch', () => {
  it('takes an assigned order to the door with the customer’s code, live everywhere, and shows the executive on the map', async () => {
    // Staff watch the Dispatch map.
    const staff = await newPage(browser);
    await signInThroughForm(staff.page, demo.admin);
    await staff.page.waitForURL('**/dashboard');
    await staff.page.goto('/dispatch');
    await staff.page.getByRole('heading', { name: 'Dispatch' }).waitFor();
    await staff.page.getByRole('region', { name: 'Dispatch map' }).waitFor();

    // The executive, on a phone near the store, signs in and goes on duty.
    const rider = await customerPhone(browser, inject('baseUrl'));
    await signInToDeliveryApp(rider.page);
    expect(await rider.page.locator('link[rel="manifest"]').getAttribute('href')).toBe(
      '/deliver/manifest.webmanifest',
    );
    const duty = rider.page.getByRole('switch', { name: /duty/i });
    if ((await duty.getAttribute('aria-checked')) !== 'true') await duty.click();
    await expect.poll(() => duty.getAttribute('aria-checked')).toBe('true');
    expect(await seriousFindings(rider.page)).toEqual([]);

    // Their position reaches the map without a reload.
    await staff.page.locator('[title="Dev Executive"]').first().waitFor({ timeout: 20_000 });

    // A customer's order, followed on their phone.
    const { session, order } = await customerWithOrder(inject('baseUrl'), inject('dataDir'));
    // The customer app lives on the business's own origin (ADR 0055), where its session is kept.
    const customer = await customerPhone(browser, inject('shopUrl'));
    await customer.context.addInitScript(
      (value) => localStorage.setItem('storedesk:demo-fresh-mart:session', value),
      JSON.stringify(session),
    );
    await customer.page.goto(`/orders/${order.id}`);
    const status = customer.page.getByTestId('order-status');
    await expect.poll(() => status.textContent()).toBe('Placed');
    const code = /(\d{4})/.exec((await customer.page.getByText(/^Delivery code/).textContent())!)![1]!;

    // The admin gives it to the executive in the console.
    await staff.page.goto(`/orders/${order.id}`);
    await staff.page.getByRole('button', { name: 'Update Order' }).click();
    const dialog = staff.page.getByRole('dialog');
    await dialog.getByRole('list', { name: 'New status' }).getByRole('button', { name: 'Confirmed' }).click();
    await dialog.getByRole('radio', { name: /Dev Executive/ }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => status.textContent()).toBe('Confirmed');

    // It arrives on the executive's phone without a reload.
    await rider.page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    const link = rider.page.getByRole('link', { name: `Order #${order.number}` });
    await link.waitFor({ timeout: 15_000 });
    expect(await rider.page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await link.click();
    await rider.page.getByRole('button', { name: 'Picked up' }).waitFor();
    expect(await rider.page.getByText(/Collect ₹/).count()).toBeGreaterThan(0);
    expect(await seriousFindings(rider.page)).toEqual([]);

    // On the order's page the position keeps flowing: 1.3 km on, the store sees where they are.
    const moved = { latitude: nearKoramangala.latitude + 0.0117, longitude: nearKoramangala.longitude };
    await rider.context.setGeolocation(moved);
    await expect
      .poll(() => executiveLatitude(), { timeout: 30_000, interval: 500 })
      .toBeCloseTo(moved.latitude, 5);

    // Picked Up: the customer and the console follow.
    await rider.page.getByRole('button', { name: 'Picked up' }).click();
    await expect.poll(() => status.textContent()).toBe('Picked Up');
    await staff.page.getByText('Confirmed → Picked Up').waitFor();

    // Delivered, with a wrong code first, then the customer's, and the cash collected.
    await rider.page.getByRole('button', { name: 'Delivered' }).click();
    const wrong = code === '0000' ? '1111' : '0000';
    await rider.page.getByLabel('Delivery code').fill(wrong);
    await rider.page.getByRole('checkbox', { name: /^I have collected/ }).check();
    await rider.page.getByRole('button', { name: 'Confirm delivery' }).click();
    await rider.page.getByText('That is not this order’s delivery code').waitFor();
    expect(await seriousFindings(rider.page)).toEqual([]);
    await rider.page.getByLabel('Delivery code').fill(code);
    // The refusal was of the wrong code: the right one typed over it stands alone.
    expect(await rider.page.getByText('That is not this order’s delivery code').count()).toBe(0);
    expect(await rider.page.getByLabel('Delivery code').getAttribute('aria-invalid')).toBeNull();
    await rider.page.getByRole('checkbox', { name: /^I have collected/ }).check();
    await rider.page.getByRole('button', { name: 'Confirm delivery' }).click();
    await expect.poll(() => status.textContent()).toBe('Delivered');
    await staff.page.getByText('Picked Up → Delivered').waitFor();
    const timeline = await withDatabase(async (client) => {
      const { rows } = await client.query<{ actor_name: string; to_status: number }>(
        `SELECT actor_name, to_status FROM order_events WHERE order_id = $1 AND to_status IN (2, -2) ORDER BY id`,
        [order.id],
      );
      return rows;
    });
    expect(timeline).toEqual([
      { actor_name: 'Dev Executive', to_status: 2 },
      { actor_name: 'Dev Executive', to_status: -2 },
    ]);
    // Done: off their list.
    await rider.page.goto('/deliver');
    await rider.page.getByRole('heading', { name: 'My orders' }).waitFor();
    await expect.poll(() => rider.page.getByRole('link', { name: `Order #${order.number}` }).count()).toBe(0);

    await customer.context.close();
    await rider.context.close();
    await staff.context.close();
  });

  it('refuses staff in the delivery app with the console’s words', async () => {
    const { context, page } = await customerPhone(browser, inject('baseUrl'), 'dark');
    try {
      await page.goto('/deliver');
      await page.getByLabel('Email').fill(demo.admin.email);
      await page.getByLabel('Password', { exact: true }).fill(demo.admin.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText("You don't have proper permissions to sign in").waitFor();
      expect(await seriousFindings(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
