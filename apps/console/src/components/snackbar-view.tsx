import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import type { SnackbarMessage } from './snackbar-provider.tsx';

type SnackbarViewProps = {
  current: (SnackbarMessage & { key: number }) | null;
  open: boolean;
  onClose: () => void;
};

/** The snackbar itself: its own chunk, which SnackbarProvider fetches once the console shows. */
export function SnackbarView({ current, open, onClose }: SnackbarViewProps) {
  const close = (_event?: unknown, reason?: string) => {
    if (reason !== 'clickaway') onClose();
  };
  return (
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
                onClose();
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
  );
}
