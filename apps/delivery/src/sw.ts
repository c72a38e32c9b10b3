/// <reference lib="webworker" />
/**
 * The delivery app's service worker, served at /deliver/sw.js: it keeps the app opening without a
 * network (its page and every file of its build; never the executive's orders, which are personal)
 * and shows the notifications of new orders, opening the order a notification is about when tapped.
 * It imports only what the apps' workers share, which the build puts into it: it runs as a classic
 * script.
 */
import { builtFiles, keepAppOffline, showNotifications } from '@storedesk/web/service-worker';

declare const self: ServiceWorkerGlobalScope;

const page = '/deliver';
const files = '/deliver/_app/';

/** Only a page of this app opens from a notification; anything else opens the list. */
function pageOf(url: string | undefined): string {
  if (!url) return `${page}/`;
  try {
    const target = new URL(url, self.location.origin);
    if (target.origin === self.location.origin && target.pathname.startsWith(`${page}/`))
      return `${target.pathname}${target.search}`;
  } catch {
    // Not an address.
  }
  return `${page}/`;
}

keepAppOffline(self, { cache: 'storedesk-deliver-v1', page, files, precache: builtFiles(self) });
showNotifications(self, { page, title: 'New order', icon: `${files}icon.svg`, target: pageOf });
