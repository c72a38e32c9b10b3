import type { ReactNode } from 'react';
import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import type { SnackbarView } from './snackbar-view.tsx';

export type SnackbarMessage = {
  message: string;
  severity?: 'success' | 'info' | 'warning' | 'error';
  /** A button in the snackbar, e.g. Undo after a delete. */
  action?: { label: string; onClick: () => void };
};

type Notify = (message: string | SnackbarMessage) => void;

const SnackbarContext = createContext<Notify | null>(null);

/**
 * Short messages after an action ("Details saved"); the newest replaces the one showing. The
 * snackbar's code is fetched when the person first presses a key or a pointer (ADR 0094), so a
 * first screen is idle without it; a message given before it arrives fetches it and shows once it has.
 */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(SnackbarMessage & { key: number }) | null>(null);
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [View, setView] = useState<typeof SnackbarView | null>(null);

  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const events = ['pointerdown', 'keydown'] as const;
    for (const type of events)
      window.addEventListener(type, want, { capture: true, once: true, passive: true });
    return () => {
      for (const type of events) window.removeEventListener(type, want, { capture: true });
    };
  }, [wanted]);

  useEffect(() => {
    if (!wanted) return;
    let mounted = true;
    const load = (attempt: number) => {
      import('./snackbar-view.tsx').then(
        (module) => mounted && setView(() => module.SnackbarView),
        () => mounted && attempt < 5 && setTimeout(() => load(attempt + 1), 2_000 * attempt),
      );
    };
    load(1);
    return () => {
      mounted = false;
    };
  }, [wanted]);

  const notify = useCallback<Notify>((message) => {
    const next = typeof message === 'string' ? { message } : message;
    setCurrent({ ...next, key: Date.now() });
    setOpen(true);
    setWanted(true);
  }, []);

  return (
    <SnackbarContext value={notify}>
      {children}
      {View ? <View current={current} open={open} onClose={() => setOpen(false)} /> : null}
    </SnackbarContext>
  );
}

export function useSnackbar(): Notify {
  const notify = useContext(SnackbarContext);
  if (!notify) throw new Error('useSnackbar is used outside SnackbarProvider');
  return notify;
}
