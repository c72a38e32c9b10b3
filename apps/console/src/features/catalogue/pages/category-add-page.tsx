import type { CategoryInput } from '@storedesk/shared/catalogue/schemas';
import { useT } from '@storedesk/web/i18n';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/page-header.tsx';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { asApiError } from '@/lib/api-client.ts';
import { useGoBack } from '@/lib/navigation.ts';
import { useCreateCategory } from '@/features/catalogue/api/create-category.ts';
import { catalogueHref } from '@/features/catalogue/catalogue-paths.ts';
import type { SaveResult } from '@/features/catalogue/components/category-form.tsx';
import { CategoryForm } from '@/features/catalogue/components/category-form.tsx';
import { StoreNameLine } from '@/features/catalogue/components/store-name-line.tsx';

export function CategoryAddPage() {
  const t = useT();
  const { storeId = '' } = useParams();
  const create = useCreateCategory();
  const notify = useSnackbar();
  const goBack = useGoBack(catalogueHref(storeId, 'categories'));

  const save = async (input: CategoryInput): Promise<SaveResult> => {
    try {
      await create.mutateAsync({ storeId, input });
    } catch (error) {
      return { ok: false, error: asApiError(error) };
    }
    notify(t('category.added'));
    goBack();
    return { ok: true };
  };

  return (
    <>
      <PageHeader title={t('category.add')} description={<StoreNameLine storeId={storeId} />} />
      <CategoryForm onCancel={goBack} submitLabel={t('category.add')} onSave={save} />
    </>
  );
}
