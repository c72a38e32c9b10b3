import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { limits } from '@storedesk/shared/limits';
import { messages } from '@storedesk/shared/messages';
import { registerErrorHandler } from '#server/plugins/error-handler.ts';
import { makeJpeg, makePng, pngOfSize } from '#server/storage/image-fixtures.ts';
import { fileUrl, imageKey, readImageUpload } from '#server/storage/images.ts';
import { startTestS3Server, type TestS3Server } from '#server/storage/s3-test-server.ts';
import { createStorage, type Storage } from '#server/storage/storage.ts';
import { filesRoutes, registerMultipart } from './files.routes.ts';

const LOGO_TOO_LARGE = 'Logo size should be less then 100kb';
const NOT_FOUND = { error: { code: 'not_found', message: 'Not found' } };

/** A small app shaped like app.ts: zod compilers, the error handler, multipart, /files, and upload routes to test. */
async function buildTestApp(storage: Storage, observe: { refusedAfter?: number; pulled: () => number }) {
  const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.removeContentTypeParser('text/plain');
  registerErrorHandler(app);
  await registerMultipart(app);
  await app.register(filesRoutes, { storage });
  app.addHook('onError', async () => {
    observe.refusedAfter = observe.pulled();
  });
  app.put('/test/image', { config: { access: 'public' } }, async (request) => {
    const upload = await readImageUpload(request, { maxBytes: limits.imageMaxBytes });
    const key = imageKey('b1', 'store', 's1', upload.extension);
    await storage.put(key, upload.bytes, upload.contentType);
    return { imageUrl: fileUrl(key), contentType: upload.contentType, size: upload.bytes.length };
  });
  app.put('/test/logo', { config: { access: 'public' } }, async (request) => {
    const upload = await readImageUpload(request, {
      maxBytes: limits.logoMaxBytes,
      tooLargeMessage: LOGO_TOO_LARGE,
    });
    return { size: upload.bytes.length, extension: upload.extension };
  });
  app.post(
    '/test/json',
    { config: { access: 'public' }, schema: { body: z.object({ name: z.string() }) } },
    async (request) => ({ name: request.body.name }),
  );
  await app.ready();
  return app;
}

type Part = { name: string; filename?: string; contentType?: string; data: Buffer | string };

function multipartBody(parts: Part[], boundary = `----storedesk${randomBytes(8).toString('hex')}`) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n` +
          (part.contentType ? `Content-Type: ${part.contentType}\r\n` : '') +
          '\r\n',
      ),
      Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const imagePart = (data: Buffer | string, filename = 'picture.png', contentType = 'image/png'): Part => ({
  name: 'image',
  filename,
  contentType,
  data,
});

/** A multipart upload of `size` file bytes that is made only as it is read, counting what was read. */
function streamedUpload(size: number, counter: { pulled: number }) {
  const boundary = 'streamed-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="huge.png"\r\n` +
      'Content-Type: image/png\r\n\r\n',
  );
  const block = Buffer.alloc(64 * 1024, 0x61);
  makePng(1, 1).copy(block);
  async function* produce() {
    counter.pulled += head.length;
    yield head;
    for (let sent = 0; sent < size; sent += block.length) {
      counter.pulled += block.length;
      yield block;
    }
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return {
    stream: Readable.from(produce(), { objectMode: false }),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const MB = 1024 * 1024;
type ErrorBody = { error: { code: string; message: string } };

let dataDir: string;
let storage: Storage;
let app: FastifyInstance;
const counter = { pulled: 0 };
const observe: { refusedAfter?: number; pulled: () => number } = { pulled: () => counter.pulled };

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storedesk-files-'));
  storage = createStorage({ driver: 'local', dir: path.join(dataDir, 'files') });
  app = await buildTestApp(storage, observe);
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => {
  counter.pulled = 0;
  delete observe.refusedAfter;
});

async function upload(parts: Part[], url = '/test/image') {
  const body = multipartBody(parts);
  return app.inject({ method: 'PUT', url, ...body });
}

describe('a good upload', () => {
  it('stores a PNG and serves the same bytes under /files/ with its type and caching headers', async () => {
    const png = makePng(12, 9);
    const res = await upload([imagePart(png)]);
    expect(res.statusCode).toBe(200);
    const { imageUrl, contentType, size } = res.json();
    expect(imageUrl).toMatch(/^\/files\/business\/b1\/images\/store\/s1\/[0-9a-f-]{36}\.png$/);
    expect(contentType).toBe('image/png');
    expect(size).toBe(png.length);

    const file = await app.inject({ url: imageUrl });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(png)).toBe(true);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-length']).toBe(String(png.length));
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('takes the type from the bytes, not the name: a JPEG called .png is stored as a JPEG', async () => {
    const jpeg = makeJpeg();
    const res = await upload([imagePart(jpeg, 'holiday.png', 'image/png')]);
    expect(res.statusCode).toBe(200);
    expect(res.json().imageUrl).toMatch(/\.jpg$/);
    const file = await app.inject({ url: res.json().imageUrl });
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.rawPayload.equals(jpeg)).toBe(true);
  });

  it('takes an image with no file name or part type', async () => {
    const res = await upload([{ name: 'image', filename: '', data: makePng(2, 2) }]);
    expect(res.statusCode).toBe(200);
  });

  it('takes an image of exactly the limit', async () => {
    const res = await upload([imagePart(pngOfSize(limits.imageMaxBytes))]);
    expect(res.statusCode).toBe(200);
    expect(res.json().size).toBe(15_360);
  });

  it('gives a replaced image a new URL; deleting the old one leaves the new one served', async () => {
    const first = (await upload([imagePart(makePng(3, 3))])).json().imageUrl as string;
    const second = (await upload([imagePart(makePng(4, 4))])).json().imageUrl as string;
    expect(second).not.toBe(first);
    await storage.delete(first.slice('/files/'.length));
    expect((await app.inject({ url: first })).statusCode).toBe(404);
    expect((await app.inject({ url: second })).statusCode).toBe(200);
  });

  it('answers HEAD with the headers and no body', async () => {
    const url = (await upload([imagePart(makePng(5, 5))])).json().imageUrl as string;
    const res = await app.inject({ method: 'HEAD', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.body).toBe('');
  });

  it('the logo route takes up to 102400 bytes', async () => {
    const res = await upload([imagePart(pngOfSize(limits.logoMaxBytes))], '/test/logo');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ size: 102_400, extension: '.png' });
  });
});

