import { messages } from '@storedesk/shared/messages';
import { describe, expect, it } from 'vitest';
import { apiError, json, mockApi, networkFailure } from '@/testing/mock-api.ts';
import { ApiError, apiFetch, apiJson, apiUrl, toApiError } from './api-client.ts';

describe('toApiError', () => {
  it('reads the error envelope', async () => {
    const error = await toApiError(
      apiError(409, 'conflict', 'stale', { fields: { name: 'taken' }, current: { version: 2 } }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'conflict',
      message: 'stale',
      fields: { name: 'taken' },
      current: { version: 2 },
    });
  });

  it('says "Unknown error occured" when the body is not an envelope', async () => {
    const error = await toApiError(new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(error).toMatchObject({ status: 502, code: 'http_502', message: messages.unknownError });
  });

  it('takes no envelope whose code or message is not text, and no fields that are not texts', async () => {
    const notEnvelope = await toApiError(json(400, { error: { code: 400, message: 'no' } }));
    expect(notEnvelope).toMatchObject({ status: 400, code: 'http_400', message: messages.unknownError });

    const oddFields = await toApiError(
      json(400, { error: { code: 'invalid_input', message: 'Check', fields: { a: 1 } } }),
    );
    expect(oddFields).toMatchObject({ code: 'invalid_input', message: 'Check', fields: undefined });
  });

  it('names an ended service even without a body', async () => {
    const error = await toApiError(new Response(null, { status: 402 }));
    expect(error.message).toBe(messages.serviceEnded);
  });
});

describe('apiFetch and apiJson', () => {
  it('sends JSON with the session cookie', async () => {
    const api = mockApi({ 'POST /api/things': () => json(200, { ok: true }) });
    await expect(apiJson<{ ok: boolean }>('/things', { method: 'POST', body: { a: 1 } })).resolves.toEqual({
      ok: true,
    });

    const [url, init] = api.fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/things');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{"a":1}' });
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('sends FormData as it is, leaving the multipart content type to the browser', async () => {
    const api = mockApi({ 'PUT /api/things/1/image': () => json(200, { ok: true }) });
    const form = new FormData();
    form.set('image', new File(['png'], 'a.png', { type: 'image/png' }));
    await apiJson<{ ok: boolean }>('/things/1/image', { method: 'PUT', body: form });

    const [, init] = api.fetchMock.mock.calls[0] ?? [];
    expect(init?.body).toBe(form);
    expect(init?.headers).not.toHaveProperty('Content-Type');
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    mockApi({ 'GET /api/things': networkFailure });
    await expect(apiFetch('/things')).rejects.toMatchObject({
      status: 0,
      code: 'network',
      message: messages.unknownError,
    });
  });

  it('says "Unknown error occured" when a successful answer is not JSON', async () => {
    mockApi({ 'GET /api/things': () => new Response('<html>Welcome to the proxy</html>', { status: 200 }) });
    await expect(apiJson('/things')).rejects.toMatchObject({
      status: 200,
      code: 'invalid_response',
      message: messages.unknownError,
    });
  });

  it('leaves empty query parameters out', () => {
    expect(apiUrl('/stores', { zoneId: undefined, q: '', page: 0, pageSize: 10 })).toBe(
      '/api/stores?page=0&pageSize=10',
    );
  });
});
