import { useState } from 'react';
import { api } from '../lib/api.ts';

/** The server's public key, as the bytes pushManager.subscribe takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4))
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

const supported = () =>
  typeof window !== 'undefined' &&
  window.isSecureContext &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/**
 * "Tell me on this phone": asks the browser for notifications and registers this device for the
 * customer's order news (sent with their token, so the news of their orders reaches it).
 */
export function OrderAlerts() {
  const [state, setState] = useState<'idle' | 'working' | 'on' | 'refused' | 'failed'>(() =>
    supported() && Notification.permission === 'denied' ? 'refused' : 'idle',
  );
  if (!supported()) return null;

  const turnOn = async () => {
    setState('working');
    try {
      if ((await Notification.requestPermission()) !== 'granted') {
        setState('refused');
        return;
      }
      const registration = await navigator.serviceWorker.ready;
      const { publicKey } = await api<{ publicKey: string }>('GET', '/push/public-key');
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: keyBytes(publicKey),
        }));
      await api('POST', '/push-subscriptions', subscription.toJSON());
      setState('on');
    } catch {
      setState('failed');
    }
  };

  if (state === 'on') return <p className="hint">This phone will tell you when your order moves.</p>;
  if (state === 'refused')
    return <p className="hint">Notifications are off for this site: this page still updates by itself.</p>;
  return (
    <p>
      <button
        type="button"
        className="text-button"
        disabled={state === 'working'}
        onClick={() => void turnOn()}
      >
        Notify me on this phone
      </button>
      {state === 'failed' ? (
        <span className="field-error"> Could not turn notifications on. Try again.</span>
      ) : null}
    </p>
  );
}
