import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { demo, launchBrowser, newPage, signInThroughForm } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('audit log', () => {
  it('a store edit in the console shows up in the audit log with its before and after', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, demo.owner);
    await page.waitForURL('**/dashboard');
    const tag = randomUUID().slice(0, 6);
    const zones = await (await page.request.get('/api/zones?q=Bengaluru')).json();
    const store = await (
      await page.request.post('/api/stores', {
        data: {
          name: `Audit Mart ${tag}`,
          featured: 9,
          location: 'HSR Layout, Bengaluru',
          description: 'A store to edit',
          phone: '+91-9876543210',
          openTime: '08:00',
          closeTime: '20:00',
          latitude: 12.9116,
          longitude: 77.6389,
          zoneId: zones.items[0].id,
        },
      })
    ).json();

    // The owner renames the store in its form.
    await page.goto(`/stores/${store.id}/edit`);
    const name = page.getByRole('textbox', { name: 'Name', exact: true });
    await expect.poll(() => name.inputValue()).toBe(store.name);
    await name.fill(`Audit Corner ${tag}`);
    await page.getByRole('button', { name: 'Save store' }).click();
    await page.waitForURL((url) => url.pathname === '/stores');

    // The audit log, from the sidebar, shows who changed what, before and after.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit log' }).click();
    await page.waitForURL('**/audit-log');
    await page.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'Store', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('kind') === 'store');
    const row = page
      .getByRole('row')
      .filter({ hasText: `Name: Audit Mart ${tag} → Audit Corner ${tag}` })
      .filter({ hasText: 'Edited' });
    await row.waitFor();
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells[0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [AP]M$/);
    expect(cells.slice(1, 4)).toEqual([`Olivia Owner127.0.0.1`, 'Edited', `Store ${store.id.slice(0, 8)}`]);
    expect(cells[4]).toBe(`Name: Audit Mart ${tag} → Audit Corner ${tag}`);

    // Its record links back to the store's form.
    await row.getByRole('link', { name: `Open store ${store.id.slice(0, 8)}` }).click();
    await page.waitForURL(`**/stores/${store.id}/edit`);
    await context.close();
  });
});
