import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { twoFactorRules } from '@storedesk/shared/auth/two-factor-messages';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding, as authenticator apps take a secret. */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/=+$/, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new secret: 160 random bits (RFC 4226's recommended length), in base32. */
export const newTotpSecret = () => base32Encode(randomBytes(20));

/** The time step of a moment (RFC 6238: 30 s steps from the Unix epoch). */
export const stepAt = (ms: number) => Math.floor(ms / 1000 / twoFactorRules.stepSeconds);

/** The 6-digit code of a secret at a time step (HMAC-SHA-1, dynamic truncation; RFC 4226 § 5.3). */
export function totpAt(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** twoFactorRules.codeDigits).padStart(twoFactorRules.codeDigits, '0');
}

/**
 * The step a code matches, among the current one and one either side (a
 * clock a little off), or null. Every candidate is compared, in constant time.
 */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  const current = stepAt(now);
  let found: number | null = null;
  for (const step of [current - 1, current, current + 1]) {
    const expected = Buffer.from(totpAt(secret, step));
    const given = Buffer.from(code.padEnd(expected.length, ' ').slice(0, expected.length));
    if (timingSafeEqual(expected, given) && code.length === expected.length && found === null) found = step;
  }
  return found;
}

/** The otpauth:// address an authenticator app reads from a QR code (Key Uri Format). */
export function otpauthUrl(secret: string, issuer: string, account: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const params = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(twoFactorRules.codeDigits),
    period: String(twoFactorRules.stepSeconds),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
