import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, signInThroughForm } from './support/browser.ts';

/** The Mumbai admin of the demo business, so other specs keep their names. */
const mumbaiAdmin = { email: 'admin.mumbai@example.com', password: 'admin-demo-1' };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('/account', () => {
  it('saves new details, shows them in the shell at once and in another tab live', async () => {
    const first = await newPage(browser);
    await signInThroughForm(first.page, mumbaiAdmin);
    await first.page.waitForURL('**/dashboard');
    const second = await first.context.newPage();
    await second.goto('/account');
    await second.getByLabel('Name').waitFor();

    await first.page.goto('/account');
    const name = first.page.getByLabel('Name');
    await expect.poll(() => name.inputValue()).toBe('Mira Admin');
    await name.fill('Mira Kulkarni');
    await first.page.getByLabel('Phone').fill('+91-9811112222');
    await first.page.getByRole('button', { name: 'Save details' }).click();
    await first.page.getByText('Details saved').waitFor();
    const nav = first.page.getByRole('navigation', { name: 'Main' });
    await nav.getByText('Hello, Mira Kulkarni').waitFor();

    // The other tab hears of the change over the live stream, without a reload.
    await expect.poll(() => second.getByLabel('Name').inputValue()).toBe('Mira Kulkarni');

    await first.page.reload();
    await expect.poll(() => first.page.getByLabel('Phone').inputValue()).toBe('+91-9811112222');
    await first.context.close();
  });

  it('refuses an email another person uses, showing the reason', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, mumbaiAdmin);
    await page.waitForURL('**/dashboard');
    await page.goto('/account');
    const email = page.getByLabel('Email');
    await expect.poll(() => email.inputValue()).toBe(mumbaiAdmin.email);
    await email.fill('owner@example.com');
    await page.getByLabel('Current password').fill(mumbaiAdmin.password);
    await page.getByRole('button', { name: 'Save details' }).click();
    await page.getByText('This email is already in use').first().waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(mumbaiAdmin.email);
    await context.close();
  });

  it('a new password needs the current one, then works for the next sign-in', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, mumbaiAdmin);
    await page.waitForURL('**/dashboard');
    await page.goto('/account');
    await page.getByLabel('Update password').fill('a-brand-new-pass-7');
    const current = page.getByLabel('Current password');
    await current.fill('not-the-password');
    await page.getByRole('button', { name: 'Save details' }).click();
    await page.getByText('The current password is not correct').waitFor();
    expect(await current.getAttribute('aria-invalid')).toBe('true');
    await current.fill(mumbaiAdmin.password);
    await page.getByRole('button', { name: 'Save details' }).click();
    await page.getByText('Details saved').waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/sign-in');
    await signInThroughForm(page, { email: mumbaiAdmin.email, password: 'a-brand-new-pass-7' });
    await page.waitForURL('**/dashboard');
    await context.close();
  });
});
