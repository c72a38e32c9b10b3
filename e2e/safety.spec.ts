import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { demo, launchBrowser, newPage, signInThroughForm } from './support/browser.ts';
import { withDatabase } from './support/database.ts';
import { customerPhone } from './support/customer.ts';

/*
 * Each business's customer app on an origin of its own (B16, ADR 0055): a page of another
 * business's shop, opened in the browser where the demo's owner is signed in to the console,
 * neither reads nor uses their session; the console's old /shop/<slug>/ addresses lead to the
 * shop's origin; and neither the console's pages nor the shop's break their security policies.
 */

let browser: Browser;
const rival = { slug: 'rival-mart-safety', name: 'Rival Mart' };
const port = () => new URL(inject('baseUrl')).port;
const rivalShop = () => `http://${rival.slug}.localhost:${port()}`;

beforeAll(async () => {
  browser = await launchBrowser();
  await withDatabase((client) =>
    client.query(
      `INSERT INTO businesses (name, theme, storefront_key, slug, live)
       VALUES ($1, '{"primaryColor":"#2e7d32","accentColor":"#ff9800","textPrimary":"#ffffff"}', $2, $3, true)
       ON CONFLICT DO NOTHING`,
      [rival.name, `pk_rival_${Date.now()}`, rival.slug],
    ),
  );
});
afterAll(async () => {
  await withDatabase((client) => client.query('DELETE FROM businesses WHERE slug = $1', [rival.slug]));
  await browser?.close();
});

/** Records every security-policy violation a page reports, from its first script on. */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { violations: string[] }).violations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { violations: string[] }).violations);
}

describe('a shop origin of its own', () => {
  it('gives a page of another business’s shop nothing of the owner’s console session', async () => {
    const { context, page: console_ } = await newPage(browser);
    await signInThroughForm(console_, demo.owner);
    await console_.waitForURL('**/dashboard');
    const consoleOrigin = inject('baseUrl');

    const shop = await context.newPage();
    const violations = await watchViolations(shop);
    await shop.goto(`${rivalShop()}/`);
    expect(await shop.title()).toBe(rival.name);
    const tried = await shop.evaluate(async (target) => {
      const attempt = async (run: () => Promise<Response>) => {
        try {
          const res = await run();
          return res.type === 'opaque' ? 'opaque' : `${res.status}`;
        } catch {
          return 'blocked';
        }
      };
      return {
        cookie: document.cookie,
        readSession: await attempt(() => fetch(`${target}/api/auth/me`, { credentials: 'include' })),
        createZone: await attempt(() =>
          fetch(`${target}/api/zones`, {
            method: 'POST',
            credentials: 'include',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ name: 'Planted from a shop' }),
          }),
        ),
        simpleWrite: await attempt(() =>
          fetch(`${target}/api/zones`, {
            method: 'POST',
            credentials: 'include',
            mode: 'no-cors',
            headers: { 'content-type': 'text/plain' },
            body: JSON.stringify({ name: 'Planted from a shop' }),
          }),
        ),
        ownOriginSession: await attempt(() => fetch('/api/auth/me', { credentials: 'include' })),
      };
    }, consoleOrigin);
    // The shop's policy lets its pages reach their own origin only; the console's own checks
    // (cross-site writes refused, no staff API on a shop's origin) stand behind it.
    expect(tried).toEqual({
      cookie: '',
      readSession: 'blocked',
      createZone: 'blocked',
      simpleWrite: 'blocked',
      ownOriginSession: '404',
    });
    expect(await violations()).toEqual([
      `connect-src ${consoleOrigin}/api/auth/me`,
      `connect-src ${consoleOrigin}/api/zones`,
      `connect-src ${consoleOrigin}/api/zones`,
    ]);
    const planted = await withDatabase((client) =>
      client.query(`SELECT 1 FROM zones WHERE name = 'Planted from a shop'`),
    );
    expect(planted.rows).toEqual([]);
    // The owner is still signed in: nothing of theirs was used up or changed.
    expect((await console_.request.get('/api/auth/me')).status()).toBe(200);
    await context.close();
  });

  it('answers the console’s /shop/<slug>/ addresses with 308 to the same page on the shop’s origin', async () => {
    const res = await fetch(`${inject('baseUrl')}/shop/demo-fresh-mart/cart?from=poster`, {
      redirect: 'manual',
    });
    expect(res.status).toBe(308);
    expect(res.headers.get('location')).toBe(`${inject('shopUrl')}/cart?from=poster`);
    const { context, page } = await customerPhone(browser, inject('baseUrl'));
    await page.goto('/shop/demo-fresh-mart/');
    expect(page.url()).toBe(`${inject('shopUrl')}/`);
    await page.getByRole('button', { name: 'Use my location' }).waitFor();
    await context.close();
  });

  it('breaks no security policy: the console validating a form, the shop with its map', async () => {
    const { context, page } = await newPage(browser);
    const consoleViolations = await watchViolations(page);
    await signInThroughForm(page, demo.owner);
    await page.waitForURL('**/dashboard');
    await page.goto('/zones/add');
    await page.getByRole('button', { name: 'Add zone' }).click();
    // The form's schema ran: its message is shown.
    await page.getByText('is required').waitFor();
    expect(await consoleViolations()).toEqual([]);
    await context.close();

    const phone = await customerPhone(browser, inject('shopUrl'));
    const shopViolations = await watchViolations(phone.page);
    await phone.page.goto('/');
    await phone.page.getByRole('button', { name: 'Use my location' }).click();
    await phone.page.getByRole('list', { name: 'Stores that deliver here' }).waitFor();
    await phone.page.getByRole('button', { name: 'Change' }).click();
    await phone.page.getByRole('button', { name: 'Pick on the map' }).click();
    await phone.page.getByRole('application', { name: /^Delivery point/ }).waitFor();
    expect(await shopViolations()).toEqual([]);
    await phone.context.close();
  });
});
