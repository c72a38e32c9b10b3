import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import {
  createBusiness,
  createTestApp,
  errorOf,
  PASSWORD,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';

let ctx: TestApp;
let biz: TestBusiness;
let sessionsBefore: number;

beforeAll(async () => {
  ctx = await createTestApp();
  biz = await createBusiness(ctx.db);
});
afterAll(() => ctx.close());

async function sessionCount(): Promise<number> {
  const result = await ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM sessions`);
  return result.rows[0]!.n;
}

beforeEach(async () => {
  sessionsBefore = await sessionCount();
});

const send = (body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in', body, headers });

/** A refusal a client can act on: a 4xx envelope, no cookie, and no session on the server. */
async function expectRefused(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const error = errorOf(res);
  expect(error.code).toBe(code);
  expect(typeof error.message).toBe('string');
  expect(error.message.length).toBeGreaterThan(0);
  expect(res.cookies).toHaveLength(0);
  expect(await sessionCount()).toBe(sessionsBefore);
  return error;
}

describe('POST /api/auth/sign-in with bad input', () => {
  it('malformed JSON is 400', async () => {
    const error = await expectRefused(await send('{"email":"a@example.test",'), 400, 'invalid_input');
    expect(error.message).toBe('The request body is not valid JSON');
  });

  it('wrong types are 400 naming both fields', async () => {
    const error = await expectRefused(
      await send(JSON.stringify({ email: 42, password: true })),
      400,
      'invalid_input',
    );
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(['email', 'password']);
  });

  it('an object for the email is 400, not a server error', async () => {
    const error = await expectRefused(
      await send(JSON.stringify({ email: { $ne: '' }, password: PASSWORD })),
      400,
      'invalid_input',
    );
    expect(error.fields).toHaveProperty('email');
  });

  it('missing fields are 400 with "is required" or the field named', async () => {
    const none = await expectRefused(await send('{}'), 400, 'invalid_input');
    expect(Object.keys(none.fields ?? {}).sort()).toEqual(['email', 'password']);
    const noPassword = await expectRefused(
      await send(JSON.stringify({ email: biz.owner.email })),
      400,
      'invalid_input',
    );
    expect(Object.keys(noPassword.fields ?? {})).toEqual(['password']);
  });

  it('empty strings are 400 with "is required"', async () => {
    const error = await expectRefused(
      await send(JSON.stringify({ email: '', password: '' })),
      400,
      'invalid_input',
    );
    expect(error.fields).toEqual({ email: 'is required', password: 'is required' });
  });

  it('an empty body is 400, with or without a JSON content type', async () => {
    await expectRefused(await send(''), 400, 'invalid_input');
    await expectRefused(
      await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in' }),
      400,
      'invalid_input',
    );
  });

  it('a JSON array, null, a string or a number is 400', async () => {
    for (const body of [
      '[]',
      `[${JSON.stringify({ email: biz.owner.email, password: PASSWORD })}]`,
      'null',
      '"x"',
      '7',
    ]) {
      await expectRefused(await send(body), 400, 'invalid_input');
    }
  });

  it('a body that tries to reach the prototype is 400', async () => {
    for (const body of [
      `{"__proto__":{"level":1},"email":"${biz.owner.email}","password":"${PASSWORD}"}`,
      `{"constructor":{"prototype":{"level":1}},"email":"${biz.owner.email}","password":"${PASSWORD}"}`,
    ]) {
      await expectRefused(await send(body), 400, 'invalid_input');
    }
  });

  it('an email of 65 characters is 400 on the email field', async () => {
    const email = `${'a'.repeat(52)}@example.test`;
    expect(email).toHaveLength(65);
    const error = await expectRefused(
      await send(JSON.stringify({ email, password: PASSWORD })),
      400,
      'invalid_input',
    );
    expect(error.fields).toEqual({ email: 'must be at most 64 characters' });
  });

  it('an email of 64 characters passes validation and is simply unknown', async () => {
    const email = `${'a'.repeat(51)}@example.test`;
    expect(email).toHaveLength(64);
    await expectRefused(await send(JSON.stringify({ email, password: PASSWORD })), 401, 'unauthenticated');
  });

  it('a password of 129 characters is 400 on the password field', async () => {
    const error = await expectRefused(
      await send(JSON.stringify({ email: biz.owner.email, password: 'p'.repeat(129) })),
      400,
      'invalid_input',
    );
    expect(error.fields).toEqual({ password: 'must be at most 128 characters' });
  });

  it('control characters in the email are 400', async () => {
    for (const email of [`own\u0000er@example.test`, `owner@exa\u0007mple.test`, `owner\n@example.test`]) {
      await expectRefused(await send(JSON.stringify({ email, password: PASSWORD })), 400, 'invalid_input');
    }
  });

  it('control characters in the password are a wrong password, not a server error', async () => {
    const res = await send(
      JSON.stringify({ email: biz.admin.email, password: `${PASSWORD}\u0000\u001b[0m` }),
    );
    const error = await expectRefused(res, 401, 'unauthenticated');
    expect(error.message).toBe('Incorrect email or password');
  });

  it('a 10 MB body is 413 too_large', async () => {
    const body = JSON.stringify({ email: biz.owner.email, password: 'x'.repeat(10 * 1024 * 1024) });
    const error = await expectRefused(await send(body), 413, 'too_large');
    expect(error.message).toBe('The request is too large');
  });

  it('text/plain and form bodies are 415', async () => {
    const json = JSON.stringify({ email: biz.owner.email, password: PASSWORD });
    await expectRefused(await send(json, { 'content-type': 'text/plain' }), 415, 'unsupported_media_type');
    await expectRefused(
      await send(`email=${encodeURIComponent(biz.owner.email)}&password=${PASSWORD}`, {
        'content-type': 'application/x-www-form-urlencoded',
      }),
      415,
      'unsupported_media_type',
    );
    await expectRefused(
      await send('--x\r\n\r\n--x--', { 'content-type': 'multipart/form-data; boundary=x' }),
      415,
      'unsupported_media_type',
    );
  });

  it('the right credentials still sign in after all of that', async () => {
    const res = await send(JSON.stringify({ email: biz.owner.email, password: PASSWORD }));
    expect(res.statusCode).toBe(200);
    expect(await sessionCount()).toBe(sessionsBefore + 1);
  });
});

describe('cross-site protection of sign-in', () => {
  const good = () => JSON.stringify({ email: biz.owner.email, password: PASSWORD });

  it('refuses another Origin with 403, even with the right password', async () => {
    const res = await send(good(), {
      'content-type': 'application/json',
      host: 'console.example.test',
      origin: 'https://evil.example',
    });
    const error = await expectRefused(res, 403, 'forbidden');
    expect(error.message).toBe('Cross-site request refused');
  });

  it('refuses Sec-Fetch-Site: cross-site with 403', async () => {
    const res = await send(good(), { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' });
    await expectRefused(res, 403, 'forbidden');
  });

  it('refuses an opaque Origin ("null") with 403', async () => {
    const res = await send(good(), { 'content-type': 'application/json', origin: 'null' });
    await expectRefused(res, 403, 'forbidden');
  });

  it('accepts an Origin that matches the Host', async () => {
    const res = await send(good(), {
      'content-type': 'application/json',
      host: 'console.example.test',
      origin: 'https://console.example.test',
      'sec-fetch-site': 'same-origin',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(biz.owner.id);
    expect(await sessionCount()).toBe(sessionsBefore + 1);
  });
});
