import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { messages } from '@storedesk/shared/messages';
import { AppError } from '#server/lib/errors.ts';
import { isValidStorageKey } from './keys.ts';

export type ImageContentType = 'image/png' | 'image/jpeg';
export type ImageExtension = '.png' | '.jpg';
export type ImageUpload = { bytes: Buffer; contentType: ImageContentType; extension: ImageExtension };

/** The one part an image upload carries. */
export const IMAGE_FIELD = 'image';

const extensionOf: Record<ImageContentType, ImageExtension> = { 'image/png': '.png', 'image/jpeg': '.jpg' };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_HEADER_CHUNK = Buffer.from('IHDR', 'latin1');

/**
 * The image type the bytes really are, whatever the file is called: PNG when
 * they start with the PNG signature and its header chunk, JPEG when they start
 * with a JPEG start-of-image marker followed by another marker.
 */
export function detectImageType(bytes: Uint8Array): ImageContentType | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (
    b.length >= 33 &&
    b.subarray(0, 8).equals(PNG_SIGNATURE) &&
    b.subarray(12, 16).equals(PNG_HEADER_CHUNK)
  ) {
    return 'image/png';
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  return null;
}

/** Room for the boundaries and part headers around the file in a multipart body. */
const MULTIPART_OVERHEAD = 16 * 1024;
/** How much of a refused body is read and dropped so the client can finish sending and see the answer. */
const DRAIN_LIMIT = 32 * 1024 * 1024;

const text = messages.upload;

const invalidUpload = (message: string, field: string) =>
  new AppError('invalid_input', message, { fields: { [IMAGE_FIELD]: field } });

/**
 * Stops reading the rest of a refused upload: the bytes still to come are read
 * and dropped (up to DRAIN_LIMIT, then the connection is closed), never kept.
 */
function discardRest(raw: IncomingMessage) {
  if (raw.complete || raw.destroyed) return;
  raw.unpipe();
  let drained = 0;
  raw.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_LIMIT) raw.destroy();
  });
  raw.on('error', () => undefined);
  raw.resume();
}

/** What the multipart parser's own errors mean for the client. */
function asClientError(error: unknown, tooLarge: () => AppError): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge();
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('unsupported_media_type', text.notMultipart);
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return invalidUpload(text.wrongParts, text.wrongParts);
    default:
      // Busboy's own errors: a missing boundary, a malformed header, a body that ends mid-part.
      return invalidUpload(text.malformed, text.malformed);
  }
}

export type ReadImageOptions = {
  /** The largest image accepted, in bytes (D6: limits.imageMaxBytes, or limits.logoMaxBytes). */
  maxBytes: number;
  /** The 413 message; the store, item and slide one by default. */
  tooLargeMessage?: string;
};

/**
 * Reads the one image of a multipart request (a single file part named
 * `image`, nothing else) into memory, refusing with a 4xx as soon as the body
 * shows it is wrong: 415 when the request is not multipart or the bytes are
 * not a PNG or a JPEG, 413 once more than maxBytes have arrived (so a huge
 * upload is never held), 400 for an empty file, missing or extra parts and
 * malformed multipart. Needs registerMultipart on the app.
 */
export async function readImageUpload(
  request: FastifyRequest,
  options: ReadImageOptions,
): Promise<ImageUpload> {
  const { maxBytes } = options;
  const tooLargeMessage = options.tooLargeMessage ?? messages.imageTooLarge;
  const tooLarge = () => new AppError('too_large', tooLargeMessage);
  if (typeof request.isMultipart !== 'function') {
    throw new Error('readImageUpload needs @fastify/multipart: call registerMultipart(app) first');
  }
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', text.notMultipart);

  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD) {
    // The client said up front it sends too much: answer at once, without reading any of it.
    if (declared > DRAIN_LIMIT)
      throw new AppError('too_large', tooLargeMessage, { headers: { connection: 'close' } });
    discardRest(request.raw);
    throw tooLarge();
  }

  let bytes: Buffer | null = null;
  let current: Multipart | null = null;
  try {
    const parts = request.parts({ limits: { fileSize: maxBytes + 1, files: 1, fields: 0, parts: 1 } });
    for await (const part of parts) {
      current = part;
      if (part.type !== 'file' || part.fieldname !== IMAGE_FIELD || bytes !== null) {
        throw invalidUpload(text.wrongParts, text.wrongParts);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file) {
        size += (chunk as Buffer).length;
        if (size > maxBytes) throw tooLarge();
        chunks.push(chunk as Buffer);
      }
      if (part.file.truncated) throw tooLarge();
      bytes = Buffer.concat(chunks, size);
      current = null;
    }
  } catch (error) {
    if (current?.type === 'file' && !current.file.destroyed) current.file.destroy();
    discardRest(request.raw);
    throw asClientError(error, tooLarge);
  }

  if (bytes === null) throw invalidUpload(text.missing, messages.isRequired);
  if (bytes.length === 0) throw invalidUpload(text.empty, text.empty);
  const contentType = detectImageType(bytes);
  if (!contentType) throw new AppError('unsupported_media_type', messages.imageType);
  return { bytes, contentType, extension: extensionOf[contentType] };
}

/**
 * A new key for an image: `business/{businessId}/images/{...segments}/{random}{extension}`,
 * e.g. imageKey(businessId, 'store', storeId, '.png'). Keys are never reused,
 * so a replaced image gets a new key and a new URL.
 */
export function imageKey(
  businessId: string,
  ...rest: [...segments: string[], extension: ImageExtension]
): string {
  const extension = rest.pop() as ImageExtension;
  const segments = rest as string[];
  if (extension !== '.png' && extension !== '.jpg') throw new Error(`Not an image extension: ${extension}`);
  if (segments.length === 0) throw new Error('An image key needs at least one segment after images/');
  const key = ['business', businessId, 'images', ...segments, `${randomUUID()}${extension}`].join('/');
  if (!isValidStorageKey(key)) throw new Error(`Not a valid image key: ${key}`);
  return key;
}

const FILES_PREFIX = '/files/';

/** Where the server serves the file of a key. */
export function fileUrl(key: string): string {
  return `${FILES_PREFIX}${key}`;
}

/** The key behind a URL of fileUrl, or null for anything else (to delete a replaced image). */
export function keyOfFileUrl(url: string | null | undefined): string | null {
  if (!url?.startsWith(FILES_PREFIX)) return null;
  const key = url.slice(FILES_PREFIX.length);
  return isValidStorageKey(key) ? key : null;
}
