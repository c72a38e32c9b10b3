import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage } from './local-storage.ts';
import { S3Storage } from './s3-storage.ts';
import { startTestS3Server, type TestS3Server } from './s3-test-server.ts';
import { createStorage, InvalidStorageKeyError, type Storage } from './storage.ts';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const everyByte = Buffer.from(Array.from({ length: 256 }, (_, i) => i));

/** What every driver must do alike; `open` gives a fresh storage and a way to release it. */
function behavesAsStorage(open: () => Promise<{ storage: Storage; close: () => Promise<void> }>) {
  let storage: Storage;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, close } = await open());
  });
  afterAll(async () => {
    await close();
  });

  it('gives back what was put: bytes, content type and size', async () => {
    await storage.put('business/b1/images/store/s1/a.png', everyByte, 'image/png');
    const file = await storage.get('business/b1/images/store/s1/a.png');
    expect(file).not.toBeNull();
    expect(file!.contentType).toBe('image/png');
    expect(file!.size).toBe(256);
    expect((await readAll(file!.body)).equals(everyByte)).toBe(true);
  });

  it('answers null for a key that holds nothing', async () => {
    expect(await storage.get('business/b1/images/store/s1/none.png')).toBeNull();
    expect(await storage.get('business/nobody/none.jpg')).toBeNull();
  });

  it('answers null for a folder of other keys, which is not a file', async () => {
    await storage.put('business/b2/images/items/i1/x.jpg', Buffer.from('x'), 'image/jpeg');
    expect(await storage.get('business/b2/images/items')).toBeNull();
    expect(await storage.get('business/b2')).toBeNull();
  });

  it('replaces the file at a key, type and all', async () => {
    const key = 'business/b1/images/items/i1/r.jpg';
    await storage.put(key, Buffer.from('first version, longer'), 'image/jpeg');
    await storage.put(key, Buffer.from('second'), 'image/png');
    const file = await storage.get(key);
    expect(file!.contentType).toBe('image/png');
    expect(file!.size).toBe(6);
    expect((await readAll(file!.body)).toString()).toBe('second');
  });

  it('stores an empty file', async () => {
    await storage.put('business/b1/empty.bin', Buffer.alloc(0), 'application/octet-stream');
    const file = await storage.get('business/b1/empty.bin');
    expect(file!.size).toBe(0);
    expect((await readAll(file!.body)).length).toBe(0);
  });

  it('deletes, and deleting what is not there is fine', async () => {
    const key = 'business/b1/images/store/s1/d.png';
    await storage.put(key, Buffer.from('bye'), 'image/png');
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
    await expect(storage.delete('business/never/was.png')).resolves.toBeUndefined();
  });

  it('keeps keys apart: deleting one leaves its neighbours', async () => {
    await storage.put('business/b3/a.png', Buffer.from('a'), 'image/png');
    await storage.put('business/b3/b.png', Buffer.from('b'), 'image/png');
    await storage.delete('business/b3/a.png');
    expect(await storage.get('business/b3/a.png')).toBeNull();
    expect((await readAll((await storage.get('business/b3/b.png'))!.body)).toString()).toBe('b');
  });

  it('handles several files at once', async () => {
    const keys = Array.from({ length: 12 }, (_, i) => `business/b4/many/${i}.png`);
    await Promise.all(keys.map((key, i) => storage.put(key, Buffer.from(`file ${i}`), 'image/png')));
    const bodies = await Promise.all(
      keys.map(async (key) => (await readAll((await storage.get(key))!.body)).toString()),
    );
    expect(bodies).toEqual(keys.map((_, i) => `file ${i}`));
  });

  it.each([
    '',
    '/business/b1/a.png',
    '../a.png',
    'business/../../a.png',
    'business/./a.png',
    'business//a.png',
    'business/b1/',
    'business/.hidden',
    'business\\b1\\a.png',
    'business/b1/a b.png',
    'business/b1/a\u0000.png',
    'business/b1/é.png',
    'C:/a.png',
    `business/${'a'.repeat(1100)}`,
  ])('refuses the key %j for every call', async (key) => {
    await expect(storage.put(key, Buffer.from('x'), 'image/png')).rejects.toBeInstanceOf(
      InvalidStorageKeyError,
    );
    await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });
}

describe('local disk storage', () => {
  behavesAsStorage(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storedesk-storage-'));
    return {
      storage: createStorage({ driver: 'local', dir: path.join(dir, 'files') }),
      close: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  });
});

describe('S3-compatible storage', () => {
  let s3: TestS3Server;
  beforeAll(async () => {
    s3 = await startTestS3Server();
  });
  afterAll(async () => {
    await s3.stop();
  });

  describe('the shared behaviour', () => {
    behavesAsStorage(async () => {
      const storage = createStorage(s3.config);
      return { storage, close: () => storage.close() };
    });
  });

  it('createStorage picks the driver the configuration names', async () => {
    const storage = createStorage(s3.config);
    expect(storage).toBeInstanceOf(S3Storage);
    await storage.close();
    expect(createStorage({ driver: 'local', dir: os.tmpdir() })).toBeInstanceOf(LocalStorage);
  });

  it('a missing bucket is an error, not a missing file', async () => {
    const storage = createStorage({ ...s3.config, bucket: 'no-such-bucket' });
    await expect(storage.get('business/b1/a.png')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await storage.close();
  });

  it('refused credentials are an error, not a missing file', async () => {
    const storage = createStorage({ ...s3.config, accessKeyId: 'NOBODY' });
    await expect(storage.get('business/b1/a.png')).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    await expect(storage.delete('business/b1/a.png')).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    await storage.close();
  });

  it('an unreachable endpoint is an error, not a missing file', async () => {
    // A port that was free a moment ago and has nobody listening now.
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const closed = (probe.address() as net.AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const storage = createStorage({ ...s3.config, endpoint: `http://127.0.0.1:${closed}` });
    await expect(storage.get('business/b1/a.png')).rejects.toThrow();
    await storage.close();
  });
});
