import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as argon2 from '@node-rs/argon2';
import { messages } from '@storedesk/shared/messages';
import { Level } from '@storedesk/shared/levels';
import * as t from '#server/db/schema.ts';
import { accountDelayMs, throttlePolicy } from './auth.service.ts';
import { hashPassword } from '#server/lib/passwords.ts';
import {
  createBusiness,
  createTestApp,
  errorOf,
  PASSWORD,
  signIn,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';

let ctx: TestApp;
let biz: TestBusiness;

beforeAll(async () => {
  ctx = await createTestApp();
  biz = await createBusiness(ctx.db);
});
afterAll(() => ctx.close());

const signInAs = (email: string, password: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password }, headers });

describe('POST /api/auth/sign-in', () => {
  it('answers the user, a session cookie and the token', async () => {
    const res = await signInAs(biz.owner.email, PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toEqual({
      id: biz.owner.id,
      name: biz.owner.name,
      email: biz.owner.email,
      phone: '+91-9000000000',
      level: 1,
      zoneId: biz.zones[0],
      businessId: biz.id,
      emailVerified: false,
    });
    expect(body.token).toMatch(/^[\w-]{43}$/);
    const cookie = res.cookies.find((c) => c.name === 'storedesk_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie!.value).toBe(body.token);
  });

  it('takes the email in any case', async () => {
    expect((await signInAs(biz.admin.email.toUpperCase(), PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown email alike with 401', async () => {
    const wrong = await signInAs(biz.owner.email, 'not-the-password');
    const unknown = await signInAs('nobody@example.test', PASSWORD);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(errorOf(wrong)).toEqual({ code: 'unauthenticated', message: messages.badCredentials });
    expect(errorOf(unknown)).toEqual(errorOf(wrong));
    expect(wrong.cookies).toHaveLength(0);
  });

  it("refuses a delivery executive with the spec's message and no session", async () => {
    const res = await signInAs(biz.dex.email, PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).message).toBe("You don't have proper permissions to sign in");
    expect(res.cookies).toHaveLength(0);
  });

  it('refuses an admin without a zone', async () => {
    const other = await createBusiness(ctx.db);
    await ctx.db.execute(sql`UPDATE users SET zone_id = NULL WHERE id = ${other.admin.id}`);
    const res = await signInAs(other.admin.email, PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).message).toBe(messages.noPermissionToSignIn);
  });
});

describe('one address in several businesses (ADR 0033)', () => {
  /** Gives the address `email` another account, in a new business named `name`, with this password and level. */
  async function accountElsewhere(email: string, name: string, level: number, password = PASSWORD) {
    const other = await createBusiness(ctx.db, { name });
    const passwordHash = await hashPassword(password);
    const [row] = await ctx.db
      .insert(t.users)
      .values({
        businessId: other.id,
        zoneId: other.zones[0],
        level,
        name: 'Twin',
        email,
        phone: '9000000000',
        passwordHash,
      })
      .returning({ id: t.users.id });
    return { business: other, userId: row!.id };
  }
  const sessionCount = async () =>
    (await ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM sessions`)).rows[0]!.n;

  it('signs in to the one account whose password it is', async () => {
    const home = await createBusiness(ctx.db);
    const other = await accountElsewhere(
      home.admin.email.toUpperCase(),
      'Elsewhere Mart',
      1,
      'another-pass-1',
    );
    const mine = await signInAs(home.admin.email, PASSWORD);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ user: { id: home.admin.id }, business: { id: home.id } });
    const theirs = await signInAs(home.admin.email, 'another-pass-1');
    expect(theirs.json()).toMatchObject({ user: { id: other.userId }, business: { id: other.business.id } });
  });

  it('asks which business when the password opens several, and signs in to the one chosen', async () => {
    const home = await createBusiness(ctx.db, { name: 'Zeta Foods' });
    const other = await accountElsewhere(home.owner.email, 'Alpha Grocers', 2);
    const before = await sessionCount();
    const asked = await signInAs(home.owner.email, PASSWORD);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({
      chooseBusiness: [
        { id: other.business.id, name: 'Alpha Grocers' },
        { id: home.id, name: 'Zeta Foods' },
      ],
    });
    expect(asked.cookies).toHaveLength(0);
    expect(await sessionCount()).toBe(before);

    for (const [businessId, userId] of [
      [home.id, home.owner.id],
      [other.business.id, other.userId],
    ]) {
      const chosen = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: home.owner.email, password: PASSWORD, businessId },
      });
      expect(chosen.statusCode, chosen.body).toBe(200);
      expect(chosen.json()).toMatchObject({ user: { id: userId }, business: { id: businessId } });
    }
  });

  it("refuses a business the password does not open, or that isn't the address's, with the usual 401", async () => {
    const home = await createBusiness(ctx.db);
    const other = await accountElsewhere(home.admin.email, 'Other Shop', 2, 'another-pass-2');
    const stranger = await createBusiness(ctx.db);
    for (const businessId of [other.business.id, stranger.id]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: home.admin.email, password: PASSWORD, businessId },
      });
      expect(res.statusCode, businessId).toBe(401);
      expect(errorOf(res)).toEqual({ code: 'unauthenticated', message: messages.badCredentials });
    }
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: home.admin.email, password: PASSWORD, businessId: 'not-an-id' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).fields).toEqual({ businessId: expect.any(String) });
  });

  it("counts only accounts that may use the console: an executive's account of the address is passed over", async () => {
    const home = await createBusiness(ctx.db);
    await accountElsewhere(home.admin.email, 'Riders Co', Level.DeliveryExecutive);
    const res = await signInAs(home.admin.email, PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { id: home.admin.id }, business: { id: home.id } });
    // And an executive who has no console account is refused as before.
    const rider = await signInAs(home.dex.email, PASSWORD);
    expect(rider.statusCode).toBe(403);
  });
});

describe('a password hashed at an earlier cost (ADR 0086)', () => {
  const earlierCost = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
  const storedHashOf = async (userId: string) =>
    (await ctx.db.execute<{ h: string }>(sql`SELECT password_hash AS h FROM users WHERE id = ${userId}`))
      .rows[0]!.h;

  it("signs in, and is made again at today's cost, with nothing in the audit log; a wrong password changes nothing", async () => {
    const home = await createBusiness(ctx.db);
    const earlier = await argon2.hash(PASSWORD, earlierCost);
    await ctx.db.execute(sql`UPDATE users SET password_hash = ${earlier} WHERE id = ${home.admin.id}`);

    expect((await signInAs(home.admin.email, 'not-the-password')).statusCode).toBe(401);
    expect(await storedHashOf(home.admin.id)).toBe(earlier);

    const res = await signInAs(home.admin.email, PASSWORD);
    expect(res.statusCode).toBe(200);
    const upgraded = await storedHashOf(home.admin.id);
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=7168,t=5,p=1\$/);
    expect(await argon2.verify(upgraded, PASSWORD)).toBe(true);
    const passwordChanges = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE record_id = ${home.admin.id} AND action = 'password-change'`,
    );
    expect(passwordChanges.rows[0]!.n).toBe(0);

    // The session it opened is good, and the next sign-in leaves the new hash as it is.
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${res.json().token}` },
    });
    expect(me.statusCode).toBe(200);
    expect((await signInAs(home.admin.email, PASSWORD)).statusCode).toBe(200);
    expect(await storedHashOf(home.admin.id)).toBe(upgraded);
  });

  it("new passwords are hashed at today's cost", async () => {
    expect(await hashPassword('a-new-password-1')).toMatch(/^\$argon2id\$v=19\$m=7168,t=5,p=1\$/);
  });
});

describe('sessions', () => {
  it('a cookie and a bearer token both open /api/auth/me', async () => {
    const session = await signIn(ctx.app, biz.owner.email);
    const byCookie = await ctx.app.inject({ url: '/api/auth/me', headers: { cookie: session.cookie } });
    const byBearer = await ctx.app.inject({ url: '/api/auth/me', headers: session.headers });
    expect(byCookie.statusCode).toBe(200);
    expect(byBearer.json().user.id).toBe(biz.owner.id);
    expect(byBearer.json().business).toMatchObject({ id: biz.id, serviceEnded: false });
  });

  it("answers the business's time zone with its offset over the span it holds (ADR 0097)", async () => {
    const session = await signIn(ctx.app, biz.owner.email);
    const ask = async () => {
      const res = await ctx.app.inject({ url: '/api/auth/me', headers: session.headers });
      expect(res.statusCode).toBe(200);
      return res.json().business as {
        timeZone: string;
        utcOffset: { minutes: number; from: string; until: string };
      };
    };
    const before = Date.now();
    const kolkata = await ask();
    expect(kolkata.timeZone).toBe('Asia/Kolkata');
    expect(kolkata.utcOffset.minutes).toBe(330);
    // India keeps one offset: the span is the whole reach, 28 days either side of the answer.
    const from = Date.parse(kolkata.utcOffset.from);
    const until = Date.parse(kolkata.utcOffset.until);
    expect(from).toBeLessThanOrEqual(before);
    expect(until).toBeGreaterThan(Date.now());
    expect(until - from).toBe(56 * 24 * 3_600_000 + 60_000);

    // Another zone, its own offset, there and then.
    await ctx.db
      .update(t.businesses)
      .set({ timeZone: 'America/New_York' })
      .where(sql`id = ${biz.id}`);
    try {
      const newYork = await ask();
      expect(newYork.timeZone).toBe('America/New_York');
      const now = Date.now();
      expect(Date.parse(newYork.utcOffset.from)).toBeLessThanOrEqual(now);
      expect(Date.parse(newYork.utcOffset.until)).toBeGreaterThan(now);
      const hour = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'America/New_York',
        hour: '2-digit',
        hourCycle: 'h23',
      });
      expect(Number(hour.format(now))).toBe(new Date(now + newYork.utcOffset.minutes * 60_000).getUTCHours());
    } finally {
      await ctx.db
        .update(t.businesses)
        .set({ timeZone: 'Asia/Kolkata' })
        .where(sql`id = ${biz.id}`);
    }
  });

  it('sign-out ends the session on the server', async () => {
    const session = await signIn(ctx.app, biz.owner.email);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: session.headers });
    expect(out.statusCode).toBe(204);
    const me = await ctx.app.inject({ url: '/api/auth/me', headers: session.headers });
    expect(me.statusCode).toBe(401);
    expect(errorOf(me).code).toBe('unauthenticated');
  });

  it('a new sign-in from the same browser replaces its old session', async () => {
    const first = await signIn(ctx.app, biz.owner.email);
    const res = await signInAs(biz.owner.email, PASSWORD, { cookie: first.cookie });
    expect(res.statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/auth/me', headers: first.headers })).statusCode).toBe(401);
    expect(
      (
        await ctx.app.inject({
          url: '/api/auth/me',
          headers: { authorization: `Bearer ${res.json().token}` },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('a session idle past its limit, or past its absolute end, is over', async () => {
    const idle = await signIn(ctx.app, biz.admin.email);
    const old = await signIn(ctx.app, biz.admin.email);
    await ctx.db.execute(sql`UPDATE sessions SET last_seen_at = now() - interval '13 hours'
      WHERE token_hash = sha256(${idle.token}::bytea)`);
    await ctx.db.execute(sql`UPDATE sessions SET expires_at = now() - interval '1 second'
      WHERE token_hash = sha256(${old.token}::bytea)`);
    expect((await ctx.app.inject({ url: '/api/auth/me', headers: idle.headers })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/auth/me', headers: old.headers })).statusCode).toBe(401);
  });

  it('says whether the e-mail is verified, in the sign-in answer and /me', async () => {
    const other = await createBusiness(ctx.db);
    await ctx.db.execute(sql`UPDATE users SET email_verified_at = now() WHERE id = ${other.admin.id}`);
    const res = await signInAs(other.admin.email, PASSWORD);
    expect(res.json().user.emailVerified).toBe(true);
    const me = await ctx.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${res.json().token}` },
    });
    expect(me.json().user.emailVerified).toBe(true);
    const unverified = await signInAs(other.owner.email, PASSWORD);
    expect(unverified.json().user.emailVerified).toBe(false);
  });

  it('a made-up token is 401', async () => {
    const res = await ctx.app.inject({ url: '/api/auth/me', headers: { authorization: 'Bearer made-up' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/auth/session (what the console asks on every visit)', () => {
  it('answers the signed-in user and business, as /me does, by cookie or bearer token', async () => {
    const session = await signIn(ctx.app, biz.admin.email);
    const me = await ctx.app.inject({ url: '/api/auth/me', headers: session.headers });
    for (const headers of [{ cookie: session.cookie }, session.headers]) {
      const res = await ctx.app.inject({ url: '/api/auth/session', headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ session: me.json() });
    }
  });

  it('answers 200 with no session to a visitor who is signed out, so the browser logs no failure', async () => {
    const res = await ctx.app.inject({ url: '/api/auth/session' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ session: null });
  });

  it('answers no session for an ended or made-up session, and clears a stale cookie', async () => {
    const session = await signIn(ctx.app, biz.admin.email);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: session.headers });
    const ended = await ctx.app.inject({ url: '/api/auth/session', headers: { cookie: session.cookie } });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ session: null });
    const cleared = ended.cookies.find((c) => c.name === 'storedesk_session');
    expect(cleared?.value).toBe('');
    const madeUp = await ctx.app.inject({
      url: '/api/auth/session',
      headers: { authorization: 'Bearer made-up' },
    });
    expect(madeUp.json()).toEqual({ session: null });
  });
});

