/**
 * The stand-in push service is only worth its tests if it refuses what a real
 * one refuses: these prove it checks the VAPID signature and claims, and
 * decrypts only what was encrypted for the subscription.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { startPushService, type PushServiceStandIn, type StandInSubscription } from './push-service.ts';

let standIn: PushServiceStandIn;
const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:owner@example.com' };

beforeAll(async () => {
  standIn = await startPushService();
});
afterAll(() => standIn.close());
beforeEach(() => standIn.clear());

/** What web-push would send, as the test shapes it, POSTed to the stand-in. */
async function post(
  subscription: StandInSubscription,
  options: {
    authorization?: string | null;
    body?: (body: Buffer) => Buffer;
    payload?: string;
    contentEncoding?: string;
  } = {},
) {
  const details = webpush.generateRequestDetails(
    subscription,
    options.payload ?? '{"title":"T","body":"B"}',
    {
      vapidDetails: vapid,
      contentEncoding: 'aes128gcm',
    },
  );
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(details.headers)) headers[name] = String(value);
  if (options.authorization === null) delete headers.Authorization;
  else if (options.authorization !== undefined) headers.Authorization = options.authorization;
  if (options.contentEncoding) headers['Content-Encoding'] = options.contentEncoding;
  const body = options.body ? options.body(details.body!) : details.body!;
  const res = await fetch(subscription.endpoint, { method: 'POST', headers, body: new Uint8Array(body) });
  return { status: res.status, text: await res.text() };
}

const vapidHeader = (audience: string, keys = vapid, expiration?: number) =>
  webpush.getVapidHeaders(audience, keys.subject, keys.publicKey, keys.privateKey, 'aes128gcm', expiration)
    .Authorization;

describe('the stand-in push service', () => {
  it('takes a well-formed push and records what it decrypted', async () => {
    const subscription = standIn.subscribe('one');
    expect(await post(subscription, { payload: 'Hello ₹ 🎉' })).toEqual({ status: 201, text: '' });
    expect(standIn.received).toEqual([
      expect.objectContaining({ id: 'one', payload: 'Hello ₹ 🎉', publicKey: vapid.publicKey }),
    ]);
  });

  it('refuses a push without VAPID, or signed by another key than the one it names', async () => {
    const subscription = standIn.subscribe();
    expect((await post(subscription, { authorization: null })).status).toBe(401);
    const other = { ...webpush.generateVAPIDKeys(), subject: vapid.subject };
    const forged = vapidHeader(standIn.origin, other).replace(/k=.*$/, `k=${vapid.publicKey}`);
    const res = await post(subscription, { authorization: forged });
    expect(res).toEqual({ status: 403, text: 'the JWT signature does not verify with k' });
    expect(standIn.received).toEqual([]);
  });

  it('refuses a token for another push service, or one that expires more than 24 hours ahead', async () => {
    const subscription = standIn.subscribe();
    const wrongAudience = await post(subscription, {
      authorization: vapidHeader('https://push.example.com'),
    });
    expect(wrongAudience.status).toBe(403);
    expect(wrongAudience.text).toMatch(/^aud is https:\/\/push.example.com/);
    // web-push itself will not sign beyond 24 hours, so the token is made by hand: a signature over changed claims.
    const [head, , signature] = /t=([^,]+)/.exec(vapidHeader(standIn.origin))![1]!.split('.');
    const claims = Buffer.from(
      JSON.stringify({
        aud: standIn.origin,
        exp: Math.floor(Date.now() / 1000) + 48 * 3600,
        sub: vapid.subject,
      }),
    ).toString('base64url');
    const tampered = await post(subscription, {
      authorization: `vapid t=${head}.${claims}.${signature}, k=${vapid.publicKey}`,
    });
    expect(tampered.status).toBe(403);
    expect(standIn.received).toEqual([]);
  });

  it('refuses a body that is not aes128gcm for this subscription', async () => {
    const subscription = standIn.subscribe();
    const flipped = await post(subscription, {
      body: (body) => {
        const copy = Buffer.from(body);
        copy.writeUInt8(copy[copy.length - 20]! ^ 1, copy.length - 20);
        return copy;
      },
    });
    expect(flipped).toEqual({ status: 400, text: 'the record does not decrypt with the subscription keys' });
    // Encrypted for another subscription's keys.
    const stranger = standIn.subscribe();
    const misdirected = await post({ ...stranger, endpoint: subscription.endpoint });
    expect(misdirected.status).toBe(400);
    expect(await post(subscription, { contentEncoding: 'aesgcm' })).toEqual({
      status: 415,
      text: 'Content-Encoding is aesgcm, not aes128gcm',
    });
    expect(standIn.received).toEqual([]);
  });

  it('answers 410 for a subscription it was told is gone, and 404 for one it never issued', async () => {
    const subscription = standIn.subscribe('gone-one');
    standIn.gone.add('gone-one');
    try {
      expect((await post(subscription)).status).toBe(410);
    } finally {
      standIn.gone.clear();
    }
    const never = { ...standIn.subscribe(), endpoint: `${standIn.origin}/push/never` };
    expect((await post(never)).status).toBe(404);
  });
});
