import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  deliverAssetsPath,
  deliverConfigElementId,
  deliverPath,
  type DeliverPageConfig,
} from '@storedesk/shared/delivery/rules';
import type { MapTiles } from '@storedesk/shared/map/schemas';
import { scriptSafeJson } from './console-page.ts';
import {
  hiddenRoute,
  loadPhoneApp,
  registerAppFiles,
  sendManifest,
  sendPage,
  sendWorker,
  withHead,
  type PhoneApp,
} from './phone-app.ts';

/** The built delivery app: its page, and its service worker. */
export type DeliverApp = PhoneApp;

/** Reads the built delivery app; null when it is not built. */
export const loadDeliverApp = loadPhoneApp;

const icon = `${deliverAssetsPath}icon.svg`;
const themeColour = '#2e7d32';
const iconSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#2e7d32"/><path d="M10 22h26v20H10z" fill="#fff"/><path d="M36 28h9l7 7v7H36z" fill="#fff"/><circle cx="19" cy="45" r="5" fill="#2e7d32" stroke="#fff" stroke-width="3"/><circle cx="45" cy="45" r="5" fill="#2e7d32" stroke="#fff" stroke-width="3"/></svg>';

/** The app's page: its manifest, icon and config in the head. One page for every business: who is signed in decides the rest. */
export function renderDeliverPage(app: DeliverApp, config: DeliverPageConfig): string {
  return withHead(app, [
    `<meta name="theme-color" content="${themeColour}">`,
    `<meta name="description" content="Your deliveries: orders, addresses, and what to collect">`,
    `<link rel="manifest" href="${deliverPath}/manifest.webmanifest">`,
    `<link rel="icon" href="${icon}">`,
    `<link rel="apple-touch-icon" href="${icon}">`,
    `<script type="application/json" id="${deliverConfigElementId}">${scriptSafeJson(config)}</script>`,
  ]);
}

/** The web app manifest: installs as an app of its own, scoped to /deliver/. */
export const deliverManifest = {
  name: 'Storedesk Deliveries',
  short_name: 'Deliveries',
  description: 'Your deliveries: orders, addresses, and what to collect',
  id: `${deliverPath}/`,
  start_url: `${deliverPath}/`,
  scope: `${deliverPath}/`,
  display: 'standalone',
  orientation: 'portrait',
  background_color: '#ffffff',
  theme_color: themeColour,
  icons: [{ src: icon, sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
};

/**
 * Serves the delivery executives' app (B13, ADR 0042): its files under /deliver/_app/, cached for
 * good; its page at /deliver and every path below it (the app's own pages: an order, the reset
 * link), with its manifest and service worker beside it.
 */
export async function registerDeliverApp(app: FastifyInstance, built: DeliverApp | null, tiles: MapTiles) {
  await registerAppFiles(app, built, deliverAssetsPath, iconSvg);
  const config: DeliverPageConfig = { tiles };
  // Nothing else lives in the app's folder: a missing file is a 404, never the page.
  app.get(`${deliverAssetsPath}*`, hiddenRoute, async (_request, reply) => reply.callNotFound());

  const page = async (_request: unknown, reply: FastifyReply) =>
    sendPage(reply, built, 'delivery app', (ready) => renderDeliverPage(ready, config));
  // /deliver itself answers the page too (the app moves to /deliver/, the folder its worker controls).
  app.get(deliverPath, hiddenRoute, page);
  app.get(`${deliverPath}/`, hiddenRoute, page);
  app.get(`${deliverPath}/*`, hiddenRoute, page);
  app.get(`${deliverPath}/manifest.webmanifest`, hiddenRoute, async (_request, reply) =>
    sendManifest(reply, deliverManifest),
  );
  app.get(`${deliverPath}/sw.js`, hiddenRoute, async (_request, reply) =>
    built ? sendWorker(reply, built) : reply.callNotFound(),
  );
}
