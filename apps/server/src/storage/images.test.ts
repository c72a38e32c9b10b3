import { describe, expect, it } from 'vitest';
import { makeJpeg, makePng, pngOfSize } from './image-fixtures.ts';
import { detectImageType, fileUrl, imageKey, type ImageExtension, keyOfFileUrl } from './images.ts';
import { isValidStorageKey } from './storage.ts';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

describe('detectImageType', () => {
  it('knows a PNG and a JPEG by their bytes', () => {
    expect(detectImageType(makePng(1, 1))).toBe('image/png');
    expect(detectImageType(makePng(16, 16, { noise: true }))).toBe('image/png');
    expect(detectImageType(pngOfSize(15_360))).toBe('image/png');
    expect(detectImageType(makeJpeg())).toBe('image/jpeg');
  });

  it('reads a view into a larger buffer from where the view starts', () => {
    const png = makePng(2, 2);
    const backing = Buffer.concat([Buffer.from('junk before'), png, Buffer.from('after')]);
    expect(detectImageType(backing.subarray(11, 11 + png.length))).toBe('image/png');
    expect(detectImageType(new Uint8Array(makeJpeg()))).toBe('image/jpeg');
  });

  it.each([
    ['nothing', Buffer.alloc(0)],
    ['text', Buffer.from('This is a text file that claims to be a picture.png')],
    ['the word PNG', Buffer.from('\u0089PNG and more text that is long enough to be checked')],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['HTML', Buffer.from('<!doctype html><html><body>hi</body></html>')],
    ['a GIF', Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(40)])],
    [
      'a WebP',
      Buffer.concat([Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ', 'latin1'), Buffer.alloc(40)]),
    ],
    ['a PDF', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj << >> endobj')],
    ['the PNG signature alone', makePng(1, 1).subarray(0, 8)],
    ['a PNG cut short', makePng(1, 1).subarray(0, 30)],
    [
      'a PNG signature over another chunk',
      Buffer.concat([makePng(1, 1).subarray(0, 12), Buffer.alloc(30, 65)]),
    ],
    ['a JPEG marker alone', Buffer.from([0xff, 0xd8])],
    ['a JPEG after other bytes', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), makeJpeg()])],
    ['a PNG after other bytes', Buffer.concat([Buffer.from(' '), makePng(1, 1)])],
  ])('refuses %s', (_name, bytes) => {
    expect(detectImageType(bytes)).toBeNull();
  });
});

describe('imageKey', () => {
  it('makes a fresh key under the business and the path it is given', () => {
    const key = imageKey('b1', 'store', 's1', '.png');
    expect(key).toMatch(new RegExp(`^business/b1/images/store/s1/${UUID}\\.png$`));
    expect(isValidStorageKey(key)).toBe(true);
    expect(imageKey('0b5e3b8e-1f7e-4c2a-9d0e-5f5c3d2b1a09', 'items', '42', '.jpg')).toMatch(
      new RegExp(`^business/0b5e3b8e-1f7e-4c2a-9d0e-5f5c3d2b1a09/images/items/42/${UUID}\\.jpg$`),
    );
    expect(imageKey('b1', 'store', 's1', 'items', 'i9', '.jpg')).toMatch(
      new RegExp(`^business/b1/images/store/s1/items/i9/${UUID}\\.jpg$`),
    );
  });

  it('never gives the same key twice', () => {
    const keys = new Set(Array.from({ length: 100 }, () => imageKey('b1', 'store', 's1', '.png')));
    expect(keys.size).toBe(100);
  });

  it.each([
    ['a business id with a slash', () => imageKey('b1/../b2', 'store', 's1', '.png')],
    ['an empty business id', () => imageKey('', 'store', 's1', '.png')],
    ['a segment that climbs', () => imageKey('b1', 'store', '..', '.png')],
    ['a segment with a slash', () => imageKey('b1', 'store/../../x', '.png')],
    ['an empty segment', () => imageKey('b1', 'store', '', '.png')],
    ['no segment at all', () => imageKey('b1', '.png')],
    ['another extension', () => imageKey('b1', 'store', 's1', '.svg' as ImageExtension)],
  ])('refuses %s', (_name, make) => {
    expect(make).toThrow();
  });
});

describe('file URLs', () => {
  it('serves a key under /files/ and finds the key back from the URL', () => {
    const key = imageKey('b1', 'store', 's1', '.png');
    expect(fileUrl(key)).toBe(`/files/${key}`);
    expect(keyOfFileUrl(fileUrl(key))).toBe(key);
  });

  it.each([
    null,
    undefined,
    '',
    '/files/',
    '/files/../secret',
    '/files//etc/passwd',
    'https://elsewhere.example/files/business/b1/a.png',
    '/api/files/business/b1/a.png',
    'files/business/b1/a.png',
  ])('finds no key in %j', (url) => {
    expect(keyOfFileUrl(url)).toBeNull();
  });
});
