import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { accountMessages } from '@storedesk/shared/account/schemas';
import { twoFactorMessages } from '@storedesk/shared/auth/two-factor-messages';
import { type TwoFactorStatus } from '@storedesk/shared/auth/two-factor';
import { messages } from '@storedesk/shared/messages';
import {
  createBusiness,
  createTestApp,
  errorOf,
  PASSWORD,
  refusalOf,
  signIn,
  signInExecutive,
  type Session,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';
import { base32Decode, stepAt, totpAt } from './totp.ts';

let ctx: TestApp;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const send = (options: InjectOptions) => ctx.app.inject(options);
const post = (url: string, payload: unknown, session?: Session, remoteAddress = '127.0.0.1') =>
  send({ method: 'POST', url, payload: payload as object, headers: session?.headers ?? {}, remoteAddress });

const signInBody = (email: string, remoteAddress = '127.0.0.1', password = PASSWORD) =>
  post('/api/auth/sign-in', { email, password }, undefined, remoteAddress);

/** The code an authenticator app shows for a secret, `offset` steps from now. */
const codeOf = (secret: string, offset = 0) => totpAt(secret, stepAt(Date.now()) + offset);

/** Turns on two-step sign-in for a signed-in person; answers the secret and the recovery codes. */
async function enrol(session: Session) {
  const started = await post('/api/account/two-factor/totp', { currentPassword: PASSWORD }, session);
  expect(started.statusCode, started.body).toBe(200);
  const { secret } = started.json<{ secret: string }>();
  const confirmed = await post('/api/account/two-factor/totp/confirm', { code: codeOf(secret) }, session);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret, recoveryCodes: confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

async function challengeFor(email: string, remoteAddress = '127.0.0.1') {
  const res = await signInBody(email, remoteAddress);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ challenge: string }>().challenge;
}

const status = async (session: Session) =>
  (await send({ url: '/api/account/two-factor', headers: session.headers })).json<TwoFactorStatus>();

async function stored(userId: string) {
  const result = await ctx.db.execute<{
    totp_secret: string | null;
    totp_pending_secret: string | null;
    codes: number;
  }>(
    sql`SELECT totp_secret, totp_pending_secret,
               (SELECT count(*)::int FROM recovery_codes WHERE user_id = ${userId}) AS codes
        FROM users WHERE id = ${userId}`,
  );
  return result.rows[0]!;
}

describe('setting up an authenticator app', () => {
  let biz: TestBusiness;
  beforeAll(async () => {
    biz = await createBusiness(ctx.db);
  });

  it('answers a base32 secret and its otpauth URL, pending until a code confirms it', async () => {
    const session = await signIn(ctx.app, biz.owner.email);
    const res = await post('/api/account/two-factor/totp', { currentPassword: PASSWORD }, session);
    expect(res.statusCode).toBe(200);
    const { secret, otpauthUrl } = res.json<{ secret: string; otpauthUrl: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    const url = new URL(otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe(`/${await businessName(biz.id)}:${biz.owner.email}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      secret,
      issuer: await businessName(biz.id),
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    expect(await status(session)).toEqual({
      totpEnabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
      required: false,
    });
    const row = await stored(biz.owner.id);
    expect(row).toEqual({ totp_secret: null, totp_pending_secret: secret, codes: 0 });
  });

  it('refuses a wrong current password with 403 on the field, and a missing one with 400', async () => {
    const session = await signIn(ctx.app, biz.admin.email);
    const wrong = await post('/api/account/two-factor/totp', { currentPassword: 'not-it-at-all' }, session);
    expect(refusalOf(wrong)).toEqual({
      status: 403,
      code: 'forbidden',
      message: accountMessages.currentPasswordWrong,
      fields: { currentPassword: accountMessages.currentPasswordWrong },
    });
    for (const body of [
      {},
      { currentPassword: '' },
      { currentPassword: 5 },
      { currentPassword: 'x'.repeat(129) },
    ]) {
      const res = await post('/api/account/two-factor/totp', body, session);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(errorOf(res).fields ?? {})).toEqual(['currentPassword']);
    }
    expect(await stored(biz.admin.id)).toEqual({ totp_secret: null, totp_pending_secret: null, codes: 0 });
  });

  it('turns on with a code of the pending secret and answers ten distinct recovery codes, stored hashed', async () => {
    const session = await signIn(ctx.app, biz.otherAdmin.email);
    const { secret, recoveryCodes } = await enrol(session);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const row = await stored(biz.otherAdmin.id);
    expect(row).toEqual({ totp_secret: secret, totp_pending_secret: null, codes: 10 });
    const hashes = await ctx.db.execute<{ code_hash: Buffer }>(
      sql`SELECT code_hash FROM recovery_codes WHERE user_id = ${biz.otherAdmin.id}`,
    );
    for (const { code_hash } of hashes.rows)
      expect(recoveryCodes.some((code) => code_hash.toString('utf8').includes(code))).toBe(false);
    const now = await status(session);
    expect(now).toMatchObject({ totpEnabled: true, recoveryCodesLeft: 10, required: false });
    expect(Date.now() - Date.parse(now.enabledAt!)).toBeLessThan(60_000);
    // On is on: a second setup is refused until it is turned off.
    const again = await post('/api/account/two-factor/totp', { currentPassword: PASSWORD }, session);
    expect(refusalOf(again)).toEqual({ status: 409, code: 'conflict', message: twoFactorMessages.alreadyOn });
  });

  it('refuses a wrong or malformed code, and a confirm with nothing pending, writing nothing', async () => {
    const other = await createBusiness(ctx.db);
    const session = await signIn(ctx.app, other.admin.email);
    const nothing = await post('/api/account/two-factor/totp/confirm', { code: '123456' }, session);
    expect(refusalOf(nothing)).toEqual({
      status: 409,
      code: 'conflict',
      message: twoFactorMessages.noPendingSecret,
    });
    const started = await post('/api/account/two-factor/totp', { currentPassword: PASSWORD }, session);
    const { secret } = started.json<{ secret: string }>();
    const right = codeOf(secret);
    const wrongCode = right === '000000' ? '000001' : '000000';
    const wrong = await post('/api/account/two-factor/totp/confirm', { code: wrongCode }, session);
    expect(refusalOf(wrong)).toEqual({
      status: 400,
      code: 'invalid_input',
      message: twoFactorMessages.codeWrong,
      fields: { code: twoFactorMessages.codeWrong },
    });
    for (const body of [
      {},
      { code: '12345' },
      { code: 'abcdef' },
      { code: 123456 },
      { code: '1'.repeat(65) },
    ]) {
      const res = await post('/api/account/two-factor/totp/confirm', body, session);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(errorOf(res).fields ?? {})).toEqual(['code']);
    }
    expect(await stored(other.admin.id)).toEqual({
      totp_secret: null,
      totp_pending_secret: secret,
      codes: 0,
    });
    // Spaces as an app groups the digits are fine.
    const spaced = `${right.slice(0, 3)} ${right.slice(3)}`;
    const ok = await post('/api/account/two-factor/totp/confirm', { code: spaced }, session);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses every account endpoint without a staff session: 401 signed out and for an executive', async () => {
    const other = await createBusiness(ctx.db);
    const executive = await signInExecutive(ctx.app, other.dex.email);
    const calls: Array<[string, string, object?]> = [
      ['GET', '/api/account/two-factor'],
      ['POST', '/api/account/two-factor/totp', { currentPassword: PASSWORD }],
      ['POST', '/api/account/two-factor/totp/confirm', { code: '123456' }],
      ['POST', '/api/account/two-factor/recovery-codes', { currentPassword: PASSWORD }],
      ['DELETE', '/api/account/two-factor', { currentPassword: PASSWORD }],
    ];
    for (const [method, url, payload] of calls) {
      for (const headers of [{}, executive.headers]) {
        const res = await send({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
    }
    expect(await stored(other.dex.id)).toEqual({ totp_secret: null, totp_pending_secret: null, codes: 0 });
  });
});

async function businessName(id: string) {
  const result = await ctx.db.execute<{ name: string }>(sql`SELECT name FROM businesses WHERE id = ${id}`);
  return result.rows[0]!.name;
}

describe('signing in with two-step sign-in on', () => {
  let biz: TestBusiness;
  let secret: string;
  let recoveryCodes: string[];
  beforeAll(async () => {
    biz = await createBusiness(ctx.db);
    ({ secret, recoveryCodes } = await enrol(await signIn(ctx.app, biz.owner.email)));
  });

  it('answers the password with a challenge and no session: no cookie, no token', async () => {
    const res = await signInBody(biz.owner.email);
    expect(res.statusCode).toBe(200);
    const body = res.json<Record<string, unknown>>();
    expect(Object.keys(body).sort()).toEqual(['challenge', 'passkey', 'twoFactorRequired']);
    expect(body.twoFactorRequired).toBe(true);
    expect(body.passkey).toBe(false);
    expect(body.challenge).toMatch(/^[\w-]{43}$/);
    expect(res.headers['set-cookie']).toBeUndefined();
    // The challenge is no session.
    const me = await send({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${String(body.challenge)}` },
    });
    expect(me.statusCode).toBe(401);
  });

  it('completes with the app’s code as sign-in does, and refuses the same code again (replay)', async () => {
    const code = codeOf(secret, 1);
    const res = await post('/api/auth/two-factor', { challenge: await challengeFor(biz.owner.email), code });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ token: string; user: { id: string }; business: { id: string } }>();
    expect(body.user.id).toBe(biz.owner.id);
    expect(body.business.id).toBe(biz.id);
    const cookie = res.cookies.find((c) => c.name === 'storedesk_session');
    expect(cookie?.httpOnly).toBe(true);
    const me = await send({ url: '/api/auth/me', headers: { authorization: `Bearer ${body.token}` } });
    expect(me.statusCode).toBe(200);

    const replay = await post('/api/auth/two-factor', {
      challenge: await challengeFor(biz.owner.email),
      code,
    });
    expect(refusalOf(replay)).toEqual({
      status: 401,
      code: 'unauthenticated',
      message: twoFactorMessages.codeWrong,
    });
    // An earlier step than the one used is refused too.
    const earlier = await post('/api/auth/two-factor', {
      challenge: await challengeFor(biz.owner.email),
      code: codeOf(secret, 0),
    });
    expect(earlier.statusCode).toBe(401);
  });

  it('takes a recovery code once, in any case and with or without its dash', async () => {
    const [first, second] = recoveryCodes;
    const used = await post('/api/auth/two-factor', {
      challenge: await challengeFor(biz.owner.email),
      code: first!.toUpperCase(),
    });
    expect(used.statusCode, used.body).toBe(200);
    const again = await post('/api/auth/two-factor', {
      challenge: await challengeFor(biz.owner.email),
      code: first,
    });
    expect(refusalOf(again)).toEqual({
      status: 401,
      code: 'unauthenticated',
      message: twoFactorMessages.codeWrong,
    });
    const undashed = await post('/api/auth/two-factor', {
      challenge: await challengeFor(biz.owner.email),
      code: second!.replace('-', ''),
    });
    expect(undashed.statusCode).toBe(200);
    const session = {
      token: '',
      cookie: '',
      headers: { authorization: `Bearer ${undashed.json<{ token: string }>().token}` },
    };
    expect((await status(session)).recoveryCodesLeft).toBe(8);
  });

  it('uses a challenge once', async () => {
    const challenge = await challengeFor(biz.owner.email);
    const first = await post('/api/auth/two-factor', { challenge, code: recoveryCodes[2] });
    expect(first.statusCode).toBe(200);
    const second = await post('/api/auth/two-factor', { challenge, code: recoveryCodes[3] });
    expect(refusalOf(second)).toEqual({
      status: 401,
      code: 'unauthenticated',
      message: twoFactorMessages.challengeExpired,
    });
  });

  it('refuses a challenge after its 5 minutes, and one that was never given', async () => {
    const challenge = await challengeFor(biz.owner.email);
    await ctx.db.execute(
      sql`UPDATE two_factor_challenges SET expires_at = now() - interval '1 second' WHERE user_id = ${biz.owner.id}`,
    );
    for (const body of [
      { challenge, code: recoveryCodes[4] },
      { challenge: 'made-up', code: recoveryCodes[4] },
    ]) {
      const res = await post('/api/auth/two-factor', body);
      expect(refusalOf(res)).toEqual({
        status: 401,
        code: 'unauthenticated',
        message: twoFactorMessages.challengeExpired,
      });
    }
    // The expired attempt did not use the code.
    const res = await post('/api/auth/two-factor', {
      challenge: await challengeFor(biz.owner.email),
      code: recoveryCodes[4],
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses garbage with 400 and the fields', async () => {
    const cases: Array<[unknown, string[]]> = [
      [{}, ['challenge', 'code']],
      [{ challenge: 'x' }, ['code']],
      [{ challenge: 'x', code: '' }, ['code']],
      [{ challenge: 'x', code: '12#456' }, ['code']],
      [{ challenge: 'x'.repeat(201), code: '123456' }, ['challenge']],
      [{ challenge: 7, code: 123456 }, ['challenge', 'code']],
      [{ challenge: 'x', code: '1'.repeat(65) }, ['code']],
    ];
    for (const [body, fields] of cases) {
      const res = await post('/api/auth/two-factor', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(errorOf(res).fields ?? {}).sort()).toEqual(fields);
    }
  });
});

describe('guessing the second step', () => {
  it('kills the challenge at the fifth wrong code with 429, and the right code then waits for the window', async () => {
    const biz = await createBusiness(ctx.db);
    const { secret } = await enrol(await signIn(ctx.app, biz.admin.email));
    const address = '10.9.8.7';
    const challenge = await challengeFor(biz.admin.email, address);
    const right = codeOf(secret, 1);
    const wrongCode = right === '111111' ? '222222' : '111111';
    for (let guess = 1; guess <= 4; guess++) {
      const res = await post('/api/auth/two-factor', { challenge, code: wrongCode }, undefined, address);
      expect(refusalOf(res)).toEqual({
        status: 401,
        code: 'unauthenticated',
        message: twoFactorMessages.codeWrong,
      });
    }
    const fifth = await post('/api/auth/two-factor', { challenge, code: 'aaaaa-bbbbb' }, undefined, address);
    expect(refusalOf(fifth)).toEqual({
      status: 429,
      code: 'rate_limited',
      message: messages.tooManySignInAttempts,
    });
    const retryAfter = Number(fifth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    const rightOnDead = await post('/api/auth/two-factor', { challenge, code: right }, undefined, address);
    expect(rightOnDead.statusCode).toBe(429);
    // A new challenge does not start the count again: the password itself is refused from there now.
    const again = await signInBody(biz.admin.email, address);
    expect(refusalOf(again)).toEqual({
      status: 429,
      code: 'rate_limited',
      message: messages.tooManySignInAttempts,
    });
    // From elsewhere the right code still signs in (after the account's slow-down); the guessing
    // address stays refused until its window passes, as after wrong passwords.
    const elsewhere = await challengeFor(biz.admin.email, '10.9.8.8');
    const ok = await post(
      '/api/auth/two-factor',
      { challenge: elsewhere, code: right },
      undefined,
      '10.9.8.8',
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await signInBody(biz.admin.email, address)).statusCode).toBe(429);
  });

  it('counts wrong codes across challenges from one address', async () => {
    const biz = await createBusiness(ctx.db);
    await enrol(await signIn(ctx.app, biz.admin.email));
    const address = '10.9.8.20';
    for (let guess = 1; guess <= 5; guess++) {
      const challenge = await challengeFor(biz.admin.email, address);
      const res = await post('/api/auth/two-factor', { challenge, code: 'zzzzz-zzzzz' }, undefined, address);
      expect(res.statusCode).toBe(401);
    }
    const sixth = await signInBody(biz.admin.email, address);
    expect(sixth.statusCode).toBe(429);
  });
});

describe('recovery codes and turning off', () => {
  let biz: TestBusiness;
  let session: Session;
  let firstCodes: string[];
  beforeAll(async () => {
    biz = await createBusiness(ctx.db);
    session = await signIn(ctx.app, biz.admin.email);
    ({ recoveryCodes: firstCodes } = await enrol(session));
  });

  it('makes ten new codes with the current password; the old ones stop working', async () => {
    const wrong = await post(
      '/api/account/two-factor/recovery-codes',
      { currentPassword: 'nope-nope-1' },
      session,
    );
    expect(wrong.statusCode).toBe(403);
    const garbage = await post('/api/account/two-factor/recovery-codes', { currentPassword: '' }, session);
    expect(Object.keys(errorOf(garbage).fields ?? {})).toEqual(['currentPassword']);
    const res = await post('/api/account/two-factor/recovery-codes', { currentPassword: PASSWORD }, session);
    expect(res.statusCode).toBe(200);
    const { recoveryCodes } = res.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);
    expect(recoveryCodes.some((code) => firstCodes.includes(code))).toBe(false);
    const old = await post('/api/auth/two-factor', {
      challenge: await challengeFor(biz.admin.email),
      code: firstCodes[0],
    });
    expect(old.statusCode).toBe(401);
    const fresh = await post('/api/auth/two-factor', {
      challenge: await challengeFor(biz.admin.email),
      code: recoveryCodes[0],
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('turns off only with the current password, removing the secret and the codes; sign-in is one step again', async () => {
    const del = (payload: unknown) =>
      send({
        method: 'DELETE',
        url: '/api/account/two-factor',
        headers: session.headers,
        payload: payload as object,
      });
    expect((await del({ currentPassword: 'wrong-wrong-1' })).statusCode).toBe(403);
    expect(Object.keys(errorOf(await del({})).fields ?? {})).toEqual(['currentPassword']);
    expect((await stored(biz.admin.id)).codes).toBe(10);
    const res = await del({ currentPassword: PASSWORD });
    expect(res.statusCode).toBe(204);
    expect(await stored(biz.admin.id)).toEqual({ totp_secret: null, totp_pending_secret: null, codes: 0 });
    const signedIn = await signInBody(biz.admin.email);
    expect(signedIn.json<{ token?: string }>().token).toBeDefined();
    expect(refusalOf(await del({ currentPassword: PASSWORD }))).toEqual({
      status: 409,
      code: 'conflict',
      message: twoFactorMessages.notOn,
    });
    const renew = await post(
      '/api/account/two-factor/recovery-codes',
      { currentPassword: PASSWORD },
      session,
    );
    expect(refusalOf(renew)).toEqual({ status: 409, code: 'conflict', message: twoFactorMessages.notOn });
  });
});

describe('the owner’s requirement', () => {
  let biz: TestBusiness;
  let rival: TestBusiness;
  let owner: Session;
  beforeAll(async () => {
    biz = await createBusiness(ctx.db);
    rival = await createBusiness(ctx.db);
    owner = await signIn(ctx.app, biz.owner.email);
  });
  const put = (session: Session, payload: unknown) =>
    send({
      method: 'PUT',
      url: '/api/settings/two-factor',
      headers: session.headers,
      payload: payload as object,
    });

  it('is the owner’s alone: an admin gets 403, and an owner changes only their own business', async () => {
    const admin = await signIn(ctx.app, biz.admin.email);
    expect(refusalOf(await put(admin, { required: true }))).toEqual({
      status: 403,
      code: 'forbidden',
      message: messages.forbidden,
    });
    expect((await send({ url: '/api/settings/two-factor', headers: admin.headers })).statusCode).toBe(403);
    const before = (await send({ url: '/api/settings/two-factor', headers: owner.headers })).json<{
      version: number;
    }>();
    expect(before).toEqual({ required: false, version: before.version });
    for (const body of [
      {},
      { required: 'yes' },
      { required: true, version: -1 },
      { required: true, version: 'x' },
    ]) {
      const res = await put(owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const stale = await put(owner, { required: true, version: before.version + 5 });
    expect(stale.statusCode).toBe(409);
    const res = await put(owner, { required: true, version: before.version });
    expect(res.json()).toEqual({ required: true, version: before.version + 1 });
    const rivalOwner = await signIn(ctx.app, rival.owner.email);
    expect(
      (await send({ url: '/api/settings/two-factor', headers: rivalOwner.headers })).json(),
    ).toMatchObject({
      required: false,
    });
  });

  it('sends staff without it to set it up before any session, then signs them in with their recovery codes', async () => {
    const first = await signInBody(biz.admin.email);
    expect(first.statusCode).toBe(200);
    const body = first.json<Record<string, unknown>>();
    expect(Object.keys(body).sort()).toEqual(['challenge', 'twoFactorEnrolmentRequired']);
    expect(first.headers['set-cookie']).toBeUndefined();
    const challenge = String(body.challenge);
    // The enrolment challenge is no second step.
    const notASecondStep = await post('/api/auth/two-factor', { challenge, code: '123456' });
    expect(notASecondStep.statusCode).toBe(401);
    const started = await post('/api/auth/two-factor/enrolment', { challenge });
    expect(started.statusCode, started.body).toBe(200);
    const { secret } = started.json<{ secret: string }>();
    expect(
      Object.keys(errorOf(await post('/api/auth/two-factor/enrolment/confirm', { challenge })).fields!),
    ).toEqual(['code']);
    const done = await post('/api/auth/two-factor/enrolment/confirm', { challenge, code: codeOf(secret) });
    expect(done.statusCode, done.body).toBe(200);
    const signedIn = done.json<{ token: string; user: { id: string }; recoveryCodes: string[] }>();
    expect(signedIn.user.id).toBe(biz.admin.id);
    expect(signedIn.recoveryCodes).toHaveLength(10);
    expect(done.cookies.some((c) => c.name === 'storedesk_session')).toBe(true);
    const session = {
      token: signedIn.token,
      cookie: '',
      headers: { authorization: `Bearer ${signedIn.token}` },
    };
    expect(await status(session)).toMatchObject({ totpEnabled: true, recoveryCodesLeft: 10, required: true });
    // Required means it stays on.
    const off = await send({
      method: 'DELETE',
      url: '/api/account/two-factor',
      headers: session.headers,
      payload: { currentPassword: PASSWORD },
    });
    expect(refusalOf(off)).toEqual({
      status: 409,
      code: 'conflict',
      message: twoFactorMessages.requiredByBusiness,
    });
    // The next sign-in asks for the second step.
    expect((await signInBody(biz.admin.email)).json()).toMatchObject({ twoFactorRequired: true });
  });

  it('counts wrong first codes of an enrolment like the second step’s', async () => {
    const challenge = await challengeFor(biz.otherAdmin.email);
    const started = await post('/api/auth/two-factor/enrolment', { challenge });
    const right = codeOf(started.json<{ secret: string }>().secret);
    const wrongCode = right === '000000' ? '000001' : '000000';
    const res = await post('/api/auth/two-factor/enrolment/confirm', { challenge, code: wrongCode });
    expect(refusalOf(res)).toEqual({
      status: 401,
      code: 'unauthenticated',
      message: twoFactorMessages.codeWrong,
    });
    const expired = await post('/api/auth/two-factor/enrolment', { challenge: 'made-up' });
    expect(expired.statusCode).toBe(401);
  });

  it('leaves the delivery app’s executives signing in with their password (ADR 0044)', async () => {
    const res = await post('/api/delivery/sign-in', { email: biz.dex.email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ token: string }>().token).toMatch(/^[\w-]{40,}$/);
  });
});
