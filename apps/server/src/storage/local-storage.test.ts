import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LocalStorage } from './local-storage.ts';
import { InvalidStorageKeyError, isValidStorageKey } from './storage.ts';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** Every file under a folder, as paths relative to it. */
function listFiles(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

const base = fs.mkdtempSync(path.join(os.tmpdir(), 'storedesk-local-'));
const root = path.join(base, 'files');
const storage = new LocalStorage(root);

beforeAll(() => {
  fs.writeFileSync(path.join(base, 'secret.txt'), 'outside the storage folder');
});
afterAll(() => {
  fs.rmSync(base, { recursive: true, force: true });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('where files go', () => {
  it('keeps a key as the same relative path under the folder, bytes untouched', async () => {
    await storage.put('business/b1/images/store/s1/a.png', Buffer.from('png bytes'), 'image/png');
    expect(fs.readFileSync(path.join(root, 'business/b1/images/store/s1/a.png'), 'utf8')).toBe('png bytes');
  });

  it('resolves a relative folder once, at construction', () => {
    const relative = new LocalStorage(path.relative(process.cwd(), root));
    expect(relative.root).toBe(root);
  });
});

describe('keys never leave the folder', () => {
  const escapes = [
    '../secret.txt',
    '../../etc/passwd',
    'business/../../secret.txt',
    'business/b1/../../../secret.txt',
    '..',
    '.',
    path.join(base, 'secret.txt'),
    '/etc/passwd',
    '\\..\\secret.txt',
    'business\\..\\..\\secret.txt',
    '..%2fsecret.txt',
    'business/%2e%2e/secret.txt',
    'business/b1/a.png\u0000../../secret.txt',
    'business/b1/\nsecret',
    'C:\\Windows\\win.ini',
    '~/secret.txt',
    'business/ b1/a.png',
  ];

  it.each(escapes)('refuses %j on put, get and delete, and touches nothing', async (key) => {
    const before = listFiles(base);
    await expect(storage.put(key, Buffer.from('pwned'), 'text/plain')).rejects.toBeInstanceOf(
      InvalidStorageKeyError,
    );
    await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    expect(listFiles(base)).toEqual(before);
    expect(fs.readFileSync(path.join(base, 'secret.txt'), 'utf8')).toBe('outside the storage folder');
  });

  it('accepts the keys the server makes', () => {
    expect(
      isValidStorageKey('business/0b5e3b8e-1f7e-4c2a-9d0e-5f5c3d2b1a09/images/store/s-1/x_y.z.png'),
    ).toBe(true);
    expect(isValidStorageKey('business/1/images/items/2/3.jpg')).toBe(true);
  });

  it('never serves the hidden files it keeps beside a file', async () => {
    await storage.put('business/b1/t.png', Buffer.from('t'), 'image/png');
    expect(listFiles(path.join(root, 'business/b1'))).toContain('.t.png.type');
    await expect(storage.get('business/b1/.t.png.type')).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });
});

describe('atomic writes', () => {
  it('leaves only the file and its type behind, no temporary files', async () => {
    const dir = path.join(root, 'business/atomic/images/store/s1');
    await storage.put('business/atomic/images/store/s1/a.png', Buffer.alloc(10_000, 1), 'image/png');
    await storage.put('business/atomic/images/store/s1/a.png', Buffer.alloc(5_000, 2), 'image/png');
    expect(listFiles(dir)).toEqual(['.a.png.type', 'a.png']);
  });

  it('a reader that opened the old file reads it whole while a new one replaces it', async () => {
    const key = 'business/atomic/images/store/s1/r.png';
    await storage.put(key, Buffer.alloc(200_000, 'a'), 'image/png');
    const old = await storage.get(key);
    await storage.put(key, Buffer.alloc(100, 'b'), 'image/png');
    const oldBytes = await readAll(old!.body);
    expect(oldBytes.length).toBe(200_000);
    expect(oldBytes.every((byte) => byte === 'a'.charCodeAt(0))).toBe(true);
    expect((await readAll((await storage.get(key))!.body)).toString()).toBe('b'.repeat(100));
  });

  it('a write that fails keeps the previous file and leaves no temporary file', async () => {
    const key = 'business/atomic/images/store/s2/f.png';
    const dir = path.join(root, 'business/atomic/images/store/s2');
    await storage.put(key, Buffer.from('previous'), 'image/png');
    const rename = fsp.rename;
    vi.spyOn(fsp, 'rename').mockImplementation(async (from, to) => {
      if (String(to).endsWith('f.png')) throw Object.assign(new Error('disk full'), { code: 'ENOSPC' });
      return rename(from, to);
    });
    await expect(storage.put(key, Buffer.from('next'), 'image/png')).rejects.toThrow('disk full');
    vi.restoreAllMocks();
    expect((await readAll((await storage.get(key))!.body)).toString()).toBe('previous');
    expect(listFiles(dir)).toEqual(['.f.png.type', 'f.png']);
  });

  it('deleting a folder of other keys deletes nothing', async () => {
    await storage.put('business/keep/images/a.png', Buffer.from('a'), 'image/png');
    await storage.delete('business/keep/images');
    expect(fs.readFileSync(path.join(root, 'business/keep/images/a.png'), 'utf8')).toBe('a');
  });

  it('a file without its type file is served as bytes of no known type', async () => {
    await storage.put('business/b1/untyped.png', Buffer.from('u'), 'image/png');
    fs.rmSync(path.join(root, 'business/b1/.untyped.png.type'));
    const file = await storage.get('business/b1/untyped.png');
    expect(file!.contentType).toBe('application/octet-stream');
    await readAll(file!.body);
  });
});
