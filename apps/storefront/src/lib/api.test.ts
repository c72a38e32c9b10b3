import { afterEach, describe, expect, it, vi } from 'vitest';
import { storefrontConfigElementId } from '@storedesk/shared/storefront/page';
import type { ApiError } from '@storedesk/web/api';

afterEach(() => {
  localStorage.clear();
  document.body.replaceChildren();
  vi.unstubAllGlobals();
});

/** The customer app as loaded from the page the server wrote for a business (none: Vite's dev server). */
async function load(business: { slug: string; key: string } | null) {
  if (business) {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = storefrontConfigElementId;
    element.textContent = JSON.stringify({ ...business, name: 'Fresh', logoUrl: null });
    document.body.append(element);
  }
  vi.resetModules();
  const { api } = await import('./api.ts');
  const { session, deviceId } = await import('./state.ts');
  return { api, session, deviceId };
}

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

const signedIn = { token: 'token-1', customer: { id: 'c1', name: 'Asha', phone: '9800000001' } };
const expired = {
  error: { code: 'unauthenticated', message: 'Your session has ended. Please sign in again.' },
};

describe('the customer app’s requests', () => {
  it('carry the business’s key and the device’s id, and the customer’s token once signed in', async () => {
    const app = await load({ slug: 'fresh', key: 'pk_fresh' });
    const asked = stubServer(200, { items: [] });
    await app.api('GET', '/stores');
    app.session.set(signedIn as never);
    await app.api('GET', '/orders');
    expect(asked).toEqual([
      {
        url: '/api/storefront/stores',
        headers: {
          accept: 'application/json',
          'x-storefront-key': 'pk_fresh',
          'x-device-id': app.deviceId(),
        },
      },
      {
        url: '/api/storefront/orders',
        headers: {
          accept: 'application/json',
          'x-storefront-key': 'pk_fresh',
          'x-device-id': app.deviceId(),
          authorization: 'Bearer token-1',
        },
      },
    ]);
  });

  it('carry an empty key where no page named the business (Vite’s dev server)', async () => {
    const app = await load(null);
    const asked = stubServer(200, {});
    await app.api('GET', '/business');
    expect(asked[0]!.headers['x-storefront-key']).toBe('');
  });

  it('forget the customer the server no longer knows (401), so that they sign in again', async () => {
    const app = await load({ slug: 'fresh', key: 'pk_fresh' });
    app.session.set(signedIn as never);
    stubServer(401, expired);
    const thrown = await app.api('GET', '/orders').catch((error: unknown) => error);
    const { name, status, message } = thrown as ApiError;
    expect({ name, status, message }).toEqual({
      name: 'ApiError',
      status: 401,
      message: 'Your session has ended. Please sign in again.',
    });
    expect(app.session.get()).toBeNull();
  });

  it('keep the customer signed in through any other refusal', async () => {
    const app = await load({ slug: 'fresh', key: 'pk_fresh' });
    app.session.set(signedIn as never);
    stubServer(403, { error: { code: 'forbidden', message: 'No' } });
    await app.api('POST', '/orders', {}).catch(() => undefined);
    expect(app.session.get()).toEqual(signedIn);
  });
});
