import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { demo, launchBrowser, newPage, signInThroughForm } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const path = (page: Page) => new URL(page.url()).pathname;

/** A store of its own with one category and one item, so the journey touches no demo data. */
async function storeWithItem(page: Page, tag: string) {
  const zones = await (await page.request.get('/api/zones?q=Bengaluru')).json();
  const store = await (
    await page.request.post('/api/stores', {
      data: {
        name: `Trash Mart ${tag}`,
        featured: 9,
        location: 'HSR Layout, Bengaluru',
        description: 'A store to delete',
        phone: '+91-9876543210',
        openTime: '08:00',
        closeTime: '20:00',
        latitude: 12.9116,
        longitude: 77.6389,
        zoneId: zones.items[0].id,
      },
    })
  ).json();
  const category = await (
    await page.request.post(`/api/stores/${store.id}/categories`, { data: { name: `Greens ${tag}` } })
  ).json();
  const item = await (
    await page.request.post(`/api/stores/${store.id}/items`, {
      data: { name: `Spinach ${tag}`, categoryId: category.id, featured: 0, pricePaise: 3000 },
    })
  ).json();
  return { store, item };
}

async function confirmDelete(page: Page) {
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
}

describe('trash', () => {
  it('the owner deletes an item and its store, and restores them from the Trash, the store first', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, demo.owner);
    await page.waitForURL('**/dashboard');
    const tag = randomUUID().slice(0, 6);
    const { store, item } = await storeWithItem(page, tag);

    // Delete the item from the catalogue, then its store from the list.
    await page.goto(`/stores/${store.id}/catalog`);
    await page.getByRole('tab', { name: 'Items' }).click();
    await page.getByRole('button', { name: `Delete ${item.name}` }).click();
    await confirmDelete(page);
    await page.getByText(`${item.name} deleted`).waitFor();
    await page.goto('/stores');
    await page.getByLabel('Search stores').fill(store.name);
    await page.waitForURL((url) => url.searchParams.get('q') === store.name);
    await page.getByRole('button', { name: `Delete ${store.name}` }).click();
    await confirmDelete(page);
    await page.getByText(`${store.name} deleted`).waitFor();

    // Both are in the trash, the item with its store, with who deleted them.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trash' }).click();
    await page.waitForURL('**/trash');
    await page.getByLabel('Search trash').fill(tag);
    const itemRow = page.getByRole('row').filter({ hasText: item.name });
    const storeRow = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'Store', exact: true }) })
      .filter({ hasText: store.name });
    await itemRow.waitFor();
    expect((await itemRow.getByRole('cell').allTextContents()).slice(0, 3)).toEqual([
      'Item',
      `${item.name} in ${store.name}`,
      'Olivia Owner',
    ]);
    expect(await itemRow.getByRole('cell').nth(3).textContent()).toMatch(
      /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [AP]M$/,
    );
    expect((await storeRow.getByRole('cell').allTextContents()).slice(0, 3)).toEqual([
      'Store',
      store.name,
      'Olivia Owner',
    ]);

    // The item cannot come back before its store.
    await page.getByRole('button', { name: `Restore ${item.name}` }).click();
    const error = page.getByRole('dialog', { name: 'Error' });
    await error.getByText(`Restore the store “${store.name}” first: it is in the trash too.`).waitFor();
    await error.getByRole('button', { name: 'OK' }).click();

    // The store first, then the item.
    await page.getByRole('button', { name: `Restore ${store.name}` }).click();
    await page.getByText(`${store.name} restored`).waitFor();
    await page.getByRole('button', { name: `Restore ${item.name}` }).click();
    await page.getByText(`${item.name} restored`).waitFor();
    await page.getByText(`No records in the trash match “${tag}”`).waitFor();

    const items = await (
      await page.request.get(`/api/stores/${store.id}/items?q=${encodeURIComponent(item.name)}`)
    ).json();
    expect(items.items.map((each: { id: string }) => each.id)).toEqual([item.id]);
    await context.close();
  });

  it('the kind filter is kept in the address', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, demo.owner);
    await page.waitForURL('**/dashboard');
    await page.goto('/trash');
    await page.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'Stores', exact: true }).click();
    await page.waitForURL('**/trash?kind=stores');
    await page.reload();
    await expect.poll(() => page.getByRole('combobox', { name: 'Kind' }).textContent()).toBe('Stores');
    await context.close();
  });

  it('an admin asking for the trash is sent to the dashboard', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, demo.admin);
    await page.waitForURL('**/dashboard');
    await page.goto('/trash');
    await page.waitForURL('**/dashboard');
    expect(path(page)).toBe('/dashboard');
    await context.close();
  });
});
