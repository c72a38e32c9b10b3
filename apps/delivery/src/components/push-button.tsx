import { useEffect, useState } from 'react';
import { isPushOn, pushSupported, turnOffPush, turnOnPush } from '@storedesk/web/push';
import { api } from '../lib/api.ts';

type State = 'checking' | 'off' | 'working' | 'on' | 'refused' | 'failed';

/** "Notify me of new orders": a new assignment rings this phone even when the app is closed. */
export function PushButton() {
  const [state, setState] = useState<State>(() =>
    pushSupported() && Notification.permission === 'denied' ? 'refused' : 'checking',
  );
  useEffect(() => {
    if (!pushSupported()) return;
    let current = true;
    void isPushOn().then((on) => {
      if (current) setState((now) => (now === 'checking' ? (on ? 'on' : 'off') : now));
    });
    return () => {
      current = false;
    };
  }, []);
  if (!pushSupported() || state === 'checking') return null;

  const turnOn = async () => {
    setState('working');
    try {
      setState(await turnOnPush(api));
    } catch {
      setState('failed');
    }
  };
  const turnOff = async () => {
    setState('working');
    try {
      await turnOffPush(api);
      setState('off');
    } catch {
      setState('failed');
    }
  };

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
