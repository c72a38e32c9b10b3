import type { Store, StoreStatusChange } from '@storedesk/shared/stores/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { storeQueryKey } from './get-store.ts';
import { storesListKey } from './get-stores.ts';

/** POST /api/stores/status: one store from its row, or the checked ones in bulk. */
export async function changeStoreStatus(change: StoreStatusChange): Promise<Store[]> {
  const { items } = await apiJson<{ items: Store[] }>('/stores/status', { method: 'POST', body: change });
  return items;
}

export function useChangeStoreStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeStoreStatus,
    onSuccess: (stores) => {
      for (const store of stores) queryClient.setQueryData(storeQueryKey(store.id), store);
      void queryClient.invalidateQueries({ queryKey: storesListKey });
    },
    // Refused (a store deleted meanwhile, say): show what the server has now.
    onError: () => queryClient.invalidateQueries({ queryKey: storesListKey }),
  });
}
