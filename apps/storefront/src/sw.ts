/// <reference lib="webworker" />
/**
 * The customer app's service worker, served at /sw.js of each business's shop origin: it keeps the
 * app opening without a network (its page and every file of its build, the business and what the
 * customer last saw of stores and their own orders) and shows the shop's push notifications,
 * opening the order or page a notification is about when tapped. It imports only what the apps'
 * workers share, which the build puts into it: it runs as a classic script.
 */
import { builtFiles, keepAppOffline, showNotifications } from '@storedesk/web/service-worker';
import { keptOffline, shopCacheName } from '@storedesk/shared/storefront/page';

declare const self: ServiceWorkerGlobalScope;

const scope = new URL(self.registration.scope);
const page = scope.pathname.replace(/\/$/, '');
const files = '/shop/_app/';

keepAppOffline(self, {
  cache: shopCacheName,
  page,
  files,
  precache: builtFiles(self),
  // The network first, the last answer when offline: the shell's business and slides, the stores
  // and catalogues last looked at, and the customer's own orders, which the app lets go when the
  // customer signs out or another signs in (lib/offline.ts).
  alsoKeep: (url) => keptOffline(url.pathname) !== null,
});
showNotifications(self, {
  page,
  title: 'Your order',
  icon: `${files}icon.svg`,
  target: (url) => (url && url.startsWith(page) ? url : `${page}/`),
});
