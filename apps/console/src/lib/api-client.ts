import type { ErrorEnvelope } from '@storedesk/shared/errors';
import { messages } from '@storedesk/shared/messages';

/** A failed API call, as the console shows it. `status` 0 means the server was not reached. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  readonly current: unknown;

  constructor(options: {
    status: number;
    code: string;
    message: string;
    fields?: Record<string, string> | undefined;
    current?: unknown;
  }) {
    super(options.message);
    this.status = options.status;
    this.code = options.code;
    this.fields = options.fields;
    this.current = options.current;
  }
}

/** Used when the server gave no message of its own. */
const fallbackMessages: Partial<Record<number, string>> = {
  402: messages.serviceEnded,
  413: messages.tooLarge,
};

/**
 * The one place that turns a failed response into an ApiError: the envelope's
 * code, message, fields and current record when there is one, else a message
 * that says no more than what is known.
 */
export async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const envelope = readEnvelope(body);
  if (envelope) {
    const { code, message, fields, current } = envelope;
    return new ApiError({
      status: response.status,
      code,
      message: message || messages.unknownError,
      fields,
      current,
    });
  }
  return new ApiError({
    status: response.status,
    code: `http_${response.status}`,
    message: fallbackMessages[response.status] ?? messages.unknownError,
  });
}

/**
 * The error of an API envelope, or undefined when the body is not one (a proxy's page, say). A
 * hand check, not errorEnvelopeSchema: the first screen loads without zod (ADR 0028).
 */
function readEnvelope(body: unknown): ErrorEnvelope['error'] | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const error: unknown = body.error;
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message, fields, current } = error as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string') return undefined;
  const texts =
    typeof fields === 'object' && fields !== null && Object.values(fields).every((v) => typeof v === 'string')
      ? (fields as Record<string, string>)
      : undefined;
  return { code, message, fields: texts, current };
}

/** A request that never reached the server: offline says so, anything else is the spec's unknown error. */
export function networkError(): ApiError {
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return new ApiError({
    status: 0,
    code: 'network',
    message: offline ? messages.offline : messages.unknownError,
  });
}

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
    throw networkError();
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

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** What a failed mutation threw, as an ApiError (anything else becomes "Unknown error occured"). */
export function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError({ status: 0, code: 'unknown', message: messages.unknownError });
}
