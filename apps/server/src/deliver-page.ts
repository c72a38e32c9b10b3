import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import {
  deliverAssetsPath,
  deliverConfigElementId,
  deliverPath,
  type DeliverPageConfig,
} from '@storedesk/shared/delivery/rules';
import type { MapTiles } from '@storedesk/shared/map/schemas';
import { scriptSafeJson } from './console-page.ts';

/** The built delivery app: its page, and its service worker. */
export type DeliverApp = { dir: string; html: string; serviceWorker: string };

/** Reads the built delivery app; null when it is not built. */
export function loadDeliverApp(dir: string): DeliverApp | null {
  const indexFile = path.join(dir, 'index.html');
  const workerFile = path.join(dir, 'sw.js');
  if (!fs.existsSync(indexFile) || !fs.existsSync(workerFile)) return null;
  return {
    dir,
    html: fs.readFileSync(indexFile, 'utf8'),
    serviceWorker: fs.readFileSync(workerFile, 'utf8'),
  };
}

const icon = `${deliverAssetsPath}icon.svg`;
const themeColour = '#2e7d32';

/** The app's page: its manifest, icon and config in the head. One page for every business: who is signed in decides the rest. */
export function renderDeliverPage(app: DeliverApp, config: DeliverPageConfig): string {
  const head = [
    `<meta name="theme-color" content="${themeColour}">`,
    `<meta name="description" content="Your deliveries: orders, addresses, and what to collect">`,
    `<link rel="manifest" href="${deliverPath}/manifest.webmanifest">`,
    `<link rel="icon" href="${icon}">`,
    `<link rel="apple-touch-icon" href="${icon}">`,
    `<script type="application/json" id="${deliverConfigElementId}">${scriptSafeJson(config)}</script>`,
  ].join('\n    ');
  const at = app.html.indexOf('</head>');
  return `${app.html.slice(0, at)}  ${head}\n  ${app.html.slice(at)}`;
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
  if (built) {
    await app.register(fastifyStatic, {
      root: path.join(built.dir, 'assets'),
      prefix: `${deliverAssetsPath}assets/`,
      decorateReply: false,
      wildcard: true,
      index: false,
      preCompressed: true,
      setHeaders: (reply) => {
        void reply.header('vary', 'Accept-Encoding');
        void reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  const hidden = { config: { access: 'public' as const }, schema: { hide: true } };
  const config: DeliverPageConfig = { tiles };

  app.get(`${deliverAssetsPath}icon.svg`, hidden, async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=86400')
      .type('image/svg+xml')
      .send(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#2e7d32"/><path d="M10 22h26v20H10z" fill="#fff"/><path d="M36 28h9l7 7v7H36z" fill="#fff"/><circle cx="19" cy="45" r="5" fill="#2e7d32" stroke="#fff" stroke-width="3"/><circle cx="45" cy="45" r="5" fill="#2e7d32" stroke="#fff" stroke-width="3"/></svg>',
      ),
  );
  // Nothing else lives in the app's folder: a missing file is a 404, never the page.
  app.get(`${deliverAssetsPath}*`, hidden, async (_request, reply) => reply.callNotFound());

  const page = async (_request: unknown, reply: FastifyReply) => {
    if (!built) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The delivery app is not built yet: run `npm run build` (npm start does this for you).');
    }
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(renderDeliverPage(built, config));
  };
  // /deliver itself answers the page too (the app moves to /deliver/, the folder its worker controls).
  app.get(deliverPath, hidden, page);
  app.get(`${deliverPath}/`, hidden, page);
  app.get(`${deliverPath}/*`, hidden, page);

  app.get(`${deliverPath}/manifest.webmanifest`, hidden, async (_request, reply) =>
    reply
      .header('cache-control', 'no-cache')
      .type('application/manifest+json')
      .send(JSON.stringify(deliverManifest)),
  );
  // The worker lives at /deliver/sw.js so that its scope is the app and nothing else.
  app.get(`${deliverPath}/sw.js`, hidden, async (_request, reply) => {
    if (!built) return reply.callNotFound();
    return reply
      .header('cache-control', 'no-cache')
      .type('text/javascript; charset=utf-8')
      .send(built.serviceWorker);
  });
}
