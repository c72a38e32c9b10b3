import { describe, expect, it } from 'vitest';
import { pushMessages } from '@storedesk/shared/push/schemas';
import {
  endpointRefusal,
  isPublicAddress,
  publicOnlyLookup,
  registrationRefusal,
  systemResolver,
  type ResolveHost,
} from './endpoint-rule.ts';

const none = new Set<string>();

describe('the push endpoint rule', () => {
  it('takes the https endpoints of the real push services', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
      'https://web.push.apple.com/QGuQyavXutnMH',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD',
      'https://push.example.com:8443/send',
      'https://[2606:4700:4700::1111]/push',
      'https://8.8.8.8/push',
    ]) {
      expect(endpointRefusal(endpoint, none), endpoint).toBeNull();
    }
  });

  it('refuses what is not an absolute URL', () => {
    for (const endpoint of ['', 'push.example.com/send', '/send', 'https://']) {
      expect(endpointRefusal(endpoint, none), endpoint).toBe(pushMessages.endpointNotUrl);
    }
  });

  it('refuses http and other schemes', () => {
    for (const endpoint of [
      'http://push.example.com/send',
      'ftp://push.example.com/x',
      'ws://push.example.com',
    ]) {
      expect(endpointRefusal(endpoint, none), endpoint).toBe(pushMessages.endpointNotHttps);
    }
  });

  it('refuses credentials in the URL, even on an allowed origin', () => {
    expect(endpointRefusal('https://user:pass@push.example.com/send', none)).toBe(
      pushMessages.endpointCredentials,
    );
    expect(endpointRefusal('https://user@push.example.com/send', none)).toBe(
      pushMessages.endpointCredentials,
    );
    expect(
      endpointRefusal('http://user:pass@127.0.0.1:4010/push/1', new Set(['http://127.0.0.1:4010'])),
    ).toBe(pushMessages.endpointCredentials);
  });

  it('refuses private, loopback, link-local, CGNAT and other non-public IPv4 literals, in every spelling', () => {
    for (const host of [
      '127.0.0.1',
      '127.1',
      '2130706433',
      '0x7f.0.0.1',
      '0177.0.0.1',
      '0.0.0.0',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.254',
      '198.18.0.1',
      '192.0.2.1',
      '224.0.0.1',
      '255.255.255.255',
    ]) {
      expect(endpointRefusal(`https://${host}/push`, none), host).toBe(pushMessages.endpointPrivateHost);
    }
  });

  it('refuses loopback, unique-local, link-local, IPv4-mapped and other non-global IPv6 literals', () => {
    for (const host of [
      '::1',
      '::',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:8.8.8.8',
      '64:ff9b::7f00:1',
      '2002:7f00:1::1',
      '2001:db8::1',
      '2001::1',
    ]) {
      expect(endpointRefusal(`https://[${host}]/push`, none), host).toBe(pushMessages.endpointPrivateHost);
    }
  });

  it('refuses localhost, local names and single labels', () => {
    for (const host of [
      'localhost',
      'LOCALHOST',
      'localhost.',
      'push.localhost',
      'printer.local',
      'metadata.google.internal',
      'router.home.arpa',
      'intranet',
      'db.localdomain',
    ]) {
      expect(endpointRefusal(`https://${host}/push`, none), host).toBe(pushMessages.endpointPrivateHost);
    }
  });

  it('lets an allow-listed origin through as it is, and only that origin', () => {
    const allowlist = new Set(['http://127.0.0.1:4010']);
    expect(endpointRefusal('http://127.0.0.1:4010/push/1', allowlist)).toBeNull();
    expect(endpointRefusal('http://127.0.0.1:4011/push/1', allowlist)).toBe(pushMessages.endpointNotHttps);
    expect(endpointRefusal('https://127.0.0.1:4010/push/1', allowlist)).toBe(
      pushMessages.endpointPrivateHost,
    );
  });
});

