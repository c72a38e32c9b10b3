import type { Category, CategoryInput } from '@storedesk/shared/catalogue/schemas';
import { categorySchema } from '@storedesk/shared/catalogue/schemas';
import { useT } from '@storedesk/web/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { LoadError } from '@/components/load-error.tsx';
import { FormSkeleton } from '@/components/loading-skeleton.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { asApiError, isApiError } from '@/lib/api-client.ts';
import { useGoBack } from '@/lib/navigation.ts';
import { catalogueKeys } from '@/features/catalogue/api/catalogue-keys.ts';
import { useCategory } from '@/features/catalogue/api/get-category.ts';
import { useUpdateCategory } from '@/features/catalogue/api/update-category.ts';
import { catalogueHref } from '@/features/catalogue/catalogue-paths.ts';
import type { SaveResult } from '@/features/catalogue/components/category-form.tsx';
import { CategoryForm } from '@/features/catalogue/components/category-form.tsx';
import { StoreNameLine } from '@/features/catalogue/components/store-name-line.tsx';

function EditCategoryForm({ category }: { category: Category }) {
  const t = useT();
  const queryClient = useQueryClient();
  const update = useUpdateCategory();
  const notify = useSnackbar();
  const goBack = useGoBack(catalogueHref(category.storeId, 'categories'));

  const save = async ({ name, nameHi, nameKn }: CategoryInput, base?: Category): Promise<SaveResult> => {
    try {
      await update.mutateAsync({
        storeId: category.storeId,
        categoryId: category.id,
        update: { name, nameHi, nameKn, version: (base ?? category).version },
      });
    } catch (caught) {
      const error = asApiError(caught);
      if (isApiError(error, 409)) {
        const key = catalogueKeys.category(category.storeId, category.id);
        const current = categorySchema.safeParse(error.current);
        if (current.success) queryClient.setQueryData(key, current.data);
        else void queryClient.invalidateQueries({ queryKey: key });
      }
      return { ok: false, error };
    }
    notify(t('category.saved'));
    goBack();
    return { ok: true };
  };

  return (
    <CategoryForm onCancel={goBack} category={category} submitLabel={t('category.save')} onSave={save} />
  );
}

export function CategoryEditPage() {
  const t = useT();
  const { storeId = '', categoryId = '' } = useParams();
  const category = useCategory(storeId, categoryId);

  // SPEC §2: an unknown category sends the user to the store's catalogue.
  if (isApiError(category.error, 404)) return <Navigate to={catalogueHref(storeId, 'categories')} replace />;

  let content;
  if (category.data) {
    content = <EditCategoryForm key={category.data.id} category={category.data} />;
  } else if (category.isError) {
    content = (
      <LoadError
        title={t('category.loadFailed')}
        error={category.error}
        onRetry={() => void category.refetch()}
        retrying={category.isFetching}
      />
    );
  } else {
    content = <FormSkeleton fields={1} label={t('category.loading')} />;
  }

  return (
    <>
      <PageHeader title={t('category.edit')} description={<StoreNameLine storeId={storeId} />} />
      {content}
    </>
  );
}
