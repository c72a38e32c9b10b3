/**
 * Calling the API from a browser app, written once for the console and the apps: the error every
 * failed call becomes (the server's envelope: code, message, fields, the current record), and for
 * the apps a JSON client that adds their headers (a key, a token) to each request.
 */
import type { ErrorEnvelope } from '@storedesk/shared/errors';
import { messages } from '@storedesk/shared/messages';

/** A failed API call, as an app shows it. `status` 0 means the server was not reached. */
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

/**
 * A request that never reached the server: offline says so (a read, that it shows once the
 * connection is back; a write, that nothing was saved), anything else is the spec's unknown error.
 */
export function networkError(method = 'POST'): ApiError {
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  const read = method === 'GET' || method === 'HEAD';
  return new ApiError({
    status: 0,
    code: 'network',
    message: offline ? (read ? messages.offlineRead : messages.offline) : messages.unknownError,
  });
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** What a failed mutation threw, as an ApiError (anything else becomes "Unknown error occured"). */
export function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError({ status: 0, code: 'unknown', message: messages.unknownError });
}

export type ApiClient = <T>(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
) => Promise<T>;

export type ApiClientOptions = {
  /** Prefix of every path, e.g. `/api/storefront`. */
  base: string;
  /** Headers of each request, asked anew every time (a token may have come or gone). */
  headers?: () => Record<string, string>;
  /** Told of every refusal before it is thrown, e.g. to forget a token the server no longer knows. */
  onError?: (error: ApiError) => void;
};

/** A JSON client of the API for an app that authenticates by headers rather than the console's cookie. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    let response: Response;
    try {
      response = await fetch(`${options.base}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers?.(),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch {
      throw networkError(method);
    }
    if (!response.ok) {
      const error = await toApiError(response);
      options.onError?.(error);
      throw error;
    }
    if (response.status === 204) return undefined as T;
    try {
      return (await response.json()) as T;
    } catch {
      throw new ApiError({
        status: response.status,
        code: 'invalid_response',
        message: messages.unknownError,
      });
    }
  };
}
