/**
 * Every message with a link, asked for with a hostile Host, X-Forwarded-Host
 * and Forwarded: the link points where the configuration says, never where
 * the request says (ADR 0032). A link aimed at another site would hand it the
 * token: account takeover.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtp, type TestSmtp } from '#test/smtp.ts';
import {
  createBusiness,
  createTestApp,
  createTestDatabase,
  PASSWORD,
  signIn,
  type TestApp,
  type TestDatabase,
} from '#test/harness.ts';

const hostile = {
  host: 'evil.example',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'https',
  forwarded: 'for=203.0.113.9;host=evil.example;proto=https',
};

let smtp: TestSmtp;
let database: TestDatabase;
const apps: TestApp[] = [];

beforeAll(async () => {
  smtp = await startTestSmtp();
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.drop();
  await smtp.close();
});

const fresh = () => `someone.${randomBytes(4).toString('hex')}@example.test`;

/** Sign-up's User details for `email`; answers the onboarding token. */
async function register({ app }: TestApp, email: string, headers: Record<string, string> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/onboarding/account',
    payload: { name: 'New Owner', email, phone: '9876543210', password: PASSWORD, confirmPassword: PASSWORD },
    headers,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ onboardingToken: string }>().onboardingToken;
}

/** A signed-in owner or admin of a new business, whose requests carry their session and any `headers` given. */
async function asStaffOfNewBusiness({ app, db }: TestApp, role: 'owner' | 'admin') {
  const biz = await createBusiness(db);
  const session = await signIn(app, biz[role].email);
  return {
    email: biz[role].email,
    inject: (request: { method: 'GET' | 'POST' | 'PATCH'; url: string; payload?: object }, headers = {}) =>
      app.inject({ ...request, headers: { ...headers, ...session.headers } }),
  };
}

/** Every message kind that carries a link: how to ask for it, and where its link leads. */
type Kind = {
  name: string;
  /**
   * Asks for the message with these headers; answers the address it goes to,
   * and how many messages had arrived before the request that sends it.
   */
  ask: (app: TestApp, headers: Record<string, string>) => Promise<{ to: string; since: number }>;
  path: RegExp;
};

const kinds: Kind[] = [
  {
    name: 'password reset',
    path: /^\/reset-password\?token=[\w-]{43}$/,
    ask: async ({ app, db }, headers) => {
      const since = smtp.messages.length;
      const biz = await createBusiness(db);
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: biz.admin.email },
        headers,
      });
      expect(res.statusCode, res.body).toBe(202);
      return { to: biz.admin.email, since };
    },
  },
  {
    name: 'sign-up verification',
    path: /^\/api\/onboarding\/verify\?token=[\w-]{43}$/,
    ask: async (app, headers) => {
      const since = smtp.messages.length;
      const email = fresh();
      await register(app, email, headers);
      return { to: email, since };
    },
  },
  {
    name: 'sign-up verification, sent again',
    path: /^\/api\/onboarding\/verify\?token=[\w-]{43}$/,
    ask: async (app, headers) => {
      const email = fresh();
      const token = await register(app, email);
      await smtp.waitFor(email);
      const since = smtp.messages.length;
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/onboarding/verification-email',
        headers: { ...headers, 'x-onboarding-token': token },
      });
      expect(res.statusCode, res.body).toBe(204);
      return { to: email, since };
    },
  },
  {
    name: 'a changed e-mail’s confirmation',
    path: /^\/api\/account\/verify-email\?token=[\w-]{43}$/,
    ask: async (app, headers) => {
      const since = smtp.messages.length;
      const admin = await asStaffOfNewBusiness(app, 'admin');
      const account = await admin.inject({ method: 'GET', url: '/api/account' });
      const { name, phone, version } = account.json<{ name: string; phone: string; version: number }>();
      const email = fresh();
      const payload = { name, phone, email, currentPassword: PASSWORD, version };
      const res = await admin.inject({ method: 'PATCH', url: '/api/account', payload }, headers);
      expect(res.statusCode, res.body).toBe(200);
      return { to: email, since };
    },
  },
  {
    name: 'an unverified e-mail’s verification, sent again',
    path: /^\/api\/account\/verify-email\?token=[\w-]{43}$/,
    ask: async (app, headers) => {
      const since = smtp.messages.length;
      const owner = await asStaffOfNewBusiness(app, 'owner');
      const res = await owner.inject({ method: 'POST', url: '/api/account/verification-email' }, headers);
      expect(res.statusCode, res.body).toBe(204);
      return { to: owner.email, since };
    },
  },
];

/** The link of the message `ask` brings about. */
async function linkOf(app: TestApp, kind: Kind, headers: Record<string, string>): Promise<URL> {
  const { to, since } = await kind.ask(app, headers);
  const mail = await smtp.waitFor(to, since);
  const text = smtp.linkOf(mail);
  // What a person reads is what they click: the text and the HTML name one address.
  expect(mail.html).toContain(`href="${text.replace(/&/g, '&amp;')}"`);
  const link = new URL(text);
  expect(`${link.pathname}${link.search}`).toMatch(kind.path);
  return link;
}

async function appWith(env: Record<string, string>) {
  const app = await createTestApp({ database, env: { SMTP_URL: smtp.url, ...env } });
  apps.push(app);
  return app;
}

describe.each(kinds)('the link of a $name', (kind) => {
  it('points at the address the server listens on when PUBLIC_URL is unset, whatever the request names', async () => {
    const app = await appWith({});
    expect((await linkOf(app, kind, hostile)).origin).toBe('http://localhost:3000');
  });

  it('points at PUBLIC_URL when it is set', async () => {
    const app = await appWith({ PUBLIC_URL: 'https://console.example.com' });
    expect((await linkOf(app, kind, hostile)).origin).toBe('https://console.example.com');
  });

  it("takes a trusted proxy's X-Forwarded-Host only when PUBLIC_HOSTS names it", async () => {
    const app = await appWith({
      TRUST_PROXY: '127.0.0.1',
      PUBLIC_HOSTS: 'console.example.com, shop.example.com:8443',
      HOST: '0.0.0.0',
      PORT: '8080',
    });
    expect((await linkOf(app, kind, hostile)).origin).toBe('http://localhost:8080');
    const allowed = { ...hostile, 'x-forwarded-host': 'Shop.Example.com:8443' };
    expect((await linkOf(app, kind, allowed)).origin).toBe('https://shop.example.com:8443');
    // The proxy appends what it saw to what the client sent: the last entry is the proxy's.
    const appended = { ...hostile, 'x-forwarded-host': 'console.example.com, evil.example' };
    expect((await linkOf(app, kind, appended)).origin).toBe('http://localhost:8080');
  });
});
