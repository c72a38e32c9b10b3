import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import type { ReactNode } from 'react';
import { createContext, useCallback, useContext, useState } from 'react';

export type SnackbarMessage = {
  message: string;
  severity?: 'success' | 'info' | 'warning' | 'error';
  /** A button in the snackbar, e.g. Undo after a delete. */
  action?: { label: string; onClick: () => void };
};

type Notify = (message: string | SnackbarMessage) => void;

const SnackbarContext = createContext<Notify | null>(null);

/** Short messages after an action ("Details saved"); the newest replaces the one showing. */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(SnackbarMessage & { key: number }) | null>(null);
  const [open, setOpen] = useState(false);

  const notify = useCallback<Notify>((message) => {
    const next = typeof message === 'string' ? { message } : message;
    setCurrent({ ...next, key: Date.now() });
    setOpen(true);
  }, []);

  const close = (_event?: unknown, reason?: string) => {
    if (reason !== 'clickaway') setOpen(false);
  };

  return (
    <SnackbarContext value={notify}>
      {children}
      <Snackbar
        key={current?.key}
        open={open}
        autoHideDuration={5000}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          severity={current?.severity ?? 'success'}
          variant="filled"
          onClose={close}
          action={
            current?.action ? (
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  current.action?.onClick();
                  setOpen(false);
                }}
              >
                {current.action.label}
              </Button>
            ) : undefined
          }
          sx={{ width: '100%' }}
        >
          {current?.message}
        </Alert>
      </Snackbar>
    </SnackbarContext>
  );
}

export function useSnackbar(): Notify {
  const notify = useContext(SnackbarContext);
  if (!notify) throw new Error('useSnackbar is used outside SnackbarProvider');
  return notify;
}
