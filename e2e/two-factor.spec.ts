import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousFindings } from './support/axe.ts';
import { expectMode, launchBrowser, newPage, signInThroughForm } from './support/browser.ts';
import { withDatabase } from './support/database.ts';
import { totp } from './support/totp.ts';

/**
 * An owner of a business of its own, so that no other spec's sign-in as the
 * demo owner meets a second step.
 */
const owner = {
  email: `owner.${randomBytes(4).toString('hex')}@two-step.example`,
  password: 'two-step-pass-1',
};

/** The recovery codes the setup showed. */
let codes: string[] = [];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  const passwordHash = await hash(owner.password, {
    algorithm: 2,
    memoryCost: 19_456,
    timeCost: 2,
    parallelism: 1,
  });
  await withDatabase(async (client) => {
    const tag = randomBytes(4).toString('hex');
    const business = await client.query<{ id: string }>(
      `INSERT INTO businesses (name, theme, storefront_key, slug)
       VALUES ($1, '{"primaryColor":"#1b5e20","accentColor":"#ff6f00","textPrimary":"#212121"}', $2, $3) RETURNING id`,
      [`Two Step Foods ${tag}`, `pk_two_step_${tag}`, `two-step-${tag}`],
    );
    const businessId = business.rows[0]!.id;
    const zone = await client.query<{ id: string }>(
      `INSERT INTO zones (business_id, name) VALUES ($1, 'Central') RETURNING id`,
      [businessId],
    );
    await client.query(
      `INSERT INTO users (business_id, zone_id, level, name, email, phone, password_hash, email_verified_at)
       VALUES ($1, $2, 1, 'Tara Owner', $3, '+91-9000012345', $4, now())`,
      [businessId, zone.rows[0]!.id, owner.email, passwordHash],
    );
  });
});
afterAll(async () => {
  await browser?.close();
  // Its wrong codes count against this address (127.0.0.1) as wrong passwords do: later specs sign in
  // from the same address, so the counts end with this spec.
  await withDatabase((client) => client.query('DELETE FROM sign_in_throttle'));
});

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL('**/sign-in');
}

describe('two-step sign-in', () => {
  it('an owner turns it on, then signs in with a code and once with a recovery code', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, owner);
    await page.waitForURL('**/dashboard');

    await page.goto('/account');
    const card = page.getByRole('region', { name: 'Two-step sign-in' });
    await card.getByRole('button', { name: 'Turn on' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn on two-step sign-in' });
    await dialog.getByLabel('Current password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByText('The current password is not correct').waitFor();
    await dialog.getByLabel('Current password').fill(owner.password);
    await dialog.getByRole('button', { name: 'Continue' }).click();

    await dialog.getByRole('img', { name: 'QR code of the authenticator secret' }).waitFor();
    const secret = (await dialog.getByLabel('Authenticator secret', { exact: true }).textContent())!.replace(
      /\s/g,
      '',
    );
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await seriousFindings(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByLabel('Code from the app').fill(totp(secret));
    await dialog.getByRole('button', { name: 'Confirm' }).click();

    const saving = page.getByRole('dialog', { name: 'Save your recovery codes' });
    const list = saving.getByRole('list', { name: 'Recovery codes' });
    await list.waitFor();
    codes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
    expect(codes).toHaveLength(10);
    expect(await seriousFindings(page, '[role="dialog"]')).toEqual([]);
    const done = saving.getByRole('button', { name: 'Done' });
    expect(await done.isDisabled()).toBe(true);
    await saving.getByLabel('I have saved my recovery codes').check();
    await done.click();
    await page.getByText('Two-step sign-in is on').waitFor();
    await card.getByText('10 recovery codes left.').waitFor();
    expect(await seriousFindings(page)).toEqual([]);

    // The password alone no longer signs in: the code computed here does.
    await signOut(page);
    await signInThroughForm(page, owner);
    await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
    expect(page.url()).toMatch(/\/sign-in$/);
    expect(await seriousFindings(page)).toEqual([]);
    // The next step's code: the one confirmed at setup is used up.
    await page.getByLabel('Code', { exact: true }).fill(totp(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/dashboard');

    // A recovery code works once.
    for (const attempt of ['first', 'again'] as const) {
      await signOut(page);
      await signInThroughForm(page, owner);
      await page.getByRole('button', { name: 'Use a recovery code' }).click();
      await page.getByLabel('Recovery code').fill(codes[0]!);
      await page.getByRole('button', { name: 'Verify' }).click();
      if (attempt === 'first') await page.waitForURL('**/dashboard');
      else await page.getByRole('alert').getByText('That code is not correct').waitFor();
    }
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Sign in now' }).waitFor();

    await context.close();
  });

  it('reads at 375 px wide in dark mode: the second step and the Account page’s section', async () => {
    const { context, page } = await newPage(browser, { width: 375, mode: 'dark' });
    await signInThroughForm(page, owner);
    await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
    await expectMode(page, 'dark');
    const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await scrollWidth()).toBeLessThanOrEqual(375);
    expect(await seriousFindings(page)).toEqual([]);

    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(codes[1]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/dashboard');
    await page.goto('/account');
    const card = page.getByRole('region', { name: 'Two-step sign-in' });
    await card.getByText('8 recovery codes left.').waitFor();
    expect(await scrollWidth()).toBeLessThanOrEqual(375);
    expect(await seriousFindings(page)).toEqual([]);
    await context.close();
  });
});
