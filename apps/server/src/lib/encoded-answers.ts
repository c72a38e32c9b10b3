import { promisify } from 'node:util';
import zlib from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Encoding = 'br' | 'gzip';

/** An answer held as its JSON text and, once a client has accepted them, its brotli and gzip bytes. */
export type EncodedAnswer = {
  readonly json: string;
  /** Its bytes in `encoding`, compressed off the event loop the first time they are asked for. */
  encoded: (encoding: Encoding) => Promise<Buffer>;
};

/**
 * Large read answers that many clients ask for unchanged, each named by its ETag (ADR 0091): the
 * answer is made, checked and serialised once per tag, and compressed once per encoding, however
 * many clients ask and however many ask at the same time. A tag names one answer for good (it
 * changes with anything the answer holds), so nothing held is ever stale: a change makes a new tag
 * and the old answer is let go as the least recently asked for once `maxBytes` is reached.
 */
export class EncodedAnswers {
  readonly #answers = new Map<string, Promise<EncodedAnswer>>();
  readonly #sizes = new Map<string, number>();
  #bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** The answer named `tag`, made by `make` (the JSON text) when not held. */
  get(tag: string, make: () => Promise<string>): Promise<EncodedAnswer> {
    const held = this.#answers.get(tag);
    if (held) {
      // Asked for again: the last to be let go.
      this.#answers.delete(tag);
      this.#answers.set(tag, held);
      return held;
    }
    const made: Promise<EncodedAnswer> = make().then(
      (json) => {
        // Counted only while held: one let go while it was being made is not held.
        if (this.#answers.get(tag) === made) this.#grow(tag, json.length);
        const encodings: Partial<Record<Encoding, Promise<Buffer>>> = {};
        return { json, encoded: (encoding) => (encodings[encoding] ??= this.#encode(tag, json, encoding)) };
      },
      (error: unknown) => {
        // A failed read is not kept: the next client asks the database again.
        if (this.#answers.get(tag) === made) this.#answers.delete(tag);
        throw error;
      },
    );
    this.#answers.set(tag, made);
    return made;
  }

  /** Bytes held, as counted for `maxBytes` (JSON text by its length, encodings by theirs). */
  get bytes(): number {
    return this.#bytes;
  }

  /** How many answers are held or being made. */
  get size(): number {
    return this.#answers.size;
  }

  #encode(tag: string, json: string, encoding: Encoding): Promise<Buffer> {
    const text = Buffer.from(json);
    return (
      encoding === 'br'
        ? brotli(text, {
            params: {
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              // Made once and sent many times: more effort than a one-off answer's (4) pays.
              [zlib.constants.BROTLI_PARAM_QUALITY]: 6,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: text.length,
            },
          })
        : gzip(text, { level: 6 })
    ).then((bytes) => {
      if (this.#answers.has(tag)) this.#grow(tag, bytes.length);
      return bytes;
    });
  }

  #grow(tag: string, bytes: number) {
    this.#sizes.set(tag, (this.#sizes.get(tag) ?? 0) + bytes);
    this.#bytes += bytes;
    // The least recently asked for go first; the answer just made stays even when alone it is larger.
    for (const oldest of this.#answers.keys()) {
      if (this.#bytes <= this.maxBytes || oldest === tag) break;
      this.#answers.delete(oldest);
      this.#bytes -= this.#sizes.get(oldest) ?? 0;
      this.#sizes.delete(oldest);
    }
  }
}

/**
 * The encoding a request accepts, brotli before gzip as @fastify/compress chooses for every other
 * answer (`*` and `x-gzip` standing for gzip), or null for the JSON text as it is.
 */
export function acceptedEncoding(request: FastifyRequest): Encoding | null {
  const header = request.headers['accept-encoding'];
  if (header === undefined) return null;
  const chosen = negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), ['br', 'gzip']);
  return chosen === 'br' || chosen === 'gzip' ? chosen : null;
}

/** Sends a held answer in the encoding the request accepts, varying by it as compressed answers do. */
export async function sendEncoded(
  answer: EncodedAnswer,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const encoding = acceptedEncoding(request);
  void reply.type('application/json; charset=utf-8');
  void reply.header('vary', [reply.getHeader('vary'), 'accept-encoding'].filter(Boolean).join(', '));
  if (encoding === null) return reply.send(answer.json);
  const bytes = await answer.encoded(encoding);
  // Set, so that @fastify/compress leaves the bytes as they are.
  return reply.header('content-encoding', encoding).send(bytes);
}
