import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatRupees } from '@storedesk/shared/money';
import consoleEnglish from '../apps/console/src/i18n/en.json';
import { demo, launchBrowser, newPage, signInThroughForm } from './support/browser.ts';
import { seriousFindings } from './support/axe.ts';
import { customerPhone, customerWithOrder } from './support/customer.ts';
import { withDatabase } from './support/database.ts';

/*
 * Paying online (B18, ADR 0072) through the stand-in gateway the suite's server is started with: the
 * owner turns on "Pay online" in Settings; a customer's order paid online waits, unseen in the
 * console, until the customer pays at the gateway's checkout on their phone; it then reaches the
 * store, paid; the store adds to it, and the customer pays the difference the same way; cancelled by
 * the customer, both payments are refunded through the gateway.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('paying online', () => {
  it('reaches the store only once paid at the checkout on a phone, takes the difference of a change, and a cancel refunds it', async () => {
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
    await owner.page.getByText(consoleEnglish['orderPage.notFound']).waitFor();

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

    // The store adds one more of a line (ADR 0074): the customer's page asks, live, for the difference.
    await owner.page.getByRole('button', { name: 'Change items' }).click();
    const dialog = owner.page.getByRole('dialog', { name: `Change items of order #${order.number}` });
    const quantity = dialog.getByRole('textbox', { name: /^Quantity of / }).first();
    await quantity.fill(String(Number(await quantity.inputValue()) + 1));
    await dialog.getByRole('button', { name: 'Save items' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await owner.page.getByText(/more to pay online$/).waitFor();
    await owner.page.getByText(/more than was paid: the customer is asked to pay it online/).waitFor();
    const bill = await withDatabase(async (client) => {
      const { rows } = await client.query<{ bill: string }>(
        'SELECT bill_amount_paise AS bill FROM orders WHERE id = $1',
        [order.id],
      );
      return Number(rows[0]!.bill);
    });
    const more = formatRupees(bill - order.billAmountPaise);
    const changePanel = page.getByRole('region', { name: 'Pay for the change' });
    await changePanel.waitFor();
    await page.getByText(`Payment: Pay online · ${more} more to pay`).waitFor();
    expect(await seriousFindings(page)).toEqual([]);
    await changePanel.getByRole('button', { name: `Pay ${more}` }).click();
    await sheet.waitFor();
    await sheet.getByRole('button', { name: `Pay ${more}` }).click();
    await page.getByText('Payment: Pay online · Paid').waitFor();
    await changePanel.waitFor({ state: 'detached' });
    // The store sees it paid, and the timeline says so.
    await owner.page.getByText(new RegExp(`^Paid ${more.replace('.', '\\.')} more online \\(pay_`)).waitFor();
    await owner.page.getByText(/the customer is asked to pay it online/).waitFor({ state: 'detached' });

    // The customer cancels before the store confirms: both payments refunded in full through the gateway.
    await page.getByRole('button', { name: 'Cancel this order' }).click();
    await page.getByRole('button', { name: `Yes, cancel order #${order.number}` }).click();
    await page.getByText(`Refunded: ${formatRupees(bill)}`).waitFor();
    expect(await page.getByTestId('order-status').textContent()).toBe('Cancelled');
    await context.close();
    await owner.context.close();
  });

  it('asks nothing online for a change that adds less than the gateway takes', async () => {
    // The mode the test above added; the order paid, then changed by the store to ₹0.50 more.
    const { session, order } = await customerWithOrder(inject('baseUrl'), inject('dataDir'), 'ONLINE');
    await withDatabase((client) =>
      client.query(
        `UPDATE orders SET state = 1, paid_at = now(), paid_paise = bill_amount_paise,
                bill_amount_paise = bill_amount_paise + 50, version = version + 1
         WHERE id = $1`,
        [order.id],
      ),
    );
    const { context, page } = await customerPhone(browser, inject('shopUrl'));
    await context.addInitScript(
      (value) => localStorage.setItem('storedesk:demo-fresh-mart:session', value),
      JSON.stringify(session),
    );
    await page.goto(`/orders/${order.id}`);
    const changePanel = page.getByRole('region', { name: 'Pay for the change' });
    await changePanel.waitFor();
    await changePanel
      .getByText(
        `changed your order: it now comes to ${formatRupees(order.billAmountPaise + 50)}. The ₹0.50 more is less than can be paid online, so there is nothing to pay here.`,
        { exact: false },
      )
      .waitFor();
    expect(await changePanel.getByRole('button').count()).toBe(0);
    expect(await seriousFindings(page)).toEqual([]);
    await context.close();
  });
});
