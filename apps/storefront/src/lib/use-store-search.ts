import { useEffect, useMemo, useState } from 'react';
import type { StorefrontCatalogue } from '@storedesk/shared/storefront/schemas';
import { useData } from '@storedesk/web/use-data';
import { api } from './api.ts';
import { mergedItems, serverQueries, type CatalogueItem } from './catalogue.ts';

/** How long typing pauses before the server is asked: a word typed quickly is asked once. */
export const searchPauseMs = 300;

/** `value`, once it has stayed the same for `ms`. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return value === '' ? '' : settled;
}

export type StoreSearch = {
  /** The items the server found for the search and category, beyond those of the first answer. */
  items: CatalogueItem[];
  /** Whether the server is being asked (or about to be) for what is typed now. */
  busy: boolean;
  /** More items matched than the server's answer held. */
  truncated: boolean;
  error: ReturnType<typeof useData>['error'];
  retry: () => void;
};

/**
 * When the store's catalogue came truncated (a store of thousands of items), the search and the
 * category are asked of the server too, once typing pauses; the page then shows its own matches at
 * once and the server's as they come. A catalogue that came whole is searched in the app alone.
 */
export function useStoreSearch(
  storeId: string,
  catalogue: StorefrontCatalogue | undefined,
  search: string,
  categoryId: string | null,
): StoreSearch {
  const chains = catalogue?.truncated ? serverQueries(search, categoryId, catalogue.categories) : [];
  // One string for the queries, so that asking again follows what is typed, not each render.
  const wanted = chains.length > 0 ? JSON.stringify(chains) : '';
  const asked = useSettled(wanted, searchPauseMs);
  const answer = useData(asked ? `catalogue:${storeId}:${asked}` : null, () =>
    Promise.all((JSON.parse(asked) as string[][]).map((chain) => askInTurn(storeId, chain))),
  );
  const items = useMemo(
    () =>
      answer.data
        ? mergedItems(...answer.data.flatMap((chain) => chain.answers.map((each) => each.items)))
        : [],
    [answer.data],
  );
  return {
    items,
    busy: wanted !== '' && (asked !== wanted || (answer.loading && !answer.data)),
    truncated: answer.data?.some((chain) => chain.truncated) ?? false,
    error: asked === wanted ? answer.error : null,
    retry: answer.reload,
  };
}

/** The answers to the queries of a chain, asked in turn until one comes whole; truncated when none did. */
async function askInTurn(storeId: string, chain: string[]) {
  const answers: StorefrontCatalogue[] = [];
  for (const query of chain) {
    const answer = await api<StorefrontCatalogue>('GET', `/stores/${storeId}/catalogue${query}`);
    answers.push(answer);
    if (!answer.truncated) return { answers, truncated: false };
  }
  return { answers, truncated: true };
}
