import { useEffect, useState } from 'react';
import { sharedValue } from '@storedesk/web/shared-value';
import { positionPolicy, shouldSendPosition, type Position } from '@storedesk/shared/delivery/rules';
import { asApiError } from '@storedesk/web/api';
import { api } from './api.ts';
import { updateSession } from './session.ts';

export type Sharing = 'off' | 'starting' | 'on' | 'denied' | 'unavailable';

/** Where sharing stands, for whichever screen says so: the app shares on every screen. */
const current = sharedValue<Sharing>('off');

/** Where the app's location sharing stands now (useLocationSharing, in the app's shell, shares). */
export function useSharing(): Sharing {
  return current.use();
}

/**
 * Shares the phone's position while the executive is on duty (B13, ADR 0042), and only then: a fix
 * goes to the server once the phone has moved about 50 m and 10 s have passed since the last one
 * sent (a fix that comes sooner is sent when the wait is over, if no newer one came). Going off
 * duty or signing out stops the watch. It runs in the app's shell, so the position
 * keeps flowing on every screen (an order's page above all); useSharing reads where it stands.
 */
export function useLocationSharing(onDuty: boolean, token: string | null): Sharing {
  const [sharing, setSharing] = useState<Exclude<Sharing, 'off'>>('starting');
  const active = onDuty && token !== null;

  useEffect(() => {
    if (!active) return;
    if (!('geolocation' in navigator)) {
      // Told after the effect, as a watch's failure is.
      const later = setTimeout(() => setSharing('unavailable'));
      return () => clearTimeout(later);
    }
    let last: { position: Position; at: number } | null = null;
    let busy = false;
    let quietUntil = 0;
    // A fix that came too soon after the last one sent: sent once the wait is over, unless a newer
    // fix came meanwhile. A phone that moved and then stood still would otherwise leave Dispatch
    // with where it was before it moved until it moved again.
    let held: { position: Position; accuracy: number } | null = null;
    let heldTimer: ReturnType<typeof setTimeout> | undefined;
    const send = (position: Position, accuracy: number) => {
      const now = Date.now();
      clearTimeout(heldTimer);
      held = null;
      const wait = Math.max(quietUntil, last ? last.at + positionPolicy.minIntervalMs : 0) - now;
      if (busy || wait > 0) {
        held = { position, accuracy };
        heldTimer = setTimeout(
          () => {
            if (held) send(held.position, held.accuracy);
          },
          Math.max(wait, 1_000),
        );
        return;
      }
      if (!shouldSendPosition(last, position, now)) return;
      busy = true;
      api('POST', '/location', { ...position, accuracy: Math.min(Math.max(accuracy, 0), 100_000) })
        .then(
          () => {
            last = { position, at: now };
          },
          (failure: unknown) => {
            const error = asApiError(failure);
            // The server took one a moment ago (another tab): this one counts as sent.
            if (error.status === 429) last = { position, at: now };
            // The server has the executive off duty (from another phone, or staff): so be it here.
            else if (error.status === 409) updateSession({ onDuty: false });
            // Offline or failing: try again with a fix after the usual wait.
            else quietUntil = now + positionPolicy.minIntervalMs;
          },
        )
        .finally(() => {
          busy = false;
        });
    };
    const watch = navigator.geolocation.watchPosition(
      (fix) => {
        setSharing('on');
        send({ lat: fix.coords.latitude, lng: fix.coords.longitude }, fix.coords.accuracy);
      },
      (error) => setSharing(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable'),
      { enableHighAccuracy: true, maximumAge: positionPolicy.minIntervalMs, timeout: 60_000 },
    );
    return () => {
      navigator.geolocation.clearWatch(watch);
      clearTimeout(heldTimer);
      setSharing('starting');
    };
  }, [active]);

  const shown = active ? sharing : 'off';
  useEffect(() => current.set(shown), [shown]);
  return shown;
}
