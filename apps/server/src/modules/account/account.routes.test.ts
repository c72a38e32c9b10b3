import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
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
  type TestBusiness,
} from '#test/harness.ts';

let ctx: TestApp;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const getAccount = (session: Session) => ctx.app.inject({ url: '/api/account', headers: session.headers });
const patchAccount = (session: Session, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'PATCH',
    url: '/api/account',
    headers: { ...session.headers, ...headers },
    payload: payload as object,
  });
const signInStatus = async (email: string, password: string) =>
  (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email, password },
    })
  ).statusCode;

/** The row as stored, password hash included, to prove what a request did or did not write. */
async function storedUser(id: string) {
  const result = await ctx.db.execute<{
    name: string;
    email: string;
    phone: string;
    password_hash: string;
    version: number;
    updated_at: string;
  }>(sql`SELECT name, email, phone, password_hash, version, updated_at::text FROM users WHERE id = ${id}`);
  return result.rows[0]!;
}

async function tokenCount(userId: string) {
  const result = await ctx.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM account_tokens WHERE user_id = ${userId}`,
  );
  return result.rows[0]!.n;
}

async function eventCount(businessId: string) {
  const result = await ctx.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM events WHERE business_id = ${businessId}`,
  );
  return result.rows[0]!.n;
}

const detailsOf = (staff: Staff, version = 1) => ({
  name: staff.name,
  email: staff.email,
  phone: '+91-9000000000',
  version,
});

describe('GET /api/account', () => {
  it("answers the signed-in user's details with the business name and version", async () => {
    const biz = await createBusiness(ctx.db);
    const res = await getAccount(await signIn(ctx.app, biz.admin.email));
    expect(res.statusCode).toBe(200);
    const names = await ctx.db.execute<{ name: string }>(
      sql`SELECT name FROM businesses WHERE id = ${biz.id}`,
    );
    const businessName = names.rows[0]!.name;
    expect(res.json()).toEqual({
      id: biz.admin.id,
      name: biz.admin.name,
      email: biz.admin.email,
      phone: '+91-9000000000',
      level: 2,
      zoneId: biz.zones[0],
      businessId: biz.id,
      businessName,
      version: 1,
      emailVerified: false,
      pendingEmail: null,
    });
  });
});

