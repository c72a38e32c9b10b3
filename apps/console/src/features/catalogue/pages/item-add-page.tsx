import type { ItemInput } from '@storedesk/shared/catalogue/schemas';
import { useT } from '@storedesk/web/i18n';
import { useNavigate, useParams } from 'react-router';
import { paths } from '@/config/paths.ts';
import { PageHeader } from '@/components/page-header.tsx';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { asApiError } from '@/lib/api-client.ts';
import { useGoBack } from '@/lib/navigation.ts';
import { useCreateItem } from '@/features/catalogue/api/create-item.ts';
import { useUploadItemImage } from '@/features/catalogue/api/upload-item-image.ts';
import { catalogueHref } from '@/features/catalogue/catalogue-paths.ts';
import type { ItemSaveResult } from '@/features/catalogue/components/item-form.tsx';
import { ItemForm } from '@/features/catalogue/components/item-form.tsx';
import { StoreNameLine } from '@/features/catalogue/components/store-name-line.tsx';

export function ItemAddPage() {
  const t = useT();
  const { storeId = '' } = useParams();
  const create = useCreateItem();
  const upload = useUploadItemImage();
  const notify = useSnackbar();
  const navigate = useNavigate();
  const goBack = useGoBack(catalogueHref(storeId, 'items'));

  const save = async (input: ItemInput, image: File | null): Promise<ItemSaveResult> => {
    let itemId: string;
    try {
      itemId = (await create.mutateAsync({ storeId, input })).id;
    } catch (error) {
      return { ok: false, error: asApiError(error) };
    }
    if (image) {
      try {
        await upload.mutateAsync({ storeId, itemId, image });
      } catch (error) {
        // The item exists: go on from its edit screen rather than add it twice.
        notify({
          severity: 'warning',
          message: t('item.addedNoImage', { message: asApiError(error).message }),
        });
        void navigate(paths.stores.itemEdit.getHref(storeId, itemId), { replace: true });
        return { ok: true };
      }
    }
    notify(t('item.added'));
    goBack();
    return { ok: true };
  };

  return (
    <>
      <PageHeader title={t('item.add')} description={<StoreNameLine storeId={storeId} />} />
      <ItemForm onCancel={goBack} storeId={storeId} submitLabel={t('item.add')} onSave={save} />
    </>
  );
}
