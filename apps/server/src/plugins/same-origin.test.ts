/**
 * The same-origin check of console writes behind a reverse proxy: a proxy that
 * rewrites Host (nginx's default) keeps working when TRUST_PROXY trusts it,
 * because the browser's host and scheme come from X-Forwarded-Host and
 * X-Forwarded-Proto; an untrusted client can't use those headers to pass.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBusiness,
  createTestApp,
  createTestDatabase,
  errorOf,
  PASSWORD,
  type TestApp,
  type TestBusiness,
  type TestDatabase,
} from '#test/harness.ts';

let database: TestDatabase;
let biz: TestBusiness;
const apps: TestApp[] = [];

async function appWith(env: NodeJS.ProcessEnv) {
  const ctx = await createTestApp({ database, env });
  apps.push(ctx);
  return ctx;
}

function signIn(ctx: TestApp, headers: Record<string, string>, remoteAddress = '127.0.0.1') {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    remoteAddress,
    headers: { 'content-type': 'application/json', host: 'storedesk-backend:3000', ...headers },
    payload: { email: biz.owner.email, password: PASSWORD },
  });
}

const browser = { origin: 'https://console.example.com', 'sec-fetch-site': 'same-origin' };
const forwarded = { 'x-forwarded-host': 'console.example.com', 'x-forwarded-proto': 'https' };

beforeAll(async () => {
  database = await createTestDatabase();
  biz = await createBusiness(database.db);
});

afterAll(async () => {
  for (const ctx of apps) await ctx.close();
  await database.drop();
});

describe('behind a proxy that rewrites Host', () => {
  it('without TRUST_PROXY, refuses the browser: nothing says which host it used', async () => {
    const ctx = await appWith({});
    const res = await signIn(ctx, { ...browser, ...forwarded });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toEqual({ code: 'forbidden', message: 'Cross-site request refused' });
  });

  it('with TRUST_PROXY naming the proxy, takes host and scheme from X-Forwarded-Host and -Proto', async () => {
    const ctx = await appWith({ TRUST_PROXY: '127.0.0.1' });
    const res = await signIn(ctx, { ...browser, ...forwarded });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ user: { id: string } }>().user.id).toBe(biz.owner.id);
  });

  it('with TRUST_PROXY, refuses an Origin whose scheme is not the one the proxy was reached by', async () => {
    const ctx = await appWith({ TRUST_PROXY: 'true' });
    const res = await signIn(ctx, { ...browser, origin: 'http://console.example.com', ...forwarded });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('forbidden');
  });

  it('with TRUST_PROXY, refuses another site even when the proxy forwards its host', async () => {
    const ctx = await appWith({ TRUST_PROXY: '1' });
    const res = await signIn(ctx, { origin: 'https://evil.example', ...forwarded });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('forbidden');
  });

  it('ignores X-Forwarded-Host from a client that is not a trusted proxy', async () => {
    const ctx = await appWith({ TRUST_PROXY: '10.0.0.1' });
    const res = await signIn(ctx, { ...browser, ...forwarded }, '192.0.2.7');
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('forbidden');
  });

  it('with the host forwarded but no scheme, the host decides (TLS may end at the proxy)', async () => {
    const ctx = await appWith({ TRUST_PROXY: '127.0.0.1' });
    const res = await signIn(ctx, { ...browser, 'x-forwarded-host': 'console.example.com' });
    expect(res.statusCode).toBe(200);
  });

  it('with PUBLIC_URL, accepts its origin whatever Host the proxy sends', async () => {
    const ctx = await appWith({ PUBLIC_URL: 'https://console.example.com' });
    expect((await signIn(ctx, browser)).statusCode).toBe(200);
    const elsewhere = await signIn(ctx, { ...browser, origin: 'https://other.example.com' });
    expect(elsewhere.statusCode).toBe(403);
  });
});

describe('what the browser says of where a write comes from (Sec-Fetch-Site)', () => {
  it('refuses a write from another site, and from a sibling of the same site, whatever its Origin says', async () => {
    const ctx = await appWith({ PUBLIC_URL: 'https://console.example.com' });
    // A page of shop.example.com is "same-site" with console.example.com: still another origin.
    for (const site of ['same-site', 'cross-site']) {
      const res = await signIn(ctx, { ...browser, 'sec-fetch-site': site });
      expect(res.statusCode, site).toBe(403);
      expect(errorOf(res)).toEqual({ code: 'forbidden', message: 'Cross-site request refused' });
    }
    // The console's own page, and a request typed in the address bar or sent by a client with no browser.
    for (const site of ['same-origin', 'none']) {
      expect((await signIn(ctx, { ...browser, 'sec-fetch-site': site })).statusCode, site).toBe(200);
    }
  });
});