describe('too large (413)', () => {
  it('refuses one byte over the limit with the spec message', async () => {
    const res = await upload([imagePart(pngOfSize(limits.imageMaxBytes + 1))]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: { code: 'too_large', message: messages.imageTooLarge } });
  });

  it('refuses a 20 MB upload at once from its declared length', async () => {
    const big = Buffer.alloc(20 * MB, 0);
    makePng(1, 1).copy(big);
    const res = await upload([imagePart(big)]);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(messages.imageTooLarge);
  });

  it('refuses a 20 MB upload of no declared length while it streams, having read a fraction of it', async () => {
    const { stream, headers } = streamedUpload(20 * MB, counter);
    const res = await app.inject({ method: 'PUT', url: '/test/image', headers, payload: stream });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(messages.imageTooLarge);
    expect(observe.refusedAfter).toBeDefined();
    expect(observe.refusedAfter!).toBeLessThan(1 * MB);
  });

  it('the logo route says its own limit', async () => {
    const res = await upload([imagePart(pngOfSize(limits.logoMaxBytes + 1))], '/test/logo');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: { code: 'too_large', message: LOGO_TOO_LARGE } });
  });
});

describe('not a PNG or a JPEG (415)', () => {
  it.each([
    ['a text file named .png', imagePart('just some text, not a picture at all', 'notes.png', 'image/png')],
    ['an SVG', imagePart('<svg xmlns="http://www.w3.org/2000/svg"/>', 'logo.svg', 'image/svg+xml')],
    ['a GIF', imagePart(Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64)]), 'a.gif', 'image/gif')],
    ['HTML called a JPEG', imagePart('<html><script>alert(1)</script></html>', 'x.jpg', 'image/jpeg')],
  ])('refuses %s with the image type message', async (_name, part) => {
    const res = await upload([part]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: { code: 'unsupported_media_type', message: messages.imageType } });
  });

  it.each([
    ['JSON', { 'content-type': 'application/json' }, JSON.stringify({ image: 'data:image/png;base64,AAAA' })],
    ['raw PNG bytes', { 'content-type': 'image/png' }, makePng(2, 2)],
    ['octet-stream', { 'content-type': 'application/octet-stream' }, makePng(2, 2)],
    ['plain text', { 'content-type': 'text/plain' }, 'hello'],
    ['a URL-encoded form', { 'content-type': 'application/x-www-form-urlencoded' }, 'image=abc'],
    ['no body at all', {}, undefined],
  ])('refuses a request that is not multipart: %s', async (_name, headers, payload) => {
    const res = await app.inject({ method: 'PUT', url: '/test/image', headers, payload });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('unsupported_media_type');
  });
});

