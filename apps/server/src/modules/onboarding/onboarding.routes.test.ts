import { count, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  onboardingMessages as m,
  onboardingVerificationMessages as v,
} from '@storedesk/shared/onboarding/schemas';
import { themes } from '@storedesk/shared/themes';
import * as t from '#server/db/schema.ts';
import { makeJpeg, pngOfSize } from '#server/storage/image-fixtures.ts';
import {
  createBusiness,
  createTestApp,
  errorOf,
  PASSWORD,
  refusalOf,
  signIn,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';
import { startTestSmtp, type TestSmtp } from '#test/smtp.ts';
import { onboardingRateLimits } from './onboarding.routes.ts';

let ctx: TestApp;
let smtp: TestSmtp;
let demo: TestBusiness;
let address = 0;

beforeAll(async () => {
  smtp = await startTestSmtp();
  ctx = await createTestApp({ env: { SMTP_URL: smtp.url, TRIAL_DAYS: '30' } });
  demo = await createBusiness(ctx.db);
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

/** Each test calls from an address of its own, so the hourly limits of one do not reach another. */
const nextAddress = () => `10.1.0.${++address}`;

const amber = themes[0]!;
const business = {
  name: 'Fresh Basket',
  description: 'Groceries at the door',
  theme: { primaryColor: amber.primaryColor, accentColor: amber.accentColor, textPrimary: amber.textPrimary },
};
let serial = 0;
function newUser() {
  serial += 1;
  return {
    name: 'Nina New',
    email: `nina.${serial}.${Date.now()}@example.test`,
    phone: '9876543210',
    password: 'long-enough-1',
    confirmPassword: 'long-enough-1',
  };
}
const pngData = (bytes = pngOfSize(2_000)) => `data:image/png;base64,${bytes.toString('base64')}`;

type Client = {
  ip: string;
  token?: string;
  post: (url: string, payload?: object) => Promise<LightMyRequestResponse>;
};

function client(ip = nextAddress()): Client {
  const c: Client = {
    ip,
    post: (url, payload) =>
      ctx.app.inject({
        method: 'POST',
        url,
        remoteAddress: ip,
        headers: c.token ? { 'x-onboarding-token': c.token } : {},
        ...(payload === undefined ? {} : { payload }),
      }),
  };
  return c;
}

async function register(c: Client, user = newUser()) {
  const since = smtp.messages.length;
  const res = await c.post('/api/onboarding/account', user);
  expect(res.statusCode, res.body).toBe(201);
  c.token = res.json<{ onboardingToken: string }>().onboardingToken;
  const mail = await smtp.waitFor(user.email, since);
  return { res, user, mail, link: smtp.linkOf(mail) };
}

const follow = (link: string, accept = 'text/html') => {
  const url = new URL(link);
  return ctx.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { accept } });
};

/** Registers, then follows the mailed link as the mailbox's owner would. */
async function registerVerified(c: Client, user = newUser()) {
  const registered = await register(c, user);
  expect((await follow(registered.link)).headers.location).toBe('/onboarding?verification=verified');
  return registered;
}

/** The registration an onboarding token names (its id comes before the signature). */
async function registrationOf(token: string) {
  const [row] = await ctx.db
    .select()
    .from(t.onboardingAccounts)
    .where(eq(t.onboardingAccounts.id, token.split('.')[0]!));
  return row;
}

async function registrationsOf(email: string) {
  return ctx.db
    .select()
    .from(t.onboardingAccounts)
    .where(sql`lower(${t.onboardingAccounts.email}) = lower(${email})`);
}

async function counts() {
  const [[b], [u], [p]] = await Promise.all([
    ctx.db.select({ n: count() }).from(t.businesses),
    ctx.db.select({ n: count() }).from(t.users),
    ctx.db.select({ n: count() }).from(t.onboardingAccounts),
  ]);
  return { businesses: b!.n, users: u!.n, pending: p!.n };
}

describe('the whole sign-up, with the real SMTP server', () => {
  it('registers, mails a link that verifies, finishes, and signs the owner in to an empty business', async () => {
    const c = client();
    const { res, user, mail, link } = await register(c);
    expect(res.json()).toMatchObject({ email: user.email, verified: false });
    const cookie = res.cookies.find((x) => x.name === 'storedesk_onboarding')!;
    expect(cookie).toMatchObject({ httpOnly: true, path: '/api/onboarding', value: c.token });
    expect(mail.subject).toBe('Verify your email');
    expect(link).toMatch(/\/api\/onboarding\/verify\?token=[A-Za-z0-9_-]{43}$/);
    expect(mail.html).toContain('Verify email');

    const verified = await follow(link);
    expect(verified.statusCode).toBe(303);
    expect(verified.headers.location).toBe('/onboarding?verification=verified');
    const again = await follow(link);
    expect(again.headers.location).toBe('/onboarding?verification=used');
    const againJson = await follow(link, 'application/json');
    expect(againJson.statusCode).toBe(400);
    expect(errorOf(againJson)).toMatchObject({ message: v.used, fields: { token: v.used } });

    const before = Date.now();
    // Finish with the cookie this time (no header).
    const finished = await ctx.app.inject({
      method: 'POST',
      url: '/api/onboarding',
      remoteAddress: c.ip,
      cookies: { storedesk_onboarding: cookie.value },
      payload: { business, user, iconFileData: pngData() },
    });
    expect(finished.statusCode, finished.body).toBe(201);
    const session = finished.json<{
      token: string;
      user: { id: string; level: number; zoneId: string; email: string; name: string; phone: string };
      business: {
        id: string;
        name: string;
        theme: object;
        timeZone: string;
        serviceEndsAt: string;
        serviceEnded: boolean;
      };
    }>();
    expect(session.user).toMatchObject({ level: 1, email: user.email, name: user.name, phone: user.phone });
    expect(session.business).toMatchObject({
      name: business.name,
      theme: business.theme,
      timeZone: 'Asia/Kolkata',
      serviceEnded: false,
    });
    const ends = new Date(session.business.serviceEndsAt).getTime();
    expect(ends - before).toBeGreaterThanOrEqual(30 * 86_400_000 - 1_000);
    expect(ends - Date.now()).toBeLessThanOrEqual(30 * 86_400_000);
    expect(finished.cookies.find((x) => x.name === 'storedesk_session')).toMatchObject({
      httpOnly: true,
      value: session.token,
    });
    expect(finished.cookies.find((x) => x.name === 'storedesk_onboarding')?.value).toBe('');

    const owner = { authorization: `Bearer ${session.token}` };
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: owner });
    expect(me.json()).toMatchObject({ user: { id: session.user.id }, business: { id: session.business.id } });
    // The same password signs in.
    await signIn(ctx.app, user.email, user.password);

    const [row] = await ctx.db.select().from(t.businesses).where(eq(t.businesses.id, session.business.id));
    expect(row).toMatchObject({ live: false, description: business.description });
    expect(row!.iconKey).toMatch(new RegExp(`^business/${row!.id}/images/business/icon/.+\\.png$`));
    expect(row!.storefrontKey).toMatch(/^pk_live_[0-9a-f]{48}$/);
    // Its customer app's address, from its name: the first Fresh Basket gets fresh-basket, the next fresh-basket-2.
    expect(row!.slug).toMatch(/^fresh-basket(-\d+)?$/);
    const logo = await ctx.app.inject({ method: 'GET', url: `/files/${row!.iconKey}` });
    expect(logo.statusCode).toBe(200);
    expect(logo.rawPayload.equals(pngOfSize(2_000))).toBe(true);
    const [ownerRow] = await ctx.db.select().from(t.users).where(eq(t.users.id, session.user.id));
    expect(ownerRow!.emailVerifiedAt).not.toBeNull();
    const [pending] = await ctx.db
      .select({ n: count() })
      .from(t.onboardingAccounts)
      .where(sql`lower(${t.onboardingAccounts.email}) = lower(${user.email})`);
    expect(pending!.n).toBe(0);

    // Default settings: cash on delivery, no delivery charges, referral off.
    const modes = await ctx.app.inject({ method: 'GET', url: '/api/settings/payment-modes', headers: owner });
    expect(modes.statusCode, modes.body).toBe(200);
    expect(JSON.stringify(modes.json())).toContain('"COD"');
    const orderSettings = await ctx.app.inject({ method: 'GET', url: '/api/settings/order', headers: owner });
    expect(orderSettings.json()).toMatchObject({ deliveryChargesEnabled: false });
    const referral = await ctx.db
      .select()
      .from(t.referralSettings)
      .where(eq(t.referralSettings.businessId, session.business.id));
    expect(referral[0]!.enabled).toBe(false);

    // Its own lists: one zone, nothing else; none of the demo-like business's records.
    const zones = await ctx.app.inject({ method: 'GET', url: '/api/zones', headers: owner });
    expect(zones.json()).toMatchObject({ total: 1, items: [{ id: session.user.zoneId, name: 'Main zone' }] });
    for (const url of ['/api/stores', '/api/admins', '/api/delivery-executives', '/api/orders']) {
      const list = await ctx.app.inject({ method: 'GET', url, headers: owner });
      expect(list.statusCode, `${url} ${list.body}`).toBe(200);
      expect(list.json<{ total: number }>().total, url).toBe(0);
    }
    const theirZone = await ctx.app.inject({
      method: 'GET',
      url: `/api/zones/${demo.zones[0]}`,
      headers: owner,
    });
    expect(theirZone.statusCode).toBe(404);

    // And the demo-like business sees nothing of the new one.
    const demoOwner = await signIn(ctx.app, demo.owner.email);
    const demoZones = await ctx.app.inject({ method: 'GET', url: '/api/zones', headers: demoOwner.headers });
    expect(demoZones.json<{ items: { id: string }[] }>().items.map((z) => z.id)).not.toContain(
      session.user.zoneId,
    );
    const newZone = await ctx.app.inject({
      method: 'GET',
      url: `/api/zones/${session.user.zoneId}`,
      headers: demoOwner.headers,
    });
    expect(newZone.statusCode).toBe(404);

    // The token of a finished sign-up names nothing any more.
    const resend = await c.post('/api/onboarding/verification-email');
    expect(resend.statusCode).toBe(401);
    expect(errorOf(resend).message).toBe(m.noPendingAccount);
  });

  it('Resend link mails a new link and the old one stops working; a JPEG logo is kept as .jpg', async () => {
    const c = client();
    const { user, link: first } = await register(c);
    const since = smtp.messages.length;
    const resend = await c.post('/api/onboarding/verification-email');
    expect(resend.statusCode).toBe(204);
    const second = smtp.linkOf(await smtp.waitFor(user.email, since));
    expect(second).not.toBe(first);
    const old = await follow(first, 'application/json');
    expect(old.statusCode).toBe(400);
    expect(errorOf(old).fields).toEqual({ token: v.invalid });
    const ok = await follow(second, 'application/json');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ email: user.email, verified: true });
    const verifiedResend = await c.post('/api/onboarding/verification-email');
    expect(verifiedResend.statusCode).toBe(409);
    expect(errorOf(verifiedResend).message).toBe(m.alreadyVerified);

    const done = await c.post('/api/onboarding', {
      business,
      user,
      iconFileData: `data:image/jpeg;base64,${makeJpeg().toString('base64')}`,
    });
    expect(done.statusCode, done.body).toBe(201);
    const [row] = await ctx.db
      .select({ iconKey: t.businesses.iconKey })
      .from(t.businesses)
      .where(eq(t.businesses.id, done.json<{ business: { id: string } }>().business.id));
    expect(row!.iconKey).toMatch(/\.jpg$/);
  });

  it('Finish waits for the mailed link: 403 before it is followed, and nothing is made', async () => {
    const c = client();
    const { user, link } = await register(c);
    const before = await counts();
    const early = await c.post('/api/onboarding', { business, user, iconFileData: pngData() });
    expect(refusalOf(early)).toEqual({ status: 403, code: 'forbidden', message: m.notVerified });
    expect(await counts()).toEqual(before);

    expect((await follow(link)).headers.location).toBe('/onboarding?verification=verified');
    const done = await c.post('/api/onboarding', { business, user, iconFileData: pngData() });
    expect(done.statusCode, done.body).toBe(201);
    const [owner] = await ctx.db
      .select()
      .from(t.users)
      .where(eq(t.users.id, done.json<{ user: { id: string } }>().user.id));
    expect(owner!.emailVerifiedAt).not.toBeNull();
    expect((await follow(link)).headers.location).toBe('/onboarding?verification=invalid');
  });

  it('an expired link says so and verifies nothing', async () => {
    const c = client();
    const { user, link } = await register(c);
    await ctx.db
      .update(t.onboardingAccounts)
      .set({ verificationExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(t.onboardingAccounts.email, user.email));
    const res = await follow(link, 'application/json');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ message: v.expired, fields: { token: v.expired } });
    expect((await follow(link)).headers.location).toBe('/onboarding?verification=expired');
    const [row] = await ctx.db
      .select()
      .from(t.onboardingAccounts)
      .where(eq(t.onboardingAccounts.email, user.email));
    expect(row!.verifiedAt).toBeNull();
  });

  it('a forged or missing token is refused', async () => {
    for (const token of ['A'.repeat(43), 'short', '']) {
      const res = await follow(`http://x/api/onboarding/verify?token=${token}`, 'application/json');
      expect(res.statusCode, token).toBe(400);
      expect(errorOf(res).fields).toEqual({ token: v.invalid });
    }
    expect((await follow('http://x/api/onboarding/verify')).headers.location).toBe(
      '/onboarding?verification=invalid',
    );
  });
});

