/**
 * A new business signs itself up in Chromium, on a server of this spec's own
 * that sends its mail to an SMTP server in the test process: the wizard, the
 * verification mail and its link, Finish, then the new owner's first zone,
 * store and item. The owner signs up with the address and password of the demo
 * business's owner: a second business of the same person, so signing in with
 * them asks which business (ADR 0033).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { makePng } from '../apps/server/src/storage/image-fixtures.ts';
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

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

async function choose(page: Page, combobox: string, option: string) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('onboarding (SPEC §2 Onboarding wizard)', () => {
  it('signs a business up, verifies the e-mail, and its owner adds a zone, a store and an item', async () => {
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 375, height: 800 },
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const suffix = randomUUID().slice(0, 6);
    // The demo owner's address: signing up tells nobody that it has an account already.
    const email = demo.owner.email;
    const businessName = `Green Basket ${suffix}`;

    await page.goto('/sign-in');
    // By keyboard: leaving the e-mail field shows its message, which moves the link down.
    await page.getByRole('link', { name: 'Sign up' }).press('Enter');
    await page.waitForURL('**/onboarding');
    await page.getByRole('button', { name: 'Get started' }).click();

    // Business details: Next says what is missing, then the filled step moves on.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Please upload business logo').waitFor();
    await page.getByLabel('Business logo').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: makePng(64, 64),
    });
    await page.getByRole('img', { name: 'Logo preview' }).waitFor();
    await field(page, 'Business name').fill(businessName);
    await page.getByRole('radio', { name: /Cyan/ }).click();
    await expect.poll(() => page.getByRole('radio', { name: /Cyan/ }).isChecked()).toBe(true);
    await field(page, 'Business description').fill('Fresh greens, delivered.');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByRole('button', { name: 'Next' }).click();

    // User details.
    await page.getByRole('heading', { name: 'User details' }).waitFor();
    await field(page, 'Name').fill('Nisha Owner');
    await field(page, 'Email').fill(email);
    await field(page, 'Phone').fill('9876543210');
    await page.getByLabel('Password', { exact: true }).fill(demo.owner.password);
    await page.getByLabel('Confirm password').fill(demo.owner.password);
    const since = smtp.messages.length;
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Almost there' }).waitFor();

    // The mail arrives. Resend sends a new link, and only the newest one works.
    const first = await smtp.waitFor(email, since);
    const resent = smtp.messages.length;
    await page.getByRole('button', { name: 'Resend link' }).click();
    await page.getByRole('dialog', { name: 'Email sent' }).getByText('Verification email is sent.').waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    const link = smtp.linkOf(await smtp.waitFor(email, resent));
    expect(link.startsWith(`${server.baseUrl}/`)).toBe(true);
    expect(link).not.toBe(smtp.linkOf(first));
    const mailPage = await context.newPage();
    await mailPage.goto(link);
    await mailPage.getByText('Your email is verified.').waitFor();
    await mailPage.close();

    // Finish: signed in to the new, empty business.
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText('Start by adding your first store').waitFor();
    const me = await (await page.request.get('/api/auth/me')).json();
    expect(me).toMatchObject({
      user: { email, name: 'Nisha Owner', level: 1 },
      business: { name: businessName },
    });

    // A zone.
    await page.goto('/zones/add');
    await field(page, 'Name').fill('Riverside');
    await page.getByRole('button', { name: 'Add zone' }).click();
    await page.waitForURL((url) => url.pathname === '/zones');
    await page.getByRole('cell', { name: 'Riverside', exact: true }).first().waitFor();

    // A store in that zone.
    await page.goto('/stores/add');
    await field(page, 'Name').fill('Riverside Greens');
    await choose(page, 'Featured', '1');
    await field(page, 'Location').fill('Riverside Road');
    await field(page, 'Description').fill('Greens and fruit');
    await field(page, 'Phone').fill('+91-9876543210');
    await choose(page, 'Open time', '07:00 AM');
    await choose(page, 'Close time', '10:00 PM');
    const zone = page.getByRole('main').getByRole('combobox', { name: 'Zone' });
    if (await zone.isVisible()) {
      await zone.click();
      await page.getByRole('option', { name: 'Riverside', exact: true }).click();
    }
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'shop.png', mimeType: 'image/png', buffer: makePng(24, 24) });
    const map = page.getByLabel('Store location map');
    const box = (await map.boundingBox())!;
    await map.click({ position: { x: box.width / 2, y: box.height / 2 } });
    await page.getByRole('button', { name: 'Add store' }).click();
    await page.waitForURL((url) => url.pathname === '/stores');
    const stores = await (await page.request.get('/api/stores')).json();
    expect(stores.total).toBe(1);
    const store = stores.items[0];
    expect(store.name).toBe('Riverside Greens');

    // A category and an item in that store.
    await page.goto(`/stores/${store.id}/categories/add`);
    await field(page, 'Name').fill('Greens');
    await page.getByRole('button', { name: 'Add category' }).click();
    await page.waitForURL('**/catalog**');
    await page.goto(`/stores/${store.id}/items/add`);
    await field(page, 'Name').fill('Spinach bunch');
    await page.getByRole('combobox', { name: 'Category', exact: true }).fill('Gre');
    await page.getByRole('option', { name: 'Greens' }).click();
    await field(page, 'Price').fill('30');
    await page.getByRole('button', { name: 'Add item' }).click();
    await page.waitForURL('**/catalog**');
    const items = await (await page.request.get(`/api/stores/${store.id}/items`)).json();
    expect(items.items.map((item: { name: string }) => item.name)).toEqual(['Spinach bunch']);

    // Nothing of the demo business is visible to the new owner.
    const zones = await (await page.request.get('/api/zones')).json();
    expect(zones.items.map((z: { name: string }) => z.name)).not.toContain('Bengaluru');

    // Signed out, the same e-mail and password open both businesses: the console asks which.
    await context.clearCookies();
    await signInThroughForm(page, demo.owner);
    const chooser = page.getByRole('region', { name: 'Choose a business' });
    await chooser.waitFor();
    expect(await chooser.getByRole('button').allTextContents()).toEqual([
      'Demo Fresh Mart',
      businessName,
      'Back',
    ]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await chooser.getByRole('button', { name: 'Demo Fresh Mart' }).click();
    await page.waitForURL('**/dashboard');
    const demoOwner = await (await page.request.get('/api/auth/me')).json();
    expect(demoOwner).toMatchObject({ user: { email, level: 1 }, business: { name: 'Demo Fresh Mart' } });
    await context.close();
  });
});
