import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Slide } from '@storedesk/shared/slides/schemas';
import { makeJpeg, makePng, pngOfSize } from '#server/storage/image-fixtures.ts';
import { LocalStorage } from '#server/storage/local-storage.ts';
import {
  caller,
  createStaffWorld,
  errorOf,
  type Call,
  type Session,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';

let ctx: TestApp;
let call: Call;
let biz: TestBusiness;
let owner: Session;
let admin: Session;
let southAdmin: Session;
let rivalOwner: Session;

beforeAll(async () => {
  ({ ctx, biz, owner, admin, southAdmin, rivalOwner } = await createStaffWorld());
  call = caller(ctx.app);
});
afterAll(() => ctx.close());
afterEach(() => vi.restoreAllMocks());

const MB = 1024 * 1024;
const FORBIDDEN = { code: 'forbidden', message: "You don't have permission to do that" };
const NOT_FOUND = { code: 'not_found', message: 'Not found' };
const STALE = 'This record was changed by someone else. The latest version is shown.';
const INVALID = { code: 'invalid_input', message: 'Some fields need attention' };

async function addSlide(
  input: { title?: string; position?: number } = {},
  session: Session = owner,
): Promise<Slide> {
  const res = await call(session, 'POST', '/api/slides', {
    title: input.title ?? `Slide ${randomUUID().slice(0, 8)}`,
    position: input.position ?? 5,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Slide>();
}

/** Every slide row, deleted ones included: a refused write changes none. */
const slideRows = async () =>
  (
    await ctx.db.execute(
      sql`SELECT id, business_id, title, position, image_key, version, deleted_at FROM slides ORDER BY id`,
    )
  ).rows;

type Part = { name: string; filename: string; type: string; body: Buffer };

function multipart(parts: Part[]) {
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

const image = (body: Buffer, filename = 'slide.png', type = 'image/png'): Part[] => [
  { name: 'image', filename, type, body },
];

function upload(session: Session, slideId: string, parts: Part[]) {
  const { payload, contentType } = multipart(parts);
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/slides/${slideId}/image`,
    payload,
    headers: { ...session.headers, 'content-type': contentType },
  });
}

/** An upload of `size` bytes made only as it is read, with no declared length. */
function streamedUpload(session: Session, slideId: string, size: number) {
  const boundary = 'streamed-boundary';
  async function* produce() {
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="huge.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    );
    const block = Buffer.alloc(64 * 1024, 0x61);
    makePng(1, 1).copy(block);
    for (let sent = 0; sent < size; sent += block.length) yield block;
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/slides/${slideId}/image`,
    payload: Readable.from(produce(), { objectMode: false }),
    headers: { ...session.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

describe('adding a slide', () => {
  it('answers 201 with the slide, without an image yet', async () => {
    const res = await call(owner, 'POST', '/api/slides', { title: '  Fresh Mangoes  ', position: 3 });
    expect(res.statusCode).toBe(201);
    const slide = res.json<Slide>();
    expect(slide).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      title: 'Fresh Mangoes',
      titleHi: null,
      titleKn: null,
      position: 3,
      imageUrl: null,
      version: 1,
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect((await call(owner, 'GET', `/api/slides/${slide.id}`)).json()).toEqual(slide);
  });

  it('refuses bad input with 400 on the field at fault and writes nothing', async () => {
    const before = await slideRows();
    const cases: Array<[unknown, Record<string, string>]> = [
      [{ title: '', position: 1 }, { title: 'is required' }],
      [{ title: '   ', position: 1 }, { title: 'is required' }],
      [{ title: 'x'.repeat(10_000), position: 1 }, { title: 'must be at most 100 characters' }],
      [{ title: 'Big\u0000Sale', position: 1 }, { title: 'must not contain control characters' }],
      [{ title: 'Big\u001bSale', position: 1 }, { title: 'must not contain control characters' }],
      [{ title: 42, position: 1 }, { title: 'Invalid input: expected string, received number' }],
      [{ position: 1 }, { title: 'Invalid input: expected string, received undefined' }],
      [{ title: 'Sale' }, { position: 'is required' }],
      [{ title: 'Sale', position: 'three' }, { position: 'is required' }],
      [{ title: 'Sale', position: '3' }, { position: 'is required' }],
      [{ title: 'Sale', position: null }, { position: 'is required' }],
      [{ title: 'Sale', position: 2.5 }, { position: 'must be from 1 to 10' }],
      [{ title: 'Sale', position: 0 }, { position: 'must be from 1 to 10' }],
      [{ title: 'Sale', position: 11 }, { position: 'must be from 1 to 10' }],
      [{ title: 'Sale', position: -1 }, { position: 'must be from 1 to 10' }],
      [{}, { title: 'Invalid input: expected string, received undefined', position: 'is required' }],
    ];
    for (const [payload, fields] of cases) {
      const label = JSON.stringify(payload).slice(0, 50);
      const res = await call(owner, 'POST', '/api/slides', payload as object);
      expect(res.statusCode, label).toBe(400);
      expect(errorOf(res), label).toEqual({ ...INVALID, fields });
    }
    for (const payload of ['not json', '{"title":']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/slides',
        headers: { ...owner.headers, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(errorOf(res)).toEqual({ code: 'invalid_input', message: 'The request body is not valid JSON' });
    }
    const form = await ctx.app.inject({
      method: 'POST',
      url: '/api/slides',
      headers: { ...owner.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'title=Sale&position=1',
    });
    expect(form.statusCode).toBe(415);
    expect(await slideRows()).toEqual(before);
  });
});

describe('listing slides', () => {
  it('orders by position, then title, then id; positions may repeat', async () => {
    const tag = randomUUID().slice(0, 6);
    const made = [
      await addSlide({ title: `${tag} Pears`, position: 2 }),
      await addSlide({ title: `${tag} Apples`, position: 7 }),
      await addSlide({ title: `${tag} Bread`, position: 2 }),
      await addSlide({ title: `${tag} Apples`, position: 7 }),
      await addSlide({ title: `${tag} Dal`, position: 1 }),
    ];
    const res = await call(owner, 'GET', `/api/slides?q=${tag}`);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ items: Slide[]; total: number }>();
    expect(body.total).toBe(5);
    const twins = [made[1]!.id, made[3]!.id].sort();
    expect(body.items.map((s) => s.id)).toEqual([made[4]!.id, made[2]!.id, made[0]!.id, ...twins]);
    expect(body.items[0]).toEqual(made[4]);
  });

  it('searches titles in any case, pages with a total, and hides deleted slides', async () => {
    const tag = randomUUID().slice(0, 6);
    const made: Slide[] = [];
    for (let i = 0; i < 7; i++) made.push(await addSlide({ title: `Offer ${tag} ${i}`, position: i + 1 }));
    await addSlide({ title: `Other ${tag}`, position: 1 });
    expect((await call(owner, 'DELETE', `/api/slides/${made[6]!.id}?version=1`)).statusCode).toBe(204);
    const page = (n: number) =>
      call(owner, 'GET', `/api/slides?q=OFFER%20${tag.toUpperCase()}&pageSize=5&page=${n}`);
    const first = (await page(0)).json<{ items: Slide[]; total: number }>();
    const second = (await page(1)).json<{ items: Slide[]; total: number }>();
    expect(first.total).toBe(6);
    expect(first.items.map((s) => s.title)).toEqual([0, 1, 2, 3, 4].map((i) => `Offer ${tag} ${i}`));
    expect(second).toEqual({ items: [made[5]], total: 6 });
    expect((await call(owner, 'GET', '/api/slides?q=%25')).json()).toEqual({ items: [], total: 0 });
  });

  it("never shows another business's slides", async () => {
    const theirs = await addSlide({ title: `Rival only ${randomUUID().slice(0, 6)}` }, rivalOwner);
    expect((await call(owner, 'GET', `/api/slides?q=${encodeURIComponent(theirs.title)}`)).json()).toEqual({
      items: [],
      total: 0,
    });
    const mine = (await call(rivalOwner, 'GET', '/api/slides?pageSize=25')).json<{ items: Slide[] }>();
    expect(mine.items).toEqual([theirs]);
  });

  it('refuses a bad page size, page or search with 400 on that field', async () => {
    for (const [query, field] of [
      ['pageSize=7', 'pageSize'],
      ['page=-1', 'page'],
      ['page=1.5', 'page'],
      ['q=Sa%00le', 'q'],
      [`q=${'x'.repeat(101)}`, 'q'],
    ]) {
      const res = await call(owner, 'GET', `/api/slides?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(errorOf(res).fields ?? {}), query).toEqual([field]);
    }
  });
});

describe('changing a slide', () => {
  it('a patch changes only what it names and bumps the version', async () => {
    const slide = await addSlide({ title: 'Patch me', position: 4 });
    const retitled = await call(owner, 'PATCH', `/api/slides/${slide.id}`, { title: 'Patched', version: 1 });
    expect(retitled.statusCode).toBe(200);
    expect(retitled.json()).toEqual({
      ...slide,
      title: 'Patched',
      version: 2,
      updatedAt: expect.any(String),
    });
    const moved = await call(owner, 'PATCH', `/api/slides/${slide.id}`, { position: 10, version: 2 });
    expect(moved.json()).toEqual({
      ...slide,
      title: 'Patched',
      position: 10,
      version: 3,
      updatedAt: expect.any(String),
    });
    expect((await call(owner, 'GET', `/api/slides/${slide.id}`)).json()).toEqual(moved.json());
  });

  it('a stale version gets 409 with the slide as it is now, and changes nothing', async () => {
    const slide = await addSlide();
    const now = (
      await call(owner, 'PATCH', `/api/slides/${slide.id}`, { position: 9, version: 1 })
    ).json<Slide>();
    const stale = await call(owner, 'PATCH', `/api/slides/${slide.id}`, { title: 'Lost', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale)).toEqual({ code: 'conflict', message: STALE, current: now });
    expect((await call(owner, 'GET', `/api/slides/${slide.id}`)).json()).toEqual(now);
  });

  it('refuses bad patches with 400 on the field at fault and writes nothing', async () => {
    const slide = await addSlide();
    const before = await slideRows();
    const cases: Array<[unknown, string]> = [
      [{ title: '', version: 1 }, 'title'],
      [{ title: '  ', version: 1 }, 'title'],
      [{ title: 'z'.repeat(10_000), version: 1 }, 'title'],
      [{ title: 'A\u0008B', version: 1 }, 'title'],
      [{ title: 5, version: 1 }, 'title'],
      [{ position: 0, version: 1 }, 'position'],
      [{ position: 11, version: 1 }, 'position'],
      [{ position: 3.5, version: 1 }, 'position'],
      [{ position: '3', version: 1 }, 'position'],
      [{ title: 'Fine' }, 'version'],
      [{ title: 'Fine', version: 'one' }, 'version'],
      [{ title: 'Fine', version: 1.5 }, 'version'],
      [{ title: 'Fine', version: -1 }, 'version'],
    ];
    for (const [payload, field] of cases) {
      const label = JSON.stringify(payload).slice(0, 50);
      const res = await call(owner, 'PATCH', `/api/slides/${slide.id}`, payload as object);
      expect(res.statusCode, label).toBe(400);
      expect(Object.keys(errorOf(res).fields ?? {}), label).toEqual([field]);
    }
    expect(await slideRows()).toEqual(before);
  });
});

describe('deleting a slide', () => {
  it('moves it to the trash: 204, gone everywhere, and who did it is kept', async () => {
    const slide = await addSlide();
    const res = await call(owner, 'DELETE', `/api/slides/${slide.id}?version=1`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const { rows } = await ctx.db.execute(
      sql`SELECT deleted_at IS NOT NULL AS deleted, deleted_by_id, deleted_by_name, version FROM slides WHERE id = ${slide.id}`,
    );
    expect(rows).toEqual([
      { deleted: true, deleted_by_id: biz.owner.id, deleted_by_name: biz.owner.name, version: 2 },
    ]);
    const gone = [
      await call(owner, 'GET', `/api/slides/${slide.id}`),
      await call(owner, 'PATCH', `/api/slides/${slide.id}`, { title: 'Back', version: 2 }),
      await call(owner, 'DELETE', `/api/slides/${slide.id}?version=2`),
      await upload(owner, slide.id, image(makePng(4, 4))),
    ];
    for (const answer of gone) {
      expect(answer.statusCode).toBe(404);
      expect(errorOf(answer)).toEqual(NOT_FOUND);
    }
  });

  it('a stale version gets 409 with the slide as it is now, and deletes nothing', async () => {
    const slide = await addSlide();
    const now = (
      await call(owner, 'PATCH', `/api/slides/${slide.id}`, { title: 'Kept', version: 1 })
    ).json<Slide>();
    const res = await call(owner, 'DELETE', `/api/slides/${slide.id}?version=1`);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toEqual({ code: 'conflict', message: STALE, current: now });
    expect((await call(owner, 'GET', `/api/slides/${slide.id}`)).json()).toEqual(now);
  });

  it('refuses a missing, malformed or fractional version with 400 on version', async () => {
    const slide = await addSlide();
    const before = await slideRows();
    for (const query of ['', '?version=abc', '?version=1.5', '?version=-1']) {
      const res = await call(owner, 'DELETE', `/api/slides/${slide.id}${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(errorOf(res).fields ?? {}), query).toEqual(['version']);
    }
    expect(await slideRows()).toEqual(before);
  });
});

describe('the slide image', () => {
  it('stores the picture under the business’s slides, serves it, and deletes the one it replaces', async () => {
    const slide = await addSlide();
    const first = pngOfSize(15_360);
    const put = vi.spyOn(LocalStorage.prototype, 'put');
    const res = await upload(owner, slide.id, image(first));
    expect(res.statusCode, res.body).toBe(200);
    expect(put).toHaveBeenCalledTimes(1);
    const withImage = res.json<Slide>();
    expect(withImage).toEqual({
      ...slide,
      imageUrl: expect.stringMatching(
        new RegExp(`^/files/business/${biz.id}/images/slides/[0-9a-f-]{36}\\.png$`),
      ),
      version: 2,
      updatedAt: expect.any(String),
    });
    const served = await ctx.app.inject({ url: withImage.imageUrl! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(first)).toBe(true);

    const jpeg = makeJpeg();
    const replaced = await upload(owner, slide.id, image(jpeg, 'again.png', 'image/png'));
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json<Slide>().imageUrl).toMatch(
      new RegExp(`^/files/business/${biz.id}/images/slides/[0-9a-f-]{36}\\.jpg$`),
    );
    expect(replaced.json<Slide>().version).toBe(3);
    expect((await ctx.app.inject({ url: withImage.imageUrl! })).statusCode).toBe(404);
    const now = await ctx.app.inject({ url: replaced.json<Slide>().imageUrl! });
    expect(now.headers['content-type']).toBe('image/jpeg');
    expect(now.rawPayload.equals(jpeg)).toBe(true);
    expect((await call(owner, 'GET', `/api/slides/${slide.id}`)).json()).toEqual(replaced.json());
  });

  it('refuses what is not one PNG or JPEG of at most 15360 bytes, storing nothing and changing nothing', async () => {
    const slide = await addSlide();
    const pictured = (await upload(owner, slide.id, image(makePng(3, 3)))).json<Slide>();
    const before = await slideRows();
    const put = vi.spyOn(LocalStorage.prototype, 'put');

    const tooBig = await upload(owner, slide.id, image(pngOfSize(15_361)));
    expect(tooBig.statusCode).toBe(413);
    expect(errorOf(tooBig)).toEqual({ code: 'too_large', message: 'Image size should be less then 15kb' });

    const huge = Buffer.alloc(20 * MB, 0);
    makePng(1, 1).copy(huge);
    const declared = await upload(owner, slide.id, image(huge));
    expect(declared.statusCode).toBe(413);
    expect(errorOf(declared)).toEqual({ code: 'too_large', message: 'Image size should be less then 15kb' });
    const streamed = await streamedUpload(owner, slide.id, 20 * MB);
    expect(streamed.statusCode).toBe(413);
    expect(errorOf(streamed)).toEqual({ code: 'too_large', message: 'Image size should be less then 15kb' });

    const notImages: Array<[string, Part[]]> = [
      ['a GIF named .png', image(Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64)]))],
      ['an SVG named .png', image(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>'))],
      ['text named .jpg', image(Buffer.from('not a picture at all'), 'a.jpg', 'image/jpeg')],
    ];
    for (const [label, parts] of notImages) {
      const res = await upload(owner, slide.id, parts);
      expect(res.statusCode, label).toBe(415);
      expect(errorOf(res), label).toEqual({
        code: 'unsupported_media_type',
        message: 'Only PNG or JPEG images are accepted',
      });
    }

    const empty = await upload(owner, slide.id, image(Buffer.alloc(0)));
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty)).toEqual({
      code: 'invalid_input',
      message: 'The image file is empty',
      fields: { image: 'The image file is empty' },
    });
    const wrongPart = await upload(owner, slide.id, [
      { name: 'file', filename: 'a.png', type: 'image/png', body: makePng(2, 2) },
    ]);
    expect(wrongPart.statusCode).toBe(400);
    expect(errorOf(wrongPart).fields).toEqual({ image: 'Send exactly one file, in a part named image' });
    const twoImages = await upload(owner, slide.id, [...image(makePng(2, 2)), ...image(makePng(3, 2))]);
    expect(twoImages.statusCode).toBe(400);
    expect(errorOf(twoImages).fields).toEqual({ image: 'Send exactly one file, in a part named image' });

    const json = await ctx.app.inject({
      method: 'PUT',
      url: `/api/slides/${slide.id}/image`,
      headers: owner.headers,
      payload: { image: 'data:image/png;base64,AAAA' },
    });
    expect(json.statusCode).toBe(415);
    expect(errorOf(json)).toEqual({
      code: 'unsupported_media_type',
      message: 'Send the image as multipart/form-data, in one file part named image',
    });

    expect(put).not.toHaveBeenCalled();
    expect(await slideRows()).toEqual(before);
    expect((await call(owner, 'GET', `/api/slides/${slide.id}`)).json()).toEqual(pictured);
    expect((await ctx.app.inject({ url: pictured.imageUrl! })).statusCode).toBe(200);
  });
});

describe('who may', () => {
  it('an admin of either zone gets 403 from every slide endpoint, and nothing changes', async () => {
    const slide = await addSlide();
    const before = await slideRows();
    const put = vi.spyOn(LocalStorage.prototype, 'put');
    for (const session of [admin, southAdmin]) {
      const answers = [
        await call(session, 'GET', '/api/slides'),
        await call(session, 'POST', '/api/slides', { title: 'Mine', position: 1 }),
        await call(session, 'GET', `/api/slides/${slide.id}`),
        await call(session, 'PATCH', `/api/slides/${slide.id}`, { title: 'Mine', version: 1 }),
        await call(session, 'DELETE', `/api/slides/${slide.id}?version=1`),
        await upload(session, slide.id, image(makePng(2, 2))),
      ];
      for (const res of answers) {
        expect(res.statusCode).toBe(403);
        expect(errorOf(res)).toEqual(FORBIDDEN);
      }
    }
    expect(put).not.toHaveBeenCalled();
    expect(await slideRows()).toEqual(before);
  });

  it("another business's slide, or no slide at all, is 404 on GET, PATCH, DELETE and PUT image", async () => {
    const theirs = await addSlide({}, rivalOwner);
    const before = await slideRows();
    const put = vi.spyOn(LocalStorage.prototype, 'put');
    for (const slideId of [theirs.id, randomUUID()]) {
      const answers = [
        await call(owner, 'GET', `/api/slides/${slideId}`),
        await call(owner, 'PATCH', `/api/slides/${slideId}`, { title: 'Mine', version: 1 }),
        await call(owner, 'DELETE', `/api/slides/${slideId}?version=1`),
        await upload(owner, slideId, image(makePng(2, 2))),
      ];
      for (const res of answers) {
        expect(res.statusCode).toBe(404);
        expect(errorOf(res)).toEqual(NOT_FOUND);
      }
    }
    expect((await call(owner, 'GET', '/api/slides/not-a-uuid')).statusCode).toBe(404);
    expect(put).not.toHaveBeenCalled();
    expect(await slideRows()).toEqual(before);
  });
});

describe('live events', () => {
  it('every slide write announces itself to the whole business; a delete also fills the trash', async () => {
    const slide = await addSlide();
    await call(owner, 'PATCH', `/api/slides/${slide.id}`, { position: 2, version: 1 });
    await upload(owner, slide.id, image(makePng(2, 2)));
    await call(owner, 'DELETE', `/api/slides/${slide.id}?version=3`);
    const { rows } = await ctx.db.execute(
      sql`SELECT topic, action, zone_id, business_id FROM events WHERE record_id = ${slide.id} ORDER BY id`,
    );
    const business = { zone_id: null, business_id: biz.id };
    expect(rows).toEqual([
      { topic: 'slides', action: 'created', ...business },
      { topic: 'slides', action: 'updated', ...business },
      { topic: 'slides', action: 'updated', ...business },
      { topic: 'slides', action: 'deleted', ...business },
      { topic: 'trash', action: 'added', ...business },
    ]);
  });

  it('a refused write announces nothing', async () => {
    const slide = await addSlide();
    await call(owner, 'PATCH', `/api/slides/${slide.id}`, { position: 2, version: 7 });
    await call(owner, 'PATCH', `/api/slides/${slide.id}`, { position: 12, version: 1 });
    await call(owner, 'DELETE', `/api/slides/${slide.id}?version=4`);
    await upload(owner, slide.id, image(Buffer.from('GIF89a')));
    const { rows } = await ctx.db.execute(
      sql`SELECT action FROM events WHERE record_id = ${slide.id} ORDER BY id`,
    );
    expect(rows).toEqual([{ action: 'created' }]);
  });
});
