/**
 * The delivery app's page at /deliver: the built page with its manifest and config in the head, at
 * the address and any page below it; its manifest, service worker and files beside it; a 503 when
 * it is not built.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverConfigElementId, type DeliverPageConfig } from '@storedesk/shared/delivery/rules';
import { createTestApp, type TestApp } from '#test/harness.ts';

let ctx: TestApp;
let unbuilt: TestApp;
const built = fs.mkdtempSync(path.join(os.tmpdir(), 'storedesk-deliver-'));
const bigScript = `console.log(${JSON.stringify('deliveries '.repeat(400))});`;

beforeAll(async () => {
  fs.mkdirSync(path.join(built, 'assets'));
  fs.writeFileSync(
    path.join(built, 'index.html'),
    '<!doctype html><html><head><meta charset="UTF-8" /><title>Deliveries</title></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(built, 'sw.js'), 'self.addEventListener("push", () => {});');
  fs.writeFileSync(path.join(built, 'assets', 'app-abc123.js'), bigScript);
  fs.writeFileSync(path.join(built, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync(bigScript));
  fs.writeFileSync(path.join(built, 'assets', 'app-abc123.js.gz'), zlib.gzipSync(bigScript));
  ctx = await createTestApp({ deliverDir: built });
  unbuilt = await createTestApp({ database: ctx.database });
});
afterAll(async () => {
  await unbuilt?.close();
  await ctx?.close();
  fs.rmSync(built, { recursive: true, force: true });
});

function configIn(html: string): DeliverPageConfig {
  const match = new RegExp(
    `<script type="application/json" id="${deliverConfigElementId}">(.*?)</script>`,
  ).exec(html);
  if (!match) throw new Error('no config in the page');
  return JSON.parse(match[1]!) as DeliverPageConfig;
}

describe('GET /deliver', () => {
  it('is the app’s page with its manifest and the map’s tiles, at the address and any page below it', async () => {
    for (const url of [
      '/deliver',
      '/deliver/',
      '/deliver/orders/0b8e6f7e-4a57-4f7e-9a55-0e4a2d0c1f11',
      '/deliver/reset-password?token=abc',
    ]) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body).toContain('<link rel="manifest" href="/deliver/manifest.webmanifest">');
      expect(res.body).toContain('<div id="root"></div>');
      expect(configIn(res.body)).toEqual({
        tiles: { url: expect.stringContaining('{z}'), attribution: expect.any(String) },
      });
    }
  });

  it('is under the same content security policy as every page: scripts of its own origin only', async () => {
    const res = await ctx.app.inject({ url: '/deliver/' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('says the app is not built yet, with how to build it, when it is not', async () => {
    for (const url of ['/deliver', '/deliver/orders/x']) {
      const res = await unbuilt.app.inject({ url });
      expect(res.statusCode, url).toBe(503);
      expect(res.body).toContain('npm run build');
    }
    expect((await unbuilt.app.inject({ url: '/deliver/sw.js' })).statusCode).toBe(404);
  });

  it('leaves the console’s pages and the API alone', async () => {
    expect((await ctx.app.inject({ url: '/deliveries' })).body).not.toContain(deliverConfigElementId);
    expect((await ctx.app.inject({ url: '/api/delivery/no-such-thing' })).statusCode).toBe(404);
  });
});

describe('beside the page', () => {
  it('serves the manifest, scoped to /deliver/', async () => {
    const res = await ctx.app.inject({ url: '/deliver/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(res.json()).toMatchObject({
      start_url: '/deliver/',
      scope: '/deliver/',
      display: 'standalone',
      icons: [{ src: '/deliver/_app/icon.svg', type: 'image/svg+xml', sizes: 'any', purpose: 'any' }],
    });
  });

  it('serves the service worker at /deliver/sw.js, never cached for long', async () => {
    const res = await ctx.app.inject({ url: '/deliver/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe('self.addEventListener("push", () => {});');
  });

  it('serves the app’s files under /deliver/_app/, cached for good and compressed as the build made them', async () => {
    const res = await ctx.app.inject({
      url: '/deliver/_app/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('accept-encoding');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(bigScript);
    const icon = await ctx.app.inject({ url: '/deliver/_app/icon.svg' });
    expect(icon.headers['content-type']).toBe('image/svg+xml');
  });

  it('answers 404, not the page, for a file the app does not have', async () => {
    for (const url of ['/deliver/_app/assets/gone-123.js', '/deliver/_app/nothing.css']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain(deliverConfigElementId);
    }
  });
});
