import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatRupees } from '@storedesk/shared/money';
import { orderNotFoundText } from '../apps/console/src/features/orders/order-words.ts';
import { demo, launchBrowser, newPage, signInThroughForm } from './support/browser.ts';
import { seriousFindings } from './support/axe.ts';
import { customerPhone, customerWithOrder } from './support/customer.ts';

/*
 * Paying online (B18, ADR 0072) through the stand-in gateway the suite's server is started with: the
 * owner turns on "Pay online" in Settings; a customer's order paid online waits, unseen in the
 * console, until the customer pays at the gateway's checkout on their phone; it then reaches the
 * store, paid; cancelled by the customer, it is refunded through the gateway.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('paying online', () => {
  it('reaches the store only once paid at the checkout on a phone, and a cancel refunds it', async () => {
    // The owner adds the mode in Settings (the server has a gateway, so it is taken).
    const owner = await newPage(browser);
    await signInThroughForm(owner.page, demo.owner);
    await owner.page.waitForURL('**/dashboard');
    await owner.page.goto('/settings?tab=payment-modes');
    await owner.page.getByRole('button', { name: 'Add payment mode' }).click();
    const add = owner.page.getByRole('dialog', { name: 'Add payment mode' });
    await add.getByRole('combobox', { name: 'Type' }).click();
    await owner.page.getByRole('option', { name: 'Pay online' }).click();
    await add.getByRole('textbox', { name: 'Title' }).fill('Pay online');
    await add.getByRole('button', { name: 'Add' }).click();
    await owner.page.getByText('Pay online added').waitFor();

    const { session, order } = await customerWithOrder(inject('baseUrl'), inject('dataDir'), 'ONLINE');
    // Not paid yet: the store does not see it.
    await owner.page.goto(`/orders/${order.id}`);
    await owner.page.getByText(orderNotFoundText).waitFor();

    const { context, page } = await customerPhone(browser, inject('shopUrl'));
    await context.addInitScript(
      (value) => localStorage.setItem('storedesk:demo-fresh-mart:session', value),
      JSON.stringify(session),
    );
    await page.goto(`/orders/${order.id}`);
    await page.getByText('Waiting for your payment: the store sees your order once it is paid.').waitFor();
    const payPanel = page.getByRole('region', { name: 'Pay online' });
    await payPanel.waitFor();
    expect(await seriousFindings(page)).toEqual([]);
    const amount = formatRupees(order.billAmountPaise);
    await payPanel.getByRole('button', { name: `Pay ${amount}` }).click();

    // The gateway's checkout (the stand-in's sheet), paid there.
    const sheet = page.getByRole('dialog', { name: 'Stand-in gateway checkout' });
    await sheet.waitFor();
    await sheet.getByRole('button', { name: `Pay ${amount}` }).click();
    await page.getByText('Payment: Pay online · Paid').waitFor();
    await payPanel.waitFor({ state: 'detached' });
    expect(await page.getByTestId('order-status').textContent()).toBe('Placed');

    // Now the store has it, paid.
    await owner.page.goto(`/orders/${order.id}`);
    await owner.page.getByRole('heading', { name: `Order #${order.number}` }).waitFor();
    await owner.page
      .getByText(/^Paid online \(pay_/)
      .first()
      .waitFor();

    // The customer cancels before the store confirms: refunded in full through the gateway.
    await page.getByRole('button', { name: 'Cancel this order' }).click();
    await page.getByRole('button', { name: `Yes, cancel order #${order.number}` }).click();
    await page.getByText(`Refunded: ${amount}`).waitFor();
    expect(await page.getByTestId('order-status').textContent()).toBe('Cancelled');
    await context.close();
    await owner.context.close();
  });
});
