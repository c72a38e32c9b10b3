/**
 * The customer app on each business's own origin (ADR 0055): its page at every path, with the
 * business in its head (name, colour, manifest, config), its manifest and service worker beside
 * it, a policy that runs nothing but its own files, and nothing of the console or the staff API.
 * On the console's origin, /shop/<slug> and below it answer 308 to the business's origin.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storefrontConfigElementId, type StorefrontPageConfig } from '@storedesk/shared/storefront/page';
import { businessMessages } from '@storedesk/shared/settings/business';
import {
  createBusiness,
  createTestApp,
  errorOf,
  refusalOf,
  signIn,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';

let ctx: TestApp;
let unbuilt: TestApp;
let biz: TestBusiness;
let hostile: TestBusiness;
const built = fs.mkdtempSync(path.join(os.tmpdir(), 'storedesk-shop-'));

beforeAll(async () => {
  fs.mkdirSync(path.join(built, 'assets'));
  fs.writeFileSync(
    path.join(built, 'index.html'),
    '<!doctype html><html><head><meta charset="UTF-8" /></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(built, 'sw.js'), 'self.addEventListener("push", () => {});');
  fs.writeFileSync(path.join(built, 'assets', 'app-abc123.js'), 'console.log("app");');
  ctx = await createTestApp({ storefrontDir: built });
  unbuilt = await createTestApp({ database: ctx.database });
  biz = await createBusiness(ctx.db, { name: 'Fresh & Co', slug: 'fresh-and-co' });
  hostile = await createBusiness(ctx.db, {
    name: '</script><script>alert(1)</script>',
    slug: 'hostile-name',
  });
});
afterAll(async () => {
  await unbuilt?.close();
  await ctx?.close();
  fs.rmSync(built, { recursive: true, force: true });
});

function configIn(html: string): StorefrontPageConfig {
  const match = new RegExp(
    `<script type="application/json" id="${storefrontConfigElementId}">(.*?)</script>`,
  ).exec(html);
  if (!match) throw new Error('no config in the page');
  return JSON.parse(match[1]!) as StorefrontPageConfig;
}

/** A request for the business's shop origin, as a browser sends it (SHOP_URL's default on port 3000). */
const atShop = (slug: string, url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ url, headers: { host: `${slug}.localhost:3000`, ...headers } });

const shopPolicy =
  "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data: blob: https://tile.openstreetmap.org;" +
  "connect-src 'self';font-src 'self' data:;manifest-src 'self';worker-src 'self';object-src 'none';" +
  "base-uri 'none';form-action 'self';frame-ancestors 'none';script-src-attr 'none'";

