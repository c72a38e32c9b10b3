/**
 * A stand-in push service for tests and the benchmark: an HTTP server on
 * 127.0.0.1 that takes pushes as a real one does (RFC 8030), checks each one's
 * VAPID signature (RFC 8292) and decrypts its aes128gcm payload (RFC 8188,
 * RFC 8291) with the subscription's own keys, which it made and holds.
 */
import {
  createCipheriv,
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
  type ECDH,
} from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type StandInSubscription = {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
};

/** A push the service took: who it was for and what it said. */
export type ReceivedPush = {
  id: string;
  payload: string;
  ttl: number;
  urgency: string | undefined;
  /** The `sub` of the VAPID token: whom the push service may contact. */
  subject: string;
  /** The VAPID public key (base64url) the push was signed with. */
  publicKey: string;
};

/** A push the service refused, and why (a test that expects none checks this is empty). */
export type RefusedPush = { id: string; status: number; reason: string };

type Held = { ecdh: ECDH; auth: Buffer };

function refuse(status: number, reason: string): never {
  throw Object.assign(new Error(reason), { status });
}

/** HKDF-SHA-256, extract and expand (RFC 5869). */
function hkdf(ikm: Buffer, salt: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(hkdfSync('sha256', ikm, salt, info, length));
}

type VerifiedToken = { publicKey: string; claims: { aud?: string; exp?: number; sub?: string } };

/** Tokens whose signature verified, by header: a sender reuses one token for many pushes, as web-push allows. */
const verifiedTokens = new Map<string, VerifiedToken>();

/** Checks `Authorization: vapid t=<JWT>, k=<key>` for this origin; answers the key and the subject. */
function checkVapid(header: string | undefined, origin: string): { publicKey: string; subject: string } {
  const { publicKey, claims } = verifiedTokens.get(header ?? '') ?? verifyToken(header);
  if (claims.aud !== origin) refuse(403, `aud is ${claims.aud}, not ${origin}`);
  const now = Date.now() / 1000;
  if (typeof claims.exp !== 'number' || claims.exp <= now) refuse(403, 'the JWT has expired');
  if (claims.exp > now + 24 * 60 * 60) refuse(403, 'the JWT expires more than 24 hours ahead');
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) {
    refuse(403, `sub is ${claims.sub}, not a mailto: or https: URL`);
  }
  return { publicKey, subject: claims.sub };
}

/** Verifies the token's ES256 signature with the key `k` names (RFC 8292 §2, §3). */
function verifyToken(header: string | undefined): VerifiedToken {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) refuse(401, `no VAPID Authorization header: ${header}`);
  const [, token, publicKey] = match as unknown as [string, string, string];
  const point = Buffer.from(publicKey, 'base64url');
  if (point.length !== 65 || point[0] !== 4) refuse(401, 'k is not an uncompressed P-256 point');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const [head, body, signature] = token.split('.') as [string, string, string];
  const header64 = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
  if (header64.alg !== 'ES256') refuse(401, `the JWT is signed with ${header64.alg}, not ES256`);
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) refuse(403, 'the JWT signature does not verify with k');
  const verified = {
    publicKey,
    claims: JSON.parse(Buffer.from(body, 'base64url').toString()) as VerifiedToken['claims'],
  };
  verifiedTokens.set(header!, verified);
  return verified;
}

/** Decrypts an aes128gcm push body for the subscription that holds these keys (RFC 8291 §3.4). */
export function decryptPush(body: Buffer, held: Held): string {
  if (body.length < 21 + 65 + 17) refuse(400, 'the body is too short for an aes128gcm record');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  if (idLength !== 65) refuse(400, `keyid is ${idLength} bytes, not the sender's 65-byte public key`);
  const senderKey = body.subarray(21, 21 + idLength);
  const records = body.subarray(21 + idLength);
  if (records.length > recordSize) refuse(400, 'a push is a single record');

  const shared = held.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), held.ecdh.getPublicKey(), senderKey]);
  const ikm = hkdf(shared, held.auth, keyInfo, 32);
  const cek = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);

  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  let plain: Buffer;
  try {
    plain = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  } catch {
    refuse(400, 'the record does not decrypt with the subscription keys');
  }
  // The last record ends with the delimiter 0x02, then any padding of zeros.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) refuse(400, 'the last record has no 0x02 delimiter');
  return plain.subarray(0, end).toString('utf8');
}

