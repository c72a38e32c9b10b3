import type { ApiClient } from './api.ts';

/**
 * Push notifications on this device, for an app whose API has `/push/public-key` and
 * `/push-subscriptions` (the customer app's, the delivery app's): the subscription is sent with
 * the app's own headers, so the server knows whose news reaches it.
 */

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

export const pushSupported = () =>
  typeof window !== 'undefined' &&
  window.isSecureContext &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/** Asks the browser for notifications and registers this device: 'on', or 'refused' by the person. */
export async function turnOnPush(api: ApiClient): Promise<'on' | 'refused'> {
  if ((await Notification.requestPermission()) !== 'granted') return 'refused';
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await api<{ publicKey: string }>('GET', '/push/public-key');
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  await api('POST', '/push-subscriptions', subscription.toJSON());
  return 'on';
}

/** Whether this device is subscribed already (notifications allowed and a subscription kept). */
export async function isPushOn(): Promise<boolean> {
  if (!pushSupported() || Notification.permission !== 'granted') return false;
  const registration = await navigator.serviceWorker.getRegistration();
  return Boolean(await registration?.pushManager.getSubscription());
}

/** Stops this device's notifications: the server forgets it, then the browser does. */
export async function turnOffPush(api: ApiClient): Promise<void> {
  if (!pushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await api('DELETE', '/push-subscriptions', { endpoint: subscription.endpoint });
  await subscription.unsubscribe();
}
