import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '@storedesk/shared/catalogue/schemas';
import type { Store } from '@storedesk/shared/stores/schemas';
import { makeJpeg, pngOfSize } from '#server/storage/image-fixtures.ts';
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
let admin: Session;
let southAdmin: Session;
let store: Store;
let item: Item;

function multipart(parts: Array<{ name: string; filename: string; type: string; body: Buffer }>) {
  const boundary = `----storedesk${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.type}\r\n\r\n`,
      ),
      part.body,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const upload = (session: Session, url: string, parts: Parameters<typeof multipart>[0]) => {
  const { payload, contentType } = multipart(parts);
  return ctx.app.inject({
    method: 'PUT',
    url,
    payload,
    headers: { ...session.headers, 'content-type': contentType },
  });
};
const image = (body: Buffer, filename = 'photo.png', type = 'image/png') => [
  { name: 'image', filename, type, body },
];

beforeAll(async () => {
  ctx = await createTestApp();
  biz = await createBusiness(ctx.db);
  [admin, southAdmin] = await Promise.all([
    signIn(ctx.app, biz.admin.email),
    signIn(ctx.app, biz.otherAdmin.email),
  ]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/stores',
    headers: admin.headers,
    payload: {
      name: 'Pictured',
      featured: 1,
      location: 'Koramangala',
      description: 'With a photo',
      phone: '9876543210',
      openTime: '08:00',
      closeTime: '20:00',
      latitude: 12.93,
      longitude: 77.62,
    },
  });
  store = res.json();
  const category = await ctx.app.inject({
    method: 'POST',
    url: `/api/stores/${store.id}/categories`,
    headers: admin.headers,
    payload: { name: 'Fruit' },
  });
  item = (
    await ctx.app.inject({
      method: 'POST',
      url: `/api/stores/${store.id}/items`,
      headers: admin.headers,
      payload: { name: 'Mango', categoryId: category.json().id, featured: 1, pricePaise: 32000 },
    })
  ).json();
});
afterAll(() => ctx.close());

describe('PUT /api/stores/:storeId/image', () => {
  it('stores the picture under the business, serves it, and deletes the one it replaces', async () => {
    const first = pngOfSize(15_360);
    const res = await upload(admin, `/api/stores/${store.id}/image`, image(first));
    expect(res.statusCode, res.body).toBe(200);
    const withImage = res.json<Store>();
    expect(withImage.imageUrl).toMatch(
      new RegExp(`^/files/business/${biz.id}/images/store/${store.id}/[\\w-]+\\.png$`),
    );
    expect(withImage.version).toBe(store.version + 1);
    const served = await ctx.app.inject({ url: withImage.imageUrl! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(first)).toBe(true);

    const replaced = await upload(
      admin,
      `/api/stores/${store.id}/image`,
      image(makeJpeg(), 'again.jpg', 'image/jpeg'),
    );
    expect(replaced.json<Store>().imageUrl).toMatch(/\.jpg$/);
    expect((await ctx.app.inject({ url: withImage.imageUrl! })).statusCode).toBe(404);
  });

  it('refuses a picture over 15360 bytes, a text file named .png, an empty part and no multipart, changing nothing', async () => {
    const before = (
      await ctx.app.inject({ url: `/api/stores/${store.id}`, headers: admin.headers })
    ).json<Store>();
    const tooBig = await upload(admin, `/api/stores/${store.id}/image`, image(pngOfSize(15_361)));
    expect(tooBig.statusCode).toBe(413);
    expect(errorOf(tooBig).message).toBe('Image size should be less then 15kb');
    const text = await upload(
      admin,
      `/api/stores/${store.id}/image`,
      image(Buffer.from('not a picture at all')),
    );
    expect(text.statusCode).toBe(415);
    const empty = await upload(admin, `/api/stores/${store.id}/image`, image(Buffer.alloc(0)));
    expect(empty.statusCode).toBe(400);
    const json = await ctx.app.inject({
      method: 'PUT',
      url: `/api/stores/${store.id}/image`,
      headers: admin.headers,
      payload: { image: 'data' },
    });
    expect(json.statusCode).toBe(415);
    const after = (
      await ctx.app.inject({ url: `/api/stores/${store.id}`, headers: admin.headers })
    ).json<Store>();
    expect(after).toEqual(before);
  });

  it("is 404 for another zone's store, before the upload is looked at", async () => {
    const res = await upload(southAdmin, `/api/stores/${store.id}/image`, image(pngOfSize(2000)));
    expect(res.statusCode).toBe(404);
  });
});

describe('PUT /api/stores/:storeId/items/:itemId/image', () => {
  it('stores the picture with the store’s items and answers the item', async () => {
    const res = await upload(
      admin,
      `/api/stores/${store.id}/items/${item.id}/image`,
      image(makeJpeg(), 'm.jpg', 'image/jpeg'),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Item>().imageUrl).toMatch(
      new RegExp(`^/files/business/${biz.id}/images/store/${store.id}/items/[\\w-]+\\.jpg$`),
    );
    expect((await ctx.app.inject({ url: res.json<Item>().imageUrl! })).headers['content-type']).toBe(
      'image/jpeg',
    );
  });

  it('is 404 for an item of another store or zone', async () => {
    expect(
      (await upload(southAdmin, `/api/stores/${store.id}/items/${item.id}/image`, image(makeJpeg())))
        .statusCode,
    ).toBe(404);
    expect(
      (await upload(admin, `/api/stores/${store.id}/items/${randomUUID()}/image`, image(makeJpeg())))
        .statusCode,
    ).toBe(404);
  });
});