describe('PATCH /api/account', () => {
  let biz: TestBusiness;
  let session: Session;

  beforeAll(async () => {
    biz = await createBusiness(ctx.db);
    session = await signIn(ctx.app, biz.owner.email);
  });

  it('saves name and phone without the current password; the answer and a following GET agree', async () => {
    const res = await patchAccount(session, {
      name: '  Olivia Owner ',
      email: biz.owner.email,
      phone: '+91-9811111111',
      version: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: biz.owner.id,
      name: 'Olivia Owner',
      email: biz.owner.email,
      phone: '+91-9811111111',
      version: 2,
      pendingEmail: null,
    });
    const after = await getAccount(session);
    expect(after.json()).toEqual(res.json());
    expect(await signInStatus(biz.owner.email, PASSWORD)).toBe(200);
  });

  it("writes an 'account' event for the business", async () => {
    const before = await eventCount(biz.id);
    const current = (await getAccount(session)).json();
    const res = await patchAccount(session, { ...detailsFrom(current), name: 'Olivia O.' });
    expect(res.statusCode).toBe(200);
    const events = await ctx.db.execute<{
      topic: string;
      action: string;
      record_id: string;
      zone_id: string;
    }>(sql`SELECT topic, action, record_id, zone_id FROM events WHERE business_id = ${biz.id} ORDER BY id`);
    expect(events.rows.length).toBeGreaterThan(before);
    expect(events.rows).toContainEqual({
      topic: 'account',
      action: 'updated',
      record_id: biz.owner.id,
      zone_id: biz.zones[0],
    });
  });

  it('may change the case of its own email', async () => {
    const current = (await getAccount(session)).json();
    const res = await patchAccount(session, { ...detailsFrom(current), email: current.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(current.email.toUpperCase());
  });
});

function detailsFrom(account: { name: string; email: string; phone: string; version: number }) {
  return { name: account.name, email: account.email, phone: account.phone, version: account.version };
}

describe('passwords', () => {
  it('a blank or whitespace password leaves the password unchanged', async () => {
    const biz = await createBusiness(ctx.db);
    const session = await signIn(ctx.app, biz.admin.email);
    const hashBefore = (await storedUser(biz.admin.id)).password_hash;
    for (const [i, password] of ['', '   ', ' \t '].entries()) {
      const res = await patchAccount(session, { ...detailsOf(biz.admin, i + 1), password });
      expect(res.statusCode, JSON.stringify(password)).toBe(200);
      expect(res.json().version).toBe(i + 2);
    }
    expect((await storedUser(biz.admin.id)).password_hash).toBe(hashBefore);
    expect(await signInStatus(biz.admin.email, PASSWORD)).toBe(200);
    // Saving without a password did not end the session either.
    expect((await getAccount(session)).statusCode).toBe(200);
  });

  it("a new password works, ends the user's other sessions and keeps the current one", async () => {
    const biz = await createBusiness(ctx.db);
    const current = await signIn(ctx.app, biz.admin.email);
    const other = await signIn(ctx.app, biz.admin.email);
    const colleague = await signIn(ctx.app, biz.owner.email);
    const res = await patchAccount(current, {
      ...detailsOf(biz.admin),
      password: 'brand-new-secret-7',
      currentPassword: PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().version).toBe(2);

    expect((await getAccount(current)).statusCode).toBe(200);
    const ended = await getAccount(other);
    expect(ended.statusCode).toBe(401);
    expect(errorOf(ended).code).toBe('unauthenticated');
    // Someone else's session is not touched.
    expect((await getAccount(colleague)).statusCode).toBe(200);

    expect(await signInStatus(biz.admin.email, PASSWORD)).toBe(401);
    expect(await signInStatus(biz.admin.email, 'brand-new-secret-7')).toBe(200);
  });
});

describe('stale writes (D9)', () => {
  it('a stale version is 409 with the fresh account in `current`, and nothing is written', async () => {
    const biz = await createBusiness(ctx.db);
    const session = await signIn(ctx.app, biz.admin.email);
    const first = await patchAccount(session, { ...detailsOf(biz.admin), name: 'First Writer' });
    expect(first.statusCode).toBe(200);
    const before = await storedUser(biz.admin.id);

    const res = await patchAccount(session, { ...detailsOf(biz.admin), name: 'Second Writer', version: 1 });
    expect(res.statusCode).toBe(409);
    const error = errorOf(res);
    expect(error.code).toBe('conflict');
    expect(error.current).toEqual((await getAccount(session)).json());
    expect(error.current).toMatchObject({ name: 'First Writer', version: 2 });
    expect(await storedUser(biz.admin.id)).toEqual(before);
  });

  it('two saves based on the same version: one wins, the other gets 409', async () => {
    const biz = await createBusiness(ctx.db);
    const a = await signIn(ctx.app, biz.admin.email);
    const b = await signIn(ctx.app, biz.admin.email);
    const results = await Promise.all([
      patchAccount(a, { ...detailsOf(biz.admin), name: 'Writer A' }),
      patchAccount(b, { ...detailsOf(biz.admin), name: 'Writer B' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json().name;
    expect((await storedUser(biz.admin.id)).name).toBe(winner);
    expect((await storedUser(biz.admin.id)).version).toBe(2);
  });
});

describe('email already in use', () => {
  it("another user's email in the same business, in any case, is 409 on the email field", async () => {
    const biz = await createBusiness(ctx.db);
    const session = await signIn(ctx.app, biz.admin.email);
    const before = await storedUser(biz.admin.id);
    for (const email of [
      biz.owner.email,
      biz.owner.email.toUpperCase(),
      biz.otherAdmin.email.replace(/^s/, 'S'),
      biz.dex.email,
    ]) {
      const res = await patchAccount(session, { ...detailsOf(biz.admin), email, currentPassword: PASSWORD });
      expect(res.statusCode, email).toBe(409);
      expect(errorOf(res)).toEqual({
        code: 'conflict',
        message: messages.emailTaken,
        fields: { email: messages.emailTaken },
      });
    }
    expect(await storedUser(biz.admin.id)).toEqual(before);
    expect(await tokenCount(biz.admin.id)).toBe(0);
  });
});

describe('bad input', () => {
  let biz: TestBusiness;
  let session: Session;

  beforeAll(async () => {
    biz = await createBusiness(ctx.db);
    session = await signIn(ctx.app, biz.admin.email);
  });

  const valid = () => detailsOf(biz.admin);
  type BadRequest = { payload: unknown; headers?: Record<string, string> };
  type Refusal = [status: number, code: string];
  const invalid: Refusal = [400, 'invalid_input'];
  const cases: Array<[string, () => BadRequest, Refusal]> = [
    ['wrong types', () => ({ payload: { name: 5, email: true, phone: [], version: '1' } }), invalid],
    ['no fields', () => ({ payload: {} }), invalid],
    ['no version', () => ({ payload: { ...valid(), version: undefined } }), invalid],
    ['a negative version', () => ({ payload: { ...valid(), version: -1 } }), invalid],
    ['an empty name', () => ({ payload: { ...valid(), name: '' } }), invalid],
    ['a blank name', () => ({ payload: { ...valid(), name: '   ' } }), invalid],
    ['a bad email', () => ({ payload: { ...valid(), email: 'not-an-email' } }), invalid],
    [
      'an email of 65 characters',
      () => ({ payload: { ...valid(), email: `${'e'.repeat(52)}@example.test` } }),
      invalid,
    ],
    ['an empty phone', () => ({ payload: { ...valid(), phone: '' } }), invalid],
    ['a short password', () => ({ payload: { ...valid(), password: 'short' } }), invalid],
    ['a password of 129 characters', () => ({ payload: { ...valid(), password: 'p'.repeat(129) } }), invalid],
    [
      'a current password of 129 characters',
      () => ({ payload: { ...valid(), password: 'new-secret-1', currentPassword: 'p'.repeat(129) } }),
      invalid,
    ],
    [
      'a current password that is a number',
      () => ({ payload: { ...valid(), currentPassword: 12345678 } }),
      invalid,
    ],
    ['a JSON array', () => ({ payload: '[]', headers: { 'content-type': 'application/json' } }), invalid],
    ['null', () => ({ payload: 'null', headers: { 'content-type': 'application/json' } }), invalid],
    [
      'malformed JSON',
      () => ({ payload: '{"name":', headers: { 'content-type': 'application/json' } }),
      invalid,
    ],
    [
      'a text/plain body',
      () => ({ payload: JSON.stringify(valid()), headers: { 'content-type': 'text/plain' } }),
      [415, 'unsupported_media_type'],
    ],
    [
      'a 10 MB body',
      () => ({ payload: { ...valid(), name: 'n'.repeat(10 * 1024 * 1024) } }),
      [413, 'too_large'],
    ],
    [
      'a cross-site Origin',
      () => ({ payload: { ...valid(), name: 'Hijacked' }, headers: { origin: 'https://evil.example' } }),
      [403, 'forbidden'],
    ],
    [
      'Sec-Fetch-Site: cross-site',
      () => ({ payload: { ...valid(), name: 'Hijacked' }, headers: { 'sec-fetch-site': 'cross-site' } }),
      [403, 'forbidden'],
    ],
  ];

  it.each(cases)(
    '%s is refused with its own status and code, and writes nothing',
    async (_name, request, [status, code]) => {
      const before = await storedUser(biz.admin.id);
      const events = await eventCount(biz.id);
      const { payload, headers = {} } = request();
      const res = await patchAccount(session, payload, headers);
      expect(res.statusCode).toBe(status);
      const error = errorOf(res);
      expect(error.code).toBe(code);
      expect(error.message.length).toBeGreaterThan(0);
      expect(await storedUser(biz.admin.id)).toEqual(before);
      expect(await eventCount(biz.id)).toBe(events);
      expect((await getAccount(session)).json()).toMatchObject({ name: biz.admin.name, version: 1 });
    },
  );

  it('answers the fitting status for each kind of problem', async () => {
    const status = async (payload: unknown, headers: Record<string, string> = {}) =>
      (await patchAccount(session, payload, headers)).statusCode;
    expect(await status({ ...valid(), name: '' })).toBe(400);
    expect(await status({ ...valid(), name: 'n'.repeat(10 * 1024 * 1024) })).toBe(413);
    expect(await status(JSON.stringify(valid()), { 'content-type': 'text/plain' })).toBe(415);
    expect(await status(valid(), { origin: 'https://evil.example' })).toBe(403);
  });

  it('names the fields that need attention', async () => {
    const res = await patchAccount(session, { ...valid(), name: '', email: 'nope', password: 'short' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({
      name: 'is required',
      email: 'Enter a valid email address',
      password: 'Password should be at least 8 characters',
    });
  });
});
