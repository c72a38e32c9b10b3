import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createBusiness, createTestDatabase, signIn, type TestDatabase } from '#test/harness.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { EventHub } from './realtime/hub.ts';

let database: TestDatabase;
let app: FastifyInstance;
let hub: EventHub;
const bigScript = `console.log(${JSON.stringify('storedesk '.repeat(500))});`;
/** The inline script of the page made at build time, which the CSP must let run by its hash. */
const colourScript = "document.documentElement.classList.add('light')";
// Over 1 KB, as the built one is (its styles are in it).
const signInPage = `<!doctype html><html><head><title>Sign in · Storedesk</title><script>${colourScript}</script><style>${'.css-1 { display: flex; }\n'.repeat(60)}</style></head><body><div id="root" data-prerendered="/sign-in"><form>made at build time</form></div></body></html>`;
const consoleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storedesk-console-'));

beforeAll(async () => {
  fs.mkdirSync(path.join(consoleDir, 'assets'));
  fs.writeFileSync(
    path.join(consoleDir, 'index.html'),
    // As the built page: over 1 KB, with its own styles for the splash.
    `<!doctype html><html><head><title>Storedesk</title><style>${'.boot { display: flex; }\n'.repeat(60)}</style></head><body><div id="root"></div></body></html>`,
  );
  // As the build leaves its chunk map: the shell's chunk, preloaded for someone signed in.
  fs.mkdirSync(path.join(consoleDir, '.vite'));
  fs.writeFileSync(
    path.join(consoleDir, '.vite', 'chunks.json'),
    JSON.stringify({ chunks: [], signedIn: ['assets/shell-abc123.js'] }),
  );
  // As the build leaves the pages it made, with entries no build writes, which are left out.
  fs.writeFileSync(
    path.join(consoleDir, '.vite', 'prerendered.json'),
    JSON.stringify({
      pages: {
        '/sign-in': signInPage,
        'sign-in': '<script>alert(1)</script>',
        '/onboarding': 42,
        '/forgot-password"><script>alert(2)</script>': '<script>alert(2)</script>',
      },
    }),
  );
  fs.writeFileSync(path.join(consoleDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(consoleDir, 'assets', 'index-abc123.css'), 'body{margin:0}');
  fs.writeFileSync(
    path.join(consoleDir, 'assets', 'logo-abc123.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  );
  // As the build leaves a large file: beside it, its brotli and gzip forms.
  fs.writeFileSync(path.join(consoleDir, 'assets', 'big-abc123.js'), bigScript);
  fs.writeFileSync(path.join(consoleDir, 'assets', 'big-abc123.js.br'), zlib.brotliCompressSync(bigScript));
  fs.writeFileSync(path.join(consoleDir, 'assets', 'big-abc123.js.gz'), zlib.gzipSync(bigScript));
  database = await createTestDatabase();
  hub = new EventHub(database.url, database.db, { info: () => undefined, warn: () => undefined });
  const config = loadConfig({ DATABASE_URL: database.url, DATA_DIR: consoleDir, LOG_LEVEL: 'silent' });
  app = await buildApp({ config, db: database.db, hub, consoleDir });
});
afterAll(async () => {
  await app.close();
  await database.drop();
  fs.rmSync(consoleDir, { recursive: true, force: true });
});

describe('serving the console', () => {
  it('serves its files to anyone, assets cached for good and the page never stale', async () => {
    const asset = await app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toContain('immutable');
    const page = await app.inject({ url: '/index.html' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it("sends a built script or stylesheet without a page's headers, and anything else with them", async () => {
    for (const url of ['/assets/index-abc123.js', '/assets/index-abc123.css']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      for (const name of [
        'content-security-policy',
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-frame-options',
        'x-permitted-cross-domain-policies',
        'x-xss-protection',
      ])
        expect(res.headers[name], `${url} ${name}`).toBeUndefined();
    }
    // An SVG opened as a page could run script: it keeps the page's policy.
    const svg = await app.inject({ url: '/assets/logo-abc123.svg' });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['cache-control']).toContain('immutable');
    expect(svg.headers['content-security-policy']).toContain("default-src 'self'");
    expect(svg.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('answers every console route with index.html, so a reload of a deep link works', async () => {
    for (const url of [
      '/',
      '/dashboard',
      '/stores/123/catalog',
      '/orders/123/print/kitchen',
      '/no/such/page',
    ]) {
      const res = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root">');
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      // Framed by the console's own pages only (the kitchen ticket printed from the order page).
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'self'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const res = await app.inject({ url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
  });

  it('tags every answer with a request id, keeping a sane one the client sent', async () => {
    const given = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const made = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'bad id with spaces' } });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('the page carries the session', () => {
  /** The JSON in the page's session element, which the console reads instead of asking. */
  function carried(html: string): unknown {
    const match = /<script type="application\/json" id="storedesk-session">(.*?)<\/script>/s.exec(html);
    if (!match) throw new Error(`the page carries no session: ${html}`);
    return JSON.parse(match[1]!);
  }
  const preload = '<link rel="modulepreload" crossorigin href="/assets/shell-abc123.js">';

  it('carries null to someone signed out, with no shell code preloaded', async () => {
    const res = await app.inject({ url: '/sign-in' });
    expect(res.statusCode).toBe(200);
    expect(carried(res.body)).toEqual({ session: null });
    expect(res.body).not.toContain('modulepreload');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary).toContain('Cookie');
  });

  it('sends the page compressed to a browser that accepts it, varying by both', async () => {
    const res = await app.inject({ url: '/sign-in', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary)).toMatch(/Cookie/);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(carried(zlib.brotliDecompressSync(res.rawPayload).toString())).toEqual({ session: null });
  });

  it("carries a signed-in person's session, as GET /api/auth/session answers it, and preloads the shell", async () => {
    const business = await createBusiness(database.db);
    const session = await signIn(app, business.owner.email);
    const res = await app.inject({ url: '/dashboard', headers: { cookie: session.cookie } });
    expect(res.statusCode).toBe(200);
    const api = await app.inject({ url: '/api/auth/session', headers: { cookie: session.cookie } });
    expect(carried(res.body)).toEqual(api.json());
    expect(carried(res.body)).toMatchObject({ session: { user: { email: business.owner.email } } });
    expect(res.body).toContain(preload);
    expect(res.body.indexOf(preload)).toBeLessThan(res.body.indexOf('</head>'));
  });

  it('carries null for a session that has ended, and clears its cookie', async () => {
    const res = await app.inject({
      url: '/dashboard',
      headers: { cookie: 'storedesk_session=no-such-token' },
    });
    expect(res.statusCode).toBe(200);
    expect(carried(res.body)).toEqual({ session: null });
    expect(res.body).not.toContain('modulepreload');
    const cleared = res.cookies.find((cookie) => cookie.name === 'storedesk_session');
    expect(cleared?.value).toBe('');
  });

  it('keeps whatever a business is named inside the data, where no script can break out', async () => {
    const name = '</script><script>alert(1)</script><!-- \u2028 & >';
    const business = await createBusiness(database.db, { name });
    const session = await signIn(app, business.owner.email);
    const res = await app.inject({ url: '/', headers: { cookie: session.cookie } });
    expect(res.body.match(/<\/script>/g)).toHaveLength(1);
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).not.toContain('<!--');
    expect(carried(res.body)).toMatchObject({ session: { business: { name } } });
  });
});

describe('the page made at build time (ADR 0031)', () => {
  const made = 'data-prerendered="/sign-in"';

  it('goes to someone signed out at its address, query or not, carrying null', async () => {
    for (const url of ['/sign-in', '/sign-in?from=%2Forders']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(made);
      expect(res.body).toContain('<form>made at build time</form>');
      expect(res.body).toContain(
        '<script type="application/json" id="storedesk-session">{"session":null}</script>',
      );
      expect(res.headers['cache-control']).toBe('private, no-cache');
    }
  });

  it('lets its inline script run by its hash, and no other inline script', async () => {
    const res = await app.inject({ url: '/sign-in' });
    const hash = createHash('sha256').update(colourScript).digest('base64');
    const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(scriptSrc).toBe(`'self' 'sha256-${hash}'`);
  });

  it('does not go to someone signed in, nor to other addresses, nor for entries no build writes', async () => {
    const business = await createBusiness(database.db);
    const session = await signIn(app, business.owner.email);
    const signedIn = await app.inject({ url: '/sign-in', headers: { cookie: session.cookie } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).not.toContain(made);
    expect(signedIn.body).toContain('<div id="root"></div>');
    for (const url of ['/forgot-password', '/onboarding', '/sign-in/', '/Sign-in', '/']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain('alert');
    }
  });
});

describe('compression', () => {
  it("sends the build's brotli file to a browser that accepts brotli, its gzip file to one that takes gzip only", async () => {
    const br = await app.inject({
      url: '/assets/big-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    // The build's compressed file is sent as the script it is: without a page's headers.
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    expect(br.headers['content-security-policy']).toBeUndefined();
    expect(br.headers['x-frame-options']).toBeUndefined();
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(bigScript);

    const gzip = await app.inject({ url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(bigScript);

    const plain = await app.inject({ url: '/assets/big-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigScript);
  });

  it('compresses a large API answer for a client that accepts it, and leaves a small one alone', async () => {
    const spec = await app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'br' } });
    expect(spec.statusCode).toBe(200);
    expect(spec.headers['content-encoding']).toBe('br');
    const document = JSON.parse(zlib.brotliDecompressSync(spec.rawPayload).toString());
    expect(document.info.title).toBe('Storedesk API');

    const health = await app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok' });
  });

  it('does not inflate a compressed request body: it is refused as the JSON it is not', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: zlib.gzipSync(JSON.stringify({ email: 'owner@example.com', password: 'owner-demo-1' })),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_input');
  });
});

describe('what crawlers, tile servers and monitors see', () => {
  it('keeps crawlers out with a robots.txt', async () => {
    const res = await app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe('User-agent: *\nDisallow: /\n');
  });

  it('answers HEAD of a console page as GET would, without a body', async () => {
    for (const url of ['/', '/dashboard']) {
      const res = await app.inject({ method: 'HEAD', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.body, url).toBe('');
    }
  });

  it('sends tile servers the origin as referrer, which they require, and never a path', async () => {
    const res = await app.inject({ url: '/dashboard' });
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

describe('paths the router cannot read', () => {
  it('answers a broken percent-encoding or an over-long segment with the 404 envelope, as an unknown id', async () => {
    for (const url of [
      '/api/stores/%zz',
      '/api/stores/%',
      `/api/orders/${'9'.repeat(300)}/status`,
      '/files/%E0%A4%A',
    ]) {
      const res = await app.inject({ method: url.endsWith('/status') ? 'POST' : 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toEqual({ error: { code: 'not_found', message: 'Not found' } });
      // No hook runs for these, yet they carry what every answer does.
      expect(res.headers['x-request-id'], url).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  it('answers a GET of an API path with an over-long segment as any unknown API path, not with the page', async () => {
    const res = await app.inject({ url: `/api/stores/${'x'.repeat(201)}`, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  });
});
