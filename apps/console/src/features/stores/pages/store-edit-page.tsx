import type { Store, StoreInput } from '@storedesk/shared/stores/schemas';
import { storeSchema } from '@storedesk/shared/stores/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useT } from '@storedesk/web/i18n';
import { Navigate, useParams } from 'react-router';
import { LoadError } from '@/components/load-error.tsx';
import { FormSkeleton } from '@/components/loading-skeleton.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { paths } from '@/config/paths.ts';
import { asApiError, isApiError } from '@/lib/api-client.ts';
import { useGoBack } from '@/lib/navigation.ts';
import { useIsOwner } from '@/lib/session.ts';
import { storeQueryKey, useStore } from '@/features/stores/api/get-store.ts';
import { useUpdateStore } from '@/features/stores/api/update-store.ts';
import { useUploadStoreImage } from '@/features/stores/api/upload-store-image.ts';
import type { StoreSaveResult } from '@/features/stores/components/store-form.tsx';
import { StoreForm } from '@/features/stores/components/store-form.tsx';

function EditStoreForm({ store, owner }: { store: Store; owner: boolean }) {
  const t = useT();
  const queryClient = useQueryClient();
  const update = useUpdateStore();
  const upload = useUploadStoreImage();
  const notify = useSnackbar();
  const goBack = useGoBack(paths.stores.list.getHref());

  const save = async (values: StoreInput, image: File | null, base?: Store): Promise<StoreSaveResult> => {
    try {
      await update.mutateAsync({
        storeId: store.id,
        update: { ...values, version: (base ?? store).version },
      });
      if (image) await upload.mutateAsync({ storeId: store.id, image });
    } catch (caught) {
      const error = asApiError(caught);
      if (isApiError(error, 409)) {
        const current = storeSchema.safeParse(error.current);
        if (current.success) queryClient.setQueryData(storeQueryKey(store.id), current.data);
        else void queryClient.invalidateQueries({ queryKey: storeQueryKey(store.id) });
      }
      return { ok: false, error };
    }
    notify(t('storeForm.saved'));
    goBack();
    return { ok: true };
  };

  return (
    <StoreForm
      onCancel={goBack}
      owner={owner}
      store={store}
      submitLabel={t('storeForm.saveStore')}
      onSave={save}
    />
  );
}

export function StoreEditPage() {
  const t = useT();
  const { storeId = '' } = useParams();
  const owner = useIsOwner();
  const store = useStore(storeId);

  // Unknown, of another zone, or deleted meanwhile (SPEC §2).
  if (isApiError(store.error, 404)) return <Navigate to={paths.stores.list.getHref()} replace />;

  let content;
  if (store.data) {
    content = <EditStoreForm key={store.data.id} store={store.data} owner={owner} />;
  } else if (store.isError) {
    content = (
      <LoadError
        title={t('storeForm.loadFailed')}
        error={store.error}
        onRetry={() => void store.refetch()}
        retrying={store.isFetching}
      />
    );
  } else {
    content = <FormSkeleton fields={8} label={t('storeForm.loading')} />;
  }

  return (
    <>
      <PageHeader title={t('storeForm.editTitle')} description={store.data?.name} />
      {content}
    </>
  );
}
