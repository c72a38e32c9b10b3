import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@storedesk/shared/messages';
import { ApiError, asApiError, createApiClient, isApiError, networkError, toApiError } from './api.ts';

/** What a screen shows of an error. */
const seen = (error: unknown) => {
  const { status, code, message, fields, current } = error as ApiError;
  return { status, code, message, fields, current };
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let onLine = true;
beforeEach(() => {
  onLine = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => onLine);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('a failed response, as an error', () => {
  it('reads the server’s envelope: code, message, fields and the current record', async () => {
    const error = await toApiError(
      json(409, {
        error: {
          code: 'conflict',
          message: messages.staleRecord,
          fields: { name: 'is required' },
          current: { id: 'o1', version: 4 },
        },
      }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error.name).toBe('ApiError');
    expect(seen(error)).toEqual({
      status: 409,
      code: 'conflict',
      message: messages.staleRecord,
      fields: { name: 'is required' },
      current: { id: 'o1', version: 4 },
    });
  });

  it('says an unknown error when the envelope’s message is empty', async () => {
    const error = await toApiError(json(500, { error: { code: 'internal', message: '' } }));
    expect(seen(error)).toEqual({
      status: 500,
      code: 'internal',
      message: messages.unknownError,
      fields: undefined,
      current: undefined,
    });
  });

  it('drops fields that are not all texts', async () => {
    const error = await toApiError(
      json(400, { error: { code: 'invalid_input', message: 'Check the form', fields: { qty: 3 } } }),
    );
    expect(error.fields).toBeUndefined();
    expect(error.message).toBe('Check the form');
  });

  it('says no more than the status when the body is no envelope (a proxy’s page)', async () => {
    const page = new Response('<html>Bad gateway</html>', { status: 502 });
    expect(seen(await toApiError(page))).toEqual({
      status: 502,
      code: 'http_502',
      message: messages.unknownError,
      fields: undefined,
      current: undefined,
    });
    const halfEnvelope = json(503, { error: { code: 'unavailable' } });
    expect((await toApiError(halfEnvelope)).code).toBe('http_503');
  });

  it('names the service’s end (402) and a body too large (413) when the server gave no message', async () => {
    expect((await toApiError(new Response(null, { status: 402 }))).message).toBe(messages.serviceEnded);
    expect((await toApiError(new Response('', { status: 413 }))).message).toBe(messages.tooLarge);
  });
});

describe('a request that never reached the server', () => {
  it('offline, says a read shows once the connection is back, and a write that nothing was saved', () => {
    onLine = false;
    expect(seen(networkError('GET'))).toEqual({
      status: 0,
      code: 'network',
      message: messages.offlineRead,
      fields: undefined,
      current: undefined,
    });
    expect(networkError('HEAD').message).toBe(messages.offlineRead);
    expect(networkError('POST').message).toBe(messages.offline);
    expect(networkError().message).toBe(messages.offline);
  });

  it('online, is an unknown error', () => {
    expect(networkError('GET').message).toBe(messages.unknownError);
  });

  it('tells API errors, by status, from anything else, which becomes an unknown error', () => {
    const gone = new ApiError({ status: 404, code: 'not_found', message: 'Not found' });
    expect([isApiError(gone), isApiError(gone, 404), isApiError(gone, 401)]).toEqual([true, true, false]);
    expect(isApiError(new Error('x'))).toBe(false);
    expect(asApiError(gone)).toBe(gone);
    expect(seen(asApiError(new TypeError('x')))).toEqual({
      status: 0,
      code: 'unknown',
      message: messages.unknownError,
      fields: undefined,
      current: undefined,
    });
  });
});

describe('the apps’ JSON client', () => {
  function stubFetch(answer: () => Response | Promise<Response>) {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, init });
        return answer();
      }),
    );
    return calls;
  }

  it('sends JSON with the app’s headers below its base, and answers the JSON it got', async () => {
    const calls = stubFetch(() => json(201, { id: 'a1' }));
    let token = 'token-1';
    const api = createApiClient({
      base: '/api/storefront',
      headers: () => ({ authorization: `Bearer ${token}` }),
    });
    expect(await api('POST', '/addresses', { label: 'Home' })).toEqual({ id: 'a1' });
    token = 'token-2';
    await api('GET', '/addresses');
    expect(calls).toEqual([
      {
        url: '/api/storefront/addresses',
        init: {
          method: 'POST',
          headers: {
            accept: 'application/json',
            'content-type': 'application/json',
            authorization: 'Bearer token-1',
          },
          body: '{"label":"Home"}',
        },
      },
      {
        url: '/api/storefront/addresses',
        init: { method: 'GET', headers: { accept: 'application/json', authorization: 'Bearer token-2' } },
      },
    ]);
  });

  it('answers nothing for 204', async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    const api = createApiClient({ base: '/api/delivery' });
    expect(await api('DELETE', '/push')).toBeUndefined();
  });

  it('throws the envelope’s error, told first to onError (a 401 signs out)', async () => {
    stubFetch(() => json(401, { error: { code: 'unauthenticated', message: messages.sessionExpired } }));
    const told: unknown[] = [];
    const api = createApiClient({ base: '/api/delivery', onError: (error) => told.push(seen(error)) });
    const thrown = await api('GET', '/orders').catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(ApiError);
    expect(seen(thrown)).toEqual({
      status: 401,
      code: 'unauthenticated',
      message: messages.sessionExpired,
      fields: undefined,
      current: undefined,
    });
    expect(told).toEqual([seen(thrown)]);
  });

  it('throws a network error, a read’s or a write’s, when the request never reached the server, without telling onError', async () => {
    onLine = false;
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const onError = vi.fn();
    const api = createApiClient({ base: '/api/delivery', onError });
    const thrown = await api('POST', '/orders/o1/status', { status: 2 }).catch((error: unknown) => error);
    expect(seen(thrown)).toEqual({
      status: 0,
      code: 'network',
      message: messages.offline,
      fields: undefined,
      current: undefined,
    });
    expect(onError).not.toHaveBeenCalled();
    const read = await api('GET', '/orders').catch((error: unknown) => error);
    expect((read as ApiError).message).toBe(messages.offlineRead);
  });

  it('throws an unknown error for a good status whose body is not JSON', async () => {
    stubFetch(() => new Response('<html>Welcome to the hotel Wi-Fi</html>', { status: 200 }));
    const api = createApiClient({ base: '/api/storefront' });
    const thrown = await api('GET', '/business').catch((error: unknown) => error);
    expect(seen(thrown)).toEqual({
      status: 200,
      code: 'invalid_response',
      message: messages.unknownError,
      fields: undefined,
      current: undefined,
    });
  });
});
