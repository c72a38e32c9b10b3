/** A search the schema lets through but the database refuses must be a 4xx, never a 500. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, createTestApp, errorOf, signIn, type TestApp } from '#test/harness.ts';

let ctx: TestApp;
let headers: { authorization: string };

beforeAll(async () => {
  ctx = await createTestApp();
  const biz = await createBusiness(ctx.db);
  headers = (await signIn(ctx.app, biz.owner.email)).headers;
});
afterAll(() => ctx.close());

describe('GET /api/zones?q= with a control character', () => {
  it('is 400 on q: a search is one line of text, and NUL is none', async () => {
    for (const q of ['No%00rth', 'No%07rth', 'No%0Arth']) {
      const res = await ctx.app.inject({ url: `/api/zones?q=${q}`, headers });
      expect(res.statusCode, q).toBe(400);
      expect(errorOf(res), q).toEqual({
        code: 'invalid_input',
        message: 'Some fields need attention',
        fields: { q: 'must not contain control characters' },
      });
    }
  });
});
