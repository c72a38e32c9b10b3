import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { demo, launchBrowser, newPage, signInThroughForm } from './support/browser.ts';
import { placeOrder } from './support/orders.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** "Total orders" of the dashboard, as the card shows it. */
async function totalOrders(page: Page): Promise<number> {
  const value = page.getByRole('region', { name: 'Total orders' }).locator('p').first();
  await expect.poll(async () => /\d/.test((await value.textContent()) ?? '')).toBe(true);
  return Number((await value.textContent())!.replace(/\D/g, ''));
}

async function updateStatus(page: Page, number: number, status: string, executive?: boolean) {
  await page.getByRole('button', { name: `More for order #${number}` }).click();
  await page.getByRole('menuitem', { name: 'Update Order' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('list', { name: 'New status' }).getByRole('button', { name: status }).click();
  // A final status asks first, naming the order.
  if (status === 'Delivered')
    await dialog.getByRole('button', { name: `Yes, mark #${number} delivered` }).click();
  if (status === 'Cancelled') {
    // A cancel says why (B18).
    await dialog.getByRole('combobox', { name: /^Reason/ }).click();
    await page.getByRole('option', { name: 'Customer asked to cancel' }).click();
    await dialog.getByRole('button', { name: `Yes, cancel order #${number}` }).click();
  }
  if (executive) {
    await dialog.getByRole('radio', { disabled: false }).first().check();
    await dialog.getByRole('button', { name: 'Save' }).click();
  }
  await dialog.waitFor({ state: 'hidden' });
}

describe('orders', () => {
  it('a customer order appears live with its alert, goes through its statuses, and lands in completed orders and the dashboard', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, demo.admin);
    await page.waitForURL('**/dashboard');
    const before = await totalOrders(page);

    await page.goto('/orders');
    await page.getByRole('table', { name: 'Orders' }).waitFor();
    const order = await placeOrder(page);

    // Live: the alert and the row, without a reload.
    const alert = page.getByRole('alert').filter({ hasText: 'New order' });
    await expect.poll(() => alert.textContent()).toContain(`#${order.number} at ${order.storeName}`);
    const row = page.getByRole('row').filter({ hasText: `#${order.number}` });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('Placed');

    await updateStatus(page, order.number, 'Confirmed', true);
    await expect.poll(() => row.textContent()).toContain('Confirmed');
    // Moving the order on ends its alert.
    await expect.poll(() => alert.count()).toBe(0);
    await updateStatus(page, order.number, 'Picked Up');
    await expect.poll(() => row.textContent()).toContain('Picked Up');
    await updateStatus(page, order.number, 'Delivered');
    await expect.poll(() => row.count()).toBe(0);

    await page.getByRole('link', { name: 'Completed orders' }).click();
    const done = page.getByRole('row').filter({ hasText: `#${order.number}` });
    await done.waitFor();
    expect(await done.textContent()).toContain('Delivered');

    await page.getByRole('link', { name: `#${order.number}` }).click();
    await page.getByText('Placed → Confirmed').waitFor();
    await page.getByText('Picked Up → Delivered').waitFor();

    await page.goto('/dashboard');
    await expect.poll(() => totalOrders(page)).toBe(before + 1);
    await context.close();
  });
});
