import { useFormat, useT } from '@storedesk/web/i18n';
import { useCallback, useState } from 'react';

/**
 * The record a form's edits are based on (D9). While the form is untouched it
 * is the live record, so the form may follow a colleague's saves; from the
 * first edit it stays the record the edits started from, whatever arrives
 * live meanwhile. A save sends `base.version`, so a colleague's save in between
 * makes it 409 instead of being silently undone.
 *
 * After a 409 the page puts the current record in the query cache and the form
 * resets to it; the form is untouched again, so the base follows.
 */
export function useEditBase<T>(live: T, dirty: boolean): T {
  const [pinned, setPinned] = useState(live);
  // Adjusting state while rendering: the base follows the live record until the first edit.
  if (!dirty && pinned !== live) setPinned(live);
  return dirty ? pinned : live;
}

/** The names of the fields whose values differ between two versions of a record, for "what changed". */
export function changedFields<T extends object>(
  before: T,
  after: T,
  labels: Partial<Record<keyof T, string>>,
): string[] {
  return (Object.keys(labels) as (keyof T)[])
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => labels[key]!);
}

/**
 * What a record form says when its save was refused because a colleague saved first (D9), in the
 * language shown: `noun` is the record's name in that language ("store"), `changed` the labels of
 * the fields that changed, each said once, listed as the language lists them.
 */
export function useStaleSaveMessage(): (noun: string, changed: readonly string[]) => string {
  const t = useT();
  const format = useFormat();
  return useCallback(
    (noun, changed) => {
      const unique = [...new Set(changed)];
      return unique.length === 0
        ? t('common.staleSaved', { noun })
        : t('common.staleSavedChanged', { noun, changed: format.list(unique) });
    },
    [t, format],
  );
}
