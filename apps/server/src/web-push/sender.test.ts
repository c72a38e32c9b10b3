import dns from 'node:dns';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import webpush from 'web-push';
import { startPushService, type PushServiceStandIn, type StandInSubscription } from '#test/push-service.ts';
import { PushSender, type PushTarget } from './sender.ts';

let standIn: PushServiceStandIn;
let sender: PushSender;
const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:owner@example.com' };

const target = (subscription: StandInSubscription): PushTarget => ({
  endpoint: subscription.endpoint,
  ...subscription.keys,
});

beforeAll(async () => {
  standIn = await startPushService();
  sender = new PushSender({ vapid, allowlist: new Set([standIn.origin]), timeoutMs: 300 });
});
afterAll(async () => {
  sender.close();
  await standIn.close();
});
beforeEach(() => {
  standIn.clear();
  standIn.gone.clear();
  standIn.setDelay(0);
});

describe('one push', () => {
  it('is delivered signed with the VAPID key and readable only with the subscription keys', async () => {
    const subscription = standIn.subscribe();
    const payload = JSON.stringify({ title: 'Tea', body: 'Masala chai, ₹20 off 🎉' });
    expect(await sender.send(target(subscription), payload)).toBe('delivered');
    expect(standIn.refused).toEqual([]);
    expect(standIn.received).toEqual([
      {
        id: standIn.idOf(subscription.endpoint),
        payload,
        ttl: 86_400,
        urgency: 'normal',
        subject: 'mailto:owner@example.com',
        publicKey: vapid.publicKey,
      },
    ]);
  });

  it('reports a subscription the push service says is gone (410 or 404)', async () => {
    const subscription = standIn.subscribe();
    standIn.gone.add(standIn.idOf(subscription.endpoint));
    expect(await sender.send(target(subscription), '{}')).toBe('gone');
    // The stand-in answers 404 for an endpoint it never issued.
    const unknown = { ...target(standIn.subscribe()), endpoint: `${standIn.origin}/push/never-issued` };
    expect(await sender.send(unknown, '{}')).toBe('gone');
  });

  it('fails a push the service does not answer within the deadline', async () => {
    standIn.setDelay(1000);
    const started = Date.now();
    expect(await sender.send(target(standIn.subscribe()), '{}')).toBe('failed');
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('fails, without calling it, an endpoint the rule refuses', async () => {
    const keys = standIn.subscribe().keys;
    for (const endpoint of ['https://127.0.0.1:9/push', 'http://push.example.com/x', 'https://localhost/x']) {
      expect(await sender.send({ endpoint, ...keys }, '{}'), endpoint).toBe('failed');
    }
  });

  it('does not connect when a public-looking name resolves to a private address', async () => {
    // A listener on loopback that counts connections, and a name "resolving" to it.
    let connections = 0;
    const listener = net.createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const { port } = listener.address() as AddressInfo;
    const lookup = vi
      .spyOn(dns, 'lookup')
      .mockImplementation(((
        _hostname: string,
        _options: unknown,
        callback: (error: null, addresses: dns.LookupAddress[]) => void,
      ) => callback(null, [{ address: '127.0.0.1', family: 4 }])) as unknown as typeof dns.lookup);
    try {
      const keys = standIn.subscribe().keys;
      expect(await sender.send({ endpoint: `https://push.example.com:${port}/push/1`, ...keys }, '{}')).toBe(
        'failed',
      );
      expect(lookup).toHaveBeenCalledWith('push.example.com', expect.anything(), expect.any(Function));
      expect(connections).toBe(0);
    } finally {
      lookup.mockRestore();
      await new Promise((resolve) => listener.close(resolve));
    }
  });

  it('fails keys that cannot be encrypted to', async () => {
    const subscription = standIn.subscribe();
    expect(await sender.send({ ...target(subscription), p256dh: 'AAAA' }, '{}')).toBe('failed');
    expect(standIn.received).toEqual([]);
  });
});
