import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@storedesk/shared/messages';
import { seriousFindings } from './support/axe.ts';
import { demo, launchBrowser, newPage, signInThroughForm } from './support/browser.ts';
import { newPhone } from './support/customer.ts';
import { openStoreWithStock, sendCustomerOrder, signInCustomer } from './support/orders.ts';

/*
 * Customers (B15): the owner finds a customer who ordered, signed in, through the customer-app API, blocks
 * them on their page after a confirmation, and their next order is refused with the message that
 * does not say why; unblocked, they order again. Both screens pass axe and fit a phone.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function signInAsOwner(width?: number) {
  const { context, page } = await newPage(browser, width ? { width } : {});
  await signInThroughForm(page, demo.owner);
  await page.waitForURL('**/dashboard');
  return { context, page };
}

const signedIn = new Map<string, Awaited<ReturnType<typeof signInCustomer>>>();

/**
 * Five of the dearest item of an open store, ordered by the customer through the customer-app API,
 * signed in (at their first order) by the code texted to them.
 */
async function orderAs(page: Page, customer: { name: string; phone: string }) {
  const { store, stocked, deliveryAddress } = await openStoreWithStock(page);
  let session = signedIn.get(customer.phone);
  if (!session) {
    session = await signInCustomer(customer, deliveryAddress);
    signedIn.set(customer.phone, session);
  }
  return sendCustomerOrder(session, { storeId: store.id, items: [{ itemId: stocked[0]!.id, quantity: 5 }] });
}

async function findCustomer(page: Page, name: string) {
  await page.goto('/customers');
  await page.getByRole('table', { name: 'Customers' }).waitFor();
  await page.getByRole('searchbox', { name: 'Search by name or phone' }).fill(name);
  await page.keyboard.press('Enter');
  const row = page.getByRole('row').filter({ hasText: name });
  await row.waitFor();
  return row;
}

describe('customers', () => {
  it('a customer blocked in the console cannot order until unblocked', { timeout: 120_000 }, async () => {
    const { context, page } = await signInAsOwner();
    const customer = { name: `Blocky ${Date.now().toString(36)}`, phone: newPhone() };
    const first = await orderAs(page, customer);
    expect(first.status, JSON.stringify(first.body)).toBe(201);

    const row = await findCustomer(page, customer.name);
    expect(await row.textContent()).toContain(customer.phone);
    expect((await row.getByRole('cell').nth(2).textContent())?.trim()).toBe('1');
    expect(await seriousFindings(page)).toEqual([]);

    await row.getByRole('link', { name: customer.name }).click();
    await page.getByRole('heading', { level: 1, name: customer.name }).waitFor();
    await page.getByRole('table', { name: 'Orders of the customer' }).getByRole('link').first().waitFor();
    expect(await seriousFindings(page)).toEqual([]);

    // Block asks first, naming the customer.
    await page.getByRole('button', { name: 'Block', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: `Block ${customer.name}?` });
    await confirm.getByRole('button', { name: 'Block', exact: true }).click();
    await page.getByText(`${customer.name} is blocked`).waitFor();
    await page.getByRole('button', { name: 'Unblock' }).waitFor();

    const refused = await orderAs(page, customer);
    expect(refused).toEqual({
      status: 403,
      body: { error: { code: 'forbidden', message: messages.customerRefused } },
    });
    // The list shows the chip.
    const blockedRow = await findCustomer(page, customer.name);
    expect(await blockedRow.textContent()).toContain('Blocked');

    await blockedRow.getByRole('link', { name: customer.name }).click();
    await page.getByRole('button', { name: 'Unblock' }).click();
    await page
      .getByRole('dialog', { name: `Unblock ${customer.name}?` })
      .getByRole('button', { name: 'Unblock' })
      .click();
    await page.getByText(`${customer.name} can order again`).waitFor();
    const again = await orderAs(page, customer);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    await context.close();
  });

  it('the list and a customer’s page fit a phone 375 px wide', async () => {
    const { context, page } = await signInAsOwner(375);
    const customer = { name: `Phoney ${Date.now().toString(36)}`, phone: newPhone() };
    expect((await orderAs(page, customer)).status).toBe(201);
    const row = await findCustomer(page, customer.name);
    expect(await row.textContent()).toContain('1 order ·');
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await fits()).toBe(true);
    await row.getByRole('link', { name: customer.name }).click();
    await page.getByRole('heading', { level: 1, name: customer.name }).waitFor();
    await page.getByRole('button', { name: 'Block', exact: true }).waitFor();
    expect(await fits()).toBe(true);
    await context.close();
  });
});
