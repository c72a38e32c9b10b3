import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { asApiError, type ApiError } from './api.ts';

/** Answers already had, by key: a page opened again shows them at once while it asks anew. */
const cache = new Map<string, unknown>();

export type Data<T> = {
  data: T | undefined;
  error: ApiError | null;
  loading: boolean;
  reload: () => void;
  /**
   * Shows what a write answered (the record as it left it) at once, and reads it anew: an answer
   * to a read made before the write is never shown after it.
   */
  set: (value: T) => void;
};

/** What `load` answers for `key` (null: nothing to load yet), loaded again when the key changes. */
export function useData<T>(key: string | null, load: () => Promise<T>): Data<T> {
  const [round, setRound] = useState(0);
  const request = key === null ? null : `${key}#${round}`;
  const [state, setState] = useState<{
    request: string | null;
    key: string | null;
    data: T | undefined;
    error: ApiError | null;
  }>({ request: null, key: null, data: undefined, error: null });
  const run = useEffectEvent(load);

  useEffect(() => {
    if (request === null || key === null) return;
    let current = true;
    run().then(
      (data) => {
        cache.set(key, data);
        if (current) setState({ request, key, data, error: null });
      },
      (error: unknown) => {
        if (current) {
          setState((before) => ({
            request,
            key,
            // What was shown before the failure stays: this key's answer, else the one already had.
            data: before.key === key ? before.data : (cache.get(key) as T | undefined),
            error: asApiError(error),
          }));
        }
      },
    );
    return () => {
      current = false;
    };
  }, [request, key]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  const set = useCallback(
    (value: T) => {
      if (key === null) return;
      cache.set(key, value);
      setState((before) => ({ ...before, key, data: value, error: null }));
      setRound((n) => n + 1);
    },
    [key],
  );
  const mine = state.key === key;
  return {
    data: mine ? state.data : key === null ? undefined : (cache.get(key) as T | undefined),
    error: mine ? state.error : null,
    loading: request !== null && state.request !== request,
    reload,
    set,
  };
}
