/**
 * Passkeys in Chromium (B15, ADR 0049), with the browser's own virtual authenticator (what a
 * laptop's fingerprint reader or a phone does, driven over the DevTools protocol): added on the
 * Account page, then the way in without a password, then the second step after the password, and
 * removed, after which it no longer signs in. On a server of this spec's own reached as
 * `localhost`: a passkey's relying party is a domain, never an IP address.
 */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoFactorMessages } from '@storedesk/shared/auth/two-factor-messages';
import { seriousFindings } from './support/axe.ts';
import { demo, expectMode, launchBrowser, signInThroughForm, type Mode } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { totp } from './support/totp.ts';

let browser: Browser;
let server: RunningServer;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({}, 'localhost'), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A page with a platform authenticator that keeps discoverable passkeys and verifies its user. */
async function pageWithAuthenticator(
  width = 1366,
  mode: Mode = 'light',
): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width, height: 900 } });
  // The console's own light/dark choice, as its mode switch keeps it.
  await context.addInitScript((chosen) => localStorage.setItem('mui-mode', chosen), mode);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { context, page, cdp };
}

async function signOut(context: BrowserContext, page: Page) {
  await context.clearCookies();
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Sign in now' }).waitFor();
}

describe('passkeys (B15)', () => {
  it('adds one on the Account page, signs in with it alone and as the second step, and stops once removed', async () => {
    const { context, page } = await pageWithAuthenticator();
    await signInThroughForm(page, demo.admin);
    await page.waitForURL('**/dashboard');
    await page.goto('/account');
    const card = page.getByRole('region', { name: 'Passkeys' });
    await card.getByText('You have no passkeys yet.').waitFor();

    await card.getByRole('button', { name: 'Add a passkey' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
    await dialog.getByLabel('Name').fill('This laptop');
    await dialog.getByLabel('Current password').fill(demo.admin.password);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Passkey “This laptop” added').waitFor();
    await expect
      .poll(() => card.getByRole('listitem').textContent())
      .toMatch(/^This laptopAdded .* · not used yet/);
    expect(await seriousFindings(page, 'main')).toEqual([]);

    // The way in, with no e-mail and no password.
    await signOut(context, page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL('**/dashboard');
    await page.goto('/account');
    await expect.poll(() => card.getByRole('listitem').textContent()).toMatch(/· last used /);

    // With an authenticator app on, the passkey stands in for its code after the password.
    const started = await page.request.post('/api/account/two-factor/totp', {
      data: { currentPassword: demo.admin.password },
    });
    const { secret } = (await started.json()) as { secret: string };
    const confirmed = await page.request.post('/api/account/two-factor/totp/confirm', {
      data: { code: totp(secret) },
    });
    expect(confirmed.status()).toBe(200);
    await signOut(context, page);
    await page.getByLabel('Email').fill(demo.admin.email);
    await page.getByLabel('Password', { exact: true }).fill(demo.admin.password);
    await page.getByRole('button', { name: 'Sign in now' }).click();
    await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.waitForURL('**/dashboard');

    // Removed, it is refused, and the page says so.
    await page.goto('/account');
    await card.getByRole('button', { name: 'Remove This laptop' }).click();
    const remove = page.getByRole('dialog', { name: 'Remove passkey' });
    await remove.getByLabel('Current password').fill(demo.admin.password);
    await remove.getByRole('button', { name: 'Remove' }).click();
    await page.getByText('Passkey “This laptop” removed').waitFor();
    await signOut(context, page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(twoFactorMessages.passkeyNotAccepted);
    expect(page.url()).toMatch(/\/sign-in$/);
    await context.close();
  });

  it.each(['light', 'dark'] as const)(
    'fits the sign-in page and the passkeys card at 375 px with nothing serious for axe, in %s',
    async (mode) => {
      const { context, page } = await pageWithAuthenticator(375, mode);
      await page.goto('/sign-in');
      await expectMode(page, mode);
      await page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(await seriousFindings(page)).toEqual([]);
      await signInThroughForm(page, demo.owner);
      await page.waitForURL('**/dashboard');
      await page.goto('/account');
      await page
        .getByRole('region', { name: 'Passkeys' })
        .getByRole('button', { name: 'Add a passkey' })
        .waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await expectMode(page, mode);
      expect(await seriousFindings(page, 'main')).toEqual([]);
      await context.close();
    },
  );
});
