import { createHmac, timingSafeEqual } from 'node:crypto';

/** The HMAC-SHA256 of `payload` under `secret`, in hex: how the gateway signs what it sends. */
export function hmacHex(secret: string, payload: string | Buffer): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

/**
 * Whether `signature` is the HMAC-SHA256 of `payload` under `secret`, compared in constant time:
 * how long the answer takes says nothing of how much of a guess was right.
 */
export function signedBy(secret: string, payload: string | Buffer, signature: string | undefined): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(hmacHex(secret, payload), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature.toLowerCase(), 'hex'));
}
