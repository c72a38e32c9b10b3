import type { Store } from '@storedesk/shared/stores/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { storeQueryKey } from './get-store.ts';
import { storesListKey } from './get-stores.ts';

/** PUT /api/stores/:storeId/image: one multipart part named `image`; 413 over 15 KB, 415 for other types. */
export function uploadStoreImage({ storeId, image }: { storeId: string; image: File }): Promise<Store> {
  const body = new FormData();
  body.set('image', image);
  return apiJson<Store>(`/stores/${encodeURIComponent(storeId)}/image`, { method: 'PUT', body });
}

export function useUploadStoreImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadStoreImage,
    onSuccess: (store) => {
      queryClient.setQueryData(storeQueryKey(store.id), store);
      void queryClient.invalidateQueries({ queryKey: storesListKey });
    },
  });
}
