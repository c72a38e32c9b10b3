import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { makePng } from '../apps/server/src/storage/image-fixtures.ts';
import { demo, launchBrowser, newPage, signInThroughForm } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A text field by its accessible name (the required asterisk is not part of it). */
const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

async function choose(page: Page, combobox: string, option: string) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('stores and their catalogue', () => {
  it('an admin adds a store with a map point and an image, runs it, and stocks its catalogue', async () => {
    const { context, page } = await newPage(browser);
    const name = `Corner Store ${randomUUID().slice(0, 6)}`;
    await signInThroughForm(page, demo.admin);
    await page.waitForURL('**/dashboard');

    // Add the store.
    await page.goto('/stores');
    await page
      .getByRole('link', { name: 'Add store' })
      .or(page.getByRole('button', { name: 'Add store' }))
      .first()
      .click();
    await page.waitForURL('**/stores/add');
    await field(page, 'Name').fill(name);
    await choose(page, 'Featured', '4');
    await field(page, 'Location').fill('HSR Layout, Bengaluru');
    await field(page, 'Description').fill('Groceries and daily needs');
    await field(page, 'Phone').fill('+91-9876543210');
    await choose(page, 'Open time', '07:00 AM');
    await choose(page, 'Close time', '10:00 PM');
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'shop.png', mimeType: 'image/png', buffer: makePng(24, 24) });
    const map = page.getByLabel('Store location map');
    const box = (await map.boundingBox())!;
    await map.click({ position: { x: box.width / 2, y: box.height / 2 } });
    await page.getByRole('button', { name: 'Add store' }).click();
    await page.waitForURL((url) => url.pathname === '/stores');

    // Find it by search: Closed, with its picture.
    await page.getByLabel('Search stores').fill(name);
    const link = page.getByRole('link', { name, exact: true });
    await link.waitFor();
    const status = page.getByRole('combobox', { name: `Status of ${name}` });
    await expect.poll(() => status.textContent()).toContain('Closed');
    const api = await page.request.get(`/api/stores?q=${encodeURIComponent(name)}`);
    const store = (await api.json()).items[0];
    expect(store).toMatchObject({ name, featured: 4, openTime: '07:00', closeTime: '22:00', status: 0 });
    expect(store.imageUrl).toMatch(/^\/files\/business\/.+\.(png|jpg)$/);
    expect((await page.request.get(store.imageUrl)).status()).toBe(200);
    expect(Math.abs(store.latitude - 22.5)).toBeLessThan(15);

    // Status from the row, then bulk close and open.
    await choose(page, `Status of ${name}`, 'Open');
    await expect.poll(() => status.textContent()).toContain('Open');
    await page.getByRole('checkbox', { name: `Select ${name}` }).check();
    await page.getByRole('button', { name: 'Close Selected' }).click();
    await expect.poll(() => status.textContent()).toContain('Closed');
    expect(await page.getByRole('checkbox', { name: `Select ${name}` }).isChecked()).toBe(false);
    await page.getByRole('checkbox', { name: `Select ${name}` }).check();
    await page.getByRole('button', { name: 'Open Selected' }).click();
    await expect.poll(() => status.textContent()).toContain('Open');

    // Edit it.
    await page
      .getByRole('link', { name: `Edit ${name}` })
      .or(page.getByRole('button', { name: `Edit ${name}` }))
      .first()
      .click();
    await page.waitForURL('**/edit');
    const nameField = field(page, 'Name');
    await expect.poll(() => nameField.inputValue()).toBe(name);
    await nameField.fill(`${name} Plus`);
    await page.getByRole('button', { name: 'Save store' }).click();
    await page.waitForURL((url) => url.pathname === '/stores');
    await page.getByLabel('Search stores').fill(`${name} Plus`);
    await page.getByRole('link', { name: `${name} Plus`, exact: true }).click();

    // A category and an item.
    await page.waitForURL('**/catalog**');
    await page
      .getByRole('link', { name: 'Add category' })
      .or(page.getByRole('button', { name: 'Add category' }))
      .first()
      .click();
    await field(page, 'Name').fill('Fresh fruits');
    await page.getByRole('button', { name: 'Add category' }).click();
    await page.getByRole('cell', { name: 'Fresh fruits', exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Items' }).click();
    await page
      .getByRole('link', { name: 'Add item' })
      .or(page.getByRole('button', { name: 'Add item' }))
      .first()
      .click();
    await field(page, 'Name').fill('Alphonso mango');
    await page.getByRole('combobox', { name: 'Category', exact: true }).fill('Fresh');
    await page.getByRole('option', { name: 'Fresh fruits' }).click();
    await field(page, 'Price').fill('140.50');
    await page.getByRole('button', { name: 'Add item' }).click();
    await page
      .getByRole('cell', { name: /Alphonso mango/ })
      .first()
      .waitFor();
    await page.getByText('₹140.50').waitFor();

    // Availability saves at once and survives a reload.
    const available = page.getByLabel('Alphonso mango available');
    expect(await available.isChecked()).toBe(true);
    await available.click();
    await expect.poll(() => available.isChecked()).toBe(false);
    // Saved: the console says so once the server has answered.
    await page.getByText('Alphonso mango is unavailable').waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel('Alphonso mango available').isChecked()).toBe(false);

    // Delete with the spec's confirmation, then Undo.
    await page.getByRole('button', { name: 'Delete Alphonso mango' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Are you sure? You want to delete this item').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByLabel('Alphonso mango available').count()).toBe(0);
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByLabel('Alphonso mango available').waitFor();
    await context.close();
  });

  it("the owner's store list follows an admin's change live, without a reload", async () => {
    const owner = await newPage(browser);
    await signInThroughForm(owner.page, demo.owner);
    await owner.page.waitForURL('**/dashboard');
    await owner.page.goto('/stores');
    await owner.page.getByLabel('Search stores').fill('Jayanagar');
    const status = owner.page.getByRole('combobox', { name: 'Status of Fresh Mart Jayanagar' });
    await status.waitFor();
    const before = (await status.textContent())!;
    const target = before.includes('Unserviceable') ? 'Open' : 'Unserviceable';

    const admin = await newPage(browser);
    await signInThroughForm(admin.page, demo.admin);
    await admin.page.waitForURL('**/dashboard');
    const found = await (await admin.page.request.get('/api/stores?q=Jayanagar')).json();
    const change = await admin.page.request.post('/api/stores/status', {
      data: { storeIds: [found.items[0].id], status: target === 'Open' ? 1 : -1 },
    });
    expect(change.status()).toBe(200);

    await expect.poll(() => status.textContent()).toContain(target);
    await owner.context.close();
    await admin.context.close();
  });

  it("the owner's open item list follows an admin's new item and availability change live", async () => {
    const admin = await newPage(browser);
    await signInThroughForm(admin.page, demo.admin);
    await admin.page.waitForURL('**/dashboard');
    const found = await (await admin.page.request.get('/api/stores?q=Jayanagar')).json();
    const storeId: string = found.items[0].id;
    const categories = await (await admin.page.request.get(`/api/stores/${storeId}/categories`)).json();
    const name = `Live basil ${randomUUID().slice(0, 6)}`;

    const owner = await newPage(browser);
    await signInThroughForm(owner.page, demo.owner);
    await owner.page.waitForURL('**/dashboard');
    await owner.page.goto(`/stores/${storeId}/catalog`);
    await owner.page.getByRole('tab', { name: 'Items' }).click();
    await owner.page.getByLabel('Search item').fill(name);
    await owner.page.getByText(`No items match “${name}”`).waitFor();

    const created = await admin.page.request.post(`/api/stores/${storeId}/items`, {
      data: { name, categoryId: categories.items[0].id, featured: 0, pricePaise: 4550 },
    });
    expect(created.status()).toBe(201);
    const available = owner.page.getByLabel(`${name} available`);
    await available.waitFor({ timeout: 10_000 });
    expect(await available.isChecked()).toBe(true);
    await owner.page.getByText('₹45.50').waitFor();

    const item = await created.json();
    const toggled = await admin.page.request.patch(`/api/stores/${storeId}/items/${item.id}`, {
      data: { inStock: false, version: item.version },
    });
    expect(toggled.status()).toBe(200);
    await expect.poll(() => available.isChecked()).toBe(false);
    await owner.context.close();
    await admin.context.close();
  });
});
