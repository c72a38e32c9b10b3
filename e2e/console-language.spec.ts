import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousFindings, untilStill } from './support/axe.ts';
import { demo, launchBrowser, signInThroughForm } from './support/browser.ts';
import { fitsWidth, htmlLang } from './support/languages.ts';

/*
 * The console's shell and dashboard in Hindi and Kannada (ADR 0089), on a 375 px phone set to
 * Hindi: the sign-in page in English (it carries no catalogue), the dashboard in Hindi from its
 * first screen with only the Hindi catalogue fetched, then ಕನ್ನಡ chosen in the menu and kept across
 * a reload; each screen fits the phone and axe finds nothing serious or critical.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The dashboard settled: its figures in, its placeholders gone, its colours still. */
async function settled(page: Page) {
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
  await untilStill(page);
}

describe('the console’s languages', () => {
  it('shows the signed-in console in the browser’s Hindi, then in the Kannada chosen, remembered', async () => {
    const context = await browser.newContext({
      baseURL: inject('baseUrl'),
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
      locale: 'hi-IN',
      reducedMotion: 'reduce',
    });
    // Every main heading the page ever shows, so a first screen in English before the Hindi is seen.
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { headingsSeen: string[] }).headingsSeen = seen;
      new MutationObserver(() => {
        for (const heading of Array.from(document.querySelectorAll('h1'))) {
          const text = heading.textContent ?? '';
          if (seen.at(-1) !== text) seen.push(text);
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const headingsSeen = () =>
      page.evaluate(() => (window as unknown as { headingsSeen: string[] }).headingsSeen);
    const catalogues: string[] = [];
    page.on('request', (request) => {
      const match = /\/assets\/(hi|kn)-[\w-]+\.js$/.exec(request.url());
      if (match) catalogues.push(match[1]!);
    });
    try {
      await signInThroughForm(page, demo.owner);
      await page.waitForURL('**/dashboard');
      await page.getByRole('heading', { level: 1, name: 'डैशबोर्ड' }).waitFor();
      // The sign-in page's (Storedesk), then the dashboard's in Hindi: never "Dashboard" on the way.
      expect((await headingsSeen()).filter((text) => text !== 'Storedesk')).toEqual(['डैशबोर्ड']);
      expect(await htmlLang(page)).toBe('hi');
      expect(catalogues).toEqual(['hi']);
      await page.getByRole('region', { name: 'कुल ऑर्डर' }).waitFor();
      // The charts, drawn with the cards.
      await page.getByRole('region', { name: 'स्थिति के अनुसार ऑर्डर' }).waitFor();
      expect(await page.getByRole('button', { name: 'साइन आउट' }).count()).toBe(1);
      await settled(page);
      expect(await fitsWidth(page)).toBe(true);
      expect(await seriousFindings(page)).toEqual([]);

      // The menu, in Hindi, with the language beside the theme.
      await page.getByRole('button', { name: 'नेविगेशन खोलें' }).click();
      const menu = page.getByRole('dialog', { name: 'नेविगेशन' });
      await menu.getByRole('link', { name: 'ऑर्डर' }).waitFor();
      await untilStill(page);
      expect(await seriousFindings(page)).toEqual([]);
      await menu.getByRole('combobox', { name: 'भाषा (Language)' }).selectOption('kn');
      // The menu at once, then the screen under it once the menu closes.
      await page.getByRole('dialog', { name: 'ನ್ಯಾವಿಗೇಶನ್' }).getByRole('link', { name: 'ಆರ್ಡರ್‌ಗಳು' }).waitFor();
      expect(await htmlLang(page)).toBe('kn');
      expect(catalogues).toEqual(['hi', 'kn']);
      await page.keyboard.press('Escape');
      await page.getByRole('heading', { level: 1, name: 'ಡ್ಯಾಶ್‌ಬೋರ್ಡ್' }).waitFor();

      // Kept across a reload, over the phone's Hindi, from the first screen.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'ಡ್ಯಾಶ್‌ಬೋರ್ಡ್' }).waitFor();
      expect(await headingsSeen()).toEqual(['ಡ್ಯಾಶ್‌ಬೋರ್ಡ್']);
      await page.getByRole('region', { name: 'ಒಟ್ಟು ಆರ್ಡರ್‌ಗಳು' }).waitFor();
      expect(await htmlLang(page)).toBe('kn');
      await settled(page);
      expect(await fitsWidth(page)).toBe(true);
      expect(await seriousFindings(page)).toEqual([]);

      // The orders list, in Kannada from the menu: the demo's orders, their statuses and times.
      await page.getByRole('button', { name: 'ನ್ಯಾವಿಗೇಶನ್ ತೆರೆಯಿರಿ' }).click();
      await page.getByRole('dialog', { name: 'ನ್ಯಾವಿಗೇಶನ್' }).getByRole('link', { name: 'ಆರ್ಡರ್‌ಗಳು' }).click();
      await page.getByRole('heading', { level: 1, name: /^ಆರ್ಡರ್‌ಗಳು \(\d+\)$/ }).waitFor();
      await page.getByRole('tab', { name: /^ಎಲ್ಲಾ \d+$/ }).waitFor();
      await page.getByText('ಪ್ರತಿ ಪುಟದ ಸಾಲುಗಳು:').waitFor();
      expect(await page.getByText(/ನಿಮಿಷದ ಹಿಂದೆ$|ಗಂಟೆಯ ಹಿಂದೆ$|ದಿನದ ಹಿಂದೆ$/).count()).toBeGreaterThan(0);
      await settled(page);
      expect(await fitsWidth(page)).toBe(true);
      expect(await seriousFindings(page)).toEqual([]);

      // Signed out, the page is the sign-in page's own again: English.
      await page.getByRole('button', { name: 'ಸೈನ್ ಔಟ್' }).click();
      await page.getByRole('button', { name: 'Sign in now' }).waitFor();
      expect(await htmlLang(page)).toBe('en');
    } finally {
      await context.close();
    }
  });
});
