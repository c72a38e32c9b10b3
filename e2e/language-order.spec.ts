import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousFindings } from './support/axe.ts';
import { demo, launchBrowser, newPage, signInThroughForm } from './support/browser.ts';
import { codeTextedTo, demoStoreAndItem, newPhone } from './support/customer.ts';
import { fitsWidth, hindiPhone, htmlLang, languagePhone } from './support/languages.ts';

/*
 * A whole order in the customer's language and its delivery in the rider's (B19, ADR 0076): a
 * customer on a phone set to Hindi finds an item, signs in with the texted code, saves an address
 * and places the order, all in Hindi; the store gives it to the demo executive, whose phone is set
 * to Kannada, and who picks it up and delivers it with the customer's code, in Kannada; the
 * customer's page follows in Hindi. Every screen fits the phone's 375 px and axe finds nothing
 * serious on it.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function screenIsSound(page: Page) {
  expect(await fitsWidth(page)).toBe(true);
  expect(await seriousFindings(page)).toEqual([]);
}

/** The owner gives the order to the demo executive, confirming it (the console's own call); its number. */
async function giveToDemoExecutive(page: Page, orderId: string): Promise<number> {
  const answer = await page.evaluate(async (id) => {
    const order = (await (await fetch(`/api/orders/${id}`)).json()) as { version: number; number: number };
    const executives = (await (await fetch('/api/delivery-executives')).json()) as {
      items: { id: string; name: string }[];
    };
    const dev = executives.items.find((each) => each.name === 'Dev Executive')!;
    const res = await fetch(`/api/orders/${id}/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 1, dexId: dev.id, version: order.version }),
    });
    return { status: res.status, number: order.number };
  }, orderId);
  expect(answer.status).toBe(200);
  return answer.number;
}

describe('an order in Hindi, delivered in Kannada', () => {
  it(
    'places the whole order on a Hindi phone and delivers it on a Kannada one',
    { timeout: 180_000 },
    async () => {
      const { itemName } = await demoStoreAndItem();
      const customer = await hindiPhone(browser, inject('shopUrl'), 'shop');
      const rider = await languagePhone(browser, inject('baseUrl'), 'deliver', 'kn-IN');
      const staff = await newPage(browser);
      try {
        const page = customer.page;
        // The store, its item found by the store's search, in the cart: Hindi throughout.
        await page.goto('/');
        await page.getByRole('button', { name: 'मेरी लोकेशन लें' }).click();
        await page
          .getByRole('list', { name: 'यहाँ डिलीवरी करने वाले स्टोर' })
          .getByRole('link', { name: /Fresh Mart Koramangala/ })
          .click();
        const items = page.getByRole('list', { name: 'सामान' });
        await items.waitFor();
        expect(await htmlLang(page)).toBe('hi');
        await page.getByRole('searchbox').fill(itemName);
        await items.getByRole('button', { name: / जोड़ें$/ }).first().click();
        await screenIsSound(page);
        await page.getByRole('link', { name: /^कार्ट देखें · 1 सामान · ₹[\d,]+\.\d{2}$/ }).click();
        await page.getByText('कुल देय').waitFor();
        await screenIsSound(page);

        // Signs in with the texted code, in Hindi.
        await page.getByRole('link', { name: 'ऑर्डर करने के लिए साइन इन करें' }).click();
        await page.getByRole('heading', { name: 'साइन इन' }).waitFor();
        await screenIsSound(page);
        const phone = newPhone();
        await page.getByLabel('फ़ोन नंबर').fill(phone);
        await page.getByRole('button', { name: 'कोड भेजें' }).click();
        await page.getByLabel('कोड', { exact: true }).fill(await codeTextedTo(inject('dataDir'), phone));
        await page.getByLabel('आपका नाम (अगर आप यहाँ नए हैं)').fill('Meena Sharma');
        await page.getByRole('button', { name: 'साइन इन करें', exact: true }).click();

        // Back at the cart: an address saved, then the order placed.
        await page.getByLabel('मकान, गली और इलाका').fill('12, 6th Cross, Koramangala 5th Block');
        await screenIsSound(page);
        await page.getByRole('button', { name: 'पता सेव करें' }).click();
        await page.getByRole('radio', { name: /12, 6th Cross/ }).waitFor();
        await page.getByRole('button', { name: /^ऑर्डर करें · ₹/ }).click();
        const status = page.getByTestId('order-status');
        await expect.poll(() => status.textContent()).toBe('ऑर्डर हो गया');
        expect(await page.locator('main').innerText()).not.toMatch(/Placed|Delivery code|Your order/);
        await screenIsSound(page);
        const code = /(\d{4})/.exec((await page.getByText(/^डिलीवरी कोड/).textContent())!)![1]!;
        const orderId = page.url().split('/').at(-1)!;

        // The store gives it to the executive.
        await signInThroughForm(staff.page, demo.owner);
        await staff.page.waitForURL('**/dashboard');
        const number = await giveToDemoExecutive(staff.page, orderId);
        await expect.poll(() => status.textContent()).toBe('कन्फ़र्म');

        // The executive, on a Kannada phone: on duty, the order, picked up, delivered with the code.
        const deliver = rider.page;
        await deliver.goto('/deliver');
        await deliver.getByRole('heading', { name: 'ಸೈನ್ ಇನ್' }).waitFor();
        expect(await htmlLang(deliver)).toBe('kn');
        await deliver.getByLabel('ಇಮೇಲ್').fill(demo.dex.email);
        await deliver.getByLabel('ಪಾಸ್‌ವರ್ಡ್', { exact: true }).fill(demo.dex.password);
        await deliver.getByRole('button', { name: 'ಸೈನ್ ಇನ್ ಮಾಡಿ' }).click();
        await deliver.getByRole('heading', { name: 'ನನ್ನ ಆರ್ಡರ್‌ಗಳು' }).waitFor();
        const duty = deliver.getByRole('switch');
        if ((await duty.getAttribute('aria-checked')) !== 'true') await duty.click();
        await expect.poll(() => duty.getAttribute('aria-checked')).toBe('true');
        const order = deliver.getByRole('link', { name: new RegExp(`^ಆರ್ಡರ್ #${number}(\\D|$)`) });
        await order.waitFor();
        await screenIsSound(deliver);
        await order.click();
        await deliver.getByRole('button', { name: 'ಪಿಕಪ್ ಆಯಿತು' }).waitFor();
        expect(await deliver.locator('main').innerText()).not.toMatch(/Picked up|Collect|Delivered/);
        await screenIsSound(deliver);
        await deliver.getByRole('button', { name: 'ಪಿಕಪ್ ಆಯಿತು' }).click();
        await expect.poll(() => status.textContent()).toBe('पिकअप हो गया');
        await deliver.getByRole('button', { name: 'ಡೆಲಿವರಿ ಆಯಿತು' }).click();
        await deliver.getByLabel('ಡೆಲಿವರಿ ಕೋಡ್').fill(code);
        await deliver.getByRole('checkbox', { name: /^ನಾನು ₹[\d,]+\.\d{2} ಕ್ಯಾಶ್ ಪಡೆದಿದ್ದೇನೆ$/ }).check();
        await screenIsSound(deliver);
        await deliver.getByRole('button', { name: 'ಡೆಲಿವರಿ ಖಚಿತಪಡಿಸಿ' }).click();

        // Delivered: the customer's page says so in Hindi.
        await expect.poll(() => status.textContent()).toBe('डिलीवर हो गया');
        await screenIsSound(page);
      } finally {
        await staff.context.close();
        await rider.context.close();
        await customer.context.close();
      }
    },
  );
});
