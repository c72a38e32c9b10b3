import { useEffect } from 'react';
import type { ApiError } from './api.ts';

/* What a screen of the apps shows while it loads, and when loading failed (with a retry). */

export function Spinner({ label }: { label: string }) {
  return (
    <div className="spinner" role="status">
      <span className="spinner-dot" aria-hidden="true" />
      {label}
    </div>
  );
}

/** A failure to load, with Try again; one for want of a connection is tried again once it is back. */
export function ErrorPanel({ error, onRetry }: { error: ApiError; onRetry?: () => void }) {
  useEffect(() => {
    if (!onRetry || error.status !== 0) return;
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [error, onRetry]);
  return (
    <div className="error-panel" role="alert">
      <p>{error.message}</p>
      {onRetry ? (
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

/** A form's error that is no one field's, announced when it shows; nothing without one. */
export function FormAlert({
  message,
  className = 'field-error',
}: {
  message: string | null | undefined;
  className?: string;
}) {
  return message ? (
    <p className={className} role="alert">
      {message}
    </p>
  ) : null;
}
