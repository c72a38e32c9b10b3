import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, launchBrowser, newPage, signInThroughForm } from './support/browser.ts';
import { placeOrder } from './support/orders.ts';

/*
 * B9 at 375 px: lists show each record compactly with the fields that matter and its actions,
 * nothing needs sideways scrolling, and the new-order alert's buttons are all on screen.
 */

const WIDTH = 375;
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Whether the page can be scrolled sideways (it must not be). */
function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

/** Whether an element lies wholly inside the screen's width. */
async function inView(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= WIDTH;
}

async function phone() {
  const { context, page } = await newPage(browser, { width: WIDTH });
  await signInThroughForm(page, demo.owner);
  await page.waitForURL('**/dashboard');
  return { context, page };
}

describe('on a phone, 375 px wide', () => {
  it('each order is a row with its number, status, amount, time and More, and selection still works', async () => {
    const { context, page } = await phone();
    await page.goto('/orders');
    const table = page.getByRole('table', { name: 'Orders' });
    const row = table.getByRole('row').nth(1);
    await row.getByRole('link', { name: /^#\d+$/ }).waitFor();
    const number = (await row.getByRole('link', { name: /^#\d+$/ }).textContent())!;

    expect(await inView(row.getByRole('link', { name: number }))).toBe(true);
    expect(await inView(row.locator('.MuiChip-root'))).toBe(true);
    expect(await row.textContent()).toMatch(/₹[\d,]+\.\d\d/);
    expect(await row.textContent()).toMatch(/\d+ (min|h|d) ago/);
    expect(await inView(row.getByRole('button', { name: `More for order ${number}` }))).toBe(true);
    expect(await scrollsSideways(page)).toBe(false);

    await row.getByRole('checkbox', { name: `Select order ${number}` }).check();
    await page.getByRole('button', { name: 'Change status' }).waitFor();
    expect(await inView(page.getByRole('button', { name: 'Change status' }))).toBe(true);
    await context.close();
  });

  it('each store shows its name and status select; each item its name, price and availability', async () => {
    const { context, page } = await phone();
    // The demo's own store: other specs add stores of theirs, with empty catalogues, to the same business.
    await page.goto(`/stores?q=${encodeURIComponent('Fresh Mart Koramangala')}`);
    const store = page
      .getByRole('table', { name: 'Stores' })
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: 'Fresh Mart Koramangala', exact: true }) });
    const storeLink = store.getByRole('link').first();
    await storeLink.waitFor();
    const storeName = (await storeLink.textContent())!;
    expect(await inView(storeLink)).toBe(true);
    expect(await inView(store.getByRole('combobox'))).toBe(true);
    expect(await inView(store.getByRole('link', { name: `Edit ${storeName}` }))).toBe(true);
    expect(await scrollsSideways(page)).toBe(false);

    await storeLink.click();
    await page.waitForURL('**/catalog');
    await page.getByRole('tab', { name: 'Items' }).click();
    const item = page.getByRole('table', { name: 'Items' }).getByRole('row').nth(1);
    await item.getByRole('switch').waitFor();
    expect(await item.textContent()).toMatch(/₹[\d,]+\.\d\d/);
    expect(await inView(item.getByRole('switch'))).toBe(true);
    expect(await scrollsSideways(page)).toBe(false);
    await context.close();
  });

  it("an order's page fits: the bill stays inside its card", async () => {
    const { context, page } = await phone();
    const orders = (await (await page.request.get('/api/orders')).json()) as { items: { id: string }[] };
    await page.goto(`/orders/${orders.items[0]!.id}`);
    const bill = page.getByRole('table', { name: 'Bill' });
    await bill.waitFor();
    const card = bill.locator('xpath=..');
    const [billBox, cardBox] = [await bill.boundingBox(), await card.boundingBox()];
    expect(billBox!.x + billBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width + 0.5);
    expect(await scrollsSideways(page)).toBe(false);

    // Its buttons wrap whole: each on one line, inside the screen, none touching another.
    const names = ['Orders', 'Print kitchen ticket', 'Print bill', 'Update Order'];
    const boxes = await Promise.all(
      names.map(
        async (name) =>
          (await page
            .getByRole('main')
            .getByRole(/^Update/.test(name) ? 'button' : 'link', { name, exact: true })
            .boundingBox())!,
      ),
    );
    const lineHeight = Math.min(...boxes.map((box) => box.height));
    for (const [index, box] of boxes.entries()) {
      expect(box.height, names[index]).toBe(lineHeight);
      expect(box.x >= 0 && box.x + box.width <= WIDTH, names[index]).toBe(true);
      for (const other of boxes.slice(index + 1)) {
        const apart =
          box.x + box.width + 4 <= other.x ||
          other.x + other.width + 4 <= box.x ||
          box.y + box.height + 4 <= other.y ||
          other.y + other.height + 4 <= box.y;
        expect(apart, `${names[index]} touches another button`).toBe(true);
      }
    }
    await context.close();
  });

  it('a sales report shows every figure of a row on screen, named, with nothing to scroll sideways', async () => {
    const { context, page } = await phone();
    await page.goto('/reports?groupBy=day');
    const table = page.getByRole('table', { name: /^Sales by day/ });
    const totals = table.getByRole('rowheader').filter({ hasText: /^Total/ });
    await totals.waitFor();
    for (const figure of ['Orders', 'Items sold', 'Gross', 'Discounts', 'Charges', 'Net', 'Cancelled']) {
      const term = totals.locator('dt', { hasText: new RegExp(`^${figure}$`) });
      expect(await inView(term), figure).toBe(true);
      expect(await inView(term.locator('xpath=following-sibling::dd[1]')), figure).toBe(true);
    }
    const region = page.getByRole('region', { name: /^Sales by day.*, table$/ });
    expect(await region.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(false);
    expect(await scrollsSideways(page)).toBe(false);
    await context.close();
  });

  it("the new-order alert's buttons, mute included, are all on screen", async () => {
    const { context, page } = await phone();
    await page.goto('/orders');
    await page.getByRole('table', { name: 'Orders' }).waitFor();
    await placeOrder(page);
    const alert = page.getByRole('alert').filter({ hasText: 'New order' });
    await alert.waitFor();
    for (const name of ['View', 'Acknowledge', /^(Mute|Unmute) new-order sound$/]) {
      expect(await inView(alert.getByRole('button', { name })), String(name)).toBe(true);
    }
    await alert.getByRole('button', { name: 'Acknowledge' }).click();
    await context.close();
  });
});
