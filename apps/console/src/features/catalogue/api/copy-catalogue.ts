import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { catalogueKeys, storePath } from './catalogue-keys.ts';

/** Items copied, and items the store kept already. */
export type CatalogueCopyResult = { copied: number; skipped: number };

export type CopyCatalogue = { storeId: string; fromStoreId: string };

/** POST /api/stores/:storeId/catalogue/copy: the store keeps every item of the other it does not keep yet. */
export function copyCatalogue({ storeId, fromStoreId }: CopyCatalogue): Promise<CatalogueCopyResult> {
  return apiJson<CatalogueCopyResult>(`${storePath(storeId)}/catalogue/copy`, {
    method: 'POST',
    body: { fromStoreId },
  });
}

export function useCopyCatalogue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyCatalogue,
    onSuccess: (_result, { storeId }) => {
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.all(storeId) });
    },
  });
}
