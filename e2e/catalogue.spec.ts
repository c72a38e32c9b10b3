import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { spreadsheetMessages } from '@storedesk/shared/catalogue/spreadsheet';
import { lineName, priceRangeText, variantMessages } from '@storedesk/shared/catalogue/variants';
import { demo, launchBrowser, newPage, signInThroughForm } from './support/browser.ts';

/*
 * B17 in the console: an item's variants, a spreadsheet imported after its preview, stock adjusted
 * into the Low stock list, an item kept in another store, and a store started from another's
 * catalogue. Each run works in stores of its own, made by API as the owner would in the console.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
const tag = randomUUID().slice(0, 6).toUpperCase();
type Store = { id: string; name: string };
let main: Store;
let annex: Store;
let fresh: Store;

async function api<T>(method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(`/api${path}`, { method, data });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

async function makeStore(name: string, zoneId: string): Promise<Store> {
  return api<Store>('POST', '/stores', {
    name,
    featured: 9,
    location: 'HSR Layout, Bengaluru',
    description: 'A store for the catalogue tests',
    phone: '+91-9876543210',
    openTime: '08:00',
    closeTime: '20:00',
    latitude: 12.9116,
    longitude: 77.6389,
    zoneId,
  });
}

/** A row of the items list by the item's name. */
const itemRow = (name: string) => page.getByRole('row').filter({ hasText: name });

