import { messages } from '@storedesk/shared/messages';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiError, json, mockApi, networkFailure } from '../testing/mock-api.ts';
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

  it('names an ended service even without a body', async () => {
    const error = await toApiError(new Response(null, { status: 402 }));
    expect(error.message).toBe(messages.serviceEnded);
  });
});

describe('apiFetch and apiJson', () => {
  it('sends JSON with the session cookie', async () => {
    const api = mockApi({ 'POST /api/things': () => json(200, { ok: true }) });
    await apiJson('/things', z.object({ ok: z.boolean() }), { method: 'POST', body: { a: 1 } });

    const [url, init] = api.fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/things');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{"a":1}' });
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('sends FormData as it is, leaving the multipart content type to the browser', async () => {
    const api = mockApi({ 'PUT /api/things/1/image': () => json(200, { ok: true }) });
    const form = new FormData();
    form.set('image', new File(['png'], 'a.png', { type: 'image/png' }));
    await apiJson('/things/1/image', z.object({ ok: z.boolean() }), { method: 'PUT', body: form });

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

  it('refuses an answer that does not match the schema', async () => {
    mockApi({ 'GET /api/things': () => json(200, { ok: 'yes' }) });
    const quiet = console.error;
    console.error = () => undefined;
    try {
      await expect(apiJson('/things', z.object({ ok: z.boolean() }))).rejects.toMatchObject({
        code: 'invalid_response',
        message: messages.unknownError,
      });
    } finally {
      console.error = quiet;
    }
  });

  it('leaves empty query parameters out', () => {
    expect(apiUrl('/stores', { zoneId: undefined, q: '', page: 0, pageSize: 10 })).toBe(
      '/api/stores?page=0&pageSize=10',
    );
  });
});
