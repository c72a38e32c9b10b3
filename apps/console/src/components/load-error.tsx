import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTexts } from '@storedesk/web/texts';

type LoadErrorProps = {
  /** What failed, e.g. "Could not load your account". */
  title: string;
  error: Error | null;
  onRetry: () => void;
  retrying?: boolean;
};

/**
 * The failed state of a screen or part of one: what failed, why if known, and Try again. Its words
 * are the apps' shared ones, so it speaks the language shown, and English where no catalogue is
 * (the sign-in pages, the printouts).
 */
export function LoadError({ title, error, onRetry, retrying = false }: LoadErrorProps) {
  const { text } = useTexts();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry} disabled={retrying}>
          {text(retrying ? 'web.loading' : 'web.tryAgain')}
        </Button>
      }
    >
      <AlertTitle>{title}</AlertTitle>
      {error?.message}
    </Alert>
  );
}