describe('throttling', () => {
  const signInFrom = (remoteAddress: string, email: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in', remoteAddress, payload: { email, password } });

  it('refuses an address after 5 failures for an account (429, Retry-After); the right password from another address signs in', async () => {
    const other = await createBusiness(ctx.db);
    for (let i = 0; i < 5; i++)
      expect((await signInFrom('203.0.113.10', other.admin.email, `wrong-${i}`)).statusCode).toBe(401);
    const res = await signInFrom('203.0.113.10', other.admin.email, PASSWORD);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(errorOf(res).message).toBe(messages.tooManySignInAttempts);
    // The owner of the account, from another address, is not locked out.
    expect((await signInFrom('203.0.113.11', other.admin.email, PASSWORD)).statusCode).toBe(200);
    // The failing address may still sign in to other accounts.
    expect((await signInFrom('203.0.113.10', other.owner.email, PASSWORD)).statusCode).toBe(200);
  });

  it('failures from many addresses only slow the account down; the right password from a fresh address still signs in', async () => {
    const other = await createBusiness(ctx.db);
    // 7 failures, each from its own address: no address reaches its limit.
    for (let i = 0; i < 7; i++)
      expect((await signInFrom(`198.51.100.${20 + i}`, other.admin.email, 'wrong-password')).statusCode).toBe(
        401,
      );
    const started = Date.now();
    const res = await signInFrom('198.51.100.99', other.admin.email, PASSWORD);
    const took = Date.now() - started;
    expect(res.statusCode).toBe(200);
    // 7 failures: 1 s of delay (accountDelayMs(7)); loosely, as timing goes.
    expect(took).toBeGreaterThanOrEqual(900);
    // The success cleared the account's count: the next sign-in is not delayed.
    const again = Date.now();
    expect((await signInFrom('198.51.100.98', other.admin.email, PASSWORD)).statusCode).toBe(200);
    expect(Date.now() - again).toBeLessThan(900);
  });

  it("the delay grows with the account's failures: none for 5, then 250 ms doubling to at most 4 s", () => {
    expect([0, 1, 4].map((n) => accountDelayMs(n))).toEqual([0, 0, 0]);
    expect([5, 6, 7, 8, 9, 10, 11, 50, 10_000].map((n) => accountDelayMs(n))).toEqual([
      250, 500, 1000, 2000, 4000, 4000, 4000, 4000, 4000,
    ]);
  });

  /** Failed sign-ins with made-up accounts, so only the address's count grows. */
  async function failFrom(app: TestApp['app'], from: { remoteAddress: string; forwardedFor?: () => string }) {
    for (let i = 0; i < throttlePolicy.perAddress; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        remoteAddress: from.remoteAddress,
        headers: from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor() } : {},
        payload: { email: `nobody-${i}-${Date.now()}@example.com`, password: 'wrong-password' },
      });
      expect(res.statusCode).toBe(401);
    }
  }

  it('locks an address after its failures, and a forged X-Forwarded-For does not get round it', async () => {
    const other = await createBusiness(ctx.db);
    let n = 0;
    const from = { remoteAddress: '203.0.113.40', forwardedFor: () => `198.51.100.${++n}` };
    await failFrom(ctx.app, from);
    const locked = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: from.remoteAddress,
      headers: { 'x-forwarded-for': '198.51.100.200' },
      payload: { email: other.owner.email, password: PASSWORD },
    });
    expect(locked.statusCode).toBe(429);
    expect(errorOf(locked).message).toBe(messages.tooManySignInAttempts);
    const elsewhere = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: '203.0.113.41',
      payload: { email: other.owner.email, password: PASSWORD },
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('behind a proxy named in TRUST_PROXY, counts each client address on its own', async () => {
    const proxied = await createTestApp({ database: ctx.database, env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const other = await createBusiness(ctx.db);
      await failFrom(proxied.app, { remoteAddress: '127.0.0.1', forwardedFor: () => '198.51.100.70' });
      const asClient = (client: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': client },
          payload: { email: other.owner.email, password: PASSWORD },
        });
      expect((await asClient('198.51.100.70')).statusCode).toBe(429);
      expect((await asClient('198.51.100.71')).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});
