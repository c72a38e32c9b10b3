import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const demo = {
  owner: { email: 'owner@example.com', password: 'owner-demo-1', name: 'Olivia Owner' },
  admin: { email: 'admin@example.com', password: 'admin-demo-1', name: 'Arun Admin' },
  dex: { email: 'dex@example.com', password: 'dex-demo-1' },
} as const;

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    Boolean,
  );
  const found = candidates.find((candidate) => fs.existsSync(candidate!));
  if (!found) throw new Error("No Chromium found: install Debian's chromium or set CHROMIUM_PATH.");
  return found!;
}

/**
 * Debian's Chromium, headless, cut off from everything but this machine.
 * Playwright starts every browser on a fresh temporary profile of its own.
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

export async function newPage(
  browser: Browser,
  options: { width?: number } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: inject('baseUrl'),
    viewport: { width: options.width ?? 1366, height: 860 },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

export async function signInThroughForm(page: Page, account: { email: string; password: string }) {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in now' }).click();
}
