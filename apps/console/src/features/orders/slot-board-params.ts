import { isCalendarDay } from '@storedesk/shared/dates';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useSearchUpdate } from '@/lib/search-update.ts';

/** The board's day (YYYY-MM-DD; undefined: today) and store, as the URL keeps them. */
export type SlotBoardParams = { day: string | undefined; storeId: string | undefined };

const idPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function readParams(search: URLSearchParams): SlotBoardParams {
  const day = search.get('day');
  const storeId = search.get('storeId');
  return {
    day: day !== null && isCalendarDay(day) ? day : undefined,
    storeId: storeId !== null && idPattern.test(storeId) ? storeId : undefined,
  };
}

/**
 * The day and store of the slots board, kept in the URL so a reload or a shared link shows the
 * same board; today is left out, so a bookmark of the board opens on the day it is opened.
 */
export function useSlotBoardParams(): [SlotBoardParams, (changes: Partial<SlotBoardParams>) => void] {
  const [search] = useSearchParams();
  const updateSearch = useSearchUpdate();
  const setParams = useCallback(
    (changes: Partial<SlotBoardParams>) => {
      updateSearch((previous) => {
        const next = new URLSearchParams(previous);
        const merged = { ...readParams(previous), ...changes };
        for (const [key, value] of Object.entries(merged)) {
          if (value === undefined) next.delete(key);
          else next.set(key, value);
        }
        return next;
      });
    },
    [updateSearch],
  );
  return [readParams(search), setParams];
}
