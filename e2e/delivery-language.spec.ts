import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousFindings } from './support/axe.ts';
import { demo, launchBrowser } from './support/browser.ts';
import { fitsWidth, hindiPhone, htmlLang } from './support/languages.ts';

/*
 * The delivery app in English, Hindi and Kannada (ADR 0076): a phone set to Hindi opens the app in
 * Hindi, with `<html lang="hi">` and only the Hindi catalogue fetched; the rider picks ಕನ್ನಡ on the
 * sign-in page, signs in, and the app stays in Kannada, across a reload too. Each screen fits the
 * phone's 375 px and axe finds nothing serious.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the delivery app’s languages', () => {
  it('follows the phone’s language, then the rider’s choice, remembered across a reload', async () => {
    const { context, page, catalogues } = await hindiPhone(browser, inject('baseUrl'), 'deliver');
    try {
      // A phone in Hindi: the sign-in page in Hindi from its first screen.
      await page.goto('/deliver');
      await page.getByRole('heading', { name: 'साइन इन' }).waitFor();
      expect(await htmlLang(page)).toBe('hi');
      expect(await page.title()).toBe('डिलीवरी');
      expect(catalogues).toEqual(['hi']);
      const signIn = await page.locator('main').innerText();
      expect(signIn).toContain('पासवर्ड भूल गए?');
      expect(signIn).not.toMatch(/Sign in|Password|Email|Forgot/);
      expect(await page.getByRole('button', { name: 'साइन इन करें' }).count()).toBe(1);
      expect(await fitsWidth(page)).toBe(true);
      expect(await seriousFindings(page)).toEqual([]);

      // The rider picks Kannada: the page changes at once.
      await page.getByLabel('भाषा (Language)').selectOption({ label: 'ಕನ್ನಡ' });
      await page.getByRole('heading', { name: 'ಸೈನ್ ಇನ್' }).waitFor();
      expect(await htmlLang(page)).toBe('kn');
      expect(await page.title()).toBe('ಡೆಲಿವರಿ');
      expect(catalogues).toEqual(['hi', 'kn']);
      expect(await page.getByLabel('ಭಾಷೆ (Language)').inputValue()).toBe('kn');
      expect(await seriousFindings(page)).toEqual([]);

      // Signs in as the demo executive: the home page in Kannada.
      await page.getByLabel('ಇಮೇಲ್').fill(demo.dex.email);
      await page.getByLabel('ಪಾಸ್‌ವರ್ಡ್', { exact: true }).fill(demo.dex.password);
      await page.getByRole('button', { name: 'ಸೈನ್ ಇನ್ ಮಾಡಿ' }).click();
      await page.getByRole('heading', { name: 'ನನ್ನ ಆರ್ಡರ್‌ಗಳು' }).waitFor();
      expect(await page.getByRole('switch').innerText()).toMatch(/^ಡ್ಯೂಟಿ/);
      expect(await page.getByRole('link', { name: 'ಗಳಿಕೆ' }).count()).toBe(1);
      expect(await page.getByRole('button', { name: 'ಸೈನ್ ಔಟ್' }).count()).toBe(1);
      expect(await page.getByLabel('ಭಾಷೆ (Language)').inputValue()).toBe('kn');
      expect(await fitsWidth(page)).toBe(true);
      expect(await seriousFindings(page)).toEqual([]);

      // A reload: still Kannada, though the phone says Hindi, and the Hindi catalogue is not fetched.
      catalogues.length = 0;
      await page.reload();
      await page.getByRole('heading', { name: 'ನನ್ನ ಆರ್ಡರ್‌ಗಳು' }).waitFor();
      expect(await htmlLang(page)).toBe('kn');
      expect(catalogues).toEqual(['kn']);
      expect(await page.locator('main').innerText()).not.toMatch(/My orders|Sign out|Earnings/);
      expect(await fitsWidth(page)).toBe(true);
      expect(await seriousFindings(page)).toEqual([]);

      // Earnings, in Kannada too.
      await page.getByRole('link', { name: 'ಗಳಿಕೆ' }).click();
      await page.getByRole('heading', { name: 'ಗಳಿಕೆ', level: 1 }).waitFor();
      await page.getByRole('tab', { name: 'ಇಂದು' }).waitFor();
      expect(await fitsWidth(page)).toBe(true);
      expect(await seriousFindings(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
