/** A search the schema lets through but the database refuses must be a 4xx, never a 500. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, createTestApp, errorOf, signIn, type TestApp } from '../../../test/harness.ts';

let ctx: TestApp;
let headers: { authorization: string };

beforeAll(async () => {
  ctx = await createTestApp();
  const biz = await createBusiness(ctx.db);
  headers = (await signIn(ctx.app, biz.owner.email)).headers;
});
afterAll(() => ctx.close());

describe('GET /api/zones?q= with a NUL character', () => {
  it('is 400 on q (or an empty list), not a 500', async () => {
    const res = await ctx.app.inject({ url: '/api/zones?q=No%00rth', headers });
    expect(res.statusCode).not.toBe(500);
    if (res.statusCode === 200) expect(res.json()).toEqual({ items: [], total: 0 });
    else {
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).fields).toHaveProperty('q');
    }
  });
});
