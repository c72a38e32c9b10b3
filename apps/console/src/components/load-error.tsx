import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';

type LoadErrorProps = {
  /** What failed, e.g. "Could not load your account". */
  title: string;
  error: Error | null;
  onRetry: () => void;
  retrying?: boolean;
};

/** The failed state of a screen or part of one: what failed, why if known, and Retry. */
export function LoadError({ title, error, onRetry, retrying = false }: LoadErrorProps) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry} disabled={retrying}>
          {retrying ? 'Retrying…' : 'Retry'}
        </Button>
      }
    >
      <AlertTitle>{title}</AlertTitle>
      {error?.message}
    </Alert>
  );
}
