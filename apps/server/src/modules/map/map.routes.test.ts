import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, createTestApp, signIn, type TestApp } from '#test/harness.ts';

describe('GET /api/map/tiles', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp({
      env: { MAP_TILE_URL: 'http://{s}.tiles.lan:8080/{z}/{x}/{y}.png', MAP_ATTRIBUTION: 'Tiles of the LAN' },
    });
  });
  afterAll(() => ctx.close());

  it("tells a signed-in user MAP_TILE_URL's tile server and its credit, and lets its images through the page's policy", async () => {
    const biz = await createBusiness(ctx.db);
    const session = await signIn(ctx.app, biz.admin.email);
    const res = await ctx.app.inject({ url: '/api/map/tiles', headers: session.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      url: 'http://{s}.tiles.lan:8080/{z}/{x}/{y}.png',
      attribution: 'Tiles of the LAN',
    });
    const page = await ctx.app.inject({ url: '/dashboard' });
    expect(page.headers['content-security-policy']).toContain(
      "img-src 'self' data: blob: https: http://*.tiles.lan:8080;",
    );
  });

  it('is 401 to a visitor who is not signed in', async () => {
    const res = await ctx.app.inject({ url: '/api/map/tiles' });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/map/tiles without MAP_TILE_URL', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it("is OpenStreetMap's tile server with its credit, and the page's policy names no plain-http server", async () => {
    const biz = await createBusiness(ctx.db);
    const session = await signIn(ctx.app, biz.owner.email);
    const res = await ctx.app.inject({ url: '/api/map/tiles', headers: session.headers });
    expect(res.json()).toEqual({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
    });
    const page = await ctx.app.inject({ url: '/dashboard' });
    expect(page.headers['content-security-policy']).toContain("img-src 'self' data: blob: https:;");
  });
});
