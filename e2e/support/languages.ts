import type { Browser, BrowserContext, Page } from 'playwright-core';
import { nearKoramangala } from './customer.ts';

/** The page scrolls no wider than the window. */
export const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

export const htmlLang = (page: Page) => page.locator('html').getAttribute('lang');

/**
 * A 375 px touch phone set to Hindi, near Koramangala, on `baseURL`, with the language catalogues
 * the app under `/<app>/_app/` fetches as it goes (English comes with the app): the phone apps'
 * language tests (ADR 0076).
 */
export function hindiPhone(browser: Browser, baseURL: string, app: 'shop' | 'deliver') {
  return languagePhone(browser, baseURL, app, 'hi-IN');
}

/** As `hindiPhone`, with the phone set to `locale` (`kn-IN`: Kannada). */
export async function languagePhone(
  browser: Browser,
  baseURL: string,
  app: 'shop' | 'deliver',
  locale: 'hi-IN' | 'kn-IN',
): Promise<{ context: BrowserContext; page: Page; catalogues: string[] }> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    locale,
    geolocation: nearKoramangala,
    permissions: ['geolocation'],
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const catalogues: string[] = [];
  const asset = new RegExp(`/${app}/_app/assets/(hi|kn)-[\\w-]+\\.js$`);
  page.on('request', (request) => {
    const match = asset.exec(request.url());
    if (match) catalogues.push(match[1]!);
  });
  return { context, page, catalogues };
}
