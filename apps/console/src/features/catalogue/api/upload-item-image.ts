import type { Item } from '@storedesk/shared/catalogue/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { catalogueKeys, storePath } from './catalogue-keys.ts';

type UploadItemImage = { storeId: string; itemId: string; image: File };

/** PUT /api/stores/:storeId/items/:itemId/image: one part named `image`; 413 over 15 KB, 415 for other types. */
export function uploadItemImage({ storeId, itemId, image }: UploadItemImage): Promise<Item> {
  const body = new FormData();
  body.set('image', image);
  return apiJson<Item>(`${storePath(storeId)}/items/${encodeURIComponent(itemId)}/image`, {
    method: 'PUT',
    body,
  });
}

export function useUploadItemImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadItemImage,
    onSuccess: (item) => {
      queryClient.setQueryData(catalogueKeys.item(item.storeId, item.id), item);
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.itemLists(item.storeId) });
    },
  });
}