describe('the rule at registration, where the host name points now', () => {
  /** A resolver that knows `push.example.com` only, and records what it was asked. */
  function resolverOf(addresses: string[]) {
    const asked: string[] = [];
    const resolve: ResolveHost = async (hostname) => {
      asked.push(hostname);
      if (hostname !== 'push.example.com') throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
      return addresses;
    };
    return { asked, resolve };
  }
  const endpoint = 'https://push.example.com/send/abc';

  it('refuses a name resolving to loopback, as the system resolves a name of its hosts file', async () => {
    // localhost is in every hosts file; a public-looking name pointed where it points is refused.
    const local = await systemResolver('localhost');
    expect(local.length).toBeGreaterThan(0);
    expect(local.filter((address) => address !== '127.0.0.1' && address !== '::1')).toEqual([]);
    const aliased: ResolveHost = (hostname) =>
      systemResolver(hostname === 'push.example.com' ? 'localhost' : hostname);
    expect(await registrationRefusal(endpoint, none, aliased)).toBe(pushMessages.endpointPrivateHost);
  });

  it('refuses a name when any of its addresses is not public', async () => {
    for (const addresses of [
      ['127.0.0.1'],
      ['::1'],
      ['10.0.0.7'],
      ['169.254.169.254'],
      ['0.0.0.0'],
      ['::'],
      ['fe80::1'],
      ['::ffff:127.0.0.1'],
      ['8.8.8.8', '192.168.1.20'],
      ['2606:4700:4700::1111', 'fd00::1'],
    ]) {
      const { resolve } = resolverOf(addresses);
      expect(await registrationRefusal(endpoint, none, resolve), addresses.join()).toBe(
        pushMessages.endpointPrivateHost,
      );
    }
  });

  it('takes a name whose every address is public, and one that does not resolve', async () => {
    const { asked, resolve } = resolverOf(['8.8.8.8', '2606:4700:4700::1111']);
    expect(await registrationRefusal(endpoint, none, resolve)).toBeNull();
    expect(await registrationRefusal('https://fcm.googleapis.com/fcm/send/x', none, resolve)).toBeNull();
    expect(asked).toEqual(['push.example.com', 'fcm.googleapis.com']);
  });

  it('looks up no IP literal and no allow-listed origin, and answers the shape rule first', async () => {
    const { asked, resolve } = resolverOf(['127.0.0.1']);
    expect(await registrationRefusal('https://8.8.8.8/push', none, resolve)).toBeNull();
    expect(await registrationRefusal('https://[2606:4700:4700::1111]/push', none, resolve)).toBeNull();
    expect(await registrationRefusal('https://127.0.0.1/push', none, resolve)).toBe(
      pushMessages.endpointPrivateHost,
    );
    expect(await registrationRefusal('http://push.example.com/send', none, resolve)).toBe(
      pushMessages.endpointNotHttps,
    );
    expect(
      await registrationRefusal(
        'http://push.example.com:4010/x',
        new Set(['http://push.example.com:4010']),
        resolve,
      ),
    ).toBeNull();
    expect(asked).toEqual([]);
  });
});

describe('public addresses', () => {
  it('are the global ones', () => {
    expect(isPublicAddress('8.8.8.8')).toBe(true);
    expect(isPublicAddress('2606:4700:4700::1111')).toBe(true);
    expect(isPublicAddress('172.32.0.1')).toBe(true);
    expect(isPublicAddress('100.128.0.1')).toBe(true);
    expect(isPublicAddress('172.20.0.1')).toBe(false);
    expect(isPublicAddress('fe80::1%eth0')).toBe(false);
    expect(isPublicAddress('not an address')).toBe(false);
  });
});

describe('the lookup the sender connects with', () => {
  const lookup = (hostname: string, all: boolean) =>
    new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
      publicOnlyLookup(hostname, { all }, (error, address) => resolve({ error, address })),
    );

  it('refuses a name that resolves to a non-public address', async () => {
    for (const all of [true, false]) {
      const { error } = await lookup('localhost', all);
      expect(error?.code).toBe('EPUSHHOSTREFUSED');
      expect(error?.message).toMatch(
        /^localhost resolves to (127\.0\.0\.1|::1), which is not a public address$/,
      );
    }
  });

  it('passes a public address through in the form asked for', async () => {
    expect(await lookup('8.8.8.8', false)).toEqual({ error: null, address: '8.8.8.8' });
    expect(await lookup('8.8.8.8', true)).toEqual({
      error: null,
      address: [{ address: '8.8.8.8', family: 4 }],
    });
  });
});
