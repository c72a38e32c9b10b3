import type { StoreInput } from '@storedesk/shared/stores/schemas';
import { useT } from '@storedesk/web/i18n';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header.tsx';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { paths } from '@/config/paths.ts';
import { asApiError } from '@/lib/api-client.ts';
import { useGoBack } from '@/lib/navigation.ts';
import { useIsOwner, useSignedInSession } from '@/lib/session.ts';
import { useZoneFilter } from '@/lib/zone-filter.ts';
import { useCreateStore } from '@/features/stores/api/create-store.ts';
import { useUploadStoreImage } from '@/features/stores/api/upload-store-image.ts';
import type { StoreSaveResult } from '@/features/stores/components/store-form.tsx';
import { emptyStoreFormValues, StoreForm } from '@/features/stores/components/store-form.tsx';

export function StoreAddPage() {
  const t = useT();
  const owner = useIsOwner();
  const { user } = useSignedInSession();
  const { zoneId } = useZoneFilter();
  const create = useCreateStore();
  const upload = useUploadStoreImage();
  const notify = useSnackbar();
  const navigate = useNavigate();
  const goBack = useGoBack(paths.stores.list.getHref());

  const save = async (values: StoreInput, image: File | null): Promise<StoreSaveResult> => {
    let storeId: string;
    try {
      storeId = (await create.mutateAsync(values)).id;
    } catch (error) {
      return { ok: false, error: asApiError(error) };
    }
    if (image) {
      try {
        await upload.mutateAsync({ storeId, image });
      } catch (error) {
        // The store exists: go on from its edit screen rather than add it twice.
        notify({
          severity: 'warning',
          message: t('storeForm.addedWithoutImage', { message: asApiError(error).message }),
        });
        void navigate(paths.stores.edit.getHref(storeId), { replace: true });
        return { ok: true };
      }
    }
    notify(t('storeForm.added'));
    goBack();
    return { ok: true };
  };

  // The owner starts from the zone of the top bar's filter, else their own.
  const defaultValues = emptyStoreFormValues(owner ? (zoneId ?? user.zoneId ?? undefined) : undefined);

  return (
    <>
      <PageHeader title={t('stores.add')} description={t('storeForm.addDescription')} />
      <StoreForm
        onCancel={goBack}
        owner={owner}
        defaultValues={defaultValues}
        submitLabel={t('stores.add')}
        onSave={save}
      />
    </>
  );
}
