import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousFindings } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { fitsWidth, hindiPhone, htmlLang } from './support/languages.ts';

/*
 * The customer app in English, Hindi and Kannada (ADR 0076): a phone set to Hindi opens the shop in
 * Hindi, with `<html lang="hi">` and only the Hindi catalogue fetched; the customer picks ಕನ್ನಡ in
 * the chooser on the home page, and the shop stays in Kannada as they shop, across a reload too.
 * The store's name stays as the business wrote it; its description, categories and items show the
 * Kannada the business gave them. Each screen fits the phone's 375 px and axe finds nothing serious.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the customer app’s languages', () => {
  it('follows the phone’s language, then the customer’s choice, remembered across a reload', async () => {
    const { context, page, catalogues } = await hindiPhone(browser, inject('shopUrl'), 'shop');
    try {
      // A phone in Hindi: the home page in Hindi from its first screen; the page's title stays the business's name.
      await page.goto('/');
      await page.getByRole('heading', { name: 'डिलीवरी कहाँ करें?' }).waitFor();
      expect(await htmlLang(page)).toBe('hi');
      expect(await page.title()).toBe('Demo Fresh Mart');
      expect(catalogues).toEqual(['hi']);
      const nav = page.getByRole('navigation', { name: 'आपकी ख़रीदारी' });
      expect(await nav.getByRole('link', { name: 'ऑर्डर' }).count()).toBe(1);
      expect(await nav.getByRole('link', { name: 'कार्ट, 0 सामान' }).count()).toBe(1);
      await page.getByRole('button', { name: 'मेरी लोकेशन लें' }).click();
      const stores = page.getByRole('list', { name: 'यहाँ डिलीवरी करने वाले स्टोर' });
      await stores.waitFor();
      expect(await stores.getByRole('link').first().textContent()).toContain('Fresh Mart Koramangala');
      await page.getByRole('heading', { name: 'डिलीवरी का पता' }).waitFor();
      expect(await page.locator('body').innerText()).not.toMatch(
        /Delivering to|Stores near you|Use my location|Open now|Orders|Cart/,
      );
      expect(await fitsWidth(page)).toBe(true);
      expect(await seriousFindings(page)).toEqual([]);

      // The customer picks Kannada in the chooser, which names each language in its own words: the page changes at once.
      const chooser = page.getByLabel('भाषा (Language)');
      expect(await chooser.locator('option').allTextContents()).toEqual(['English', 'हिन्दी', 'ಕನ್ನಡ']);
      await chooser.selectOption({ label: 'ಕನ್ನಡ' });
      await page.getByRole('heading', { name: 'ಡೆಲಿವರಿ ವಿಳಾಸ' }).waitFor();
      expect(await htmlLang(page)).toBe('kn');
      expect(catalogues).toEqual(['hi', 'kn']);
      expect(await page.getByLabel('ಭಾಷೆ (Language)').inputValue()).toBe('kn');
      await page.getByRole('heading', { name: 'ನಿಮ್ಮ ಹತ್ತಿರದ ಅಂಗಡಿಗಳು' }).waitFor();
      expect(await seriousFindings(page)).toEqual([]);

      // A store in Kannada: its name as the business wrote it, its description, categories and
      // items in the Kannada the business gave them (ADR 0085), found in Kannada too.
      await page
        .getByRole('list', { name: 'ಇಲ್ಲಿಗೆ ಡೆಲಿವರಿ ಮಾಡುವ ಅಂಗಡಿಗಳು' })
        .getByRole('link', { name: /Fresh Mart Koramangala/ })
        .click();
      await page.getByRole('heading', { name: 'Fresh Mart Koramangala' }).waitFor();
      const items = page.getByRole('list', { name: 'ಸಾಮಾನುಗಳು' });
      await items.waitFor();
      expect(await page.getByText('Koramangala, Bengaluru ನಲ್ಲಿ ನಿಮ್ಮ ನೆರೆಹೊರೆಯ ದಿನಸಿ ಅಂಗಡಿ.').count()).toBe(1);
      const categories = page.getByRole('navigation', { name: 'ವಿಭಾಗಗಳು' });
      expect(await categories.getByRole('button', { name: 'ಹಾಲು ಮತ್ತು ಮೊಟ್ಟೆ' }).count()).toBe(1);
      expect(await page.getByRole('searchbox', { name: 'ಈ ಅಂಗಡಿಯಲ್ಲಿ ಹುಡುಕಿ' }).count()).toBe(1);
      await items
        .getByRole('button', { name: / ಸೇರಿಸಿ$/ })
        .first()
        .click();
      await page.getByRole('link', { name: 'ಕಾರ್ಟ್, 1 ಐಟಂ' }).waitFor();
      const viewCart = page.getByRole('link', { name: /^ಕಾರ್ಟ್ ನೋಡಿ · 1 ಐಟಂ · ₹[\d,]+\.\d{2}$/ });
      expect(await viewCart.count()).toBe(1);
      expect(await fitsWidth(page)).toBe(true);
      expect(await seriousFindings(page)).toEqual([]);

      // Found by its Kannada name, and shown by it.
      await page.getByRole('searchbox', { name: 'ಈ ಅಂಗಡಿಯಲ್ಲಿ ಹುಡುಕಿ' }).fill('ಈರುಳ್ಳಿ');
      await items.getByText('ಈರುಳ್ಳಿ', { exact: true }).waitFor();
      expect(await items.getByText('Onions', { exact: true }).count()).toBe(0);

      // A reload: still Kannada, though the phone says Hindi, and the Hindi catalogue is not fetched.
      catalogues.length = 0;
      await page.reload();
      await items.waitFor();
      expect(await htmlLang(page)).toBe('kn');
      expect(catalogues).toEqual(['kn']);

      // The cart, in Kannada too: the bill priced by the server, money as bills show it.
      await viewCart.click();
      await page.getByRole('heading', { name: 'ಕಾರ್ಟ್', level: 1 }).waitFor();
      await page.getByText('ಪಾವತಿಸಬೇಕಾದ ಮೊತ್ತ').waitFor();
      expect(await page.locator('.bill .total dd').textContent()).toMatch(/^₹[\d,]+\.\d{2}$/);
      expect(await page.getByRole('link', { name: 'ಆರ್ಡರ್ ಮಾಡಲು ಸೈನ್ ಇನ್ ಮಾಡಿ' }).count()).toBe(1);
      expect(await page.locator('main').innerText()).not.toMatch(/Cart|Coupon|Apply|To pay|Sign in/);
      expect(await fitsWidth(page)).toBe(true);
      expect(await seriousFindings(page)).toEqual([]);

      // Back to English from the sign-in page's chooser.
      await page.getByRole('link', { name: 'ಆರ್ಡರ್ ಮಾಡಲು ಸೈನ್ ಇನ್ ಮಾಡಿ' }).click();
      await page.getByRole('heading', { name: 'ಸೈನ್ ಇನ್' }).waitFor();
      await page.getByLabel('ಭಾಷೆ (Language)').selectOption({ label: 'English' });
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      expect(await htmlLang(page)).toBe('en');
      expect(await page.getByLabel('Phone number').count()).toBe(1);
    } finally {
      await context.close();
    }
  });
});