describe('wrong shape (400)', () => {
  it('refuses an empty file', async () => {
    const res = await upload([imagePart(Buffer.alloc(0))]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'invalid_input',
        message: 'The image file is empty',
        fields: { image: 'The image file is empty' },
      },
    });
  });

  it('refuses a multipart body with no part at all', async () => {
    const res = await upload([]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ image: messages.isRequired });
  });

  it('refuses an empty multipart body', async () => {
    const { headers } = multipartBody([]);
    const res = await app.inject({ method: 'PUT', url: '/test/image', headers, payload: '' });
    expect(res.statusCode).toBe(400);
  });

  it.each([
    ['a part with another name', [{ ...imagePart(makePng(2, 2)), name: 'file' }]],
    ['two images', [imagePart(makePng(2, 2)), imagePart(makePng(3, 3))]],
    ['an image and another file', [imagePart(makePng(2, 2)), { ...imagePart(makePng(3, 3)), name: 'other' }]],
    ['a field before the image', [{ name: 'name', data: 'Store' }, imagePart(makePng(2, 2))]],
    ['a field after the image', [imagePart(makePng(2, 2)), { name: 'name', data: 'Store' }]],
    ['the image as a text field', [{ name: 'image', data: makePng(2, 2).toString('latin1') }]],
    ['a part that reaches for the prototype', [{ ...imagePart(makePng(2, 2)), name: '__proto__' }]],
    ['a big file under another name', [{ ...imagePart(Buffer.alloc(12_000, 1)), name: 'file' }]],
  ])('refuses %s', async (_name, parts) => {
    const res = await upload(parts as Part[]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'invalid_input',
      message: 'Send exactly one file, in a part named image',
    });
  });

  it.each([
    [
      'no boundary',
      { 'content-type': 'multipart/form-data' },
      multipartBody([imagePart(makePng(2, 2))]).payload,
    ],
    [
      'a body cut short',
      multipartBody([]).headers,
      multipartBody([imagePart(makePng(2, 2))]).payload.subarray(0, 150),
    ],
    ['garbage', multipartBody([]).headers, randomBytes(2000)],
    [
      'a part with no headers end',
      { 'content-type': 'multipart/form-data; boundary=b' },
      '--b\r\nContent-Disposition: form-data; name="image"',
    ],
  ])('refuses malformed multipart: %s', async (_name, headers, payload) => {
    const res = await app.inject({ method: 'PUT', url: '/test/image', headers, payload });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'invalid_input',
        message: messages.upload.malformed,
        fields: { image: messages.upload.malformed },
      },
    });
  });
});

describe('routes that take JSON', () => {
  it('still refuse a multipart body with 415, and take their JSON', async () => {
    const body = multipartBody([{ name: 'name', data: 'Store' }]);
    const refused = await app.inject({ method: 'POST', url: '/test/json', ...body });
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toEqual({
      error: { code: 'unsupported_media_type', message: messages.unsupportedMediaType },
    });
    const taken = await app.inject({ method: 'POST', url: '/test/json', payload: { name: 'Store' } });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ name: 'Store' });
  });
});