/** Encrypts a payload as a push service would receive it (for the tests of decryptPush itself). */
export function encryptPush(payload: string, p256dh: string, auth: string): Buffer {
  const sender = createECDH('prime256v1');
  sender.generateKeys();
  const receiverKey = Buffer.from(p256dh, 'base64url');
  const salt = randomBytes(16);
  const shared = sender.computeSecret(receiverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverKey, sender.getPublicKey()]);
  const ikm = hkdf(shared, Buffer.from(auth, 'base64url'), keyInfo, 32);
  const cek = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);
  const cipher = createCipheriv('aes-128-gcm', cek, nonce);
  const sealed = Buffer.concat([
    cipher.update(Buffer.concat([Buffer.from(payload), Buffer.from([2])])),
    cipher.final(),
  ]);
  const header = Buffer.alloc(21);
  salt.copy(header);
  header.writeUInt32BE(4096, 16);
  header[20] = 65;
  return Buffer.concat([header, sender.getPublicKey(), sealed, cipher.getAuthTag()]);
}

export type PushServiceStandIn = {
  origin: string;
  /** A new subscription on this service: its endpoint is `<origin>/push/<id>`; the service keeps its private key. */
  subscribe: (id?: string) => StandInSubscription;
  /** The id of a subscription's endpoint. */
  idOf: (endpoint: string) => string;
  received: ReceivedPush[];
  refused: RefusedPush[];
  /** Subscriptions the service answers 410 Gone for, as a real one does once a browser unsubscribed. */
  gone: Set<string>;
  /** Milliseconds to wait before answering each push. */
  setDelay: (ms: number) => void;
  /** Resolves once `count` pushes were taken (or refused), or rejects after `timeoutMs`. */
  waitFor: (count: number, timeoutMs?: number) => Promise<void>;
  /** Forgets what was received and refused. */
  clear: () => void;
  close: () => Promise<void>;
};

/** Starts the stand-in on a free port of 127.0.0.1. `keep: false` counts pushes without keeping them (the benchmark). */
export async function startPushService(options: { keep?: boolean } = {}): Promise<PushServiceStandIn> {
  const keep = options.keep ?? true;
  const held = new Map<string, Held>();
  const received: ReceivedPush[] = [];
  const refused: RefusedPush[] = [];
  const gone = new Set<string>();
  let delay = 0;
  let answered = 0;
  const waiters = new Set<() => void>();
  let origin = '';

  const record = (entry: { received?: ReceivedPush; refused?: RefusedPush }) => {
    if (entry.received && keep) received.push(entry.received);
    if (entry.refused) refused.push(entry.refused);
    answered++;
    for (const waiter of waiters) waiter();
  };

  const handle = async (request: http.IncomingMessage, body: Buffer): Promise<number> => {
    const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1];
    const keys = id === undefined ? undefined : held.get(id);
    if (request.method !== 'POST' || id === undefined || !keys)
      refuse(404, `no subscription at ${request.url}`);
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    if (gone.has(id)) return 410;
    const vapid = checkVapid(request.headers.authorization, origin);
    if (request.headers['content-encoding'] !== 'aes128gcm') {
      refuse(415, `Content-Encoding is ${request.headers['content-encoding']}, not aes128gcm`);
    }
    const ttl = Number(request.headers.ttl);
    if (!Number.isInteger(ttl) || ttl < 0) refuse(400, `TTL is ${request.headers.ttl}`);
    const payload = decryptPush(body, keys);
    record({
      received: {
        id,
        payload,
        ttl,
        urgency: request.headers.urgency as string | undefined,
        subject: vapid.subject,
        publicKey: vapid.publicKey,
      },
    });
    return 201;
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      handle(request, Buffer.concat(chunks)).then(
        (status) => {
          if (status !== 201) record({});
          response.writeHead(status).end();
        },
        (error: Error & { status?: number }) => {
          const status = error.status ?? 500;
          record({ refused: { id: request.url ?? '', status, reason: error.message } });
          response.writeHead(status, { 'content-type': 'text/plain' }).end(error.message);
        },
      );
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    subscribe: (id = randomUUID()) => {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      held.set(id, { ecdh, auth });
      return {
        endpoint: `${origin}/push/${id}`,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    idOf: (endpoint) => endpoint.slice(`${origin}/push/`.length),
    received,
    refused,
    gone,
    setDelay: (ms) => {
      delay = ms;
    },
    waitFor: (count, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (answered < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`the push service answered ${answered} pushes, not ${count}, in ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    clear: () => {
      received.length = 0;
      refused.length = 0;
      answered = 0;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
