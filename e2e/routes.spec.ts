import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { demo, launchBrowser, newPage, signInThroughForm } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const path = (page: Page) => new URL(page.url()).pathname;

describe('route rules for a signed-out visitor', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => ({ context, page } = await newPage(browser)));
  afterAll(() => context.close());

  it('every protected path leads to sign-in', async () => {
    for (const target of ['/', '/dashboard', '/orders', '/zones', '/account', '/stores/abc/edit']) {
      await page.goto(target);
      await page.waitForURL('**/sign-in');
      expect(path(page), target).toBe('/sign-in');
    }
  });

  it('onboarding stays reachable', async () => {
    await page.goto('/onboarding');
    await page
      .getByRole('heading', { name: /onboarding|welcome/i })
      .first()
      .waitFor();
    expect(path(page)).toBe('/onboarding');
  });
});

describe('route rules for staff', () => {
  it('root goes to the dashboard, unknown paths to the 404 page, sign-in and onboarding back to the dashboard', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, demo.owner);
    await page.waitForURL('**/dashboard');
    await page.goto('/');
    await page.waitForURL('**/dashboard');
    await page.goto('/no/such/place');
    await page.waitForURL('**/not-found');
    await page.getByText("The page you are looking for isn't here.").waitFor();
    await page.goto('/sign-in');
    await page.waitForURL('**/dashboard');
    await page.goto('/onboarding');
    await page.waitForURL('**/dashboard');
    await context.close();
  });

  it('owner-only routes send an admin to the dashboard, and the owner reaches them', async () => {
    const admin = await newPage(browser);
    await signInThroughForm(admin.page, demo.admin);
    await admin.page.waitForURL('**/dashboard');
    for (const target of [
      '/zones',
      '/admins/add',
      '/slides',
      '/coupons',
      '/settings',
      '/push-notifications',
    ]) {
      await admin.page.goto(target);
      await admin.page.waitForURL('**/dashboard');
      expect(path(admin.page), target).toBe('/dashboard');
    }
    await admin.page.goto('/dexs');
    await admin.page.getByRole('heading', { name: 'Delivery Executives' }).first().waitFor();
    expect(path(admin.page)).toBe('/dexs');
    await admin.context.close();

    const owner = await newPage(browser);
    await signInThroughForm(owner.page, demo.owner);
    await owner.page.waitForURL('**/dashboard');
    await owner.page.goto('/zones');
    await owner.page.getByRole('heading', { name: 'Zones' }).first().waitFor();
    expect(path(owner.page)).toBe('/zones');
    await owner.context.close();
  });
});
