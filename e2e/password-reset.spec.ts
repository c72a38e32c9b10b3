/**
 * Forgot password in Chromium (B8), on a server of this spec's own that sends
 * its mail to an SMTP server in the test process: ask for the link, read the
 * mail, follow the link, set a new password, sign in with it.
 */
import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestSmtp, type TestSmtp } from '../apps/server/test/smtp.ts';
import { demo, launchBrowser, signInThroughForm } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

let browser: Browser;
let smtp: TestSmtp;
let server: RunningServer;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startServer({ SMTP_URL: smtp.url });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

async function newPage(width = 1366) {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width, height: 860 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

describe('forgot password (B8)', () => {
  it('mails a link that sets a new password; the old one is refused and the new one signs in', async () => {
    const { context, page } = await newPage(375);
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const violations = (await new AxeBuilder({ page }).analyze()).violations;
    expect(violations.map((v) => v.id)).toEqual([]);

    const since = smtp.messages.length;
    await page.getByLabel('Email').fill(demo.owner.email);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toContain('If an account uses this e-mail, a link to reset its password is on its way.');

    const mail = await smtp.waitFor(demo.owner.email, since);
    expect(mail.from).toContain('Demo Fresh Mart');
    const link = smtp.linkOf(mail);
    expect(link.startsWith(`${server.baseUrl}/reset-password?token=`)).toBe(true);

    await page.goto(link);
    await page.getByLabel('New password').fill('owner-reset-2');
    await page.getByLabel('Confirm password').fill('owner-reset-2');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Your password is changed');

    // The same link again says it has been used.
    await page.goto(link);
    await page.getByLabel('New password').fill('owner-reset-3');
    await page.getByLabel('Confirm password').fill('owner-reset-3');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('This link has already been used.');
    expect(await page.getByRole('link', { name: 'Ask for a new link' }).isVisible()).toBe(true);

    await signInThroughForm(page, demo.owner);
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Incorrect email or password');
    expect(new URL(page.url()).pathname).toBe('/sign-in');

    await signInThroughForm(page, { email: demo.owner.email, password: 'owner-reset-2' });
    await page.waitForURL('**/dashboard');
    await context.close();
  });

  it('a made-up link says it is not valid', async () => {
    const { context, page } = await newPage();
    await page.goto('/reset-password?token=made-up');
    await page.getByLabel('New password').fill('whatever-123');
    await page.getByLabel('Confirm password').fill('whatever-123');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('This link is not valid.');
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await page.waitForURL('**/forgot-password');
    await context.close();
  });
});
