import { vi } from 'vitest';

/**
 * The browser's notifications, allowed, as a list of what was shown: `new Notification(title, {body})`
 * records the title and body. `vi.unstubAllGlobals()` gives the real one back.
 */
export function stubNotifications(): Array<{ title: string; body: string | undefined }> {
  const shown: Array<{ title: string; body: string | undefined }> = [];
  vi.stubGlobal(
    'Notification',
    Object.assign(
      function Notification(title: string, options?: NotificationOptions) {
        shown.push({ title, body: options?.body });
      },
      { permission: 'granted' },
    ),
  );
  return shown;
}
