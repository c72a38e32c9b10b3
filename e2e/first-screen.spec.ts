import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, launchBrowser, newPage, signInThroughForm } from './support/browser.ts';

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