describe('refusals: exact 4xx, nothing created', () => {
  it('bad User details → 400 naming the field', async () => {
    const c = client();
    const before = await counts();
    const cases: [object, Record<string, string>][] = [
      [{ confirmPassword: 'long-enough-2' }, { confirmPassword: m.confirmPassword }],
      [{ phone: '987654321' }, { phone: m.phone }],
      [{ email: `${'a'.repeat(53)}@example.com` }, { email: m.emailTooLong }],
      [{ email: 'nina@' }, { email: m.emailInvalid }],
      [{ email: '' }, { email: m.emailRequired }],
      [{ email: 42 }, { email: m.emailRequired }],
      [{ name: '' }, { name: m.name }],
      [{ password: 'short77', confirmPassword: 'short77' }, { password: m.passwordLength }],
    ];
    for (const [change, fields] of cases) {
      const res = await c.post('/api/onboarding/account', { ...newUser(), ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(errorOf(res).fields, JSON.stringify(change)).toEqual(fields);
    }
    expect(await counts()).toEqual(before);
  });

  it('bad Finish input → 400 naming the field; no business, no user', async () => {
    const c = client();
    const { user } = await register(c);
    const before = await counts();
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
    const cases: [object, Record<string, string>][] = [
      [{ iconFileData: `data:image/gif;base64,${gif.toString('base64')}` }, { iconFileData: m.logoType }],
      [{ iconFileData: `data:image/png;base64,${gif.toString('base64')}` }, { iconFileData: m.logoType }],
      [{ iconFileData: `data:image/svg+xml;base64,${svg.toString('base64')}` }, { iconFileData: m.logoType }],
      [{ iconFileData: pngData(pngOfSize(102_401)) }, { iconFileData: m.logoTooLarge }],
      [{ iconFileData: '' }, { iconFileData: m.logoRequired }],
      [
        { user: { ...user, confirmPassword: 'other-password' } },
        { 'user.confirmPassword': m.confirmPassword },
      ],
      [{ user: { ...user, phone: '987654321' } }, { 'user.phone': m.phone }],
      [{ business: { ...business, name: ' ' } }, { 'business.name': m.businessName }],
      [{ business: { ...business, description: '' } }, { 'business.description': m.description }],
      [
        {
          business: {
            ...business,
            theme: { primaryColor: '#000', accentColor: '#000', textPrimary: '#000' },
          },
        },
        { 'business.theme': m.theme },
      ],
      [{ user: { ...user, email: 'someone.else@example.test' } }, { 'user.email': m.emailChanged }],
      [
        { user: { ...user, password: 'another-pass-1', confirmPassword: 'another-pass-1' } },
        { 'user.password': m.passwordChanged },
      ],
    ];
    for (const [change, fields] of cases) {
      // The same pending account from addresses of their own (Finish is limited per address).
      const from = client();
      from.token = c.token;
      const res = await from.post('/api/onboarding', { business, user, iconFileData: pngData(), ...change });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(errorOf(res).fields, JSON.stringify(fields)).toEqual(fields);
    }
    expect(await counts()).toEqual(before);
  });

  it('without a token, or with a forged one, Resend and Finish answer 401', async () => {
    const c = client();
    const { user } = await register(c);
    const forged = client(c.ip);
    forged.token = `${c.token!.split('.')[0]}.${'A'.repeat(43)}`;
    for (const who of [client(c.ip), forged]) {
      const resend = await who.post('/api/onboarding/verification-email');
      expect(resend.statusCode).toBe(401);
      const done = await who.post('/api/onboarding', { business, user, iconFileData: pngData() });
      expect(done.statusCode).toBe(401);
      expect(errorOf(done).message).toBe(m.noPendingAccount);
    }
    // Registering the e-mail again makes another registration; the first token still names the first.
    const first = c.token!;
    await register(c, user);
    expect(c.token).not.toBe(first);
    const earlier = client(c.ip);
    earlier.token = first;
    expect((await earlier.post('/api/onboarding/verification-email')).statusCode).toBe(204);
  });
});

describe('several registrations of one e-mail: none takes over another (B16, ADR 0057)', () => {
  it('a second registration from elsewhere, with another password, does not take over the first', async () => {
    const victim = client();
    const a = await register(victim);
    const attacker = client();
    const intruder = { ...a.user, password: 'attackers-pass-1', confirmPassword: 'attackers-pass-1' };
    const b = await register(attacker, intruder);
    expect(b.link).not.toBe(a.link);

    // The link mailed first still verifies the first registration, and only it.
    const verified = await follow(a.link);
    expect(verified.statusCode).toBe(303);
    expect(verified.headers.location).toBe('/onboarding?verification=verified');
    expect((await registrationOf(victim.token!))!.verifiedAt).not.toBeNull();
    expect((await registrationOf(attacker.token!))!.verifiedAt).toBeNull();

    const before = await counts();
    const early = await attacker.post('/api/onboarding', {
      business,
      user: intruder,
      iconFileData: pngData(),
    });
    expect(refusalOf(early)).toEqual({ status: 403, code: 'forbidden', message: m.notVerified });
    expect(await counts()).toEqual(before);

    const done = await victim.post('/api/onboarding', { business, user: a.user, iconFileData: pngData() });
    expect(done.statusCode, done.body).toBe(201);
    await signIn(ctx.app, a.user.email, a.user.password);
    const asIntruder = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: a.user.email, password: intruder.password },
    });
    expect(asIntruder.statusCode).toBe(401);

    // The other registration is gone: its link and its token name nothing.
    const late = await follow(b.link, 'application/json');
    expect(refusalOf(late)).toEqual({
      status: 400,
      code: 'invalid_input',
      message: v.invalid,
      fields: { token: v.invalid },
    });
    expect((await follow(b.link)).headers.location).toBe('/onboarding?verification=invalid');
    const resend = await attacker.post('/api/onboarding/verification-email');
    expect(refusalOf(resend)).toEqual({ status: 401, code: 'unauthenticated', message: m.noPendingAccount });
    const after = await attacker.post('/api/onboarding', {
      business,
      user: intruder,
      iconFileData: pngData(),
    });
    expect(refusalOf(after)).toEqual({ status: 401, code: 'unauthenticated', message: m.noPendingAccount });
    expect(await registrationsOf(a.user.email)).toEqual([]);
  });

  it('a link verifies only the registration it was mailed for; Resend replaces only its own link', async () => {
    const first = client();
    const a = await register(first);
    const second = client();
    const b = await register(second, a.user);

    const since = smtp.messages.length;
    expect((await second.post('/api/onboarding/verification-email')).statusCode).toBe(204);
    const resent = smtp.linkOf(await smtp.waitFor(a.user.email, since));
    const replaced = await follow(b.link, 'application/json');
    expect(refusalOf(replaced)).toMatchObject({ status: 400, fields: { token: v.invalid } });

    const ok = await follow(resent, 'application/json');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ email: a.user.email, verified: true });
    expect((await registrationOf(second.token!))!.verifiedAt).not.toBeNull();
    expect((await registrationOf(first.token!))!.verifiedAt).toBeNull();
    const unverified = await first.post('/api/onboarding', {
      business,
      user: a.user,
      iconFileData: pngData(),
    });
    expect(refusalOf(unverified)).toEqual({ status: 403, code: 'forbidden', message: m.notVerified });

    // The first registration's link, mailed before the other's Resend, still works for it.
    const own = await follow(a.link, 'application/json');
    expect(own.statusCode, own.body).toBe(200);
    expect((await registrationOf(first.token!))!.verifiedAt).not.toBeNull();
  });

  it('of two verified registrations either may finish; then the other is gone', async () => {
    const first = client();
    const { user } = await registerVerified(first);
    const second = client();
    await registerVerified(second, user);

    const done = await second.post('/api/onboarding', { business, user, iconFileData: pngData() });
    expect(done.statusCode, done.body).toBe(201);
    const late = await first.post('/api/onboarding', { business, user, iconFileData: pngData() });
    expect(refusalOf(late)).toEqual({ status: 401, code: 'unauthenticated', message: m.noPendingAccount });
    const owners = await ctx.db
      .select({ id: t.users.id })
      .from(t.users)
      .where(sql`lower(${t.users.email}) = lower(${user.email})`);
    expect(owners).toHaveLength(1);
  });

  it('two verified registrations finishing at the same moment make one business', async () => {
    const first = client();
    const { user } = await registerVerified(first);
    const second = client();
    await registerVerified(second, user);
    const before = await counts();

    const answers = await Promise.all(
      [first, second].map((c) => c.post('/api/onboarding', { business, user, iconFileData: pngData() })),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 401]);
    const refused = answers.find((res) => res.statusCode === 401)!;
    expect(errorOf(refused).message).toBe(m.noPendingAccount);
    expect(await counts()).toEqual({
      businesses: before.businesses + 1,
      users: before.users + 1,
      pending: before.pending - 2,
    });
  });

  it("Finish removes every other registration of the e-mail, whatever its case, and no other e-mail's", async () => {
    const owner = client();
    const { user } = await registerVerified(owner);
    await register(client(), { ...user, email: user.email.toUpperCase() });
    await registerVerified(client(), {
      ...user,
      password: 'another-pass-1',
      confirmPassword: 'another-pass-1',
    });
    const other = client();
    const { user: neighbour } = await register(other);
    expect(await registrationsOf(user.email)).toHaveLength(3);

    const done = await owner.post('/api/onboarding', { business, user, iconFileData: pngData() });
    expect(done.statusCode, done.body).toBe(201);
    expect(await registrationsOf(user.email)).toEqual([]);
    expect(await registrationsOf(neighbour.email)).toHaveLength(1);
    expect((await other.post('/api/onboarding/verification-email')).statusCode).toBe(204);
  });

  it(`${onboardingRateLimits.accountsPerEmail} registrations of one e-mail from one address a day, then 429; the links mailed still work, and another address is not held up`, async () => {
    const c = client();
    const user = newUser();
    // A refused body does not count against the e-mail.
    const bad = await c.post('/api/onboarding/account', { ...user, phone: '123' });
    expect(refusalOf(bad)).toMatchObject({ status: 400, fields: { phone: m.phone } });
    const links: string[] = [];
    for (let i = 0; i < onboardingRateLimits.accountsPerEmail; i++) {
      links.push((await register(c, user)).link);
    }
    const sent = smtp.messages.length;
    const limited = await c.post('/api/onboarding/account', { ...user, email: user.email.toUpperCase() });
    expect(refusalOf(limited)).toEqual({ status: 429, code: 'rate_limited', message: m.tooManyForEmail });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(onboardingRateLimits.perEmailWindowMs / 1000 - 60);
    expect(retryAfter).toBeLessThanOrEqual(onboardingRateLimits.perEmailWindowMs / 1000);
    expect(await registrationsOf(user.email)).toHaveLength(onboardingRateLimits.accountsPerEmail);

    // The mailbox's owner, elsewhere, still signs up; this address still signs up other e-mails.
    const owner = client();
    await register(owner, user);
    await register(client(c.ip));
    expect(smtp.messages.length).toBe(sent + 2);

    for (const link of links) {
      const res = await follow(link, 'application/json');
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('registrations of one e-mail sent at once from one address: no more than the limit get through', async () => {
    const ip = nextAddress();
    const user = newUser();
    const extra = 3;
    const answers = await Promise.all(
      Array.from({ length: onboardingRateLimits.accountsPerEmail + extra }, () =>
        client(ip).post('/api/onboarding/account', user),
      ),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([
      ...Array<number>(onboardingRateLimits.accountsPerEmail).fill(201),
      ...Array<number>(extra).fill(429),
    ]);
    expect(await registrationsOf(user.email)).toHaveLength(onboardingRateLimits.accountsPerEmail);
  });
});

describe('an address with accounts in other businesses (ADR 0033)', () => {
  it('registers exactly as a new address does, whatever its case: nobody learns that it has an account', async () => {
    const fresh = await register(client());
    const used = { ...newUser(), email: demo.admin.email.toUpperCase() };
    const taken = await register(client(), used);
    expect(taken.res.statusCode).toBe(fresh.res.statusCode);
    expect(Object.keys(taken.res.json()).sort()).toEqual(Object.keys(fresh.res.json()).sort());
    expect(taken.res.json()).toMatchObject({ email: used.email, verified: false });
    expect(taken.mail.subject).toBe(fresh.mail.subject);
    expect(taken.link).toMatch(/\/api\/onboarding\/verify\?token=[A-Za-z0-9_-]{43}$/);
  });

  it('Finish makes a business of its own; each account signs in with its own password, in its own business', async () => {
    const c = client();
    const used = { ...newUser(), email: demo.admin.email };
    await registerVerified(c, used);
    const res = await c.post('/api/onboarding', { business, user: used, iconFileData: pngData() });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<{ user: { id: string; email: string }; business: { id: string } }>();
    expect(created.user.email).toBe(demo.admin.email);
    expect(created.business.id).not.toBe(demo.id);

    const signInAs = (password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: demo.admin.email, password },
      });
    const asNewOwner = await signInAs(used.password);
    expect(asNewOwner.statusCode, asNewOwner.body).toBe(200);
    expect(asNewOwner.json()).toMatchObject({
      user: { id: created.user.id, level: 1 },
      business: { id: created.business.id },
    });
    const asAdmin = await signInAs(PASSWORD);
    expect(asAdmin.statusCode, asAdmin.body).toBe(200);
    expect(asAdmin.json()).toMatchObject({
      user: { id: demo.admin.id, level: 2 },
      business: { id: demo.id },
    });
  });

  it('an account of another business taking the address between User details and Finish does not stop Finish', async () => {
    const c = client();
    const { user } = await registerVerified(c);
    await ctx.db.update(t.users).set({ email: user.email }).where(eq(t.users.id, demo.dex.id));
    try {
      const res = await c.post('/api/onboarding', { business, user, iconFileData: pngData() });
      expect(res.statusCode, res.body).toBe(201);
    } finally {
      await ctx.db.update(t.users).set({ email: demo.dex.email }).where(eq(t.users.id, demo.dex.id));
    }
  });
});

describe('rate limits per client address', () => {
  it(`${onboardingRateLimits.accounts} registrations an hour, then 429 with Retry-After; another address is not limited`, async () => {
    const c = client();
    for (let i = 0; i < onboardingRateLimits.accounts; i++) {
      const res = await c.post('/api/onboarding/account', {});
      expect(res.statusCode).toBe(400);
    }
    const limited = await c.post('/api/onboarding/account', newUser());
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).message).toBe(m.tooManyAccounts);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000);
    expect((await client().post('/api/onboarding/account', {})).statusCode).toBe(400);
  });

  it(`${onboardingRateLimits.finishes} Finishes an hour, then 429`, async () => {
    const c = client();
    for (let i = 0; i < onboardingRateLimits.finishes; i++) {
      expect((await c.post('/api/onboarding', {})).statusCode).toBe(400);
    }
    const limited = await c.post('/api/onboarding', {});
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).message).toBe(m.tooManyFinishes);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
  });
});
