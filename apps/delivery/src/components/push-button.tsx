import { usePush } from '@storedesk/web/use-push';
import { api } from '../lib/api.ts';

/** "Notify me of new orders": a new assignment rings this phone even when the app is closed. */
export function PushButton() {
  const { supported, state, turnOn, turnOff } = usePush(api, { check: true });
  if (!supported || state === 'checking') return null;

  if (state === 'refused')
    return (
      <p className="hint">Notifications are blocked for this site: keep the app open to see new orders.</p>
    );
  if (state === 'on')
    return (
      <p className="hint">
        This phone tells you of new orders.{' '}
        <button type="button" className="text-button inline" onClick={() => void turnOff()}>
          Stop notifications
        </button>
      </p>
    );
  return (
    <p>
      <button
        type="button"
        className="button secondary"
        disabled={state === 'working'}
        onClick={() => void turnOn()}
      >
        Notify me of new orders
      </button>
      {state === 'failed' ? (
        <span className="field-error" role="alert">
          {' '}
          Could not change notifications. Try again.
        </span>
      ) : null}
    </p>
  );
}
