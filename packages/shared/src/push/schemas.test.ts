import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  decodeBase64Url,
  isUncompressedP256Point,
  pushMessages,
  pushNotificationInputSchema,
  pushSubscriptionInputSchema,
} from './schemas.ts';

function fieldErrors(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

const key = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return ecdh.getPublicKey().toString('base64url');
};
const subscription = (changes: Record<string, unknown> = {}) => ({
  endpoint: 'https://push.example.com/send/abc',
  expirationTime: null,
  keys: { p256dh: key(), auth: randomBytes(16).toString('base64url') },
  ...changes,
});

describe('a push notification to send', () => {
  it('takes a title and a message of several lines, trimmed, with \\r\\n as \\n', () => {
    expect(
      pushNotificationInputSchema.parse({ title: '  Fresh mangoes ', message: ' In today.\r\nOrder now! ' }),
    ).toEqual({ title: 'Fresh mangoes', message: 'In today.\nOrder now!' });
  });

  it('requires both', () => {
    expect(fieldErrors(pushNotificationInputSchema.safeParse({}))).toEqual({
      title: 'is required',
      message: 'is required',
    });
    expect(fieldErrors(pushNotificationInputSchema.safeParse({ title: '   ', message: '\n\n' }))).toEqual({
      title: 'is required',
      message: 'is required',
    });
  });

  it('refuses a title over 100 characters, a message over 1,000, and control characters', () => {
    expect(
      fieldErrors(
        pushNotificationInputSchema.safeParse({ title: 'x'.repeat(101), message: 'y'.repeat(10_000) }),
      ),
    ).toEqual({ title: 'must be at most 100 characters', message: 'must be at most 1000 characters' });
    expect(
      pushNotificationInputSchema.safeParse({ title: 'x'.repeat(100), message: 'y'.repeat(1000) }).success,
    ).toBe(true);
    expect(
      fieldErrors(pushNotificationInputSchema.safeParse({ title: 'Sale\u0007', message: 'Big\u0000sale' })),
    ).toEqual({
      title: 'must not contain control characters',
      message: 'must not contain control characters',
    });
    expect(
      pushNotificationInputSchema.safeParse({ title: 'Sale', message: 'Line one\n\tLine two' }).success,
    ).toBe(true);
  });

  it('refuses what is not text', () => {
    expect(fieldErrors(pushNotificationInputSchema.safeParse({ title: 12, message: ['a'] }))).toEqual({
      title: 'is required',
      message: 'is required',
    });
  });
});

describe('a PushSubscription from a customer app', () => {
  it('is taken as toJSON() gives it, with or without expirationTime', () => {
    const input = subscription();
    expect(pushSubscriptionInputSchema.parse(input)).toEqual(input);
    const { expirationTime: _, ...without } = input;
    expect(pushSubscriptionInputSchema.safeParse(without).success).toBe(true);
    expect(
      pushSubscriptionInputSchema.safeParse({ ...input, expirationTime: 1_900_000_000_000 }).success,
    ).toBe(true);
  });

  it('needs an absolute URL as endpoint', () => {
    for (const endpoint of ['push.example.com/abc', '/send/abc', 'not a url', '']) {
      expect(
        fieldErrors(pushSubscriptionInputSchema.safeParse(subscription({ endpoint }))),
        endpoint,
      ).toEqual({
        endpoint: pushMessages.endpointNotUrl,
      });
    }
    expect(
      fieldErrors(
        pushSubscriptionInputSchema.safeParse(
          subscription({ endpoint: `https://a.example/${'x'.repeat(2048)}` }),
        ),
      ),
    ).toEqual({ endpoint: 'must be at most 2048 characters' });
  });

  it('needs p256dh to be an uncompressed P-256 point and auth 16 bytes, in base64url', () => {
    const good = subscription();
    const point = Buffer.from(good.keys.p256dh, 'base64url');
    const offCurve = Buffer.from(point);
    offCurve.writeUInt8(offCurve[64]! ^ 1, 64);
    const compressed = Buffer.concat([Buffer.from([0x02 + (point[64]! & 1)]), point.subarray(1, 33)]);
    for (const p256dh of [
      '',
      'not base64url!',
      `${good.keys.p256dh.slice(0, -1)}+`,
      point.subarray(0, 64).toString('base64url'),
      compressed.toString('base64url'),
      offCurve.toString('base64url'),
      Buffer.alloc(65, 4).toString('base64url'),
    ]) {
      const result = pushSubscriptionInputSchema.safeParse({ ...good, keys: { ...good.keys, p256dh } });
      expect(fieldErrors(result), p256dh).toEqual({ 'keys.p256dh': pushMessages.p256dh });
    }
    for (const auth of [
      '',
      randomBytes(15).toString('base64url'),
      randomBytes(17).toString('base64url'),
      '****',
    ]) {
      const result = pushSubscriptionInputSchema.safeParse({ ...good, keys: { ...good.keys, auth } });
      expect(fieldErrors(result), auth).toEqual({ 'keys.auth': pushMessages.auth });
    }
    expect(fieldErrors(pushSubscriptionInputSchema.safeParse({ endpoint: good.endpoint }))).toEqual({
      keys: 'is required',
    });
    expect(fieldErrors(pushSubscriptionInputSchema.safeParse({ endpoint: good.endpoint, keys: {} }))).toEqual(
      {
        'keys.p256dh': 'is required',
        'keys.auth': 'is required',
      },
    );
  });

  it('accepts keys with base64 padding', () => {
    const good = subscription();
    const padded = { p256dh: `${good.keys.p256dh}=`, auth: `${good.keys.auth}==` };
    expect(pushSubscriptionInputSchema.safeParse({ ...good, keys: padded }).success).toBe(true);
  });
});

describe('base64url and P-256 points', () => {
  it('decodes what Node encodes, at every length', () => {
    for (let length = 0; length < 40; length++) {
      const bytes = randomBytes(length);
      expect(Buffer.from(decodeBase64Url(bytes.toString('base64url'))!)).toEqual(bytes);
    }
    expect(decodeBase64Url('a')).toBeNull();
    expect(decodeBase64Url('ab+c')).toBeNull();
  });

  it('knows a generated public key is on the curve and the same key moved off it is not', () => {
    for (let i = 0; i < 20; i++) {
      const point = Buffer.from(key(), 'base64url');
      expect(isUncompressedP256Point(point)).toBe(true);
      const moved = Buffer.from(point);
      moved.writeUInt8(moved[40]! ^ 0x10, 40);
      expect(isUncompressedP256Point(moved)).toBe(false);
    }
  });
});
