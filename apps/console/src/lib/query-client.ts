import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { stopLiveEvents } from './live-connections.ts';
import { clearSession, markServiceEnded, sessionQueryKey } from './session.ts';

function retry(failureCount: number, error: Error): boolean {
  // A refusal (4xx) will not change by asking again; a lost connection or a 5xx may.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * The app's query client. Whatever call answers 401 ends the session (the
 * guards then show the sign-in page); a 402 means the business's service has
 * ended, and the expired screen replaces every route.
 */
export function createQueryClient(options: { retry?: boolean } = {}): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => handleError(error, query.queryKey) }),
    mutationCache: new MutationCache({ onError: (error) => handleError(error) }),
    defaultOptions: {
      queries: { retry: options.retry === false ? false : retry, staleTime: 30_000 },
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
