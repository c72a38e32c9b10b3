/**
 * A software passkey authenticator for tests (WebAuthn Level 3, "none" attestation, ES256): what a
 * phone or a security key does, made in Node, so the server's checks meet real signatures. Each
 * credential is a discoverable one that verifies its user unless told otherwise.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/** The few CBOR types an attestation object needs (RFC 8949): integers, byte and text strings, maps. */
type Cbor = number | string | Buffer | Map<number | string, Cbor>;

function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const head = Buffer.alloc(5);
  head[0] = (major << 5) | 26;
  head.writeUInt32BE(length, 1);
  return head;
}

export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([cborHead(3, bytes.length), bytes]);
  }
  if (Buffer.isBuffer(value)) return Buffer.concat([cborHead(2, value.length), value]);
  const parts = [cborHead(5, value.size)];
  for (const [key, entry] of value) parts.push(cbor(key), cbor(entry));
  return Buffer.concat(parts);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

const flags = { userPresent: 0x01, userVerified: 0x04, attestedData: 0x40 };

type CreationOptions = { challenge: string; rp: { id?: string }; user: { id: string } };
type RequestOptions = { challenge: string; rpId?: string };

export type StoredCredential = {
  id: Buffer;
  rpId: string;
  userHandle: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  counter: number;
};

/** A credential's answer as the browser's `toJSON()` gives it. */
const asJson = <R>(credential: StoredCredential, response: R) => ({
  id: b64url(credential.id),
  rawId: b64url(credential.id),
  type: 'public-key' as const,
  clientExtensionResults: {},
  authenticatorAttachment: 'platform' as const,
  response,
});

export class Authenticator {
  readonly credentials: StoredCredential[] = [];

  constructor(
    /** The page the browser is on: what it writes as the origin of its client data. */
    readonly origin: string,
  ) {}

  /** `navigator.credentials.create()` with the server's options, answered as JSON. */
  create(options: CreationOptions, { userVerified = true } = {}) {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const credential: StoredCredential = {
      id: randomBytes(16),
      rpId,
      userHandle: Buffer.from(options.user.id, 'base64url'),
      privateKey,
      publicKey,
      counter: 0,
    };
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = new Map<number, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([flags.userPresent | (userVerified ? flags.userVerified : 0) | flags.attestedData]),
      Buffer.alloc(4),
      Buffer.alloc(16),
      idLength,
      credential.id,
      cbor(coseKey),
    ]);
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const clientData = JSON.stringify({
      type: 'webauthn.create',
      challenge: options.challenge,
      origin: this.origin,
    });
    this.credentials.push(credential);
    return asJson(credential, {
      clientDataJSON: b64url(clientData),
      attestationObject: b64url(attestationObject),
      transports: ['internal'],
    });
  }

  /**
   * `navigator.credentials.get()` with the server's options, answered as JSON by `credential` (the
   * last one made, by default). `origin` and `challenge` may be forged to play an attacker.
   */
  get(
    options: RequestOptions,
    {
      credential = this.credentials.at(-1)!,
      userVerified = true,
      origin = this.origin,
      challenge = options.challenge,
    }: { credential?: StoredCredential; userVerified?: boolean; origin?: string; challenge?: string } = {},
  ) {
    credential.counter += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(credential.counter);
    const authData = Buffer.concat([
      sha256(options.rpId ?? credential.rpId),
      Buffer.from([flags.userPresent | (userVerified ? flags.userVerified : 0)]),
      counter,
    ]);
    const clientData = JSON.stringify({ type: 'webauthn.get', challenge, origin });
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), credential.privateKey);
    return asJson(credential, {
      clientDataJSON: b64url(clientData),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      userHandle: b64url(credential.userHandle),
    });
  }
}
