import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { demo, expectMode, launchBrowser, newPage, signInThroughForm } from './support/browser.ts';
import { seriousFindings, untilStill } from './support/axe.ts';

let browser: Browser;
let contexts: BrowserContext[] = [];
/** Two owners at once: A saves, B watches without reloading (D10). */
let a: Page;
let b: Page;

async function signedInOwner(width?: number): Promise<Page> {
  const { context, page } = await newPage(browser, { width });
  contexts.push(context);
  await signInThroughForm(page, demo.owner);
  await page.waitForURL('**/dashboard');
  return page;
}

beforeAll(async () => {
  browser = await launchBrowser();
  a = await signedInOwner();
  b = await signedInOwner(375);
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  contexts = [];
  await browser?.close();
});

async function openTab(page: Page, tab: string) {
  await page.goto(`/settings?tab=${tab}`);
}

/** B's page has not been reloaded since it opened the tab: it sees A's saves by the live stream alone. */
async function noReloadSince(page: Page, marker: string) {
  expect(await page.evaluate(() => (window as unknown as { settingsMarker?: string }).settingsMarker)).toBe(
    marker,
  );
}
async function mark(page: Page): Promise<string> {
  const marker = randomUUID();
  await page.evaluate((value) => {
    (window as unknown as { settingsMarker?: string }).settingsMarker = value;
  }, marker);
  return marker;
}

