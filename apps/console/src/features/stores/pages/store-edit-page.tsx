import type { Store, StoreInput } from '@storedesk/shared/stores/schemas';
import { storeSchema } from '@storedesk/shared/stores/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Navigate, useParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { FormSkeleton } from '../../../components/loading-skeleton.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useSnackbar } from '../../../components/snackbar-provider.tsx';
import { paths } from '../../../app/paths.ts';
import { asApiError, isApiError } from '../../../lib/api-client.ts';
import { useGoBack } from '../../../lib/navigation.ts';
import { useIsOwner } from '../../../lib/session.ts';
import { storeQueryKey, useStore } from '../api/get-store.ts';
import { useUpdateStore } from '../api/update-store.ts';
import { useUploadStoreImage } from '../api/upload-store-image.ts';
import { useZoneChoices } from '../api/get-zone-choices.ts';
import type { StoreSaveResult } from '../components/store-form.tsx';
import { StoreForm, toStoreFormValues } from '../components/store-form.tsx';

function EditStoreForm({ store, owner }: { store: Store; owner: boolean }) {
  const queryClient = useQueryClient();
  const zones = useZoneChoices({ enabled: owner });
  const update = useUpdateStore();
  const upload = useUploadStoreImage();
  const notify = useSnackbar();
  const goBack = useGoBack(paths.stores.list.getHref());
  const live = useMemo(() => toStoreFormValues(store, owner), [store, owner]);

  const save = async (values: StoreInput, image: File | null): Promise<StoreSaveResult> => {
    try {
      await update.mutateAsync({ storeId: store.id, update: { ...values, version: store.version } });
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
    notify('Store saved');
    goBack();
    return { ok: true };
  };

  if (owner && zones.isError) {
    return (
      <LoadError
        title="Could not load the zones"
        error={zones.error}
        onRetry={() => void zones.refetch()}
        retrying={zones.isFetching}
      />
    );
  }
  if (owner && !zones.data) return <FormSkeleton fields={8} label="Loading the store" />;
  // A store of a zone the list does not show yet is still named in the select.
  const zoneChoices = owner
    ? [
        ...(zones.data?.items ?? []),
        ...(zones.data?.items.some((zone) => zone.id === store.zoneId)
          ? []
          : [{ id: store.zoneId, name: store.zoneName, version: 0, updatedAt: store.updatedAt }]),
      ]
    : null;
  return (
    <StoreForm
      zones={zoneChoices}
      defaultValues={live}
      live={live}
      imageUrl={store.imageUrl}
      submitLabel="Save store"
      onSave={save}
    />
  );
}

export function StoreEditPage() {
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
        title="Could not load the store"
        error={store.error}
        onRetry={() => void store.refetch()}
        retrying={store.isFetching}
      />
    );
  } else {
    content = <FormSkeleton fields={8} label="Loading the store" />;
  }

  return (
    <>
      <PageHeader title="Edit store" description={store.data?.name} />
      {content}
    </>
  );
}
