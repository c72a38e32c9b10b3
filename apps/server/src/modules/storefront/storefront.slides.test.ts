import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Slide, StorefrontSlide } from '@storedesk/shared/slides/schemas';
import { makeJpeg, makePng } from '#server/storage/image-fixtures.ts';
import {
  caller,
  createBusiness,
  createStaffWorld,
  createTestApp,
  errorOf,
  type Call,
  type Session,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';

let ctx: TestApp;
let call: Call;
let biz: TestBusiness;
let rival: TestBusiness;
let owner: Session;
let rivalOwner: Session;

/** Business A's slides, by what the feed should make of them. */
const shown: Slide[] = [];
let rivalSlide: Slide;

async function addSlide(
  session: Session,
  title: string,
  position: number,
  picture?: Buffer,
  local: { titleHi?: string; titleKn?: string } = {},
) {
  const res = await call(session, 'POST', '/api/slides', { title, position, ...local });
  expect(res.statusCode, res.body).toBe(201);
  const slide = res.json<Slide>();
  if (!picture) return slide;
  const boundary = `----storedesk${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="s.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    picture,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const uploaded = await ctx.app.inject({
    method: 'PUT',
    url: `/api/slides/${slide.id}/image`,
    payload,
    headers: { ...session.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  return uploaded.json<Slide>();
}

beforeAll(async () => {
  ({ ctx, biz, rival, owner, rivalOwner } = await createStaffWorld());
  call = caller(ctx.app);
  const late = await addSlide(owner, 'Weekend sale', 9, makePng(4, 4));
  await addSlide(owner, 'No picture yet', 1);
  // Its title in Hindi and Kannada too (ADR 0085), which the feed carries.
  const early = await addSlide(owner, 'Fresh fruit', 2, makeJpeg(), {
    titleHi: 'ताज़े फल',
    titleKn: 'ತಾಜಾ ಹಣ್ಣು',
  });
  expect([early.titleHi, early.titleKn]).toEqual(['ताज़े फल', 'ತಾಜಾ ಹಣ್ಣು']);
  const twin = await addSlide(owner, 'Bakery', 9, makePng(5, 5));
  const deleted = await addSlide(owner, 'Old offer', 1, makePng(6, 6));
  expect((await call(owner, 'DELETE', `/api/slides/${deleted.id}?version=2`)).statusCode).toBe(204);
  shown.push(early, twin, late);
  rivalSlide = await addSlide(rivalOwner, 'Rival offer', 1, makePng(3, 3));
});
afterAll(() => ctx.close());

const feed = (
  key: string | undefined,
  headers: Record<string, string> = {},
  app = ctx.app,
  remoteAddress = '127.0.0.1',
) =>
  app.inject({
    method: 'GET',
    url: '/api/storefront/slides',
    remoteAddress,
    headers: { ...(key === undefined ? {} : { 'x-storefront-key': key }), ...headers },
  });

/** A slide as the customer app gets it: its image a path on the origin the app was loaded from (ADR 0055). */
const asFeed = (slide: Slide): StorefrontSlide => ({
  id: slide.id,
  title: slide.title,
  titleHi: slide.titleHi,
  titleKn: slide.titleKn,
  position: slide.position,
  imageUrl: slide.imageUrl!,
});

describe('GET /api/storefront/slides', () => {
  it('answers the live slides that have an image, by position then title, each image a path the shop’s own origin serves', async () => {
    const res = await feed(biz.storefrontKey);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ items: shown.map(asFeed) });
    for (const slide of res.json<{ items: StorefrontSlide[] }>().items) {
      expect(slide.imageUrl).toMatch(
        new RegExp(`^/files/business/${biz.id}/images/slides/[0-9a-f-]{36}\\.(png|jpg)$`),
      );
      // Where the shop's page asks for it: its own origin.
      const image = await ctx.app.inject({
        url: slide.imageUrl,
        headers: { host: 'shop-of-biz.localhost:3000' },
      });
      expect(image.statusCode).toBe(200);
    }
  });

  it('names no host in an image’s address, whatever Host, X-Forwarded-Host or PUBLIC_URL say', async () => {
    const configured = await createTestApp({
      database: ctx.database,
      env: { PUBLIC_URL: 'https://console.example.com/', TRUST_PROXY: '10.0.0.1' },
    });
    try {
      const res = await feed(
        biz.storefrontKey,
        { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
        configured.app,
        '10.0.0.1',
      );
      expect(res.json()).toEqual({ items: shown.map(asFeed) });
    } finally {
      await configured.close();
    }
  });

  it("another business's key sees only that business's slides", async () => {
    const res = await feed(rival.storefrontKey, { host: 'rival.example.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [asFeed(rivalSlide)] });
  });

  it('follows a change at once: a new image shows, a deleted slide goes', async () => {
    const added = await addSlide(owner, 'Brand new', 10, makePng(7, 7));
    const withNew = (await feed(biz.storefrontKey)).json<{ items: StorefrontSlide[] }>();
    expect(withNew.items.map((s) => s.id)).toEqual([...shown.map((s) => s.id), added.id]);
    expect((await call(owner, 'DELETE', `/api/slides/${added.id}?version=2`)).statusCode).toBe(204);
    const after = (await feed(biz.storefrontKey)).json<{ items: StorefrontSlide[] }>();
    expect(after.items.map((s) => s.id)).toEqual(shown.map((s) => s.id));
  });

  it('answers an empty list to a business without slides', async () => {
    const empty = await createBusiness(ctx.db);
    const res = await feed(empty.storefrontKey);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [] });
  });

  it('is 401 without a key or with an unknown one, and needs no session', async () => {
    const missing = await feed(undefined, owner.headers);
    expect(missing.statusCode).toBe(401);
    expect(errorOf(missing)).toEqual({
      code: 'unauthenticated',
      message: 'Send the storefront key of the business in the X-Storefront-Key header',
    });
    for (const key of ['', '   ', 'pk_unknown', 'k'.repeat(500)]) {
      const res = await feed(key);
      expect(res.statusCode, key.slice(0, 20)).toBe(401);
      expect(errorOf(res).code).toBe('unauthenticated');
    }
    expect(errorOf(await feed('pk_unknown'))).toEqual({
      code: 'unauthenticated',
      message: 'This storefront key is not valid',
    });
  });

  it("is 402 once the business's service has ended", async () => {
    const ended = await createBusiness(ctx.db, { serviceEndsAt: new Date(Date.now() - 60_000) });
    const res = await feed(ended.storefrontKey);
    expect(res.statusCode).toBe(402);
    expect(errorOf(res)).toEqual({
      code: 'service_ended',
      message: 'Service has reached end date. To resume service, please make payment.',
    });
  });

  it('lets a page on any origin read every answer, and answers its preflight', async () => {
    const origin = { origin: 'https://shop.example.com' };
    for (const res of [await feed(biz.storefrontKey, origin), await feed('pk_unknown', origin)]) {
      expect(res.headers['access-control-allow-origin']).toBe('*');
    }
    const preflight = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/storefront/slides',
      headers: {
        ...origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-storefront-key',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET',
      'access-control-allow-headers':
        'content-type, authorization, last-event-id, x-storefront-key, x-device-id',
      'access-control-max-age': '600',
    });
    expect(preflight.body).toBe('');
  });
});
