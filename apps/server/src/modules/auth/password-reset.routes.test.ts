import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { passwordResetMessages, passwordResetPolicy } from '@storedesk/shared/auth/password-reset';
import { messages } from '@storedesk/shared/messages';
import { accountTokens, users } from '#server/db/schema.ts';
import { startTestSmtp, type TestSmtp } from '#test/smtp.ts';
import {
  createBusiness,
  createTestApp,
  errorOf,
  PASSWORD,
  signIn,
  signInExecutive,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';

let smtp: TestSmtp;
let ctx: TestApp;
let biz: TestBusiness;

beforeAll(async () => {
  smtp = await startTestSmtp();
  ctx = await createTestApp({ env: { SMTP_URL: smtp.url } });
  biz = await createBusiness(ctx.db);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

// Each test asks from an address of its own, so the per-address limit of one does not spill into another.
let lastAddress = 1;
const nextAddress = () => `10.0.0.${++lastAddress}`;

const forgot = (
  email: unknown,
  remoteAddress = nextAddress(),
  headers: Record<string, string> = {},
  app = ctx.app,
) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email },
    remoteAddress,
    headers,
  });
const reset = (payload: object, remoteAddress = nextAddress()) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload, remoteAddress });
const signInAs = (email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

/** Asks for a link for `email` and answers the token of the mail that arrives. */
async function mailedToken(email: string) {
  const since = smtp.messages.length;
  const res = await forgot(email);
  expect(res.statusCode).toBe(202);
  const mail = await smtp.waitFor(email, since);
  return { mail, token: tokenOf(smtp.linkOf(mail)) };
}

const resetTokens = (userId: string) =>
  ctx.db.select().from(accountTokens).where(eq(accountTokens.userId, userId));
const passwordHashOf = async (userId: string) =>
  (await ctx.db.select({ h: users.passwordHash }).from(users).where(eq(users.id, userId)))[0]!.h;

/**
 * Sends forgot-password requests to an app of their own, then closes it.
 * Closing waits for the work each request left running after its answer, so
 * what has not been mailed by then never will be.
 */
async function forgotAndSettle(...emails: string[]) {
  const own = await createTestApp({ database: ctx.database, env: { SMTP_URL: smtp.url } });
  try {
    const answers = [];
    for (const email of emails) answers.push(await forgot(email, nextAddress(), {}, own.app));
    return answers;
  } finally {
    await own.close();
  }
}

/** The messages to `to` since `since`, once there are `count` of them (waits up to 5 s). */
async function mailsTo(to: string, since: number, count: number) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const mails = smtp.messages.slice(since).filter((m) => m.to.includes(to));
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) throw new Error(`${mails.length} of ${count} mails to ${to} within 5 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('forgot password → mail → reset (B8)', () => {
  it('mails a link to the console that sets a new password and ends every session', async () => {
    const account = await createBusiness(ctx.db);
    const email = account.owner.email;
    const before = await signIn(ctx.app, email);
    const other = await signIn(ctx.app, email);

    const { mail, token } = await mailedToken(email);
    const link = smtp.linkOf(mail);
    expect(link).toMatch(/^http:\/\/localhost(:\d+)?\/reset-password\?token=[\w-]{43}$/);
    expect(mail.subject).toContain('Reset your');
    expect(mail.from).toContain(
      (await ctx.db.execute<{ name: string }>(sql`SELECT name FROM businesses WHERE id = ${account.id}`))
        .rows[0]!.name,
    );
    expect(mail.text).toContain('30 minutes');
    expect(mail.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);

    const res = await reset({ token, password: 'brand-new-pass' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    expect((await signInAs(email, PASSWORD)).statusCode).toBe(401);
    expect((await signInAs(email, 'brand-new-pass')).statusCode).toBe(200);
    for (const session of [before, other]) {
      const me = await ctx.app.inject({ url: '/api/auth/me', headers: session.headers });
      expect(me.statusCode).toBe(401);
    }
    const [row] = await resetTokens(account.owner.id);
    expect(row!.usedAt).not.toBeNull();
  });

  it('works for an admin, the e-mail in any case', async () => {
    const account = await createBusiness(ctx.db);
    const { token } = await mailedToken(account.admin.email.toUpperCase());
    expect((await reset({ token, password: 'admin-new-pass' })).statusCode).toBe(204);
    expect((await signInAs(account.admin.email, 'admin-new-pass')).statusCode).toBe(200);
  });

  it('mails each business account of an address its own link, naming its business; each resets only its own (ADR 0033)', async () => {
    const home = await createBusiness(ctx.db, { name: 'Home Mart' });
    const other = await createBusiness(ctx.db, { name: 'Other Mart' });
    const riders = await createBusiness(ctx.db, { name: 'Riders Mart' });
    // The address also owns Other Mart, and rides for Riders Mart (an executive, who cannot sign in: no link).
    await ctx.db.update(users).set({ email: home.admin.email }).where(eq(users.id, other.owner.id));
    await ctx.db
      .update(users)
      .set({ email: home.admin.email.toUpperCase() })
      .where(eq(users.id, riders.dex.id));
    const since = smtp.messages.length;
    const [answer] = await forgotAndSettle(home.admin.email);
    expect(answer!.statusCode).toBe(202);
    const mails = await mailsTo(home.admin.email, since, 2);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Reset your Home Mart password',
      'Reset your Other Mart password',
    ]);
    const tokenFor = (name: string) => tokenOf(smtp.linkOf(mails.find((m) => m.subject.includes(name))!));

    expect((await reset({ token: tokenFor('Other Mart'), password: 'other-new-pass' })).statusCode).toBe(204);
    expect(await passwordHashOf(home.admin.id)).toBe(await passwordHashOf(home.owner.id));
    const signedIn = await signInAs(home.admin.email, 'other-new-pass');
    expect(signedIn.json()).toMatchObject({ user: { id: other.owner.id }, business: { id: other.id } });
    expect((await signInAs(home.admin.email, PASSWORD)).json()).toMatchObject({
      user: { id: home.admin.id },
    });
  });

  it('answers an unknown e-mail with the same 202 and body, and mails nothing', async () => {
    const since = smtp.messages.length;
    const [known, unknown] = await forgotAndSettle(biz.otherAdmin.email, 'nobody-here@example.test');
    expect(unknown!.statusCode).toBe(202);
    expect(unknown!.json()).toEqual({ message: passwordResetMessages.sent });
    expect(unknown!.body).toBe(known!.body);
    expect(smtp.messages.slice(since).map((m) => m.to)).toEqual([[biz.otherAdmin.email]]);
  });

  it('mails nothing to a delivery executive or a deleted user, who cannot sign in', async () => {
    const account = await createBusiness(ctx.db);
    await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, account.admin.id));
    const since = smtp.messages.length;
    const answers = await forgotAndSettle(account.dex.email, account.admin.email);
    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202]);
    expect(smtp.messages.length).toBe(since);
    expect(await resetTokens(account.dex.id)).toEqual([]);
    expect(await resetTokens(account.admin.id)).toEqual([]);
  });

  it('refuses a used link with 409 and changes nothing', async () => {
    const account = await createBusiness(ctx.db);
    const { token } = await mailedToken(account.owner.email);
    expect((await reset({ token, password: 'first-new-pass' })).statusCode).toBe(204);
    const hash = await passwordHashOf(account.owner.id);
    const again = await reset({ token, password: 'second-new-pass' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toEqual({ code: 'conflict', message: passwordResetMessages.used });
    expect(await passwordHashOf(account.owner.id)).toBe(hash);
  });

  it('refuses an expired link with 400 and changes nothing, sessions included', async () => {
    const account = await createBusiness(ctx.db);
    const session = await signIn(ctx.app, account.owner.email);
    const { token } = await mailedToken(account.owner.email);
    await ctx.db.execute(
      sql`UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE user_id = ${account.owner.id}`,
    );
    const res = await reset({ token, password: 'too-late-pass' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toEqual({
      code: 'invalid_input',
      message: passwordResetMessages.expired,
      fields: { token: passwordResetMessages.expired },
    });
    expect((await signInAs(account.owner.email, PASSWORD)).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/auth/me', headers: session.headers })).statusCode).toBe(200);
    expect((await resetTokens(account.owner.id))[0]!.usedAt).toBeNull();
  });

  it('refuses a forged link with 400', async () => {
    const hash = await passwordHashOf(biz.owner.id);
    for (const token of ['made-up', 'A'.repeat(43)]) {
      const res = await reset({ token, password: 'forged-pass-1' });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toEqual({
        code: 'invalid_input',
        message: passwordResetMessages.invalid,
        fields: { token: passwordResetMessages.invalid },
      });
    }
    expect(await passwordHashOf(biz.owner.id)).toBe(hash);
  });

  it('ends the older link when a newer one is made: only the newest works', async () => {
    const account = await createBusiness(ctx.db);
    const first = await mailedToken(account.owner.email);
    const second = await mailedToken(account.owner.email);
    expect(second.token).not.toBe(first.token);
    const old = await reset({ token: first.token, password: 'old-link-pass' });
    expect(old.statusCode).toBe(400);
    expect(errorOf(old).message).toBe(passwordResetMessages.expired);
    expect((await reset({ token: second.token, password: 'new-link-pass' })).statusCode).toBe(204);
  });

  it('refuses the link once the account has another e-mail', async () => {
    const account = await createBusiness(ctx.db);
    const { token } = await mailedToken(account.owner.email);
    await ctx.db
      .update(users)
      .set({ email: `moved.${account.owner.email}` })
      .where(eq(users.id, account.owner.id));
    const res = await reset({ token, password: 'moved-pass-1' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(passwordResetMessages.invalid);
  });
});

describe('bad input', () => {
  it('refuses a missing or malformed e-mail with 400 and field reasons', async () => {
    const empty = await forgot('');
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).fields).toEqual({ email: messages.isRequired });
    const malformed = await forgot('not-an-email');
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).fields).toEqual({ email: messages.invalidEmail });
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: {},
      remoteAddress: nextAddress(),
    });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(errorOf(missing).fields ?? {})).toEqual(['email']);
  });

  it('refuses a password of 7 or 129 characters and a missing token, with the link left unused', async () => {
    const account = await createBusiness(ctx.db);
    const { token } = await mailedToken(account.owner.email);
    const short = await reset({ token, password: '1234567' });
    expect(short.statusCode).toBe(400);
    expect(errorOf(short).fields).toEqual({ password: messages.passwordLength });
    const long = await reset({ token, password: 'x'.repeat(129) });
    expect(long.statusCode).toBe(400);
    expect(errorOf(long).fields).toEqual({ password: 'must be at most 128 characters' });
    const noToken = await reset({ password: 'good-pass-123' });
    expect(noToken.statusCode).toBe(400);
    expect(Object.keys(errorOf(noToken).fields ?? {})).toEqual(['token']);
    expect((await resetTokens(account.owner.id))[0]!.usedAt).toBeNull();
    expect((await signInAs(account.owner.email, PASSWORD)).statusCode).toBe(200);
    // 128 characters is still a password.
    expect((await reset({ token, password: 'y'.repeat(128) })).statusCode).toBe(204);
  });

  it('refuses a cross-site request like sign-in does', async () => {
    const res = await forgot(biz.owner.email, nextAddress(), { 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toEqual({ code: 'forbidden', message: messages.crossSite });
  });
});

describe('rate limits', () => {
  it(`answers 429 with Retry-After after ${passwordResetPolicy.perAddress} requests from one address`, async () => {
    const address = nextAddress();
    for (let i = 0; i < passwordResetPolicy.perAddress; i++) {
      expect((await forgot(`someone${i}@example.test`, address)).statusCode).toBe(202);
    }
    const refused = await forgot('someone@example.test', address);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toEqual({ code: 'rate_limited', message: passwordResetMessages.tooMany });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await forgot('someone@example.test')).statusCode).toBe(202);
  });

  it(`mails one account at most ${passwordResetPolicy.mailsPerAccountPerHour} links an hour, answering the same`, async () => {
    const account = await createBusiness(ctx.db);
    const email = account.owner.email;
    for (let i = 0; i < passwordResetPolicy.mailsPerAccountPerHour; i++) await mailedToken(email);
    const since = smtp.messages.length;
    const [capped] = await forgotAndSettle(email);
    expect(capped!.statusCode).toBe(202);
    expect(capped!.json()).toEqual({ message: passwordResetMessages.sent });
    expect(smtp.messages.slice(since)).toEqual([]);
    expect(await resetTokens(account.owner.id)).toHaveLength(passwordResetPolicy.mailsPerAccountPerHour);
  });

  it('answers 429 after 10 reset attempts from one address', async () => {
    const address = nextAddress();
    for (let i = 0; i < 10; i++) {
      expect((await reset({ token: `forged-${i}`, password: 'whatever-1' }, address)).statusCode).toBe(400);
    }
    const refused = await reset({ token: 'forged', password: 'whatever-1' }, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('a delivery executive’s forgotten password (ADR 0042)', () => {
  const forgotInApp = (email: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/delivery/forgot-password',
      payload: { email },
      remoteAddress: nextAddress(),
    });

  it('mails a link to the delivery app that sets a new password there, and ends their sessions', async () => {
    const account = await createBusiness(ctx.db);
    const before = await signInExecutive(ctx.app, account.dex.email);
    const since = smtp.messages.length;
    const asked = await forgotInApp(account.dex.email);
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ message: passwordResetMessages.sent });
    const mail = await smtp.waitFor(account.dex.email, since);
    const link = smtp.linkOf(mail);
    expect(link).toMatch(/^http:\/\/localhost(:\d+)?\/deliver\/reset-password\?token=[\w-]{43}$/);

    // The console's reset does not take an executive's link; the app's does.
    expect((await reset({ token: tokenOf(link), password: 'rider-new-pass' })).statusCode).toBe(400);
    const done = await ctx.app.inject({
      method: 'POST',
      url: '/api/delivery/reset-password',
      payload: { token: tokenOf(link), password: 'rider-new-pass' },
      remoteAddress: nextAddress(),
    });
    expect(done.statusCode, done.body).toBe(204);
    expect((await ctx.app.inject({ url: '/api/delivery/session', headers: before.headers })).statusCode).toBe(
      401,
    );
    await signInExecutive(ctx.app, account.dex.email, 'rider-new-pass');
  });

  it('mails staff nothing from the delivery app, and executives nothing from the console', async () => {
    const account = await createBusiness(ctx.db);
    const since = smtp.messages.length;
    expect((await forgotInApp(account.admin.email)).statusCode).toBe(202);
    expect((await forgot(account.dex.email)).statusCode).toBe(202);
    // A mail that would come has come by the time a later one to someone else arrives.
    expect((await forgot(account.owner.email)).statusCode).toBe(202);
    await smtp.waitFor(account.owner.email, since);
    expect(smtp.messages.slice(since).map((m) => m.to)).toEqual([[account.owner.email]]);
  });
});
