import { randomUUID } from 'node:crypto';
import { themes } from '@storedesk/shared/themes';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from './support/database.ts';
import { demo, expectMode, launchBrowser, newPage, signInThroughForm } from './support/browser.ts';
import { seriousFindings, untilStill } from './support/axe.ts';
import { keyedOrderHeaders } from './support/orders.ts';

/*
 * Settings > About and Others: the owner saves in one browser, a second one
 * shows it live (sidebar name, Open App, theme); the storefront key rotates
 * after a confirmation and the old key stops at once.
 */

let browser: Browser;
/** The demo business as the suite's other specs expect it; put back at the end. */
let original: Record<string, unknown> | undefined;

const editable = [
  'name',
  'description',
  'theme',
  'live',
  'customer_app_url',
  'storefront_key',
  'type',
  'main_store_id',
];

beforeAll(async () => {
  browser = await launchBrowser();
  original = await withDatabase(async (client) => {
    const { rows } = await client.query<Record<string, unknown>>(
      `SELECT id, ${editable.join(', ')} FROM businesses WHERE storefront_key = $1`,
      [inject('storefrontKey')],
    );
    return rows[0];
  });
});

afterAll(async () => {
  await browser?.close();
  const saved = original;
  if (!saved) return;
  await withDatabase(async (client) => {
    await client.query('BEGIN');
    await client.query(
      `UPDATE businesses SET ${editable.map((column, i) => `${column} = $${i + 2}`).join(', ')},
         version = version + 1, updated_at = now() WHERE id = $1`,
      [
        saved.id,
        ...editable.map((column) => (column === 'theme' ? JSON.stringify(saved[column]) : saved[column])),
      ],
    );
    await client.query(
      `INSERT INTO events (business_id, zone_id, topic, action, record_id) VALUES ($1::uuid, NULL, 'business', 'updated', $1::text)`,
      [saved.id],
    );
    await client.query('COMMIT');
  });
});

async function signInAsOwner(width?: number) {
  const { context, page } = await newPage(browser, { width });
  await signInThroughForm(page, demo.owner);
  await page.waitForURL('**/dashboard');
  return { context, page };
}

/** Marks the page, so a test can tell it was never reloaded. */
const markPage = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { stillThisPage: boolean }).stillThisPage = true;
  });
const stillThisPage = (page: Page) =>
  page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage === true);

async function openTab(page: Page, tab: 'about' | 'others') {
  await page.goto(`/settings?tab=${tab}`);
  await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
  await page.getByRole('button', { name: 'Save' }).waitFor();
}

/** An empty order of the business's own system (its secret key) with the storefront key `key`. */
async function placeOrder(key: string) {
  return fetch(`${inject('baseUrl')}/api/storefront/orders`, {
    method: 'POST',
    headers: { ...keyedOrderHeaders(), 'content-type': 'application/json', 'x-storefront-key': key },
    body: JSON.stringify({}),
  });
}

/** Serious or critical axe findings in the open tab's panel (the shell around it has specs of its own). */
const panelFindings = (page: Page) => seriousFindings(page, '[role="tabpanel"]');

const rgb = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
};

describe('Settings > About and Others', () => {
  it('the owner saves the name, theme and customer app; a second browser shows them live', async () => {
    const tag = randomUUID().slice(0, 6);
    const name = `Fresh Mart ${tag}`;
    const appUrl = `https://shop-${tag}.example/`;
    const cyan = themes.find((theme) => theme.name === 'Cyan')!;

    const a = await signInAsOwner();
    const b = await signInAsOwner();
    await b.page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await markPage(b.page);
    const sidebar = b.page.getByRole('navigation', { name: 'Main' });

    await openTab(a.page, 'about');
    const nameField = a.page.getByRole('textbox', { name: 'Business name' });
    await expect.poll(() => nameField.inputValue()).toBe('Demo Fresh Mart');
    await nameField.fill(name);
    await a.page.getByRole('button', { name: 'Save' }).click();
    await a.page.getByText('Business details saved').waitFor();
    await sidebar.getByText(name, { exact: true }).waitFor({ timeout: 10_000 });

    await a.page.getByRole('tab', { name: 'Others' }).click();
    await a.page.getByRole('radiogroup', { name: 'Theme' }).waitFor();
    await a.page.getByRole('radio', { name: 'Cyan' }).check();
    await a.page.getByRole('textbox', { name: 'Customer app address' }).fill(appUrl);
    await a.page.getByRole('button', { name: 'Save' }).click();
    await a.page.getByText('Settings saved').waitFor();

    const openApp = b.page.getByRole('link', { name: 'Open App' });
    await expect.poll(() => openApp.getAttribute('href')).toBe(appUrl);
    await expect
      .poll(() => b.page.getByRole('banner').evaluate((bar) => getComputedStyle(bar).backgroundColor), {
        timeout: 10_000,
      })
      .toBe(rgb(cyan.primaryColor));
    expect(await stillThisPage(b.page)).toBe(true);

    // Reloaded, A's form shows what was saved.
    await a.page.reload();
    await a.page.getByRole('radio', { name: 'Cyan' }).waitFor();
    expect(await a.page.getByRole('radio', { name: 'Cyan' }).isChecked()).toBe(true);
    expect(await a.page.getByRole('textbox', { name: 'Customer app address' }).inputValue()).toBe(appUrl);
    await a.context.close();
    await b.context.close();
  });

  it('the storefront key rotates after a confirmation; the old key is refused at once', async () => {
    const { context, page } = await signInAsOwner();
    await openTab(page, 'others');
    const keyField = page.getByRole('textbox', { name: 'Storefront key' });
    const oldKey = await keyField.inputValue();
    expect(oldKey).toBe(inject('storefrontKey'));
    // Known to the storefront: refused for its empty body, not for the key.
    expect((await placeOrder(oldKey)).status).toBe(400);

    await page.getByRole('button', { name: 'Rotate key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rotate the storefront key?' });
    await dialog.getByText('stops working with the current key at once', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await keyField.inputValue()).toBe(oldKey);

    await page.getByRole('button', { name: 'Rotate key' }).click();
    await dialog.getByRole('button', { name: 'Rotate key' }).click();
    await page.getByText('Storefront key rotated: give the customer app the new key').waitFor();
    await expect.poll(() => keyField.inputValue()).not.toBe(oldKey);
    const newKey = await keyField.inputValue();
    expect(newKey).toMatch(/^pk_live_[0-9a-f]{48}$/);

    expect((await placeOrder(oldKey)).status).toBe(401);
    expect((await placeOrder(newKey)).status).toBe(400);
    await context.close();
  });

  it('both tabs fit a phone and have no serious accessibility finding, light or dark', async () => {
    const { context, page } = await signInAsOwner(375);
    for (const tab of ['about', 'others'] as const) {
      await openTab(page, tab);
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
        ),
        tab,
      ).toBe(true);
      expect(await panelFindings(page), tab).toEqual([]);
    }
    await context.close();

    const wide = await signInAsOwner();
    const toggle = wide.page.getByRole('switch', { name: 'Dark theme' });
    if (!(await toggle.isChecked())) await toggle.click();
    await expectMode(wide.page, 'dark');
    for (const tab of ['about', 'others'] as const) {
      await openTab(wide.page, tab);
      // Colours ease in over MUI's transitions; axe reads them once they have settled.
      await untilStill(wide.page);
      expect(await panelFindings(wide.page), `dark ${tab}`).toEqual([]);
    }
    await wide.context.close();
  });
});
