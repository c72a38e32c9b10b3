import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, apiHeaders } from './api.ts';
import { session, type Session } from './session.ts';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

function stubServer(status: number, body: unknown) {
  const asked: Array<{ url: string; headers: Record<string, string> }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      asked.push({ url, headers: init.headers as Record<string, string> });
      return new Response(JSON.stringify(body), { status });
    }),
  );
  return asked;
}

const signedIn = { token: 'token-1', onDuty: true } as Session;
const refusal = (status: number, code: string) => ({ error: { code, message: `${code}` } });

describe('the delivery app’s requests', () => {
  it('carry the executive’s token once signed in, and none before', async () => {
    expect(apiHeaders()).toEqual({});
    session.set(signedIn);
    const asked = stubServer(200, { items: [] });
    await api('GET', '/orders');
    expect(asked).toEqual([
      {
        url: '/api/delivery/orders',
        headers: { accept: 'application/json', authorization: 'Bearer token-1' },
      },
    ]);
  });

  it('sign the executive out when the server no longer knows the token (401)', async () => {
    session.set(signedIn);
    stubServer(401, refusal(401, 'unauthenticated'));
    await expect(api('GET', '/orders')).rejects.toMatchObject({ status: 401, message: 'unauthenticated' });
    expect(session.get()).toBeNull();
  });

  it('keep the executive signed in through any other refusal', async () => {
    session.set(signedIn);
    for (const [status, code] of [
      [403, 'forbidden'],
      [409, 'conflict'],
      [503, 'unavailable'],
    ] as const) {
      stubServer(status, refusal(status, code));
      await expect(api('POST', '/orders/o1/status', {})).rejects.toMatchObject({ status });
    }
    expect(session.get()).toEqual(signedIn);
  });
});
