/**
 * The customer app's page at /shop/<slug>: the business it is for in its head (name, colour,
 * manifest, config), its manifest and service worker beside it, and nothing for an unknown slug.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storefrontConfigElementId, type StorefrontPageConfig } from '@storedesk/shared/storefront/page';
import { createBusiness, createTestApp, type TestApp, type TestBusiness } from '../test/harness.ts';

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

describe('GET /shop/<slug>', () => {
  it('is the app’s page with the business in its head, at the address and at any page below it', async () => {
    for (const url of ['/shop/fresh-and-co/', '/shop/fresh-and-co/orders/123']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<title>Fresh &amp; Co</title>');
      expect(res.body).toContain('<link rel="manifest" href="/shop/fresh-and-co/manifest.webmanifest">');
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

  it('sends /shop/<slug> on to /shop/<slug>/, the folder its service worker controls, keeping the query', async () => {
    const res = await ctx.app.inject({ url: '/shop/fresh-and-co?utm=poster' });
    expect(res.statusCode).toBe(308);
    expect(res.headers.location).toBe('/shop/fresh-and-co/?utm=poster');
  });

  it('keeps a hostile business name text: no markup of it reaches the page', async () => {
    const res = await ctx.app.inject({ url: '/shop/hostile-name/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).toContain('<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(configIn(res.body)).toMatchObject({
      name: '</script><script>alert(1)</script>',
      key: hostile.storefrontKey,
    });
  });

  it('is a 404 page for a slug no business has, or one no business could have', async () => {
    for (const url of ['/shop/no-such-shop', '/shop/NOT_A_SLUG', `/shop/${'a'.repeat(61)}`]) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('No shop at this address');
    }
  });

  it('says the app is not built yet, with how to build it, when it is not', async () => {
    const res = await unbuilt.app.inject({ url: '/shop/fresh-and-co/' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
  });
});

describe('beside the page', () => {
  it('serves the manifest: the business’s name and colour, scoped to its address', async () => {
    const res = await ctx.app.inject({ url: '/shop/fresh-and-co/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(res.json()).toMatchObject({
      name: 'Fresh & Co',
      start_url: '/shop/fresh-and-co/',
      scope: '/shop/fresh-and-co/',
      display: 'standalone',
      icons: [{ src: '/shop/_app/icon.svg', type: 'image/svg+xml', sizes: 'any', purpose: 'any' }],
    });
    expect((await ctx.app.inject({ url: '/shop/no-such-shop/manifest.webmanifest' })).statusCode).toBe(404);
  });

  it('serves the service worker at the business’s address, never cached for long', async () => {
    const res = await ctx.app.inject({ url: '/shop/fresh-and-co/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe('self.addEventListener("push", () => {});');
    expect((await ctx.app.inject({ url: '/shop/no-such-shop/sw.js' })).statusCode).toBe(404);
  });

  it('serves the app’s files once for every business, cached for good', async () => {
    const res = await ctx.app.inject({ url: '/shop/_app/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe('console.log("app");');
    expect((await ctx.app.inject({ url: '/shop/_app/icon.svg' })).headers['content-type']).toBe(
      'image/svg+xml',
    );
  });
});
