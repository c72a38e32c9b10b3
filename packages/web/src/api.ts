/**
 * A small JSON client of the API for the browser apps: it sends what the app's caller adds
 * (a key, a token), and turns the server's error envelope into an ApiError that says what
 * a person can read (`message`) and which field was at fault (`fields`).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type ApiClient = <T>(method: string, path: string, body?: unknown) => Promise<T>;

export type ApiClientOptions = {
  /** Prefix of every path, e.g. `/api`. */
  base: string;
  /** Headers of each request, asked anew every time (a token may have come or gone). */
  headers?: () => Record<string, string>;
  /** Told of every refusal before it is thrown, e.g. to forget a token the server no longer knows. */
  onError?: (error: ApiError) => void;
};

const offline = 'Could not reach the shop. Check your connection and try again.';

export function createApiClient(options: ApiClientOptions): ApiClient {
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    let res: Response;
    try {
      res = await fetch(`${options.base}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers?.(),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch {
      throw new ApiError(0, 'offline', offline);
    }
    if (res.status === 204) return undefined as T;
    const text = await res.text();
    let data: unknown = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: a proxy's page, say. Said below as the status.
    }
    if (res.ok) return data as T;
    const envelope = (
      data as { error?: { code?: string; message?: string; fields?: Record<string, string> } }
    )?.error;
    const error = new ApiError(
      res.status,
      envelope?.code ?? 'http_error',
      envelope?.message ?? `The shop answered ${res.status}. Try again in a moment.`,
      envelope?.fields ?? {},
    );
    options.onError?.(error);
    throw error;
  };
}
