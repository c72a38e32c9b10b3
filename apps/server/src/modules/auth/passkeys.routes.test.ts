import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { accountMessages } from '@storedesk/shared/account/schemas';
import type { Passkey } from '@storedesk/shared/auth/passkeys';
import { twoFactorMessages } from '@storedesk/shared/auth/two-factor-messages';
import { messages } from '@storedesk/shared/messages';
import { Authenticator } from '#test/authenticator.ts';
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
import { passkeyOptionsLimit } from './passkeys.routes.ts';
import { stepAt, totpAt } from './totp.ts';

/*
 * Passkeys (B15, ADR 0049) against a software authenticator that signs as a phone does: added on
 * the Account page, then the way in, or the second step after the password.
 */

const origin = 'http://console.test:8080';
let ctx: TestApp;

beforeAll(async () => {
  ctx = await createTestApp({ env: { PUBLIC_URL: origin } });
});
afterAll(() => ctx.close());

let address = 0;
/** A client address of its own per test, so the sign-in throttle of one never answers another. */
const nextAddress = () => `10.9.${Math.floor(++address / 250)}.${address % 250}`;

const send = (options: InjectOptions) => ctx.app.inject(options);
const post = (url: string, payload: unknown, session?: Session, remoteAddress = '127.0.0.1') =>
  send({ method: 'POST', url, payload: payload as object, headers: session?.headers ?? {}, remoteAddress });

type CreationOptions = {
  challenge: string;
  rp: { id: string; name: string };
  user: { id: string; name: string; displayName: string };
  excludeCredentials: { id: string }[];
  authenticatorSelection: Record<string, unknown>;
};
type RequestOptions = {
  challenge: string;
  rpId: string;
  allowCredentials?: { id: string }[];
  userVerification: string;
};

async function registrationOptions(session: Session) {
  const res = await post('/api/account/passkeys/options', { currentPassword: PASSWORD }, session);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ options: CreationOptions }>().options;
}

/** Adds a passkey made by `device` to the signed-in person's account. */
async function addPasskey(session: Session, device: Authenticator, name = 'My phone') {
  const credential = device.create(await registrationOptions(session));
  const res = await post('/api/account/passkeys', { name, credential }, session);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Passkey>();
}

