import type { ExecutiveChoice } from '@storedesk/shared/delivery/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';

export type ExecutiveChoices = { items: ExecutiveChoice[]; maxOpenOrdersPerExecutive: number };

/**
 * Under the `dispatch` topic: an executive going on or off duty refreshes an open picker. It is
 * read afresh each time a picker opens, as loads and places change all the time.
 */
export const executiveChoicesKey = (storeId: string) => ['dispatch', 'executives', storeId] as const;

/**
 * GET /api/dispatch/executives?storeId: the executives of the store's zone with their duty, open
 * orders and distance from the store, on duty first and nearest first, and the business's limit.
 */
export function getExecutiveChoices(storeId: string, signal?: AbortSignal): Promise<ExecutiveChoices> {
  return apiJson<ExecutiveChoices>('/dispatch/executives', { query: { storeId }, signal });
}

export function executiveChoicesQueryOptions(storeId: string) {
  return queryOptions({
    queryKey: executiveChoicesKey(storeId),
    queryFn: ({ signal }) => getExecutiveChoices(storeId, signal),
    staleTime: 0,
  });
}

export function useExecutiveChoices(storeId: string) {
  return useQuery(executiveChoicesQueryOptions(storeId));
}
