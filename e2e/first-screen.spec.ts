import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { demo, launchBrowser, newPage, signInThroughForm } from './support/browser.ts';
import { customerPhone } from './support/customer.ts';

/*
 * The signed-in first screen keeps still while it fills in: the zone switcher holds its place with
 * an empty box of the field's height for the first render (zone-switcher.tsx), and the dashboard's
 * figures replace placeholders of their size. The browser's own record of layout shifts must stay
 * empty from the page's load until the zone field and the figures are there.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type Shift = { value: number; sources: string[]; at: number };

describe('the dashboard as a page load shows it', () => {
  it.each([375, 1366])('does not move while it fills in (%i px)', async (width) => {
    const { context, page } = await newPage(browser, { width });
    await context.addInitScript(() => {
      const shifts: { value: number; sources: string[]; at: number }[] = [];
      Object.assign(window, { layoutShifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources?: { node?: Node | null }[];
        })[]) {
          if (entry.hadRecentInput) continue;
          const sources = (entry.sources ?? []).map((source) =>
            source.node instanceof Element ? `${source.node.tagName} ${source.node.className}` : 'a node',
          );
          shifts.push({ value: entry.value, sources, at: entry.startTime });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await signInThroughForm(page, demo.owner);
    await page.waitForURL('**/dashboard');

    await page.reload();
    await page.getByRole('combobox', { name: 'Zone' }).waitFor();
    await page.getByText('Total orders', { exact: true }).first().waitFor();
    // The charts too, drawn with the figures in place of their placeholders.
    await expect.poll(() => page.locator('.MuiSkeleton-root').count()).toBe(0);
    // Shifts are reported after the frame that made them, in order: a shift of the test's own, made
    // now, is reported after every one the page made before it.
    const markedAt = await page.evaluate(() => {
      const at = performance.now();
      const push = document.createElement('div');
      push.style.height = '40px';
      (document.querySelector('main') ?? document.body).prepend(push);
      return at;
    });
    const shifts = () => page.evaluate(() => (window as unknown as { layoutShifts: Shift[] }).layoutShifts);
    await expect.poll(async () => (await shifts()).some((shift) => shift.at >= markedAt)).toBe(true);
    expect((await shifts()).filter((shift) => shift.at < markedAt)).toEqual([]);
    await context.close();
  });
});

/**
 * Counts, from the page's start, each use of what loads the browser's number and date data (the
 * first such use costs a mid-range phone's main thread tens of milliseconds: ADR 0097).
 */
async function countIntlData(context: BrowserContext) {
  await context.addInitScript(() => {
    const uses: string[] = [];
    Object.assign(window, { intlDataUses: uses });
    for (const name of ['NumberFormat', 'DateTimeFormat'] as const) {
      const Original = Intl[name];
      const counted = new Proxy(Original, {
        construct(target, args, newTarget) {
          uses.push(`new Intl.${name}(${JSON.stringify(args)}) ${new Error().stack?.split('\n')[2]?.trim()}`);
          return Reflect.construct(target, args, newTarget) as object;
        },
        apply(target, self, args) {
          uses.push(`Intl.${name}(${JSON.stringify(args)})`);
          return Reflect.apply(target, self, args) as object;
        },
        get(target, key, receiver) {
          if (key === 'supportedLocalesOf') {
            return (...args: unknown[]) => {
              uses.push(`Intl.${name}.supportedLocalesOf(${JSON.stringify(args)})`);
              const asked = Original.supportedLocalesOf as (locales: string | string[]) => string[];
              return asked.call(Original, args[0] as string | string[]);
            };
          }
          return Reflect.get(target, key, receiver) as unknown;
        },
      });
      Object.defineProperty(Intl, name, { value: counted, configurable: true, writable: true });
    }
  });
}
const intlDataUses = (page: Page) =>
  page.evaluate(() => (window as unknown as { intlDataUses: string[] }).intlDataUses);

describe('the first screens, without the browser’s number and date data', () => {
  it('the dashboard fills in without them', async () => {
    const { context, page } = await newPage(browser, { width: 375 });
    await signInThroughForm(page, demo.owner);
    await page.waitForURL('**/dashboard');
    await countIntlData(context);
    await page.reload();
    await page.getByRole('combobox', { name: 'Zone' }).waitFor();
    await page.getByText('Total orders', { exact: true }).first().waitFor();
    await expect.poll(() => page.locator('.MuiSkeleton-root').count()).toBe(0);
    // The heading names this month and the last, from the business's clock.
    await expect.poll(() => page.getByText(/ so far, compared with /).count()).toBe(1);
    expect(await intlDataUses(page)).toEqual([]);
    await context.close();
  });

  it("the customer app's home and a store's page fill in without them", async () => {
    const { context, page } = await customerPhone(browser, inject('shopUrl'));
    await countIntlData(context);
    await page.goto('/');
    await page.getByRole('button', { name: 'Use my location' }).click();
    const stores = page.getByRole('list', { name: 'Stores that deliver here' });
    await stores.getByRole('link', { name: /Fresh Mart Koramangala/ }).click();
    const items = page.getByRole('list', { name: 'Items' });
    await items.waitFor();
    await items.getByRole('button', { name: /^Add / }).first().click();
    expect(await page.getByRole('link', { name: 'Cart, 1 item' }).count()).toBe(1);
    expect(await intlDataUses(page)).toEqual([]);
    await context.close();
  });
});