async function signInOptions() {
  const res = await post('/api/auth/passkey/options', {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ options: RequestOptions }>().options;
}

const listOf = async (session: Session) =>
  (await send({ url: '/api/account/passkeys', headers: session.headers })).json<{ passkeys: Passkey[] }>()
    .passkeys;

const passkeyRows = async (userId: string) =>
  (
    await ctx.db.execute<{ name: string; counter: number; used: boolean }>(
      sql`SELECT name, counter::int AS counter, last_used_at IS NOT NULL AS used FROM passkeys WHERE user_id = ${userId} ORDER BY created_at`,
    )
  ).rows;

describe('adding a passkey on the Account page', () => {
  let biz: TestBusiness;
  beforeAll(async () => {
    biz = await createBusiness(ctx.db);
  });

  it('offers options for this console and this person, after the current password', async () => {
    const session = await signIn(ctx.app, biz.owner.email);
    const options = await registrationOptions(session);
    expect(options.rp).toEqual({ id: 'console.test', name: await businessName(biz.id) });
    expect(options.user.name).toBe(biz.owner.email);
    expect(options.user.displayName).toBe(biz.owner.name);
    expect(Buffer.from(options.user.id, 'base64url').toString('utf8')).toBe(biz.owner.id);
    expect(options.authenticatorSelection).toEqual({
      residentKey: 'required',
      requireResidentKey: true,
      userVerification: 'required',
    });
    expect(options.excludeCredentials).toEqual([]);
    expect(Buffer.from(options.challenge, 'base64url')).toHaveLength(32);
  });

  it('refuses a wrong current password with 403 on the field, and a missing one with 400', async () => {
    const session = await signIn(ctx.app, biz.admin.email);
    const wrong = await post('/api/account/passkeys/options', { currentPassword: 'not-it-at-all' }, session);
    expect(refusalOf(wrong)).toEqual({
      status: 403,
      code: 'forbidden',
      message: accountMessages.currentPasswordWrong,
      fields: { currentPassword: accountMessages.currentPasswordWrong },
    });
    const missing = await post('/api/account/passkeys/options', {}, session);
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(errorOf(missing).fields ?? {})).toEqual(['currentPassword']);
  });

  it('keeps the passkey the browser made under its name, lists it, and excludes it from the next options', async () => {
    const session = await signIn(ctx.app, biz.owner.email);
    const device = new Authenticator(origin);
    const added = await addPasskey(session, device, '  Pixel 8  ');
    expect(added).toEqual({
      id: expect.any(String),
      name: 'Pixel 8',
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    expect(await listOf(session)).toEqual([added]);
    const next = await registrationOptions(session);
    expect(next.excludeCredentials.map((c) => c.id)).toEqual([
      device.credentials[0]!.id.toString('base64url'),
    ]);
    expect(await passkeyRows(biz.owner.id)).toEqual([{ name: 'Pixel 8', counter: 0, used: false }]);
  });

  it('records adding and removing in the audit log with the name, never the key', async () => {
    const session = await signIn(ctx.app, biz.otherAdmin.email);
    const added = await addPasskey(session, new Authenticator(origin), 'Work laptop');
    const removed = await send({
      method: 'DELETE',
      url: `/api/account/passkeys/${added.id}`,
      payload: { currentPassword: PASSWORD },
      headers: session.headers,
    });
    expect(removed.statusCode).toBe(204);
    const entries = await ctx.db.execute<{
      action: string;
      actor_id: string;
      record_id: string;
      changes: unknown;
    }>(
      sql`SELECT action, actor_id, record_id, changes FROM audit_log WHERE business_id = ${biz.id} AND kind = 'passkey' AND actor_id = ${biz.otherAdmin.id} ORDER BY at, action`,
    );
    expect(entries.rows).toEqual([
      {
        action: 'create',
        actor_id: biz.otherAdmin.id,
        record_id: 'Work laptop',
        changes: { name: { from: null, to: 'Work laptop' } },
      },
      {
        action: 'delete',
        actor_id: biz.otherAdmin.id,
        record_id: 'Work laptop',
        changes: { name: { from: 'Work laptop', to: null } },
      },
    ]);
  });

  it('refuses a credential not made for the challenge offered to this person, and each answer twice', async () => {
    const session = await signIn(ctx.app, biz.admin.email);
    const other = await signIn(ctx.app, biz.owner.email);
    const device = new Authenticator(origin);
    const refusal = {
      status: 400,
      code: 'invalid_input',
      message: twoFactorMessages.passkeyNotAdded,
      fields: { credential: twoFactorMessages.passkeyNotAdded },
    };
    const cases = [
      // Made for a challenge never offered.
      device.create({
        ...(await registrationOptions(session)),
        challenge: Buffer.alloc(32, 7).toString('base64url'),
      }),
      // For another person's challenge.
      device.create(await registrationOptions(other)),
      // On another site.
      new Authenticator('https://evil.example').create(await registrationOptions(session)),
      // For another relying party.
      device.create({ ...(await registrationOptions(session)), rp: { id: 'evil.example' } }),
      // Without verifying its user.
      device.create(await registrationOptions(session), { userVerified: false }),
    ];
    for (const credential of cases) {
      const res = await post('/api/account/passkeys', { name: 'Nope', credential }, session);
      expect(refusalOf(res), JSON.stringify(credential).slice(0, 80)).toEqual(refusal);
    }
    const good = device.create(await registrationOptions(session));
    expect(
      (await post('/api/account/passkeys', { name: 'Once', credential: good }, session)).statusCode,
    ).toBe(201);
    expect(
      refusalOf(await post('/api/account/passkeys', { name: 'Twice', credential: good }, session)),
    ).toEqual(refusal);
    expect((await passkeyRows(biz.admin.id)).map((row) => row.name)).toEqual(['Once']);
  });

  it('answers garbage with 400 on its field and keeps nothing', async () => {
    const admin = await signIn(ctx.app, biz.admin.email);
    const before = await passkeyRows(biz.admin.id);
    const credential = new Authenticator(origin).create(await registrationOptions(admin));
    const bodies: [unknown, string][] = [
      [{ credential }, 'name'],
      [{ name: '', credential }, 'name'],
      [{ name: 'x'.repeat(61), credential }, 'name'],
      [{ name: 'Phone' }, 'credential'],
      [{ name: 'Phone', credential: { ...credential, type: 'password' } }, 'credential.type'],
      [{ name: 'Phone', credential: { ...credential, id: 'not base64url!' } }, 'credential.id'],
      [
        {
          name: 'Phone',
          credential: {
            ...credential,
            response: { ...credential.response, attestationObject: 'a'.repeat(20_000) },
          },
        },
        'credential.response.attestationObject',
      ],
    ];
    for (const [body, field] of bodies) {
      const res = await post('/api/account/passkeys', body, admin);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(Object.keys(errorOf(res).fields ?? {})).toEqual([field]);
    }
    const notJson = await post(
      '/api/account/passkeys',
      {
        name: 'Phone',
        credential: { ...credential, response: { ...credential.response, clientDataJSON: 'bm90IGpzb24' } },
      },
      admin,
    );
    expect(refusalOf(notJson).message).toBe(twoFactorMessages.passkeyNotAdded);
    expect(await passkeyRows(biz.admin.id)).toEqual(before);
  });

  it('takes ten passkeys at most', async () => {
    const other = await createBusiness(ctx.db);
    const session = await signIn(ctx.app, other.owner.email);
    const device = new Authenticator(origin);
    for (let n = 1; n <= 10; n += 1) await addPasskey(session, device, `Key ${n}`);
    const more = await post('/api/account/passkeys/options', { currentPassword: PASSWORD }, session);
    expect(refusalOf(more)).toEqual({
      status: 409,
      code: 'conflict',
      message: twoFactorMessages.passkeysFull,
    });
  });
});

describe('removing a passkey', () => {
  it('needs the current password, takes only the person’s own, and the removed one no longer signs in', async () => {
    const biz = await createBusiness(ctx.db);
    const rival = await createBusiness(ctx.db);
    const owner = await signIn(ctx.app, biz.owner.email);
    const device = new Authenticator(origin);
    const added = await addPasskey(owner, device);
    const remove = (session: Session, currentPassword = PASSWORD) =>
      send({
        method: 'DELETE',
        url: `/api/account/passkeys/${added.id}`,
        payload: { currentPassword },
        headers: session.headers,
      });
    expect(refusalOf(await remove(owner, 'wrong-password-1')).status).toBe(403);
    for (const who of [biz.admin.email, rival.owner.email]) {
      expect(refusalOf(await remove(await signIn(ctx.app, who)))).toEqual({
        status: 404,
        code: 'not_found',
        message: messages.notFound,
      });
    }
    expect(await listOf(owner)).toEqual([added]);
    expect((await remove(owner)).statusCode).toBe(204);
    expect(await listOf(owner)).toEqual([]);
    const res = await post(
      '/api/auth/passkey',
      { credential: device.get(await signInOptions()) },
      undefined,
      nextAddress(),
    );
    expect(refusalOf(res)).toEqual({
      status: 401,
      code: 'unauthenticated',
      message: twoFactorMessages.passkeyNotAccepted,
    });
  });
});

async function businessName(id: string) {
  const result = await ctx.db.execute<{ name: string }>(sql`SELECT name FROM businesses WHERE id = ${id}`);
  return result.rows[0]!.name;
}

describe('signing in with a passkey alone', () => {
  let biz: TestBusiness;
  let device: Authenticator;
  beforeAll(async () => {
    biz = await createBusiness(ctx.db);
    device = new Authenticator(origin);
    await addPasskey(await signIn(ctx.app, biz.admin.email), device);
  });

  it('offers a challenge for any passkey of this console, verified by its user', async () => {
    const options = await signInOptions();
    expect(options).toEqual({
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      rpId: 'console.test',
      userVerification: 'required',
      timeout: 300_000,
    });
  });

  it('opens a session of the passkey’s person, as sign-in answers, and records the use', async () => {
    const res = await post(
      '/api/auth/passkey',
      { credential: device.get(await signInOptions()) },
      undefined,
      nextAddress(),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ token: string; user: { id: string; email: string }; business: { id: string } }>();
    expect(body.user).toMatchObject({ id: biz.admin.id, email: biz.admin.email });
    expect(body.business.id).toBe(biz.id);
    expect(res.cookies.map((c) => c.name)).toEqual(['storedesk_session']);
    const me = await send({ url: '/api/auth/me', headers: { authorization: `Bearer ${body.token}` } });
    expect(me.json<{ user: { id: string } }>().user.id).toBe(biz.admin.id);
    expect(await passkeyRows(biz.admin.id)).toEqual([{ name: 'My phone', counter: 1, used: true }]);
  });

  it('works once per challenge: the same answer again is refused', async () => {
    const credential = device.get(await signInOptions());
    const ip = nextAddress();
    expect((await post('/api/auth/passkey', { credential }, undefined, ip)).statusCode).toBe(200);
    expect(refusalOf(await post('/api/auth/passkey', { credential }, undefined, ip))).toEqual({
      status: 401,
      code: 'unauthenticated',
      message: twoFactorMessages.challengeExpired,
    });
  });

  it('refuses a forged answer: another site, another challenge, no user verification, an unknown key, a wrong signature', async () => {
    const stranger = new Authenticator(origin);
    stranger.create({
      challenge: 'AAAA',
      rp: { id: 'console.test' },
      user: { id: Buffer.from(biz.admin.id).toString('base64url') },
    });
    const tampered = device.get(await signInOptions());
    tampered.response.signature = device.get(await signInOptions()).response.signature;
    const forged = [
      device.get(await signInOptions(), { origin: 'https://evil.example' }),
      device.get({ ...(await signInOptions()), rpId: 'evil.example' }),
      device.get(await signInOptions(), { userVerified: false }),
      stranger.get(await signInOptions()),
      tampered,
    ];
    for (const credential of forged) {
      const res = await post('/api/auth/passkey', { credential }, undefined, nextAddress());
      expect(refusalOf(res)).toEqual({
        status: 401,
        code: 'unauthenticated',
        message: twoFactorMessages.passkeyNotAccepted,
      });
    }
    const unknownChallenge = device.get(await signInOptions(), {
      challenge: Buffer.alloc(32, 1).toString('base64url'),
    });
    expect(
      refusalOf(await post('/api/auth/passkey', { credential: unknownChallenge }, undefined, nextAddress())),
    ).toEqual({
      status: 401,
      code: 'unauthenticated',
      message: twoFactorMessages.challengeExpired,
    });
  });

  it('counts refusals on the address: the 31st attempt there is 429 with Retry-After, the right passkey too', async () => {
    const ip = nextAddress();
    const stranger = new Authenticator(origin);
    stranger.create({ challenge: 'AAAA', rp: { id: 'console.test' }, user: { id: 'AAAA' } });
    for (let n = 0; n < 30; n += 1) {
      const res = await post(
        '/api/auth/passkey',
        { credential: stranger.get(await signInOptions()) },
        undefined,
        ip,
      );
      expect(res.statusCode).toBe(401);
    }
    const blocked = await post(
      '/api/auth/passkey',
      { credential: device.get(await signInOptions()) },
      undefined,
      ip,
    );
    expect(refusalOf(blocked)).toEqual({
      status: 429,
      code: 'rate_limited',
      message: messages.tooManySignInAttempts,
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    expect(
      (
        await post(
          '/api/auth/passkey',
          { credential: device.get(await signInOptions()) },
          undefined,
          nextAddress(),
        )
      ).statusCode,
    ).toBe(200);
  });

  it('is the way in where the business requires two-step sign-in, without an authenticator app', async () => {
    const strict = await createBusiness(ctx.db, { requireTwoFactor: true });
    const strictDevice = new Authenticator(origin);
    // Added while the requirement was not yet on; the password alone then asks for an app.
    await ctx.db.execute(sql`UPDATE businesses SET require_two_factor = false WHERE id = ${strict.id}`);
    await addPasskey(await signIn(ctx.app, strict.owner.email), strictDevice);
    await ctx.db.execute(sql`UPDATE businesses SET require_two_factor = true WHERE id = ${strict.id}`);
    const password = await post(
      '/api/auth/sign-in',
      { email: strict.owner.email, password: PASSWORD },
      undefined,
      nextAddress(),
    );
    expect(password.json()).toEqual({ twoFactorEnrolmentRequired: true, challenge: expect.any(String) });
    const res = await post(
      '/api/auth/passkey',
      { credential: strictDevice.get(await signInOptions()) },
      undefined,
      nextAddress(),
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a person removed from the business, and an executive’s token cannot add one', async () => {
    const other = await createBusiness(ctx.db);
    const gone = new Authenticator(origin);
    await addPasskey(await signIn(ctx.app, other.otherAdmin.email), gone);
    await ctx.db.execute(sql`UPDATE users SET deleted_at = now() WHERE id = ${other.otherAdmin.id}`);
    const res = await post(
      '/api/auth/passkey',
      { credential: gone.get(await signInOptions()) },
      undefined,
      nextAddress(),
    );
    expect(refusalOf(res)).toEqual({
      status: 401,
      code: 'unauthenticated',
      message: twoFactorMessages.passkeyNotAccepted,
    });
    const executive = await signInExecutive(ctx.app, other.dex.email);
    const options = await send({
      method: 'POST',
      url: '/api/account/passkeys/options',
      payload: { currentPassword: PASSWORD },
      headers: { authorization: `Bearer ${executive.token}` },
    });
    expect(options.statusCode).toBe(401);
  });

  it('hands out 100 challenges to one address in 15 minutes, then 429 with Retry-After, storing none more', async () => {
    const ip = nextAddress();
    const challenges = async () =>
      Number(
        (await ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM webauthn_challenges`))
          .rows[0]!.n,
      );
    for (let n = 0; n < passkeyOptionsLimit.perAddress; n += 1) {
      expect((await post('/api/auth/passkey/options', {}, undefined, ip)).statusCode).toBe(200);
    }
    const before = await challenges();
    const refused = await post('/api/auth/passkey/options', {}, undefined, ip);
    expect(refusalOf(refused)).toEqual({
      status: 429,
      code: 'rate_limited',
      message: messages.tooManySignInAttempts,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
    expect(await challenges()).toBe(before);
    // Another address is not held back.
    expect((await post('/api/auth/passkey/options', {}, undefined, nextAddress())).statusCode).toBe(200);
  });

  it('answers garbage with 400 and opens nothing', async () => {
    const credential = device.get(await signInOptions());
    for (const body of [
      {},
      { credential: {} },
      { credential: { ...credential, response: { ...credential.response, signature: '###' } } },
      { credential: { ...credential, id: '' } },
      { credential: 'abc' },
    ]) {
      const res = await post('/api/auth/passkey', body, undefined, nextAddress());
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.cookies).toEqual([]);
    }
  });
});

describe('a passkey as the second step after the password', () => {
  const codeOf = (secret: string) => totpAt(secret, stepAt(Date.now()));

  async function withTotp(email: string) {
    const session = await signIn(ctx.app, email);
    const started = await post('/api/account/two-factor/totp', { currentPassword: PASSWORD }, session);
    const { secret } = started.json<{ secret: string }>();
    const confirmed = await post('/api/account/two-factor/totp/confirm', { code: codeOf(secret) }, session);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return session;
  }

  it('says the person has a passkey, offers theirs only, and completes the sign-in with it', async () => {
    const biz = await createBusiness(ctx.db);
    const device = new Authenticator(origin);
    const session = await withTotp(biz.owner.email);
    await addPasskey(session, device);
    const ip = nextAddress();
    const password = await post(
      '/api/auth/sign-in',
      { email: biz.owner.email, password: PASSWORD },
      undefined,
      ip,
    );
    expect(password.json()).toEqual({
      twoFactorRequired: true,
      challenge: expect.any(String),
      passkey: true,
    });
    const { challenge } = password.json<{ challenge: string }>();
    const optionsRes = await post('/api/auth/two-factor/passkey/options', { challenge }, undefined, ip);
    expect(optionsRes.statusCode, optionsRes.body).toBe(200);
    const { options } = optionsRes.json<{ options: RequestOptions }>();
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([
      device.credentials[0]!.id.toString('base64url'),
    ]);
    const res = await post(
      '/api/auth/two-factor/passkey',
      { challenge, credential: device.get(options) },
      undefined,
      ip,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ user: { id: string } }>().user.id).toBe(biz.owner.id);
    // The challenge is used up with the session.
    const again = await post(
      '/api/auth/two-factor/passkey',
      { challenge, credential: device.get(options) },
      undefined,
      ip,
    );
    expect(refusalOf(again).message).toBe(twoFactorMessages.challengeExpired);
  });

  it('counts another person’s passkey as a wrong code: the fifth ends the challenge with 429', async () => {
    const biz = await createBusiness(ctx.db);
    await addPasskey(await withTotp(biz.admin.email), new Authenticator(origin));
    const theirs = new Authenticator(origin);
    await addPasskey(await signIn(ctx.app, biz.otherAdmin.email), theirs);
    const ip = nextAddress();
    const password = await post(
      '/api/auth/sign-in',
      { email: biz.admin.email, password: PASSWORD },
      undefined,
      ip,
    );
    const { challenge } = password.json<{ challenge: string }>();
    const statuses: number[] = [];
    for (let n = 0; n < 5; n += 1) {
      const { options } = (
        await post('/api/auth/two-factor/passkey/options', { challenge }, undefined, ip)
      ).json<{
        options: RequestOptions;
      }>();
      const res = await post(
        '/api/auth/two-factor/passkey',
        { challenge, credential: theirs.get(options) },
        undefined,
        ip,
      );
      statuses.push(res.statusCode);
      if (n === 0) expect(errorOf(res).message).toBe(twoFactorMessages.passkeyNotAccepted);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const after = await post('/api/auth/two-factor/passkey/options', { challenge }, undefined, ip);
    expect(after.statusCode).toBe(429);
  });

  it('tells a person without passkeys to use a code, and asks no second step of one without an app', async () => {
    const biz = await createBusiness(ctx.db);
    await withTotp(biz.owner.email);
    const password = await post(
      '/api/auth/sign-in',
      { email: biz.owner.email, password: PASSWORD },
      undefined,
      nextAddress(),
    );
    expect(password.json()).toEqual({
      twoFactorRequired: true,
      challenge: expect.any(String),
      passkey: false,
    });
    const options = await post('/api/auth/two-factor/passkey/options', {
      challenge: password.json<{ challenge: string }>().challenge,
    });
    expect(refusalOf(options)).toEqual({
      status: 409,
      code: 'conflict',
      message: twoFactorMessages.noPasskeys,
    });
    // A passkey without an app is a way in of its own: the password alone still opens a session.
    await addPasskey(await signIn(ctx.app, biz.admin.email), new Authenticator(origin));
    const plain = await post(
      '/api/auth/sign-in',
      { email: biz.admin.email, password: PASSWORD },
      undefined,
      nextAddress(),
    );
    expect(plain.json<{ token?: string }>().token).toEqual(expect.any(String));
  });
});
