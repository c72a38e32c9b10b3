import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { demo, launchBrowser, newPage, signInThroughForm } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

async function signedIn(account: { email: string; password: string }) {
  const opened = await newPage(browser);
  await signInThroughForm(opened.page, account);
  await opened.page.waitForURL('**/dashboard');
  return opened;
}

/** The form's zone picker (the top bar has the owner's zone switcher too). */
async function chooseZone(page: Page, zone: string) {
  const picker = page.getByRole('main').getByRole('combobox', { name: 'Zone' });
  await picker.click();
  await picker.fill(zone);
  await page.getByRole('option', { name: zone, exact: true }).click();
}

async function fillPerson(page: Page, person: { name: string; email: string; phone: string }) {
  await field(page, 'Name').fill(person.name);
  await field(page, 'Email').fill(person.email);
  await field(page, 'Phone').fill(person.phone);
}

const uniqueEmail = (who: string) => `${who}.${randomUUID().slice(0, 8)}@example.com`;

describe('admins and delivery executives', () => {
  it('the owner adds an admin who can then sign in, edits them, and deletes them', async () => {
    const { context, page } = await signedIn(demo.owner);
    const email = uniqueEmail('neha');

    await page.goto('/admins');
    await page.getByRole('link', { name: 'Add Admin' }).click();
    await page.waitForURL('**/admins/add');
    await fillPerson(page, { name: 'Neha Admin', email, phone: '+91-9800005555' });
    await chooseZone(page, 'Mumbai');
    await page.getByLabel(/^Password/).fill('neha-secret-1');
    await page.getByRole('button', { name: 'Add Admin' }).click();
    await page.waitForURL((url) => url.pathname === '/admins');
    await page.getByText('Neha Admin added').waitFor();

    // The new admin signs in to their zone.
    const neha = await newPage(browser);
    await signInThroughForm(neha.page, { email, password: 'neha-secret-1' });
    await neha.page.waitForURL('**/dashboard');
    const me = await (await neha.page.request.get('/api/auth/me')).json();
    expect(me.user).toMatchObject({ name: 'Neha Admin', email, level: 2 });

    // Edit: the password is optional, the name changes.
    await page.getByLabel('Search admins').fill('Neha');
    // As a person would: the list shows the search's one row before it is clicked (it is redrawn then).
    await expect.poll(() => page.getByRole('link', { name: /^Edit / }).count()).toBe(1);
    await page.getByRole('link', { name: 'Edit Neha Admin' }).click();
    await page.waitForURL('**/edit');
    await expect.poll(() => field(page, 'Email').inputValue()).toBe(email);
    expect(await page.getByLabel('Update Password (Optional)').inputValue()).toBe('');
    await field(page, 'Name').fill('Neha Kapoor');
    await page.getByRole('button', { name: 'Save Admin' }).click();
    await page.waitForURL((url) => url.pathname === '/admins');
    await page
      .getByRole('cell', { name: /Neha Kapoor/ })
      .first()
      .waitFor();

    // Delete, after the spec's question; their session ends with it.
    await page.getByRole('button', { name: 'Delete Neha Kapoor' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('You want to delete this user').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Neha Kapoor deleted').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Delete Neha Kapoor' }).count()).toBe(0);
    expect((await neha.page.request.get('/api/auth/me')).status()).toBe(401);

    await neha.context.close();
    await context.close();
  });

  it('the owner adds a delivery executive in a zone', async () => {
    const { context, page } = await signedIn(demo.owner);
    const email = uniqueEmail('farhan');

    await page.goto('/dexs');
    await page.getByRole('link', { name: 'Add Delivery Executive' }).click();
    await page.waitForURL('**/dexs/add');
    await fillPerson(page, { name: 'Farhan Rider', email, phone: '+91-9800006666' });
    await chooseZone(page, 'Mumbai');
    await page.getByLabel(/^Password/).fill('farhan-secret');
    await page.getByRole('button', { name: 'Add Delivery Executive' }).click();
    await page.waitForURL((url) => url.pathname === '/dexs');

    await page.getByLabel('Search delivery executives').fill('Farhan');
    const row = page.getByRole('row').filter({ hasText: 'Farhan Rider' });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining([email, '+91-9800006666', 'Mumbai']),
    );
    // Executives do not sign in to the console (D1).
    const farhan = await newPage(browser);
    await signInThroughForm(farhan.page, { email, password: 'farhan-secret' });
    await farhan.page.getByText("You don't have proper permissions to sign in").waitFor();
    await farhan.context.close();
    await context.close();
  });

  it("an admin manages their zone's executives, with no zone field, and is kept out of the admins", async () => {
    const { context, page } = await signedIn(demo.admin);

    await page.goto('/dexs');
    await page.getByText('Ravi Kumar').first().waitFor();
    expect(await page.getByText('Sameer Shaikh').count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: 'Zone' }).count()).toBe(0);

    await page.getByRole('link', { name: 'Add Delivery Executive' }).click();
    await page.waitForURL('**/dexs/add');
    const email = uniqueEmail('kabir');
    await fillPerson(page, { name: 'Kabir Rider', email, phone: '+91-9800007777' });
    expect(await page.getByRole('main').getByRole('combobox', { name: 'Zone' }).count()).toBe(0);
    await page.getByLabel(/^Password/).fill('kabir-secret');
    await page.getByRole('button', { name: 'Add Delivery Executive' }).click();
    await page.waitForURL((url) => url.pathname === '/dexs');
    await page.getByLabel('Search delivery executives').fill('Kabir');
    await page.getByRole('row').filter({ hasText: 'Kabir Rider' }).waitFor();
    const listed = await (await page.request.get('/api/delivery-executives?q=Kabir')).json();
    expect(listed.items).toEqual([expect.objectContaining({ email, zoneName: 'Bengaluru' })]);

    // The same e-mail again is refused on the Email field, which takes the focus.
    await page.getByRole('link', { name: 'Add Delivery Executive' }).click();
    await fillPerson(page, { name: 'Kabir Again', email, phone: '+91-9800007778' });
    await page.getByLabel(/^Password/).fill('kabir-secret');
    await page.getByRole('button', { name: 'Add Delivery Executive' }).click();
    const emailField = field(page, 'Email');
    await expect.poll(() => emailField.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('This email is already in use').waitFor();
    expect(await emailField.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await page.getByRole('alert').filter({ hasText: 'This email is already in use' }).count()).toBe(0);
    expect(page.url()).toContain('/dexs/add');

    await page.goto('/admins');
    await page.waitForURL('**/dashboard');
    await context.close();
  });
});
