import { useEffect, useEffectEvent, useRef } from 'react';
import { backoffMs } from '@storedesk/shared/retry';
import type { ApiError } from './api.ts';
import { useTexts } from './texts.ts';

/* What a screen of the apps shows while it loads, and when loading failed (with a retry). */

export function Spinner({ label }: { label: string }) {
  return (
    <div className="spinner" role="status">
      <span className="spinner-dot" aria-hidden="true" />
      {label}
    </div>
  );
}

/**
 * A failure to load, with Try again. One that never reached the server is tried again by itself:
 * at once when the phone says it is back online, and, while it says it is online, after a wait that
 * doubles from 2 s to at most 30 s (a connection coming back is often not there yet at the first
 * try, and a phone's network drops without saying so).
 */
export function ErrorPanel({ error, onRetry }: { error: ApiError; onRetry?: () => void }) {
  const failures = useRef(0);
  // The wait counts failures (each a new `error`), not renders: a screen may pass a new callback each time.
  const retry = useEffectEvent(() => onRetry?.());
  const retries = onRetry !== undefined;
  const texts = useTexts();
  useEffect(() => {
    if (!retries || error.status !== 0) return;
    const again = () => retry();
    window.addEventListener('online', again);
    const later = navigator.onLine
      ? setTimeout(again, backoffMs(failures.current++, { firstMs: 2_000, maxMs: 30_000 }))
      : undefined;
    return () => {
      window.removeEventListener('online', again);
      clearTimeout(later);
    };
  }, [error, retries]);
  return (
    <div className="error-panel" role="alert">
      <p>{texts.error(error)}</p>
      {onRetry ? (
        <button type="button" className="button" onClick={onRetry}>
          {texts.text('web.tryAgain')}
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
