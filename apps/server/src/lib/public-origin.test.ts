import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { listeningOrigin, publicOriginOf } from './public-origin.ts';

const request = (headers: Record<string, string | string[]>, remoteAddress = '10.0.0.1') =>
  ({ headers, socket: { remoteAddress } }) as unknown as FastifyRequest;

const hostile = request({
  host: 'evil.example',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'https',
  forwarded: 'host=evil.example;proto=https',
});
const trustAll = () => true;

describe('listeningOrigin', () => {
  it('names localhost for a loopback or every-interface address, and the host otherwise', () => {
    for (const host of ['127.0.0.1', '0.0.0.0', '::', '::1', 'localhost']) {
      expect(listeningOrigin(host, 3000), host).toBe('http://localhost:3000');
    }
    expect(listeningOrigin('console.lan', 8080)).toBe('http://console.lan:8080');
    expect(listeningOrigin('192.168.1.20', 80)).toBe('http://192.168.1.20:80');
    expect(listeningOrigin('fd00::20', 3000)).toBe('http://[fd00::20]:3000');
  });
});

describe('publicOriginOf', () => {
  const settings = { publicUrl: undefined, publicHosts: [], host: '127.0.0.1', port: 3000 };

  it('is PUBLIC_URL, without a trailing slash, whatever the request says', () => {
    const originOf = publicOriginOf({ ...settings, publicUrl: 'https://console.example.com/' }, trustAll);
    expect(originOf(hostile)).toBe('https://console.example.com');
    const underPath = publicOriginOf({ ...settings, publicUrl: 'https://example.com/storedesk//' }, trustAll);
    expect(underPath(hostile)).toBe('https://example.com/storedesk');
  });

  it('is the listening address without PUBLIC_URL or PUBLIC_HOSTS, even from a trusted proxy', () => {
    expect(publicOriginOf(settings, trustAll)(hostile)).toBe('http://localhost:3000');
  });

  it("takes a trusted proxy's last X-Forwarded-Host when PUBLIC_HOSTS names it, in lower case", () => {
    const originOf = publicOriginOf({ ...settings, publicHosts: ['console.example.com'] }, trustAll);
    expect(
      originOf(request({ 'x-forwarded-host': 'Console.Example.COM', 'x-forwarded-proto': 'https' })),
    ).toBe('https://console.example.com');
    expect(originOf(request({ 'x-forwarded-host': 'evil.example, console.example.com' }))).toBe(
      'http://console.example.com',
    );
    expect(originOf(request({ 'x-forwarded-host': 'console.example.com, evil.example' }))).toBe(
      'http://localhost:3000',
    );
    expect(originOf(request({ 'x-forwarded-host': ['evil.example', 'console.example.com'] }))).toBe(
      'http://console.example.com',
    );
    // Any scheme but https is http: the header cannot make a javascript: or data: link.
    expect(
      originOf(request({ 'x-forwarded-host': 'console.example.com', 'x-forwarded-proto': 'javascript' })),
    ).toBe('http://console.example.com');
  });

  it('ignores X-Forwarded-Host from a client that is not a trusted proxy, and Host and Forwarded always', () => {
    const originOf = publicOriginOf(
      { ...settings, publicHosts: ['console.example.com'] },
      (address) => address === '10.0.0.1',
    );
    expect(originOf(request({ 'x-forwarded-host': 'console.example.com' }, '10.0.0.2'))).toBe(
      'http://localhost:3000',
    );
    expect(originOf(request({ host: 'console.example.com' }))).toBe('http://localhost:3000');
    expect(originOf(request({ forwarded: 'host=console.example.com;proto=https' }))).toBe(
      'http://localhost:3000',
    );
  });
});
