import { limits } from '@storedesk/shared/limits';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSearchUpdate } from './search-update.ts';

export type ListParams = { q: string; page: number; pageSize: number };

const pageSizes: readonly number[] = limits.pageSizes;

function readParams(search: URLSearchParams): ListParams {
  const page = Number(search.get('page'));
  const pageSize = Number(search.get('pageSize'));
  return {
    q: search.get('q')?.trim() ?? '',
    page: Number.isSafeInteger(page) && page > 0 ? page : 0,
    pageSize: pageSizes.includes(pageSize) ? pageSize : limits.defaultPageSize,
  };
}

/**
 * Search, page (0-based) and page size of a list, kept in the URL so a reload
 * or a shared link shows the same page. Defaults are left out of the URL; a
 * new search or page size starts again at the first page. Other parameters
 * (a tab, say) are kept.
 */
export function useListParams(): [ListParams, (changes: Partial<ListParams>) => void] {
  const [search] = useSearchParams();
  const params = readParams(search);
  const updateSearch = useSearchUpdate();

  const setParams = useCallback(
    (changes: Partial<ListParams>) => {
      updateSearch((previous) => {
        const next = new URLSearchParams(previous);
        const current = readParams(previous);
        const merged = { ...current, ...changes };
        if (changes.q !== undefined && changes.q.trim() !== current.q) merged.page = changes.page ?? 0;
        if (changes.pageSize !== undefined && changes.pageSize !== current.pageSize) {
          merged.page = changes.page ?? 0;
        }
        const q = merged.q.trim();
        if (q) next.set('q', q);
        else next.delete('q');
        if (merged.page > 0) next.set('page', String(merged.page));
        else next.delete('page');
        if (merged.pageSize !== limits.defaultPageSize) next.set('pageSize', String(merged.pageSize));
        else next.delete('pageSize');
        return next;
      });
    },
    [updateSearch],
  );

  return [params, setParams];
}

/**
 * The last page a list has; when the page shown no longer exists (deletes, a
 * narrower search), moves to that page.
 */
export function usePageInRange(
  list: { data?: { total: number }; isPlaceholderData: boolean },
  { page, pageSize }: ListParams,
  setParams: (changes: Partial<ListParams>) => void,
): number {
  const lastPage = Math.max(0, Math.ceil((list.data?.total ?? 0) / pageSize) - 1);
  const pageGone = list.data !== undefined && !list.isPlaceholderData && page > lastPage;
  useEffect(() => {
    if (pageGone) setParams({ page: lastPage });
  }, [pageGone, lastPage, setParams]);
  return lastPage;
}

/**
 * The rows checked in a list. They belong to the list they were checked in:
 * another page, filter or search (another `query`) starts with none checked.
 */
export function useListSelection(query: unknown): [ReadonlySet<string>, (ids: ReadonlySet<string>) => void] {
  const listKey = JSON.stringify(query);
  const [selection, setSelection] = useState<{ listKey: string; ids: ReadonlySet<string> }>({
    listKey,
    ids: new Set(),
  });
  const selected = selection.listKey === listKey ? selection.ids : new Set<string>();
  return [selected, (ids) => setSelection({ listKey, ids })];
}
