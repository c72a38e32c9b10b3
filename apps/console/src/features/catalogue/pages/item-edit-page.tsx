import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Button from '@mui/material/Button';
import type { Item, ItemInput } from '@storedesk/shared/catalogue/schemas';
import { itemSchema } from '@storedesk/shared/catalogue/schemas';
import { useT } from '@storedesk/web/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { LoadError } from '@/components/load-error.tsx';
import { FormSkeleton } from '@/components/loading-skeleton.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { asApiError, isApiError } from '@/lib/api-client.ts';
import { useGoBack } from '@/lib/navigation.ts';
import { catalogueKeys } from '@/features/catalogue/api/catalogue-keys.ts';
import { useItem } from '@/features/catalogue/api/get-item.ts';
import { useUpdateItem } from '@/features/catalogue/api/update-item.ts';
import { useUploadItemImage } from '@/features/catalogue/api/upload-item-image.ts';
import { catalogueHref } from '@/features/catalogue/catalogue-paths.ts';
import { CopyItemDialog } from '@/features/catalogue/components/copy-item-dialog.tsx';
import type { ItemSaveResult } from '@/features/catalogue/components/item-form.tsx';
import { ItemForm } from '@/features/catalogue/components/item-form.tsx';
import { StoreNameLine } from '@/features/catalogue/components/store-name-line.tsx';

function EditItemForm({ item }: { item: Item }) {
  const t = useT();
  const queryClient = useQueryClient();
  const update = useUpdateItem(item.storeId);
  const upload = useUploadItemImage();
  const notify = useSnackbar();
  const goBack = useGoBack(catalogueHref(item.storeId, 'items'));

  const save = async (input: ItemInput, image: File | null, base?: Item): Promise<ItemSaveResult> => {
    try {
      await update.mutateAsync({
        storeId: item.storeId,
        itemId: item.id,
        update: {
          ...input,
          tags: input.tags ?? [],
          aliases: input.aliases ?? [],
          veg: input.veg ?? false,
          inStock: input.inStock ?? true,
          version: (base ?? item).version,
        },
      });
      if (image) await upload.mutateAsync({ storeId: item.storeId, itemId: item.id, image });
    } catch (caught) {
      const error = asApiError(caught);
      if (isApiError(error, 409)) {
        const key = catalogueKeys.item(item.storeId, item.id);
        const current = itemSchema.safeParse(error.current);
        if (current.success) queryClient.setQueryData(key, current.data);
        else void queryClient.invalidateQueries({ queryKey: key });
      }
      return { ok: false, error };
    }
    notify(t('item.saved'));
    goBack();
    return { ok: true };
  };

  return (
    <ItemForm
      onCancel={goBack}
      storeId={item.storeId}
      item={item}
      submitLabel={t('item.save')}
      onSave={save}
    />
  );
}

export function ItemEditPage() {
  const t = useT();
  const { storeId = '', itemId = '' } = useParams();
  const item = useItem(storeId, itemId);
  const [copying, setCopying] = useState(false);

  // SPEC §2: an unknown item sends the user to the store's catalogue.
  if (isApiError(item.error, 404)) return <Navigate to={catalogueHref(storeId, 'items')} replace />;

  let content;
  if (item.data) {
    content = <EditItemForm key={item.data.id} item={item.data} />;
  } else if (item.isError) {
    content = (
      <LoadError
        title={t('item.loadFailed')}
        error={item.error}
        onRetry={() => void item.refetch()}
        retrying={item.isFetching}
      />
    );
  } else {
    content = <FormSkeleton fields={6} label={t('item.loading')} />;
  }

  return (
    <>
      <PageHeader
        title={t('item.edit')}
        description={<StoreNameLine storeId={storeId} />}
        actions={
          item.data ? (
            <Button startIcon={<ContentCopyOutlined />} onClick={() => setCopying(true)}>
              {t('item.copyToStores')}
            </Button>
          ) : null
        }
      />
      {content}
      {copying && item.data ? (
        <CopyItemDialog
          storeId={storeId}
          itemId={itemId}
          itemName={item.data.name}
          onClose={() => setCopying(false)}
        />
      ) : null}
    </>
  );
}
