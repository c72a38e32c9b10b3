/**
 * The console's calls to the API: with the session cookie, JSON or an image upload. What a failed
 * call becomes is packages/web's, shared with the apps.
 */
import { ApiError, networkError, toApiError } from '@storedesk/web/api';
import { messages } from '@storedesk/shared/messages';

export { ApiError, asApiError, isApiError, networkError, toApiError } from '@storedesk/web/api';

export type ApiRequest = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Query parameters; undefined and empty values are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  /** Sent as JSON, or as multipart/form-data when it is FormData (image uploads). */
  body?: unknown;
  signal?: AbortSignal;
};

export function apiUrl(path: string, query: ApiRequest['query'] = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `/api${path}${search ? `?${search}` : ''}`;
}

/** Calls the API with the session cookie; resolves with the response only when it succeeded. */
export async function apiFetch(path: string, request: ApiRequest = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const { body } = request;
  // The browser sets the multipart content type, with its boundary, itself.
  if (body !== undefined && !(body instanceof FormData)) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(apiUrl(path, request.query), {
      method: request.method ?? 'GET',
      credentials: 'same-origin',
      headers,
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      signal: request.signal,
    });
  } catch (error) {
    if (request.signal?.aborted) throw error;
    throw networkError(request.method ?? 'GET');
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

/**
 * Calls the API and reads its JSON answer as `T`, the output type of the route's shared response
 * schema. The console does not check the answer again: the server checks every answer against
 * that schema before sending it (its serializer), and the check would cost each screen zod's
 * 22 KB and each answer its parse (ADR 0028).
 */
export async function apiJson<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const response = await apiFetch(path, request);
  try {
    return (await response.json()) as T;
  } catch {
    throw new ApiError({ status: response.status, code: 'invalid_response', message: messages.unknownError });
  }
}