describe('GET /files/*', () => {
  it('answers 404 with the JSON envelope for a key that holds nothing', async () => {
    const res = await app.inject({ url: '/files/business/b1/images/store/s1/nothing.png' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual(NOT_FOUND);
  });

  it('serves nothing outside business/, even a stored file', async () => {
    await storage.put('internal/config.json', Buffer.from('{"secret":1}'), 'application/json');
    const res = await app.inject({ url: '/files/internal/config.json' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
  });

  it.each([
    '/files/',
    '/files/business',
    '/files/business/',
    '/files/business/b1/images',
    '/files/business/..%2F..%2Fsecret.txt',
    '/files/business/b1/a%00.png',
    '/files/business/b1/%5c..%5csecret.txt',
    '/files/business//b1/a.png',
    '/files/business/b1/.a.png.type',
  ])('answers 404 for %s', async (url) => {
    fs.writeFileSync(path.join(dataDir, 'secret.txt'), 'outside');
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
  });

  it('sends a stored file of another type as a download of plain bytes', async () => {
    await storage.put('business/b1/notes.html', Buffer.from('<script>alert(1)</script>'), 'text/html');
    const res = await app.inject({ url: '/files/business/b1/notes.html' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toBe('attachment');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('ignores a query string', async () => {
    const url = (await upload([imagePart(makePng(6, 6))])).json().imageUrl as string;
    expect((await app.inject({ url: `${url}?v=2` })).statusCode).toBe(200);
  });
});

describe('over real HTTP', () => {
  let base: string;
  beforeAll(async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });

  /** An upload body that fetch sends chunked, with no declared length. */
  function chunked(payload: Buffer) {
    let at = 0;
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (at >= payload.length) return controller.close();
        controller.enqueue(payload.subarray(at, at + 256 * 1024));
        at += 256 * 1024;
      },
    });
  }

  it('a client that streams 20 MB gets the 413, and the next upload still works', async () => {
    const { headers, payload } = multipartBody([imagePart(Buffer.alloc(20 * MB, 1))]);
    const refused = await fetch(`${base}/test/image`, {
      method: 'PUT',
      headers,
      body: chunked(payload),
      duplex: 'half',
    } as RequestInit);
    expect(refused.status).toBe(413);
    expect(((await refused.json()) as ErrorBody).error.message).toBe(messages.imageTooLarge);

    const good = multipartBody([imagePart(makePng(7, 7))]);
    const accepted = await fetch(`${base}/test/image`, {
      method: 'PUT',
      headers: good.headers,
      body: good.payload,
    });
    expect(accepted.status).toBe(200);
    const image = await fetch(`${base}${((await accepted.json()) as { imageUrl: string }).imageUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(makePng(7, 7))).toBe(true);
  });

  it('a browser-style form upload of 20 MB gets the 413', async () => {
    const form = new FormData();
    form.append('image', new Blob([Buffer.alloc(20 * MB, 1)], { type: 'image/png' }), 'big.png');
    const refused = await fetch(`${base}/test/image`, { method: 'PUT', body: form });
    expect(refused.status).toBe(413);
    expect(((await refused.json()) as ErrorBody).error.message).toBe(messages.imageTooLarge);
  });

  it('a path that climbs out, sent as it is, is a 404', async () => {
    fs.writeFileSync(path.join(dataDir, 'secret.txt'), 'outside');
    for (const url of [
      '/files/%2e%2e/secret.txt',
      '/files/business/%2e%2e/%2e%2e/secret.txt',
      '/files/../secret.txt',
    ]) {
      const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        http
          .get(`${base}${url}`, (response) => {
            let body = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (body += chunk));
            response.on('end', () => resolve({ status: response.statusCode!, body }));
          })
          .on('error', reject);
      });
      expect(res.status, url).toBe(404);
      expect(res.body, url).not.toContain('outside');
    }
  });

  it('a client that sends on and on after the 413 is cut off, not read forever', async () => {
    const socket = net.connect((app.server.address() as AddressInfo).port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (answer += chunk));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.on('error', () => undefined);
    socket.write(
      'PUT /test/image HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n' +
        'Content-Type: multipart/form-data; boundary=b\r\n\r\n',
    );
    const head = '--b\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\n';
    socket.write(`${head.length.toString(16)}\r\n${head}\r\n`);
    const block = Buffer.alloc(1 * MB, 1);
    let sent = 0;
    // Keeps sending, whatever the server says, until it closes the connection.
    while (!socket.destroyed && sent < 100 * MB) {
      const ok = socket.write(
        Buffer.concat([Buffer.from(`${block.length.toString(16)}\r\n`), block, Buffer.from('\r\n')]),
      );
      sent += block.length;
      if (!ok) await Promise.race([new Promise((r) => socket.once('drain', r)), closed]);
    }
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(sent).toBeLessThan(60 * MB);
  });

  it('a client that declares a huge body is answered before it sends it', async () => {
    const { headers } = multipartBody([]);
    const head = Buffer.from('--x\r\n');
    const res = await new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
      const req = http.request(
        `${base}/test/image`,
        { method: 'PUT', headers: { ...headers, 'content-length': 64 * MB } },
        (response) => {
          response.resume();
          resolve({ status: response.statusCode!, connection: response.headers.connection });
          req.destroy();
        },
      );
      req.on('error', reject);
      req.write(head);
    });
    expect(res.status).toBe(413);
    expect(res.connection).toBe('close');
  });
});

describe('on S3-compatible storage', () => {
  let s3: TestS3Server;
  let s3Storage: Storage;
  let s3App: FastifyInstance;
  beforeAll(async () => {
    s3 = await startTestS3Server();
    s3Storage = createStorage(s3.config);
    s3App = await buildTestApp(s3Storage, { pulled: () => 0 });
  });
  afterAll(async () => {
    await s3App.close();
    await s3Storage.close();
    await s3.stop();
  });

  it('uploads and serves the same bytes and type', async () => {
    const jpeg = makeJpeg();
    const body = multipartBody([imagePart(jpeg, 'a.jpeg', 'image/jpeg')]);
    const res = await s3App.inject({ method: 'PUT', url: '/test/image', ...body });
    expect(res.statusCode).toBe(200);
    const file = await s3App.inject({ url: res.json().imageUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['content-length']).toBe(String(jpeg.length));
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.rawPayload.equals(jpeg)).toBe(true);
  });

  it('answers 404 for a missing key', async () => {
    const res = await s3App.inject({ url: '/files/business/b1/images/store/s1/none.jpg' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
  });
});