describe('a business’s shop origin', () => {
  it('is the app’s page with the business in its head, at its root and at any page below it', async () => {
    for (const url of ['/', '/orders/123', '/store/abc?x=1', '/dashboard']) {
      const res = await atShop('fresh-and-co', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<title>Fresh &amp; Co</title>');
      expect(res.body).toContain('<link rel="manifest" href="/manifest.webmanifest">');
      expect(configIn(res.body)).toEqual({
        key: biz.storefrontKey,
        slug: 'fresh-and-co',
        name: 'Fresh & Co',
        theme: expect.objectContaining({ primaryColor: expect.stringMatching(/^#[0-9a-f]{6}$/i) }),
        logoUrl: null,
        tiles: { url: expect.stringContaining('{z}'), attribution: expect.any(String) },
      });
    }
  });

  it('runs nothing but the app’s own files: its policy allows no inline script or style, and no frame', async () => {
    const page = await atShop('fresh-and-co', '/');
    expect(page.headers['content-security-policy']).toBe(shopPolicy);
    // The console keeps its own policy.
    expect((await ctx.app.inject({ url: '/sign-in' })).headers['content-security-policy']).toContain(
      "frame-ancestors 'self'",
    );
  });

  it('keeps a hostile business name text: no markup of it reaches the page', async () => {
    const res = await atShop('hostile-name', '/');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).toContain('<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(configIn(res.body)).toMatchObject({
      name: '</script><script>alert(1)</script>',
      key: hostile.storefrontKey,
    });
  });

  it('is a 404 page for a slug no business has', async () => {
    const res = await atShop('no-such-shop', '/');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('No shop at this address');
  });

  it('says the app is not built yet, with how to build it, when it is not', async () => {
    const res = await unbuilt.app.inject({ url: '/', headers: { host: 'fresh-and-co.localhost:3000' } });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
  });

  it('answers the customer API and files, and nothing of the console’s or the staff’s, a staff cookie or not', async () => {
    const session = await signIn(ctx.app, biz.owner.email);
    const business = await atShop('fresh-and-co', '/api/storefront/business', {
      'x-storefront-key': biz.storefrontKey,
    });
    expect(business.statusCode).toBe(200);
    for (const url of [
      '/api/auth/me',
      '/api/auth/session',
      '/api/zones',
      '/api/openapi.json',
      '/api/health',
    ]) {
      const res = await atShop('fresh-and-co', url, { cookie: session.cookie });
      expect(refusalOf(res), url).toEqual({ status: 404, code: 'not_found', message: 'Not found' });
    }
    const write = await ctx.app.inject({
      method: 'POST',
      url: '/api/zones',
      headers: {
        host: 'fresh-and-co.localhost:3000',
        cookie: session.cookie,
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ name: 'Planted' }),
    });
    expect(write.statusCode).toBe(404);
    // The same cookie on the console's origin is the owner's session.
    expect(
      (await ctx.app.inject({ url: '/api/auth/me', headers: { cookie: session.cookie } })).statusCode,
    ).toBe(200);
  });
});

describe('beside the page, on the shop origin', () => {
  it('serves the manifest: the business’s name and colour, its whole origin its scope', async () => {
    const res = await atShop('fresh-and-co', '/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(res.json()).toMatchObject({
      name: 'Fresh & Co',
      id: '/',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      icons: [{ src: '/shop/_app/icon.svg', type: 'image/svg+xml', sizes: 'any', purpose: 'any' }],
    });
  });

  it('serves the service worker at its root, never cached for long', async () => {
    const res = await atShop('fresh-and-co', '/sw.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe('self.addEventListener("push", () => {});');
  });

  it('serves the app’s files once for every business, cached for good', async () => {
    const res = await atShop('fresh-and-co', '/shop/_app/assets/app-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe('console.log("app");');
    // A script is never a page: nosniff and the resource policy, not the shop's page policy.
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect((await atShop('hostile-name', '/shop/_app/icon.svg')).headers['content-type']).toBe(
      'image/svg+xml',
    );
  });
});

describe('/shop/<slug> on the console’s origin', () => {
  it('answers 308 to the same path on the business’s origin, with its query', async () => {
    for (const [url, location] of [
      ['/shop/fresh-and-co', 'http://fresh-and-co.localhost:3000/'],
      ['/shop/fresh-and-co/', 'http://fresh-and-co.localhost:3000/'],
      ['/shop/fresh-and-co?utm=poster', 'http://fresh-and-co.localhost:3000/?utm=poster'],
      ['/shop/fresh-and-co/orders/5?utm=x', 'http://fresh-and-co.localhost:3000/orders/5?utm=x'],
      ['/shop/fresh-and-co/manifest.webmanifest', 'http://fresh-and-co.localhost:3000/manifest.webmanifest'],
    ]) {
      const res = await ctx.app.inject({ url: url! });
      expect(res.statusCode, url).toBe(308);
      expect(res.headers.location, url).toBe(location);
    }
  });

  it('is a 404 page for a slug no business has, or one no business could have', async () => {
    for (const url of ['/shop/no-such-shop', '/shop/NOT_A_SLUG', `/shop/${'a'.repeat(61)}`]) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('No shop at this address');
    }
  });

  it('retires the worker an app opened there before: it unregisters itself', async () => {
    const res = await ctx.app.inject({ url: '/shop/fresh-and-co/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.body).toContain('self.registration.unregister()');
  });
});

describe('a domain of the business’s own', () => {
  it('serves its shop there, and Open App, the redirect and the settings name it, once the owner sets it', async () => {
    const shop = await createBusiness(ctx.db, { slug: 'own-domain-mart' });
    const owner = await signIn(ctx.app, shop.owner.email);
    const settings = await ctx.app.inject({ url: '/api/settings/business', headers: owner.headers });
    const saved = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/settings/business',
      headers: owner.headers,
      payload: { version: settings.json<{ version: number }>().version, shopDomain: 'Shop.OwnDomain.test' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      shopDomain: 'shop.owndomain.test',
      shopUrl: 'http://shop.owndomain.test:3000',
    });
    const page = await ctx.app.inject({ url: '/orders/1', headers: { host: 'shop.owndomain.test:3000' } });
    expect(page.statusCode).toBe(200);
    expect(configIn(page.body).slug).toBe('own-domain-mart');
    expect(page.headers['content-security-policy']).toBe(shopPolicy);
    // SHOP_URL's address for its slug still serves it.
    expect((await atShop('own-domain-mart', '/')).statusCode).toBe(200);
    const moved = await ctx.app.inject({ url: '/shop/own-domain-mart/cart' });
    expect(moved.headers.location).toBe('http://shop.owndomain.test:3000/cart');
    const me = await ctx.app.inject({ url: '/api/auth/me', headers: owner.headers });
    expect(me.json<{ business: { shopUrl: string } }>().business.shopUrl).toBe(
      'http://shop.owndomain.test:3000',
    );
    // Another port of the name is not the shop's.
    expect(
      (await ctx.app.inject({ url: '/api/auth/session', headers: { host: 'shop.owndomain.test:8080' } }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses a name that is not a domain, one of the server’s own, and one another business uses', async () => {
    const first = await createBusiness(ctx.db);
    const second = await createBusiness(ctx.db);
    const patch = async (who: TestBusiness, shopDomain: unknown) => {
      const owner = await signIn(ctx.app, who.owner.email);
      const current = await ctx.app.inject({ url: '/api/settings/business', headers: owner.headers });
      return ctx.app.inject({
        method: 'PATCH',
        url: '/api/settings/business',
        headers: owner.headers,
        payload: { version: current.json<{ version: number }>().version, shopDomain },
      });
    };
    for (const bad of [
      'localhost',
      'https://shop.example.in',
      'shop.example.in/path',
      '10.0.0.1',
      'a'.repeat(250) + '.in',
      7,
    ]) {
      const res = await patch(first, bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(errorOf(res).fields, String(bad)).toEqual({ shopDomain: businessMessages.shopDomain });
    }
    for (const reserved of ['fresh-and-co.localhost', 'anything.localhost']) {
      const res = await patch(first, reserved);
      expect(res.statusCode, reserved).toBe(400);
      expect(errorOf(res).fields, reserved).toEqual({ shopDomain: businessMessages.shopDomainReserved });
    }
    expect((await patch(first, 'shop.shared.test')).statusCode).toBe(200);
    const taken = await patch(second, 'SHOP.shared.test');
    expect(refusalOf(taken)).toEqual({
      status: 409,
      code: 'conflict',
      message: businessMessages.shopDomainTaken,
      fields: { shopDomain: businessMessages.shopDomainTaken },
    });
    // Cleared, the name is nobody's shop: the console answers there.
    expect((await patch(first, '')).json()).toMatchObject({ shopDomain: null });
    const after = await ctx.app.inject({
      url: '/api/auth/session',
      headers: { host: 'shop.shared.test:3000' },
    });
    expect(after.statusCode).toBe(200);
  });
});
