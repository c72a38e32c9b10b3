/** Input at the edges of what the database takes: each is refused with its one status and field, never a 500. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  createBusiness,
  createTestApp,
  errorOf,
  signIn,
  type Session,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';

let ctx: TestApp;
let biz: TestBusiness;
let session: Session;

beforeAll(async () => {
  ctx = await createTestApp();
  biz = await createBusiness(ctx.db);
  session = await signIn(ctx.app, biz.admin.email);
});
afterAll(() => ctx.close());

const valid = () => ({ name: biz.admin.name, email: biz.admin.email, phone: '+91-9000000000', version: 1 });

async function stored() {
  const result = await ctx.db.execute(sql`SELECT name, version FROM users WHERE id = ${biz.admin.id}`);
  return result.rows[0];
}

describe('PATCH /api/account at the edges of the database', () => {
  it('a version beyond the integer range is 400 on version, not a 500', async () => {
    const before = await stored();
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/account',
      headers: session.headers,
      payload: { ...valid(), version: 2 ** 31 },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toEqual({
      code: 'invalid_input',
      message: 'Some fields need attention',
      fields: { version: 'Too big: expected number to be <=2147483647' },
    });
    expect(await stored()).toEqual(before);
  });

  it('a NUL character in the name is 400 on name, not a 500', async () => {
    const before = await stored();
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/account',
      headers: session.headers,
      payload: { ...valid(), name: 'Arun\u0000Admin' },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toHaveProperty('name');
    expect(await stored()).toEqual(before);
  });
});
