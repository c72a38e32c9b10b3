import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useT } from '@storedesk/web/i18n';
import { useState } from 'react';
import { Link as RouterLink, Navigate, useParams, useSearchParams } from 'react-router';
import { paths } from '@/config/paths.ts';
import { LoadError } from '@/components/load-error.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useCatalogueStore } from '@/features/catalogue/api/get-catalogue-store.ts';
import type { CatalogueTab } from '@/features/catalogue/catalogue-paths.ts';
import { CategoriesTab } from '@/features/catalogue/components/categories-tab.tsx';
import { CopyCatalogueDialog } from '@/features/catalogue/components/copy-catalogue-dialog.tsx';
import { ItemsTab } from '@/features/catalogue/components/items-tab.tsx';

/** SPEC §2 catalogue of one store: Categories and Items, the tab kept in the URL. */
export function CataloguePage() {
  const t = useT();
  const { storeId = '' } = useParams();
  const store = useCatalogueStore(storeId);
  const [search, setSearch] = useSearchParams();
  const tab: CatalogueTab = search.get('tab') === 'items' ? 'items' : 'categories';
  const [copying, setCopying] = useState(false);

  if (isApiError(store.error, 404)) return <Navigate to={paths.stores.list.getHref()} replace />;

  const title = store.data ? t('catalogue.titleOf', { store: store.data.name }) : t('catalogue.title');
  return (
    <>
      <PageHeader
        title={title}
        description={t('catalogue.description')}
        actions={
          <>
            <Button startIcon={<ContentCopyOutlined />} onClick={() => setCopying(true)}>
              {t('catalogue.copyFromStore')}
            </Button>
            <Button startIcon={<ArrowBackOutlined />} component={RouterLink} to={paths.stores.list.getHref()}>
              {t('catalogue.stores')}
            </Button>
          </>
        }
      />
      {store.isError ? (
        <LoadError
          title={t('catalogue.storeLoadFailed')}
          error={store.error}
          onRetry={() => void store.refetch()}
          retrying={store.isFetching}
        />
      ) : null}
      <Paper variant="outlined">
        <Tabs
          value={tab}
          // A tab starts at its first page with no search.
          onChange={(_event, next: CatalogueTab) => setSearch(next === 'items' ? { tab: next } : {})}
          aria-label={t('catalogue.title')}
          sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
        >
          <Tab
            label={t('catalogue.categories')}
            value="categories"
            id="catalogue-tab-categories"
            aria-controls="catalogue-panel"
          />
          <Tab
            label={t('catalogue.items')}
            value="items"
            id="catalogue-tab-items"
            aria-controls="catalogue-panel"
          />
        </Tabs>
        <div role="tabpanel" id="catalogue-panel" aria-labelledby={`catalogue-tab-${tab}`}>
          {tab === 'items' ? <ItemsTab storeId={storeId} /> : <CategoriesTab storeId={storeId} />}
        </div>
      </Paper>
      {copying ? (
        <CopyCatalogueDialog
          storeId={storeId}
          storeName={store.data?.name ?? t('catalogue.thisStore')}
          onClose={() => setCopying(false)}
        />
      ) : null}
    </>
  );
}
