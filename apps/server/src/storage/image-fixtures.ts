/**
 * Real, decodable PNG and JPEG files built in memory: the tests' fixtures (no
 * binary fixtures in the repository) and the demo's slide pictures.
 */
import { deflateSync } from 'node:zlib';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * An RGB PNG of the given size, each pixel coloured by `pixel(x, y)`. With
 * `noise`, the pixels are pseudo-random so the file barely compresses, which
 * makes files of a chosen size easy to get.
 */
export function makePng(
  width: number,
  height: number,
  options: { noise?: boolean; pixel?: (x: number, y: number) => [number, number, number] } = {},
): Buffer {
  let seed = 12345;
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed & 0xff;
  };
  const pixel =
    options.pixel ??
    (options.noise
      ? () => [random(), random(), random()] as [number, number, number]
      : (x: number, y: number) => [(x * 40) & 0xff, (y * 40) & 0xff, 160] as [number, number, number]);
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      row[1 + x * 3] = r;
      row[2 + x * 3] = g;
      row[3 + x * 3] = b;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function jpegSegment(marker: number, data: number[]): number[] {
  const length = data.length + 2;
  return [0xff, marker, length >> 8, length & 0xff, ...data];
}

/**
 * A baseline JFIF JPEG of one 8×8 grey block: a single-code Huffman table for
 * the DC difference 0 and one for end-of-block.
 */
export function makeJpeg(): Buffer {
  return Buffer.from([
    0xff,
    0xd8, // start of image
    ...jpegSegment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]), // JFIF
    ...jpegSegment(0xdb, [0x00, ...Array<number>(64).fill(1)]), // quantisation table 0
    ...jpegSegment(0xc0, [8, 0, 8, 0, 8, 1, 1, 0x11, 0]), // 8×8, one component
    ...jpegSegment(0xc4, [0x00, 1, ...Array<number>(15).fill(0), 0x00]), // DC table: category 0
    ...jpegSegment(0xc4, [0x10, 1, ...Array<number>(15).fill(0), 0x00]), // AC table: end of block
    ...jpegSegment(0xda, [1, 1, 0x00, 0, 63, 0]), // start of scan
    0x3f, // DC "0", AC "end of block", padded with ones
    0xff,
    0xd9, // end of image
  ]);
}

/** A valid PNG of exactly `bytes` bytes: a small picture padded with a text chunk before its end. */
export function pngOfSize(bytes: number): Buffer {
  const base = makePng(4, 4);
  const keyword = Buffer.from('Comment\0', 'latin1');
  const fill = bytes - base.length - 12 - keyword.length;
  if (fill < 0) throw new Error(`A PNG cannot be as small as ${bytes} bytes`);
  const iend = base.length - 12;
  return Buffer.concat([
    base.subarray(0, iend),
    pngChunk('tEXt', Buffer.concat([keyword, Buffer.alloc(fill, 'x')])),
    base.subarray(iend),
  ]);
}
