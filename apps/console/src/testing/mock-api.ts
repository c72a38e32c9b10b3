import { vi } from 'vitest';

/** `body` is the parsed JSON, or the FormData itself for an upload. */
export type ApiCall = { method: string; path: string; query: URLSearchParams; body: unknown };
type Answer = Response | Promise<Response>;
export type Handler = (call: ApiCall) => Answer;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function apiError(
  status: number,
  code: string,
  message: string,
  extra: { fields?: Record<string, string>; current?: unknown } = {},
): Response {
  return json(status, { error: { code, message, ...extra } });
}

export function noContent(): Response {
  return new Response(null, { status: 204 });
}

/** A fetch that fails the way a browser's does when the server cannot be reached. */
export function networkFailure(): Promise<Response> {
  return Promise.reject(new TypeError('Failed to fetch'));
}

/**
 * Replaces fetch with handlers keyed by "METHOD /api/path" (no query). Every
 * call is recorded; an unknown route answers 404 so a test sees what it missed.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://console.test');
    const method = (init.method ?? 'GET').toUpperCase();
    const body =
      typeof init.body === 'string'
        ? (JSON.parse(init.body) as unknown)
        : init.body instanceof FormData
          ? init.body
          : undefined;
    const call: ApiCall = { method, path: url.pathname, query: url.searchParams, body };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) return apiError(404, 'not_found', `No test handler for ${method} ${url.pathname}`);
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    /** The calls made to one route, e.g. callsTo('PATCH /api/account'). */
    callsTo: (route: string) => calls.filter((call) => `${call.method} ${call.path}` === route),
  };
}

/** GET /api/auth/session: the signed-in user's session, or none when `session` is null. */
export function sessionHandler(session: unknown): Handler {
  return () => json(200, { session });
}
