/// <reference lib="webworker" />
/**
 * The customer app's service worker, served at /sw.js of each business's shop origin: it keeps the
 * app opening without a network (its page and files, as last fetched) and shows the shop's push
 * notifications, opening the order or page a notification is about when tapped. It imports only
 * what the apps' workers share, which the build puts into it: it runs as a classic script.
 */
import { keepAppOffline, showNotifications } from '@storedesk/web/service-worker';

declare const self: ServiceWorkerGlobalScope;

const scope = new URL(self.registration.scope);
const page = scope.pathname.replace(/\/$/, '');
const files = '/shop/_app/';

keepAppOffline(self, {
  cache: 'storedesk-shop-v1',
  page,
  files,
  // What the shell shows, the same for every customer (the business, its slides): the network
  // first, the last answer when offline. Nothing personal (addresses, orders) is kept.
  alsoKeep: (url) => /^\/api\/storefront\/(business|slides)$/.test(url.pathname),
});
showNotifications(self, {
  page,
  title: 'Your order',
  icon: `${files}icon.svg`,
  target: (url) => (url && url.startsWith(page) ? url : `${page}/`),
});
