import type { Store, StoreUpdate } from '@storedesk/shared/stores/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { storeQueryKey } from './get-store.ts';
import { storesListKey } from './get-stores.ts';

/** PATCH /api/stores/:storeId; 409 with the current store when `version` is stale. */
export function updateStore({ storeId, update }: { storeId: string; update: StoreUpdate }): Promise<Store> {
  return apiJson<Store>(`/stores/${encodeURIComponent(storeId)}`, { method: 'PATCH', body: update });
}

export function useUpdateStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStore,
    onSuccess: (store) => {
      queryClient.setQueryData(storeQueryKey(store.id), store);
      void queryClient.invalidateQueries({ queryKey: storesListKey });
    },
  });
}
