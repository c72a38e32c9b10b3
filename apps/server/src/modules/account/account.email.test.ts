/** D18: the current password guards password and e-mail changes; a new e-mail applies only through its mailed link. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { accountMessages } from '@storedesk/shared/account/schemas';
import { messages } from '@storedesk/shared/messages';
import {
  createBusiness,
  createTestApp,
  errorOf,
  PASSWORD,
  signIn,
  type Session,
  type Staff,
  type TestApp,
} from '#test/harness.ts';
import { startTestSmtp, type TestSmtp } from '#test/smtp.ts';

let ctx: TestApp;
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startTestSmtp();
  ctx = await createTestApp({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const getAccount = (session: Session) => ctx.app.inject({ url: '/api/account', headers: session.headers });
const patchAccount = (session: Session, payload: object) =>
  ctx.app.inject({ method: 'PATCH', url: '/api/account', headers: session.headers, payload });
const resend = (session: Session) =>
  ctx.app.inject({ method: 'POST', url: '/api/account/verification-email', headers: session.headers });
const signInStatus = async (email: string, password: string) =>
  (await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } }))
    .statusCode;
/** Follows a mailed link as a browser would, without a session. */
const follow = (link: string) => {
  const url = new URL(link);
  return ctx.app.inject({ url: url.pathname + url.search });
};

async function storedUser(id: string) {
  const result = await ctx.db.execute<Record<string, unknown>>(
    sql`SELECT name, email, phone, password_hash, version, email_verified_at::text FROM users WHERE id = ${id}`,
  );
  return result.rows[0]!;
}
async function tokens(userId: string) {
  const result = await ctx.db.execute<{ email: string; used: boolean }>(
    sql`SELECT email, used_at IS NOT NULL AS used FROM account_tokens WHERE user_id = ${userId} ORDER BY created_at`,
  );
  return result.rows;
}
const detailsOf = (staff: Staff, version = 1) => ({
  name: staff.name,
  email: staff.email,
  phone: '+91-9000000000',
  version,
});
const newAddress = (tag: string) => `${tag}.${Math.random().toString(36).slice(2, 10)}@example.test`;