/** Types a search in the copy dialog and waits for its answer: the rows shown until then move when it comes. */
async function searchStores(dialog: Locator, text: string): Promise<void> {
  await dialog.getByRole('searchbox', { name: 'Search stores' }).fill(text);
  await dialog.getByRole('group', { name: 'Stores' }).and(dialog.locator('[aria-busy="false"]')).waitFor();
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser));
  await signInThroughForm(page, demo.owner);
  await page.waitForURL('**/dashboard');
  const zones = await api<{ items: { id: string }[] }>('GET', '/zones?q=Bengaluru');
  const zoneId = zones.items[0]!.id;
  main = await makeStore(`Catalogue Mart ${tag}`, zoneId);
  annex = await makeStore(`Catalogue Annex ${tag}`, zoneId);
  fresh = await makeStore(`Catalogue New ${tag}`, zoneId);
  for (const store of [main, annex]) {
    await api('POST', `/stores/${store.id}/categories`, { name: 'Staples' });
  }
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('the catalogue of a grocer', () => {
  it('an item given a second variant in its form shows their price range in the list', async () => {
    const categories = await api<{ items: { id: string }[] }>('GET', `/stores/${main.id}/categories`);
    const dal = await api<{ id: string }>('POST', `/stores/${main.id}/items`, {
      name: `Toor Dal ${tag}`,
      categoryId: categories.items[0]!.id,
      featured: 0,
      pricePaise: 12_000,
    });

    await page.goto(`/stores/${main.id}/items/${dal.id}/edit`);
    await page.getByRole('heading', { name: 'Price and stock' }).waitFor();
    await page.getByRole('textbox', { name: /^Variant name/ }).fill('500 g');
    await page.getByRole('button', { name: 'Add variant' }).click();
    const second = page.getByRole('group', { name: 'Variant 2' });
    await second.getByRole('textbox', { name: /^Variant name/ }).fill('1 kg');
    await second.getByRole('textbox', { name: /^Price/ }).fill('230');
    await page.getByRole('button', { name: 'Save item' }).click();
    await page.getByText('Item saved').waitFor();

    await page.goto(`/stores/${main.id}/catalog?tab=items`);
    const row = itemRow(`Toor Dal ${tag}`);
    await row.waitFor();
    const range = priceRangeText([
      { pricePaise: 12_000, mrpPaise: null },
      { pricePaise: 23_000, mrpPaise: null },
    ]);
    await expect.poll(() => row.textContent()).toContain(range);
  });

  it('imports a spreadsheet after its preview: a bad row stops it until the file is fixed', async () => {
    const csv = (gst: string) =>
      Buffer.from(
        [
          'sku,name,category,variant,price,mrp,stock,gst,hsn,veg,barcode,low_stock',
          `MOONG-500-${tag},Moong Dal ${tag},Staples,500 g,75,80,30,5,0713,yes,,5`,
          `MOONG-1000-${tag},Moong Dal ${tag},Staples,1 kg,140,150,12,${gst},0713,yes,,5`,
          `RICE-5-${tag},Sona Masoori ${tag},Staples,5 kg,380,,,5,1006,yes,,`,
        ].join('\n'),
      );
    await page.goto(`/stores/${main.id}/catalog?tab=items`);
    await page.getByRole('link', { name: 'Import' }).click();
    await page.getByRole('heading', { name: 'Import items', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Download the sample file' }).waitFor();

    const file = page.locator('input[type=file]');
    await file.setInputFiles({ name: 'items.csv', mimeType: 'text/csv', buffer: csv('7') });
    const preview = page.getByRole('heading', { name: 'Preview' });
    await preview.waitFor();
    // The focus moves to the preview, which a screen reader then reads.
    await expect.poll(() => preview.evaluate((heading) => heading === document.activeElement)).toBe(true);
    await page.getByText('1 row needs attention').waitFor();
    const errors = page.getByRole('table', { name: 'Rows that need attention' });
    const bad = errors.getByRole('row').filter({ hasText: spreadsheetMessages.gst });
    expect(await bad.getByRole('cell').allTextContents()).toEqual(['3', 'gst', spreadsheetMessages.gst]);
    const apply = page.getByRole('button', { name: /^Import \d+ rows?$/ });
    expect(await apply.isDisabled()).toBe(true);
    // Nothing was written.
    const before = await api<{ total: number }>('GET', `/stores/${main.id}/items?q=${tag}`);
    expect(before.total).toBe(1);

    await file.setInputFiles({ name: 'items.csv', mimeType: 'text/csv', buffer: csv('5') });
    await page.getByRole('button', { name: 'Import 3 rows' }).waitFor();
    expect(await errors.count()).toBe(0);
    await page.getByRole('button', { name: 'Import 3 rows' }).click();
    await page.getByRole('heading', { name: 'Imported items.csv' }).waitFor();
    await page.getByText('3 new, 0 changed, 0 unchanged.').waitFor();

    await page.getByRole('link', { name: 'See the items' }).click();
    const moong = itemRow(`Moong Dal ${tag}`);
    await moong.waitFor();
    await expect
      .poll(() => moong.textContent())
      .toContain(
        priceRangeText([
          { pricePaise: 7500, mrpPaise: null },
          { pricePaise: 14_000, mrpPaise: null },
        ]),
      );
    await itemRow(`Sona Masoori ${tag}`).waitFor();
  });

  it('stock taken away by an adjustment puts the variant on the Low stock page, filtered by its store', async () => {
    await page.goto(`/stores/${main.id}/catalog?tab=items`);
    await page.getByRole('link', { name: `Edit Moong Dal ${tag}` }).click();
    const kilo = page.getByRole('group', { name: 'Variant 2' });
    await kilo.getByText('12 in stock').waitFor();
    await kilo.getByRole('button', { name: 'Adjust stock' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adjust stock' });
    await dialog.getByRole('radio', { name: 'Damaged' }).check();
    await dialog.getByRole('textbox', { name: /^Quantity damaged/ }).fill('10');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await kilo.getByText('2 in stock').waitFor();

    await page.goto('/low-stock');
    await page.getByRole('heading', { name: 'Low stock', level: 1 }).waitFor();
    await page.getByRole('combobox', { name: 'Store' }).fill(main.name);
    await page.getByRole('option', { name: main.name }).click();
    await page.waitForURL(`**/low-stock?storeId=${main.id}`);
    const row = page.getByRole('row').filter({ hasText: lineName(`Moong Dal ${tag}`, '1 kg') });
    await row.waitFor();
    expect(await row.textContent()).toContain(main.name);
    expect(await row.getByRole('cell').nth(2).textContent()).toBe('2');
    // Only this store's variants.
    const rows = await page.getByRole('table', { name: 'Low stock' }).getByRole('row').allTextContents();
    expect(rows.slice(1).every((text) => text.includes(main.name))).toBe(true);
  });

  it('an item copied to another store is in that store’s catalogue', async () => {
    await page.goto(`/stores/${annex.id}/catalog?tab=items`);
    await page
      .getByText('No items yet')
      .or(page.getByText(/no items/i))
      .first()
      .waitFor();

    await page.goto(`/stores/${main.id}/catalog?tab=items`);
    await page.getByRole('link', { name: `Edit Toor Dal ${tag}` }).click();
    await page.getByRole('button', { name: 'Copy to stores' }).click();
    const dialog = page.getByRole('dialog', { name: `Copy Toor Dal ${tag} to stores` });
    await dialog
      .getByText(
        'Name, tax, image and variants are shared with the copies; each store keeps its own price, stock and availability.',
      )
      .waitFor();
    await searchStores(dialog, tag);
    // Every store but this one.
    expect(await dialog.getByRole('checkbox', { name: main.name }).count()).toBe(0);
    await dialog.getByRole('checkbox', { name: annex.name }).check();
    await dialog.getByRole('button', { name: 'Copy to 1 store' }).click();
    await dialog.getByText(`Copied to ${annex.name}.`).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Again: the annex keeps it already.
    await page.getByRole('button', { name: 'Copy to stores' }).click();
    await searchStores(dialog, tag);
    await dialog.getByRole('checkbox', { name: annex.name }).check();
    await dialog.getByRole('button', { name: 'Copy to 1 store' }).click();
    await dialog.getByText(`Already kept by ${annex.name}.`).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.goto(`/stores/${annex.id}/catalog?tab=items`);
    const row = itemRow(`Toor Dal ${tag}`);
    await row.waitFor();
    await expect
      .poll(() => row.textContent())
      .toContain(
        priceRangeText([
          { pricePaise: 12_000, mrpPaise: null },
          { pricePaise: 23_000, mrpPaise: null },
        ]),
      );
  });

  it('a new store starts from another store’s catalogue, after a confirmation', async () => {
    await page.goto(`/stores/${fresh.id}/catalog?tab=items`);
    await page.getByRole('button', { name: 'Copy another store’s catalogue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Copy another store’s catalogue' });
    await dialog.getByRole('combobox', { name: 'Copy from' }).fill(main.name);
    await page.getByRole('option', { name: main.name }).click();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog
      .getByText(`Copy every item of ${main.name} that ${fresh.name} does not keep yet?`, { exact: false })
      .waitFor();
    await dialog.getByRole('button', { name: 'Copy items' }).click();
    await dialog.getByText(`Copied 3 items from ${main.name}.`).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();

    await itemRow(`Toor Dal ${tag}`).waitFor();
    await itemRow(`Moong Dal ${tag}`).waitFor();
    await itemRow(`Sona Masoori ${tag}`).waitFor();
  });

  it('an item sold loose is priced per kg in steps, and its stock in grams reads as a weight in the list and on Low stock', async () => {
    const name = `Onions ${tag}`;
    await page.goto(`/stores/${main.id}/items/add`);
    await page.getByRole('textbox', { name: /^Name( \*)?$/ }).fill(name);
    await page.getByRole('combobox', { name: /^Category/ }).fill('Stap');
    await page.getByRole('option', { name: 'Staples' }).click();
    await page.getByRole('switch', { name: 'Sold loose, by weight' }).check();
    const price = page.getByRole('textbox', { name: /^Price per kg/ });
    await price.fill('36.01');
    await page.getByRole('textbox', { name: /^MRP per kg/ }).fill('40');
    await page.getByRole('textbox', { name: /^Step \(g\)/ }).fill('250');
    await page.getByRole('textbox', { name: /^Most per order \(g\)/ }).fill('5000');
    await page.getByRole('switch', { name: 'Count stock' }).check();
    await page.getByRole('textbox', { name: /^Stock \(g\)/ }).fill('6000');
    await page.getByRole('button', { name: 'Add item' }).click();
    // The shared rule, said on the field before anything is sent.
    await page.getByText(variantMessages.notExact(3_601, 250)).waitFor();
    await price.fill('36');
    await page.getByText('250 g for ₹9.00').waitFor();
    await page.getByRole('button', { name: 'Add item' }).click();
    await page.getByText('Item added').waitFor();

    await page.goto(`/stores/${main.id}/catalog?tab=items&q=${encodeURIComponent(name)}`);
    const row = itemRow(name);
    await row.waitFor();
    expect((await row.getByRole('cell').allTextContents()).slice(3, 5)).toEqual(['₹36.00/kg', '6 kg']);

    await page.getByRole('link', { name: `Edit ${name}` }).click();
    await page.getByText('6 kg in stock').waitFor();
    await page.getByRole('button', { name: 'Adjust stock' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adjust stock' });
    await dialog.getByRole('radio', { name: 'Damaged' }).check();
    await dialog.getByRole('textbox', { name: /^Grams damaged/ }).fill('5000');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(`${name}: 1 kg in stock`).waitFor();
    await page.getByText('1 kg in stock', { exact: true }).waitFor();

    await page.goto(`/low-stock?storeId=${main.id}`);
    const low = page.getByRole('row').filter({ hasText: name });
    await low.waitFor();
    // Its mark, left empty, is five steps.
    expect(await low.getByRole('cell').allTextContents()).toEqual([
      name,
      main.name,
      '1 kg',
      '1.25 kg',
      'Adjust stock',
    ]);
  });
});
