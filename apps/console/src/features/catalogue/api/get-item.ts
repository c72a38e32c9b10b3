import type { Item } from '@storedesk/shared/catalogue/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { catalogueKeys, storePath } from './catalogue-keys.ts';

/** GET /api/stores/:storeId/items/:itemId; 404 when unknown. */
export function getItem(storeId: string, itemId: string, signal?: AbortSignal): Promise<Item> {
  return apiJson<Item>(`${storePath(storeId)}/items/${encodeURIComponent(itemId)}`, { signal });
}

export function itemQueryOptions(storeId: string, itemId: string) {
  return queryOptions({
    queryKey: catalogueKeys.item(storeId, itemId),
    queryFn: ({ signal }) => getItem(storeId, itemId, signal),
  });
}

export function useItem(storeId: string, itemId: string) {
  return useQuery(itemQueryOptions(storeId, itemId));
}
