import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect, inject } from 'vitest';

export { chromiumPath, launchBrowser } from './chromium.ts';

export const demo = {
  owner: { email: 'owner@example.com', password: 'owner-demo-1', name: 'Olivia Owner' },
  admin: { email: 'admin@example.com', password: 'admin-demo-1', name: 'Arun Admin' },
  dex: { email: 'dex@example.com', password: 'dex-demo-1' },
} as const;

export type Mode = 'light' | 'dark';

export async function newPage(
  browser: Browser,
  options: { width?: number; mode?: Mode } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: inject('baseUrl'),
    viewport: { width: options.width ?? 1366, height: 860 },
  });
  // The console's own light/dark choice, as its mode switch keeps it.
  if (options.mode)
    await context.addInitScript((mode) => localStorage.setItem('mui-mode', mode), options.mode);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/**
 * What `check` finds in light mode and in dark, side by side: for checks that only read the demo
 * business, each in a browser context of its own (`newPage` with the mode), in half the time.
 */
export async function inBothModes<T>(check: (mode: Mode) => Promise<T>): Promise<Record<Mode, T>> {
  const [light, dark] = await Promise.all([check('light'), check('dark')]);
  return { light, dark };
}

/** The console shows the mode the test asked for (MUI marks <html> with it), so a check reads that mode's colours. */
export async function expectMode(page: Page, mode: Mode) {
  await expect
    .poll(async () => (await page.locator('html').getAttribute('class'))?.split(' '))
    .toContain(mode);
}

export async function signInThroughForm(page: Page, account: { email: string; password: string }) {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in now' }).click();
}
