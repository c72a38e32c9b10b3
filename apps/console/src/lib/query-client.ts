import { MutationCache, QueryCache, QueryClient, replaceEqualDeep } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { stopLiveEvents } from './live-connections.ts';
import { clearSession, markServiceEnded, sessionQueryKey } from './session.ts';

function retry(failureCount: number, error: Error): boolean {
  // A refusal (4xx) will not change by asking again; a lost connection or a 5xx may.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

type Versioned = { version: number; id?: unknown };

const versionedRecord = (data: unknown): data is Versioned =>
  typeof data === 'object' &&
  data !== null &&
  !Array.isArray(data) &&
  typeof (data as Versioned).version === 'number';

/**
 * Whether `next` is an earlier version of the record held (D9's versions only grow). A read sent
 * before a write and answered after it carries one: the write's answer, shown at once, is newer.
 */
export function isEarlierVersion(held: unknown, next: unknown): boolean {
  return versionedRecord(held) && versionedRecord(next) && held.id === next.id && next.version < held.version;
}

/**
 * What a query takes from an answer or a write: nothing from an earlier version of the record it
 * holds, and otherwise the new data with its unchanged parts kept (TanStack's own sharing).
 */
export function laterVersion(held: unknown, next: unknown): unknown {
  return isEarlierVersion(held, next) ? held : replaceEqualDeep(held, next);
}

/**
 * The app's query client. Its queries keep the later version of a record, whichever answer comes
 * last. Whatever call answers 401 ends the session (the guards then show the sign-in page); a 402
 * means the business's service has ended, and the expired screen replaces every route.
 */
export function createQueryClient(options: { retry?: boolean } = {}): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => handleError(error, query.queryKey) }),
    mutationCache: new MutationCache({ onError: (error) => handleError(error) }),
    defaultOptions: {
      queries: {
        retry: options.retry === false ? false : retry,
        staleTime: 30_000,
        structuralSharing: laterVersion,
      },
      // A write is tried at once, online or not: offline it fails where the person sees it, instead of
      // waiting (TanStack's default) and landing later on top of whatever changed meanwhile.
      mutations: { retry: false, networkMode: 'always' },
    },
  });

  function handleError(error: Error, queryKey?: readonly unknown[]): void {
    if (!(error instanceof ApiError)) return;
    if (error.status === 401 && queryKey?.[0] !== sessionQueryKey[0]) {
      stopLiveEvents();
      clearSession(queryClient);
    } else if (error.status === 402) {
      markServiceEnded(queryClient);
    }
  }

  return queryClient;
}