describe('the current password (D18)', () => {
  it('is required for a new password or a new e-mail: 400 on currentPassword, nothing changed', async () => {
    const biz = await createBusiness(ctx.db);
    const session = await signIn(ctx.app, biz.admin.email);
    const before = await storedUser(biz.admin.id);
    const sent = smtp.messages.length;
    for (const change of [
      { password: 'brand-new-secret-7' },
      { email: newAddress('nina') },
      { password: 'brand-new-secret-7', currentPassword: '' },
    ]) {
      const res = await patchAccount(session, { ...detailsOf(biz.admin), ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(errorOf(res)).toEqual({
        code: 'invalid_input',
        message: messages.invalidInput,
        fields: { currentPassword: accountMessages.currentPasswordRequired },
      });
    }
    expect(await storedUser(biz.admin.id)).toEqual(before);
    expect(await tokens(biz.admin.id)).toEqual([]);
    expect(smtp.messages.length).toBe(sent);
  });

  it('when wrong is 403 with a clear message, and nothing changes', async () => {
    const biz = await createBusiness(ctx.db);
    const session = await signIn(ctx.app, biz.admin.email);
    const other = await signIn(ctx.app, biz.admin.email);
    const before = await storedUser(biz.admin.id);
    const sent = smtp.messages.length;
    for (const change of [{ password: 'brand-new-secret-7' }, { email: newAddress('wrong') }]) {
      const res = await patchAccount(session, {
        ...detailsOf(biz.admin),
        ...change,
        name: 'Renamed',
        currentPassword: 'not-my-password',
      });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toEqual({
        code: 'forbidden',
        message: accountMessages.currentPasswordWrong,
        fields: { currentPassword: accountMessages.currentPasswordWrong },
      });
    }
    expect(await storedUser(biz.admin.id)).toEqual(before);
    expect(await tokens(biz.admin.id)).toEqual([]);
    expect(smtp.messages.length).toBe(sent);
    expect((await getAccount(other)).statusCode).toBe(200);
    expect(await signInStatus(biz.admin.email, PASSWORD)).toBe(200);
  });

  it('when right changes the password and ends only the other sessions', async () => {
    const biz = await createBusiness(ctx.db);
    const current = await signIn(ctx.app, biz.admin.email);
    const other = await signIn(ctx.app, biz.admin.email);
    const res = await patchAccount(current, {
      ...detailsOf(biz.admin),
      password: 'brand-new-secret-7',
      currentPassword: PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect((await getAccount(current)).statusCode).toBe(200);
    expect((await getAccount(other)).statusCode).toBe(401);
    expect(await signInStatus(biz.admin.email, 'brand-new-secret-7')).toBe(200);
    expect(await signInStatus(biz.admin.email, PASSWORD)).toBe(401);
  });

  it('is not needed for a change of case of the same e-mail', async () => {
    const biz = await createBusiness(ctx.db);
    const session = await signIn(ctx.app, biz.admin.email);
    const res = await patchAccount(session, {
      ...detailsOf(biz.admin),
      email: biz.admin.email.toUpperCase(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: biz.admin.email.toUpperCase(), pendingEmail: null });
  });
});

describe('a new e-mail', () => {
  it('is mailed a link; the sign-in e-mail changes only when the link is followed, once', async () => {
    const biz = await createBusiness(ctx.db);
    const session = await signIn(ctx.app, biz.admin.email);
    const target = newAddress('nora');
    const since = smtp.messages.length;
    const res = await patchAccount(session, {
      ...detailsOf(biz.admin),
      email: target,
      currentPassword: PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: biz.admin.email, pendingEmail: target, version: 2 });
    expect((await getAccount(session)).json()).toMatchObject({
      email: biz.admin.email,
      pendingEmail: target,
    });
    // Not yet: the old e-mail still signs in, the new one does not.
    expect(await signInStatus(target, PASSWORD)).toBe(401);
    expect(await signInStatus(biz.admin.email, PASSWORD)).toBe(200);

    const mail = await smtp.waitFor(target, since);
    expect(mail.subject).toBe('Confirm your new email');
    expect(mail.html).toContain('/api/account/verify-email?token=');
    expect(smtp.messages.slice(since).some((m) => m.to.includes(biz.admin.email))).toBe(false);
    const link = smtp.linkOf(mail);
    const followed = await follow(link);
    expect(followed.statusCode).toBe(303);
    expect(followed.headers.location).toBe('/account?email-verified=1');

    expect(await signInStatus(target, PASSWORD)).toBe(200);
    expect(await signInStatus(biz.admin.email, PASSWORD)).toBe(401);
    const after = (await getAccount(session)).json();
    expect(after).toMatchObject({ email: target, pendingEmail: null, emailVerified: true, version: 3 });

    const again = await follow(link);
    expect(again.statusCode).toBe(400);
    expect(errorOf(again).message).toBe(accountMessages.verificationLinkUsed);
    expect((await storedUser(biz.admin.id)).email).toBe(target);
  });

  it("another business's address is taken as any new one: mailed a link, then each account signs in with its own password (ADR 0033)", async () => {
    const biz = await createBusiness(ctx.db);
    const elsewhere = await createBusiness(ctx.db);
    const session = await signIn(ctx.app, biz.admin.email);
    // The admin's own password, so the two accounts of the address differ by password.
    const own = 'admins-own-pass-1';
    const changed = await patchAccount(session, {
      ...detailsOf(biz.admin),
      password: own,
      currentPassword: PASSWORD,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const since = smtp.messages.length;
    const target = elsewhere.owner.email.toUpperCase();
    const res = await patchAccount(session, {
      ...detailsOf(biz.admin, 2),
      email: target,
      currentPassword: own,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: biz.admin.email, pendingEmail: target });
    const followed = await follow(smtp.linkOf(await smtp.waitFor(elsewhere.owner.email, since)));
    expect(followed.statusCode).toBe(303);
    expect(followed.headers.location).toBe('/account?email-verified=1');

    const signInAs = (password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: elsewhere.owner.email, password },
      });
    expect((await signInAs(own)).json()).toMatchObject({
      user: { id: biz.admin.id },
      business: { id: biz.id },
    });
    expect((await signInAs(PASSWORD)).json()).toMatchObject({
      user: { id: elsewhere.owner.id },
      business: { id: elsewhere.id },
    });
  });

  it('an expired, a forged or a superseded link is refused and changes nothing', async () => {
    const biz = await createBusiness(ctx.db);
    const session = await signIn(ctx.app, biz.admin.email);
    const first = newAddress('first');
    const second = newAddress('second');
    let since = smtp.messages.length;
    await patchAccount(session, { ...detailsOf(biz.admin), email: first, currentPassword: PASSWORD });
    const firstLink = smtp.linkOf(await smtp.waitFor(first, since));
    since = smtp.messages.length;
    await patchAccount(session, { ...detailsOf(biz.admin, 2), email: second, currentPassword: PASSWORD });
    const secondLink = smtp.linkOf(await smtp.waitFor(second, since));
    const before = await storedUser(biz.admin.id);

    const superseded = await follow(firstLink);
    expect(superseded.statusCode).toBe(400);
    expect(errorOf(superseded).message).toBe(accountMessages.verificationLinkUsed);

    const forged = await follow(secondLink.replace(/token=.{4}/, 'token=AAAA'));
    expect(forged.statusCode).toBe(400);
    expect(errorOf(forged)).toMatchObject({
      message: accountMessages.verificationLinkInvalid,
      fields: { token: accountMessages.verificationLinkInvalid },
    });
    expect((await ctx.app.inject({ url: '/api/account/verify-email' })).statusCode).toBe(400);

    await ctx.db.execute(
      sql`UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE user_id = ${biz.admin.id} AND used_at IS NULL`,
    );
    const expired = await follow(secondLink);
    expect(expired.statusCode).toBe(400);
    expect(errorOf(expired).message).toBe(accountMessages.verificationLinkExpired);
    expect(await storedUser(biz.admin.id)).toEqual(before);
    expect((await getAccount(session)).json()).toMatchObject({ email: biz.admin.email, pendingEmail: null });
  });

  it('taken by another account meanwhile is 409 when the link is followed, and nothing changes', async () => {
    const biz = await createBusiness(ctx.db);
    const session = await signIn(ctx.app, biz.admin.email);
    const target = newAddress('race');
    const since = smtp.messages.length;
    await patchAccount(session, { ...detailsOf(biz.admin), email: target, currentPassword: PASSWORD });
    const link = smtp.linkOf(await smtp.waitFor(target, since));
    await ctx.db.execute(sql`UPDATE users SET email = ${target.toUpperCase()} WHERE id = ${biz.owner.id}`);
    const before = await storedUser(biz.admin.id);
    const res = await follow(link);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toEqual({
      code: 'conflict',
      message: messages.emailTaken,
      fields: { email: messages.emailTaken },
    });
    expect(await storedUser(biz.admin.id)).toEqual(before);
    expect((await tokens(biz.admin.id)).map((t) => t.used)).toEqual([false]);
  });
});

describe('POST /api/account/verification-email', () => {
  it('mails a link for the unverified current e-mail (204); following it verifies the e-mail', async () => {
    const biz = await createBusiness(ctx.db);
    const session = await signIn(ctx.app, biz.admin.email);
    expect((await getAccount(session)).json().emailVerified).toBe(false);
    const since = smtp.messages.length;
    const res = await resend(session);
    expect(res.statusCode).toBe(204);
    const mail = await smtp.waitFor(biz.admin.email, since);
    expect(mail.subject).toBe('Verify your email');
    expect((await follow(smtp.linkOf(mail))).statusCode).toBe(303);
    expect((await getAccount(session)).json()).toMatchObject({ email: biz.admin.email, emailVerified: true });
    const me = await ctx.app.inject({ url: '/api/auth/me', headers: session.headers });
    expect(me.json().user.emailVerified).toBe(true);

    const verified = await resend(session);
    expect(verified.statusCode).toBe(409);
    expect(errorOf(verified).message).toBe(accountMessages.alreadyVerified);
  });

  it('asked again within a minute is 429 with Retry-After, and sends nothing', async () => {
    const biz = await createBusiness(ctx.db);
    const session = await signIn(ctx.app, biz.owner.email);
    expect((await resend(session)).statusCode).toBe(204);
    await smtp.waitFor(biz.owner.email);
    const sent = smtp.messages.length;
    const res = await resend(session);
    expect(res.statusCode).toBe(429);
    expect(errorOf(res).message).toBe(accountMessages.tooManyVerificationEmails);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(smtp.messages.length).toBe(sent);
    expect(await tokens(biz.owner.id)).toHaveLength(1);
  });

  it('without a session is 401', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/account/verification-email' });
    expect(res.statusCode).toBe(401);
  });
});

describe('staff created by the owner', () => {
  it('start with a verified e-mail', async () => {
    const biz = await createBusiness(ctx.db);
    const owner = await signIn(ctx.app, biz.owner.email);
    const email = newAddress('staffer');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admins',
      headers: owner.headers,
      payload: {
        name: 'Sam Staff',
        email,
        phone: '+91-9000000001',
        password: 'staff-secret-1',
        zoneId: biz.zones[0],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const me = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email, password: 'staff-secret-1' },
    });
    expect(me.json().user.emailVerified).toBe(true);
  });
});
