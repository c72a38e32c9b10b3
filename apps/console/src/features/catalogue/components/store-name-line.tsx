import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import { useT } from '@storedesk/web/i18n';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useCatalogueStore } from '@/features/catalogue/api/get-catalogue-store.ts';

/** The store whose catalogue a screen shows, linking back to that catalogue. */
export function StoreNameLine({ storeId }: { storeId: string }) {
  const t = useT();
  const store = useCatalogueStore(storeId);
  if (store.data) {
    return (
      <Link component={RouterLink} to={paths.stores.catalog.getHref(storeId)} underline="hover">
        {store.data.name}
      </Link>
    );
  }
  if (store.isError) return null;
  return <Skeleton variant="text" width={160} aria-label={t('catalogue.storeLoading')} />;
}
