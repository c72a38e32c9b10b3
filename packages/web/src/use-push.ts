import { useEffect, useState } from 'react';
import type { ApiClient } from './api.ts';
import { isPushOn, pushSupported, turnOffPush, turnOnPush } from './push.ts';

/** Where a "notify me" control stands. */
export type PushState = 'checking' | 'off' | 'working' | 'on' | 'refused' | 'failed';

/**
 * This device's notifications for a "notify me" control: 'refused' when the browser blocks them,
 * else 'off' or, with `check`, 'checking' until whether the device is subscribed is known ('on' or
 * 'off'). `turnOn` and `turnOff` pass through 'working' to 'on', 'refused' or 'off', or 'failed'.
 * `supported` is false where the browser has no push (nothing to show).
 */
export function usePush(api: ApiClient, { check }: { check: boolean }) {
  const [state, setState] = useState<PushState>(() =>
    pushSupported() && Notification.permission === 'denied' ? 'refused' : check ? 'checking' : 'off',
  );
  useEffect(() => {
    if (!check || !pushSupported()) return;
    let current = true;
    void isPushOn().then((on) => {
      if (current) setState((now) => (now === 'checking' ? (on ? 'on' : 'off') : now));
    });
    return () => {
      current = false;
    };
  }, [check]);

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
  return { supported: pushSupported(), state, turnOn, turnOff };
}
