import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { demo, launchBrowser, newPage, signInThroughForm } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const nameField = (page: Page) => page.getByRole('textbox', { name: 'Name', exact: true });
const path = (page: Page) => new URL(page.url()).pathname;

async function signInAsOwner() {
  const { context, page } = await newPage(browser);
  await signInThroughForm(page, demo.owner);
  await page.waitForURL('**/dashboard');
  return { context, page };
}

/** Searches the zones list and waits for the zone's row. */
async function findZone(page: Page, name: string) {
  await page.getByLabel('Search zones').fill(name);
  await page.getByRole('cell', { name, exact: true }).waitFor();
}

async function addZone(page: Page, name: string) {
  await page.goto('/zones');
  await page.getByRole('link', { name: 'Add zone' }).first().click();
  await page.waitForURL('**/zones/add');
  await nameField(page).fill(name);
  await page.getByRole('button', { name: 'Add zone' }).click();
}

describe('zones', () => {
  it('the owner adds a zone, renames it, deletes it and brings it back with Undo', async () => {
    const { context, page } = await signInAsOwner();
    const name = `Pune ${randomUUID().slice(0, 6)}`;

    await addZone(page, name);
    await page.waitForURL((url) => url.pathname === '/zones');
    await page.getByText('Zone added').waitFor();
    await findZone(page, name);

    // A name another zone has, whatever its case, is refused on the field.
    await addZone(page, 'bengaluru');
    await page.getByText('A zone with this name already exists').waitFor();
    expect(path(page)).toBe('/zones/add');

    // Rename it.
    await page.goto('/zones');
    await findZone(page, name);
    await page.getByRole('link', { name: `Edit ${name}` }).click();
    await page.waitForURL('**/edit');
    await expect.poll(() => nameField(page).inputValue()).toBe(name);
    await nameField(page).fill(`${name} East`);
    await page.getByRole('button', { name: 'Save zone' }).click();
    await page.waitForURL((url) => url.pathname === '/zones');
    await findZone(page, `${name} East`);

    // Delete it from its edit screen, then Undo.
    await page.getByRole('link', { name: `Edit ${name} East` }).click();
    await page.waitForURL('**/edit');
    await page.getByRole('button', { name: 'Delete zone' }).click();
    const dialog = page.getByRole('dialog', { name: `Delete zone “${name} East”?` });
    await dialog.getByText('Are you sure? You want to delete this zone').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL((url) => url.pathname === '/zones');
    await page.getByText(`${name} East deleted`).waitFor();
    await page.getByLabel('Search zones').fill(`${name} East`);
    await page.getByText(`No zones match “${name} East”`).waitFor();
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByText(`${name} East restored`).waitFor();
    await page.getByRole('cell', { name: `${name} East`, exact: true }).waitFor();
    await context.close();
  });

  it('a zone that still has a store is not deleted, and the Error dialog says why', async () => {
    const { context, page } = await signInAsOwner();
    const name = `Nagpur ${randomUUID().slice(0, 6)}`;
    const zone = await (await page.request.post('/api/zones', { data: { name } })).json();
    const store = await page.request.post('/api/stores', {
      data: {
        name: `Orange Basket ${randomUUID().slice(0, 6)}`,
        featured: 5,
        location: 'Sitabuldi, Nagpur',
        description: 'Oranges and daily needs',
        phone: '+91-9876543210',
        openTime: '08:00',
        closeTime: '21:00',
        latitude: 21.1458,
        longitude: 79.0882,
        zoneId: zone.id,
      },
    });
    expect(store.status()).toBe(201);

    await page.goto(`/zones/${zone.id}/edit`);
    await expect.poll(() => nameField(page).inputValue()).toBe(name);
    await page.getByRole('button', { name: 'Delete zone' }).click();
    await page
      .getByRole('dialog', { name: `Delete zone “${name}”?` })
      .getByRole('button', { name: 'Delete' })
      .click();

    const error = page.getByRole('dialog', { name: 'Error' });
    await error
      .getByText('This zone still has 1 store. Move or remove them before deleting the zone.')
      .waitFor();
    await error.getByRole('button', { name: 'OK' }).click();
    expect(path(page)).toBe(`/zones/${zone.id}/edit`);
    expect((await page.request.get(`/api/zones/${zone.id}`)).status()).toBe(200);
    await context.close();
  });

  it('an admin asking for the zones screens is sent to the dashboard', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, demo.admin);
    await page.waitForURL('**/dashboard');
    for (const target of ['/zones', '/zones/add']) {
      await page.goto(target);
      await page.waitForURL('**/dashboard');
      expect(path(page), target).toBe('/dashboard');
    }
    await context.close();
  });
});