/** The page scrolls no wider than the window: nothing runs off a 375 px phone. */
async function fitsWidth(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('settings', () => {
  it('Payment Modes: switch, reason, a new mode and its delete show live in a second browser', async () => {
    await openTab(a, 'payment-modes');
    await openTab(b, 'payment-modes');
    const codOnB = b.getByRole('switch', { name: 'Cash on delivery enabled' });
    await expect.poll(() => codOnB.isChecked()).toBe(true);
    const marker = await mark(b);

    // A switches cash on delivery off; B's switch follows.
    await a.getByRole('switch', { name: 'Cash on delivery enabled' }).click();
    await a.getByText('Cash on delivery disabled').waitFor();
    await expect.poll(() => codOnB.isChecked()).toBe(false);
    await b.getByText('No reason given').waitFor();

    // A gives the reason, which the dialog takes only while the mode is disabled.
    await a.getByRole('button', { name: 'Edit Cash on delivery' }).click();
    const dialog = a.getByRole('dialog', { name: 'Edit Cash on delivery' });
    await dialog
      .getByRole('textbox', { name: 'Reason for disabling' })
      .fill('No change for large notes today');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await a.getByText('Cash on delivery saved').waitFor();
    await b.getByText('Reason: No change for large notes today').waitFor();

    // A adds a card mode; B sees it, then sees it go.
    await a.getByRole('button', { name: 'Add payment mode' }).click();
    const add = a.getByRole('dialog', { name: 'Add payment mode' });
    await add.getByRole('combobox', { name: 'Type' }).click();
    await a.getByRole('option', { name: 'Card' }).click();
    await add.getByRole('textbox', { name: 'Title' }).fill('Card on delivery');
    await add.getByRole('button', { name: 'Add' }).click();
    await a.getByText('Card on delivery added').waitFor();
    await b.getByRole('heading', { name: 'Card on delivery' }).waitFor();
    await fitsWidth(b);

    await a.getByRole('button', { name: 'Delete Card on delivery' }).click();
    const confirm = a.getByRole('dialog', { name: 'Delete payment mode' });
    await confirm.getByText('Are you sure? You want to delete the payment mode “Card on delivery”').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await a.getByText('Card on delivery deleted').waitFor();
    await b.getByRole('heading', { name: 'Card on delivery' }).waitFor({ state: 'detached' });

    // Switched on again, the reason is gone on both.
    await a.getByRole('switch', { name: 'Cash on delivery enabled' }).click();
    await expect.poll(() => codOnB.isChecked()).toBe(true);
    await b.getByText('Reason: No change for large notes today').waitFor({ state: 'detached' });
    await noReloadSince(b, marker);
  });

  it('Order Settings: three decimals are refused; a saved minimum shows live in a second browser', async () => {
    await openTab(a, 'order');
    await openTab(b, 'order');
    const minimumOnA = a.getByRole('textbox', { name: 'Minimum order value' });
    const minimumOnB = b.getByRole('textbox', { name: 'Minimum order value' });
    await expect.poll(() => minimumOnB.inputValue()).toMatch(/^\d+\.\d\d$/);
    const before = await minimumOnA.inputValue();
    const charges = await a.getByRole('textbox', { name: 'Standard delivery charges' }).inputValue();
    const marker = await mark(b);

    // Three decimals are refused on the field, before anything is sent.
    await minimumOnA.fill('120.555');
    await a.getByRole('button', { name: 'Save' }).click();
    await a.getByText('Enter an amount in rupees, such as 140.50').waitFor();

    await minimumOnA.fill('149.50');
    await a.getByRole('button', { name: 'Save' }).click();
    await a.getByText('Order settings saved').waitFor();
    await expect.poll(() => minimumOnB.inputValue()).toBe('149.50');
    await expect
      .poll(async () => (await (await a.request.get('/api/settings/order')).json()).minimumOrderPaise)
      .toBe(14_950);
    await fitsWidth(b);
    await noReloadSince(b, marker);

    // Back as it was, for the other journeys on this demo.
    await minimumOnA.fill(before);
    await a.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => minimumOnB.inputValue()).toBe(before);
    expect(await b.getByRole('textbox', { name: 'Standard delivery charges' }).inputValue()).toBe(charges);
  });

  it('Referral Settings: a saved program shows live in a second browser', async () => {
    await openTab(a, 'referral');
    await openTab(b, 'referral');
    const nameOnA = a.getByRole('textbox', { name: 'Name' });
    const nameOnB = b.getByRole('textbox', { name: 'Name' });
    await expect.poll(() => nameOnB.inputValue()).not.toBe('');
    const before = await nameOnA.inputValue();
    const marker = await mark(b);

    // While on, every field is required.
    await a.getByRole('textbox', { name: 'Valid for days' }).fill('');
    await a.getByRole('button', { name: 'Save' }).click();
    await a.getByText('is required').waitFor();

    const name = `Invite a neighbour ${randomUUID().slice(0, 4)}`;
    await nameOnA.fill(name);
    await a.getByRole('textbox', { name: 'Valid for days' }).fill('45');
    await a.getByRole('textbox', { name: 'Discount percent' }).fill('15');
    await a.getByRole('button', { name: 'Save' }).click();
    await a.getByText('Referral settings saved').waitFor();
    await expect.poll(() => nameOnB.inputValue()).toBe(name);
    expect(await b.getByRole('textbox', { name: 'Valid for days' }).inputValue()).toBe('45');
    expect(await b.getByRole('textbox', { name: 'Discount percent' }).inputValue()).toBe('15');

    // Switched off on A: B's fields grey out.
    await a.getByRole('switch', { name: 'Referral program on' }).click();
    await a.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => nameOnB.isDisabled()).toBe(true);
    await fitsWidth(b);
    await noReloadSince(b, marker);

    await a.getByRole('switch', { name: 'Referral program on' }).click();
    await nameOnA.fill(before);
    await a.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => nameOnB.inputValue()).toBe(before);
  });

  it('Helplines: an added, edited and deleted helpline shows live in a second browser', async () => {
    await openTab(a, 'helplines');
    await openTab(b, 'helplines');
    await b.getByRole('region', { name: 'Helplines' }).waitFor();
    const marker = await mark(b);
    const title = `Night line ${randomUUID().slice(0, 4)}`;

    await a.getByRole('button', { name: 'Add helpline' }).click();
    const add = a.getByRole('dialog', { name: 'Add helpline' });
    await add.getByRole('textbox', { name: 'Phone number' }).fill('98450 call');
    await add.getByRole('button', { name: 'Add' }).click();
    await add.getByText('Enter helpline title').waitFor();
    await add.getByText('Enter valid phone number').waitFor();
    await add.getByRole('textbox', { name: 'Title' }).fill(title);
    await add.getByRole('textbox', { name: 'Phone number' }).fill('080-2345-6789');
    await add.getByRole('button', { name: 'Add' }).click();
    await a.getByText(`${title} added`).waitFor();
    await b.getByRole('heading', { name: title }).waitFor();
    await b.getByRole('link', { name: '080-2345-6789' }).waitFor();

    await a.getByRole('button', { name: `Edit ${title}` }).click();
    const edit = a.getByRole('dialog', { name: `Edit ${title}` });
    await edit.getByRole('textbox', { name: 'Phone number' }).fill('+91 80 2345 0000');
    await edit.getByRole('button', { name: 'Save' }).click();
    await a.getByText(`${title} saved`).waitFor();
    await b.getByRole('link', { name: '+91 80 2345 0000' }).waitFor();
    await fitsWidth(b);

    await a.getByRole('button', { name: `Delete ${title}` }).click();
    const confirm = a.getByRole('dialog', { name: 'Delete helpline' });
    await confirm.getByText(`Are you sure? You want to delete the helpline “${title}”`).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await a.getByText(`${title} deleted`).waitFor();
    await b.getByRole('heading', { name: title }).waitFor({ state: 'detached' });
    await noReloadSince(b, marker);
  });

  it('Notifications: SMS when Confirmed stays on after a reload; no serious accessibility finding at 1366 px light and 375 px dark', async () => {
    await openTab(a, 'notifications');
    const darkTheme = a.getByRole('switch', { name: 'Dark theme' });
    if (await darkTheme.isChecked()) await darkTheme.click();
    await expectMode(a, 'light');
    const confirmedOnA = a.getByRole('switch', { name: 'SMS when Confirmed' });
    await confirmedOnA.waitFor();
    expect(await confirmedOnA.isChecked()).toBe(false);
    await a.getByText('Sent to customers who ask for WhatsApp updates in the app.').waitFor();
    await untilStill(a);
    expect(await seriousFindings(a, '[role="tabpanel"]'), '1366 px light').toEqual([]);

    await confirmedOnA.click();
    await a.getByRole('button', { name: 'Save' }).click();
    await a.getByText('Notification settings saved').waitFor();
    await a.reload();
    await confirmedOnA.waitFor();
    expect(await confirmedOnA.isChecked()).toBe(true);
    expect(await a.getByRole('switch', { name: 'WhatsApp when Confirmed' }).isChecked()).toBe(false);
    const sms = async () =>
      ((await (await a.request.get('/api/settings/notifications')).json()) as { sms: object }).sms;
    expect(await sms()).toEqual({
      confirmed: true,
      pickedUp: false,
      delivered: false,
      cancelled: false,
    });

    // A phone in dark mode shows the same, within its width.
    const { context, page: phone } = await newPage(browser, { width: 375, mode: 'dark' });
    contexts.push(context);
    await signInThroughForm(phone, demo.owner);
    await phone.waitForURL('**/dashboard');
    await openTab(phone, 'notifications');
    await expectMode(phone, 'dark');
    const confirmedOnPhone = phone.getByRole('switch', { name: 'SMS when Confirmed' });
    await confirmedOnPhone.waitFor();
    expect(await confirmedOnPhone.isChecked()).toBe(true);
    await untilStill(phone);
    expect(await seriousFindings(phone, '[role="tabpanel"]'), '375 px dark').toEqual([]);
    await fitsWidth(phone);

    // Back as it was, for the other journeys on this demo (no order texts its customer); the phone follows live.
    await confirmedOnA.click();
    await a.getByRole('button', { name: 'Save' }).click();
    await a.getByText('Notification settings saved').waitFor();
    await expect.poll(() => confirmedOnPhone.isChecked()).toBe(false);
    expect(await sms()).toEqual({
      confirmed: false,
      pickedUp: false,
      delivered: false,
      cancelled: false,
    });
  });

  // The wide browser light and dark (the theme is kept per browser), the phone light.
  it.each([
    ['wide', false],
    ['wide', true],
    ['375 px', false],
  ] as const)(
    'the four tabs and their dialogs have no serious accessibility finding (%s, dark: %s)',
    async (size, dark) => {
      const page = size === 'wide' ? a : b;
      await openTab(page, 'payment-modes');
      if (page === a) {
        const toggle = page.getByRole('switch', { name: 'Dark theme' });
        if ((await toggle.isChecked()) !== dark) await toggle.click();
        await expectMode(page, dark ? 'dark' : 'light');
      }
      for (const tab of ['payment-modes', 'order', 'referral', 'helplines']) {
        await openTab(page, tab);
        await page.getByRole('tabpanel').getByRole('button').first().waitFor();
        // Colours ease in over MUI's transitions; axe reads them once they have settled.
        await untilStill(page);
        expect(await seriousFindings(page, '[role="tabpanel"]'), tab).toEqual([]);
      }
      await openTab(page, 'payment-modes');
      await page.getByRole('button', { name: 'Edit UPI' }).click();
      await page.getByRole('dialog', { name: 'Edit UPI' }).waitFor();
      await untilStill(page);
      expect(await seriousFindings(page, '[role="dialog"]'), 'UPI dialog').toEqual([]);
      await page.keyboard.press('Escape');
      await openTab(page, 'helplines');
      await page.getByRole('button', { name: 'Add helpline' }).click();
      await page.getByRole('dialog', { name: 'Add helpline' }).waitFor();
      await untilStill(page);
      expect(await seriousFindings(page, '[role="dialog"]'), 'helpline dialog').toEqual([]);
      await page.keyboard.press('Escape');
      if (dark) await page.getByRole('switch', { name: 'Dark theme' }).click();
    },
  );

  it('an admin is kept out of the settings and their endpoints', async () => {
    const { context, page } = await newPage(browser);
    contexts.push(context);
    await signInThroughForm(page, demo.admin);
    await page.waitForURL('**/dashboard');
    await page.goto('/settings?tab=payment-modes');
    await page.waitForURL('**/dashboard');
    for (const path of ['payment-modes', 'helplines', 'referral']) {
      expect((await page.request.get(`/api/settings/${path}`)).status(), path).toBe(403);
    }
    // Order settings are read by every staff member (the order page prints on confirming by them, ADR 0048),
    // and changed by the owner only.
    expect((await page.request.get('/api/settings/order')).status()).toBe(200);
    const saved = (await (await page.request.get('/api/settings/order')).json()) as Record<string, unknown>;
    const { updatedAt: _updatedAt, ...values } = saved;
    expect((await page.request.put('/api/settings/order', { data: values })).status()).toBe(403);
  });
});
