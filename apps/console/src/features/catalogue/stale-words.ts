import { localeOf, useLanguage, useT } from '@storedesk/web/i18n';
import { useCallback } from 'react';

const lists = new Map<string, Intl.ListFormat>();

/**
 * What a catalogue form says when its save was refused because a colleague saved first (D9), in
 * the language shown: the fields that changed listed as the language lists them ("Name, Price
 * and Image"), each once.
 */
export function useStaleWords(): (record: 'category' | 'item', changed: string[]) => string {
  const t = useT();
  const language = useLanguage();
  return useCallback(
    (record, changed) => {
      const locale = localeOf[language];
      let list = lists.get(locale);
      if (!list) lists.set(locale, (list = new Intl.ListFormat(locale, { type: 'conjunction' })));
      const unique = [...new Set(changed)];
      if (unique.length === 0) return t(record === 'category' ? 'category.stale' : 'item.stale');
      return t(record === 'category' ? 'category.staleChanged' : 'item.staleChanged', {
        changed: list.format(unique),
      });
    },
    [t, language],
  );
}
