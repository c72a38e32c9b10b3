import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousFindings, untilStill } from './support/axe.ts';
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
 * B10: axe on every screen of the console, signed out and signed in as the owner (who sees them
 * all), in light and in dark: no serious or critical finding. Each screen is opened by its
 * address on the demo data, as a person following a link would.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type Findings = Record<string, string[]>;

/** Opens a screen and waits for its heading and for loading placeholders to go. */
async function open(page: Page, url: string) {
  await page.goto(url);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page
    .locator('[aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
}

/** What axe finds on each screen in turn, in the mode the page was opened in, by address. */
async function findingsOnScreens(page: Page, mode: Mode, urls: string[]): Promise<Findings> {
  const found: Findings = {};
  for (const url of urls) {
    await open(page, url);
    await expectMode(page, mode);
    // MUI eases colours in; axe must read them settled.
    await untilStill(page);
    const findings = await seriousFindings(page);
    if (findings.length > 0) found[url] = findings;
  }
  return found;
}

async function firstId(page: Page, path: string): Promise<string> {
  const res = await page.request.get(`/api${path}`);
  expect(res.status(), path).toBe(200);
  const body = (await res.json()) as { items: { id: string }[] };
  expect(body.items.length, `${path} has records in the demo`).toBeGreaterThan(0);
  return body.items[0]!.id;
}

/** Every signed-in screen, by its address on the demo business's records. */
async function signedInScreens(page: Page): Promise<string[]> {
  // The demo's own store: other specs add stores of theirs, with empty catalogues, to the same business.
  const store = await firstId(page, `/stores?q=${encodeURIComponent('Fresh Mart Koramangala')}`);
  const category = await firstId(page, `/stores/${store}/categories`);
  const item = await firstId(page, `/stores/${store}/items`);
  const order = await firstId(page, '/orders');
  const dex = await firstId(page, '/delivery-executives');
  const admin = await firstId(page, '/admins');
  const slide = await firstId(page, '/slides');
  const zone = await firstId(page, '/zones');
  const customer = await firstId(page, '/customers');
  return [
    '/dashboard',
    '/stores',
    '/stores/add',
    '/stores/import',
    `/stores/${store}/edit`,
    `/stores/${store}/catalog`,
    `/stores/${store}/catalog/import`,
    `/stores/${store}/categories/add`,
    `/stores/${store}/categories/${category}/edit`,
    `/stores/${store}/items/add`,
    `/stores/${store}/items/${item}/edit`,
    '/low-stock',
    '/orders',
    '/orders/completed',
    '/orders/slots',
    `/orders/${order}`,
    '/dispatch',
    '/dispatch/cash',
    '/reports',
    '/dexs',
    '/dexs/add',
    `/dexs/${dex}/edit`,
    '/account',
    '/slides',
    '/slides/add',
    `/slides/${slide}/edit`,
    '/admins',
    '/admins/add',
    `/admins/${admin}/edit`,
    '/zones',
    '/zones/add',
    `/zones/${zone}/edit`,
    '/trash',
    '/audit-log',
    '/coupons',
    '/customers',
    `/customers/${customer}`,
    '/settings',
    '/settings?tab=others',
    '/settings?tab=notifications',
    '/push-notifications',
  ];
}

describe('axe in light and dark mode', () => {
  it('finds nothing serious or critical on the signed-out screens', async () => {
    const found = await inBothModes(async (mode) => {
      const { context, page } = await newPage(browser, { mode });
      const inMode = await findingsOnScreens(page, mode, [
        '/sign-in',
        '/forgot-password',
        '/onboarding',
        '/not-found',
      ]);
      await context.close();
      return inMode;
    });
    expect(found).toEqual({ light: {}, dark: {} });
  });

  // In two halves, each with a time of its own: forty screens in two modes take minutes.
  it.each([
    ['dashboard to reports', '/dashboard', '/dexs'],
    ['delivery executives to push notifications', '/dexs', undefined],
  ] as const)(
    'finds nothing serious or critical on the signed-in screens, %s',
    { timeout: 240_000 },
    async (_, from, to) => {
      const found = await inBothModes(async (mode) => {
        const { context, page } = await newPage(browser, { mode });
        await signInThroughForm(page, demo.owner);
        await page.waitForURL('**/dashboard');
        const screens = await signedInScreens(page);
        const part = screens.slice(screens.indexOf(from), to ? screens.indexOf(to) : undefined);
        expect(part.length).toBeGreaterThan(10);
        const inMode = await findingsOnScreens(page, mode, part);
        await context.close();
        return inMode;
      });
      expect(found).toEqual({ light: {}, dark: {} });
    },
  );

  // Twenty screens and dialogs in two modes, as many as each half above: the same time as theirs.
  it('finds nothing serious or critical in the dialogs and on a phone', { timeout: 240_000 }, async () => {
    const found = await inBothModes(async (mode) => {
      const { context, page } = await newPage(browser, { width: 375, mode });
      await signInThroughForm(page, demo.owner);
      await page.waitForURL('**/dashboard');
      await expectMode(page, mode);
      const inMode: Findings = {};
      const check = async (what: string) => {
        // Colours eased in, the dialog or drawer all there: axe reads the screen as it stays.
        await untilStill(page);
        const findings = await seriousFindings(page);
        if (findings.length > 0) inMode[what] = findings;
      };

      for (const url of [
        '/dashboard',
        '/orders',
        '/stores',
        `/orders/${await firstId(page, '/orders')}`,
        '/dispatch',
        '/dispatch/cash',
        '/reports',
      ]) {
        await open(page, url);
        await check(`${url} at 375 px`);
      }
      // The catalogue's screens on a phone: the menu of every store's catalogue, an import's
      // preview with a bad row, and the copy dialogs.
      await open(page, '/stores');
      await page.getByRole('button', { name: 'All catalogues' }).click();
      await page.getByRole('menu', { name: 'All catalogues' }).waitFor();
      await check('the All catalogues menu at 375 px');
      await page.keyboard.press('Escape');
      await open(page, '/stores/import');
      await check('/stores/import at 375 px');
      // The demo's own store: other specs add stores of theirs, with empty catalogues, to the same business.
      const store = await firstId(page, `/stores?q=${encodeURIComponent('Fresh Mart Koramangala')}`);
      const item = await firstId(page, `/stores/${store}/items`);
      await open(page, '/low-stock');
      await check('/low-stock at 375 px');
      await open(page, `/stores/${store}/catalog/import`);
      await page.locator('input[type=file]').setInputFiles({
        name: 'items.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          'sku,name,category,variant,price,mrp,stock,gst,hsn,veg\nA11Y-1,Axe Dal,No Such Category,1 kg,99,,,7,,yes\n',
        ),
      });
      await page.getByRole('table', { name: 'Rows that need attention' }).waitFor();
      await check('an import preview with bad rows at 375 px');
      await open(page, `/stores/${store}/items/${item}/edit`);
      await page.getByRole('button', { name: 'Copy to stores' }).click();
      await page.getByRole('checkbox').first().waitFor();
      await check('the Copy to stores dialog at 375 px');
      await page.getByRole('button', { name: 'Cancel' }).click();
      await open(page, `/stores/${store}/catalog`);
      await page.getByRole('button', { name: 'Copy from a store' }).click();
      await page.getByRole('dialog', { name: 'Copy another store’s catalogue' }).waitFor();
      await check('the Copy another store’s catalogue dialog at 375 px');
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Open navigation' }).click();
      await page.getByRole('dialog', { name: 'Navigation' }).waitFor();
      await check('the navigation drawer');
      await page.keyboard.press('Escape');

      await page.setViewportSize({ width: 1366, height: 860 });
      await open(page, `/orders/${await firstId(page, '/orders')}`);
      await page.getByRole('button', { name: 'Update Order' }).click();
      await page.getByRole('dialog').waitFor();
      await check('the Update Order dialog');
      await page.getByRole('button', { name: 'Close' }).click();

      await open(page, `/zones/${await firstId(page, '/zones')}/edit`);
      await page.getByRole('button', { name: 'Delete zone' }).click();
      await page.getByRole('dialog').waitFor();
      await check('a delete confirmation');

      await context.close();
      return inMode;
    });
    expect(found).toEqual({ light: {}, dark: {} });
  });
});
