import { paths } from '@/config/paths.ts';

export type CatalogueTab = 'categories' | 'items';

/** The store's catalogue on one of its tabs (the tab is kept in the URL). */
export function catalogueHref(storeId: string, tab: CatalogueTab): string {
  const base = paths.stores.catalog.getHref(storeId);
  return tab === 'categories' ? base : `${base}?tab=${tab}`;
}
