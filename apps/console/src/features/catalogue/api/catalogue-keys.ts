/**
 * Query keys of one store's catalogue. They start with the live-event topic
 * and the store, so a 'catalogue' event (recordId: the store) refreshes them,
 * and a write refreshes the whole catalogue of its store: items show the
 * names of categories.
 */
export const catalogueKeys = {
  /** Every store's catalogue (an import of several stores). */
  root: ['catalogue'] as const,
  all: (storeId: string) => ['catalogue', storeId] as const,
  categoryLists: (storeId: string) => ['catalogue', storeId, 'categories', 'list'] as const,
  category: (storeId: string, categoryId: string) =>
    ['catalogue', storeId, 'categories', 'detail', categoryId] as const,
  itemLists: (storeId: string) => ['catalogue', storeId, 'items', 'list'] as const,
  item: (storeId: string, itemId: string) => ['catalogue', storeId, 'items', 'detail', itemId] as const,
};

export function storePath(storeId: string): string {
  return `/stores/${encodeURIComponent(storeId)}`;
}
