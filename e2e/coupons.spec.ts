import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, launchBrowser, newPage, signInThroughForm } from './support/browser.ts';
import { seriousFindings } from './support/axe.ts';
import { openStoreWithStock, sendStorefrontOrder } from './support/orders.ts';

/*
 * Coupons (D16): the owner creates a coupon in the dialog, a second browser
 * shows it live, the customer app applies it; Close asks first, the coupon
 * leaves both lists, and the customer app refuses it from then on.
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
  await page.goto('/coupons');
  await page.getByRole('table', { name: 'Coupons' }).waitFor();
  return { context, page };
}

/**
 * An order with a coupon through the customer-app API, from the business's own system: five of the
 * dearest item of an open store.
 */
async function orderWithCoupon(page: Page, couponCode: string) {
  const { store, stocked, deliveryAddress } = await openStoreWithStock(page);
  return sendStorefrontOrder({
    customer: { name: 'Coupon Customer', phone: '9811100077' },
    storeId: store.id,
    items: [{ itemId: stocked[0]!.id, quantity: 5 }],
    deliveryAddress,
    couponCode,
  });
}

describe('coupons', () => {
  it('the owner creates a coupon that shows live elsewhere and applies at checkout, then closes it', async () => {
    const a = await signInAsOwner();
    const b = await signInAsOwner();
    const code = `E2E${randomUUID().replace(/-/g, '').slice(0, 6).toUpperCase()}`;

    // The dialog starts with a generated code, which the owner replaces with their own.
    await a.page.getByRole('button', { name: 'Create new coupon' }).first().click();
    const dialog = a.page.getByRole('dialog', { name: 'Create new coupon' });
    const codeField = dialog.getByRole('textbox', { name: 'Code' });
    await expect.poll(() => codeField.inputValue()).toMatch(/^[A-Z2-9]{8}$/);
    expect(await seriousFindings(a.page)).toEqual([]);
    await codeField.fill(code);
    await dialog.getByRole('textbox', { name: 'Name' }).fill('End-to-end tenner');
    await dialog.getByRole('textbox', { name: 'Expires at' }).fill('31/12/2099');
    await dialog.getByRole('textbox', { name: 'Discount percent' }).fill('10');
    await dialog.getByRole('textbox', { name: 'Max discount' }).fill('50');
    await dialog.getByRole('textbox', { name: 'Min order value' }).fill('0');
    await dialog.getByRole('textbox', { name: 'Usage limit' }).fill('100');
    expect(await dialog.getByLabel('Start time').inputValue()).toBe('00:00');
    expect(await dialog.getByLabel('End time').inputValue()).toBe('23:59');
    await dialog.getByRole('button', { name: 'Create coupon' }).click();

    await a.page.getByText(`Coupon ${code} created`).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const rowA = a.page.getByRole('row').filter({ hasText: code });
    await rowA.waitFor();
    expect(await rowA.textContent()).toContain('10% up to ₹50.00');
    expect(await rowA.textContent()).toContain('0 / 100');

    // Live in the second browser, without a reload.
    const rowB = b.page.getByRole('row').filter({ hasText: code });
    await rowB.waitFor({ timeout: 10_000 });

    // The customer app applies it: 10% of the items, at most ₹50.00.
    const applied = await orderWithCoupon(a.page, code.toLowerCase());
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    expect(applied.body.couponCode).toBe(code);
    expect(applied.body.discountPaise).toBeGreaterThan(0);
    expect(applied.body.discountPaise).toBeLessThanOrEqual(5_000);
    await a.page.reload();
    await expect.poll(() => rowA.textContent()).toContain('1 / 100');

    // Close asks first, naming the coupon.
    await rowA.getByRole('button', { name: `Close coupon ${code}` }).click();
    const confirm = a.page.getByRole('dialog', { name: 'Close coupon' });
    expect(await confirm.textContent()).toContain(
      `Close coupon ${code}? Customers will not be able to use it any more.`,
    );
    await confirm.getByRole('button', { name: 'Close coupon' }).click();
    await a.page.getByText(`Coupon ${code} closed`).waitFor();
    await rowA.waitFor({ state: 'detached' });
    await rowB.waitFor({ state: 'detached', timeout: 10_000 });

    // The customer app refuses it from then on.
    const refused = await orderWithCoupon(a.page, code);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: { fields: { couponCode: 'This coupon is no longer available' } },
    });

    await a.context.close();
    await b.context.close();
  });

  it('a code the business has already is refused on the Code field', async () => {
    const { context, page } = await signInAsOwner();
    await page.getByRole('button', { name: 'Create new coupon' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create new coupon' });
    // The demo's FRESH10, typed in another case.
    await dialog.getByRole('textbox', { name: 'Code' }).fill('fresh10');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Copy');
    await dialog.getByRole('textbox', { name: 'Expires at' }).fill('31/12/2099');
    await dialog.getByRole('textbox', { name: 'Discount percent' }).fill('5');
    await dialog.getByRole('textbox', { name: 'Max discount' }).fill('20');
    await dialog.getByRole('textbox', { name: 'Min order value' }).fill('0');
    await dialog.getByRole('textbox', { name: 'Usage limit' }).fill('10');
    await dialog.getByRole('button', { name: 'Create coupon' }).click();
    await dialog.getByText('A coupon with this code already exists').waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Code' }).getAttribute('aria-invalid')).toBe('true');
    await context.close();
  });

  it('on a phone the list and the dialog fit 375 px without sideways scrolling', async () => {
    const { context, page } = await signInAsOwner(375);
    await page.getByRole('row').filter({ hasText: 'FREEDEL' }).waitFor();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await seriousFindings(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create new coupon' }).first().click();
    await page.getByRole('dialog', { name: 'Create new coupon' }).waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await context.close();
  });
});
