import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { slugPattern } from '@storedesk/shared/settings/business';
import {
  shopAssetsPath,
  storefrontConfigElementId,
  type StorefrontPageConfig,
} from '@storedesk/shared/storefront/page';
import type { MapTiles } from '@storedesk/shared/map/schemas';
import type { Database } from './db/client.ts';
import { findBusinessBySlug } from './modules/storefront/storefront.repository.ts';
import type { ShopOrigins } from './lib/shop-origin.ts';
import { shopSlugOf } from './plugins/shop-site.ts';
import { fileUrl } from './storage/images.ts';
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

/** The built customer app: its page, and its service worker. */
export type StorefrontApp = PhoneApp;

/** Reads the built customer app; null when it is not built. */
export const loadStorefrontApp = loadPhoneApp;

const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

const defaultIcon = `${shopAssetsPath}icon.svg`;
const iconSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#2e7d32"/><path d="M18 24h28l-3 24H21z" fill="#fff"/><path d="M25 24c0-5 3-9 7-9s7 4 7 9" stroke="#fff" stroke-width="4" fill="none"/></svg>';

/** The page of one business's app, at the root of its own origin: its name, colour, manifest and config in the head. */
export function renderStorefrontPage(app: StorefrontApp, config: StorefrontPageConfig): string {
  return withHead(app, [
    `<title>${escapeHtml(config.name)}</title>`,
    `<meta name="theme-color" content="${escapeHtml(config.theme.primaryColor)}">`,
    `<meta name="description" content="Order from ${escapeHtml(config.name)}">`,
    `<link rel="manifest" href="/manifest.webmanifest">`,
    `<link rel="icon" href="${escapeHtml(config.logoUrl ?? defaultIcon)}">`,
    `<link rel="apple-touch-icon" href="${escapeHtml(config.logoUrl ?? defaultIcon)}">`,
    `<script type="application/json" id="${storefrontConfigElementId}">${scriptSafeJson(config)}</script>`,
  ]);
}

/** The web app manifest: installs as the business's own app, in its colours, its whole origin its scope. */
export function storefrontManifest(config: StorefrontPageConfig) {
  const icon = config.logoUrl
    ? {
        src: config.logoUrl,
        sizes: 'any',
        type: config.logoUrl.endsWith('.png') ? 'image/png' : 'image/jpeg',
      }
    : { src: defaultIcon, sizes: 'any', type: 'image/svg+xml' };
  return {
    name: config.name,
    short_name: config.name.length > 12 ? config.name.slice(0, 12).trim() : config.name,
    description: `Order from ${config.name}`,
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#ffffff',
    theme_color: config.theme.primaryColor,
    icons: [{ ...icon, purpose: 'any' }],
  };
}

const notFoundPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>No shop here</title></head><body><h1>No shop at this address</h1><p>Check the link the shop gave you.</p></body></html>`;

/**
 * What the console's origin serves at /shop/<slug>/sw.js, where browsers that opened a customer
 * app there before it had an origin of its own look for their worker's update: a worker that
 * unregisters itself, so the old address stops opening from a cache and follows the redirect.
 */
export const retiredShopWorker = `self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil(
    self.clients.claim()
      .then(() => self.registration.unregister())
      .then(() => self.clients.matchAll({ type: 'window' }))
      .then((windows) => Promise.all(windows.map((client) => client.navigate(client.url)))),
  );
});
`;

/**
 * Serves the customer app (ADR 0040, 0055): its files once for every business under /shop/_app/,
 * and on each business's own origin (routed below /shop/<slug>, see plugins/shop-site.ts) its page
 * at every path, with its manifest and service worker beside it. On the console's origin,
 * /shop/<slug> and every path below it answer 308 to the same path on the business's origin. An
 * unknown slug is a 404 page.
 */
export async function registerStorefrontApp(
  app: FastifyInstance,
  db: Database,
  built: StorefrontApp | null,
  tiles: MapTiles,
  sites: ShopOrigins,
) {
  await registerAppFiles(app, built, shopAssetsPath, iconSvg);
  const hidden = hiddenRoute;

  const businessOf = async (slug: string) =>
    slugPattern.test(slug) && slug.length <= 60 ? findBusinessBySlug(db, slug) : null;

  const configOf = (business: NonNullable<Awaited<ReturnType<typeof businessOf>>>): StorefrontPageConfig => ({
    key: business.storefrontKey,
    slug: business.slug,
    name: business.name,
    theme: business.theme,
    logoUrl: business.iconKey ? fileUrl(business.iconKey) : null,
    tiles,
  });

  const noShop = (reply: FastifyReply) =>
    reply.status(404).type('text/html; charset=utf-8').send(notFoundPage);

  /**
   * On the business's own origin, `serve` answers; on the console's, the same path on the
   * business's origin, with its query.
   */
  const onShopOrigin =
    (serve: (business: StorefrontPageConfig, reply: FastifyReply) => unknown) =>
    async (request: FastifyRequest<{ Params: { slug: string } }>, reply: FastifyReply) => {
      const business = await businessOf(request.params.slug);
      if (!business) return noShop(reply);
      if (shopSlugOf(request) === business.slug) return serve(configOf(business), reply);
      const below = request.url.slice(`/shop/${request.params.slug}`.length);
      return reply.redirect(`${sites.originOf(business)}${below.startsWith('/') ? below : `/${below}`}`, 308);
    };

  const page = onShopOrigin((config, reply) =>
    sendPage(reply, built, 'customer app', (ready) => renderStorefrontPage(ready, config)),
  );
  app.get('/shop/:slug', hidden, page);
  app.get('/shop/:slug/*', hidden, page);
  app.get(
    '/shop/:slug/manifest.webmanifest',
    hidden,
    onShopOrigin((config, reply) => sendManifest(reply, storefrontManifest(config))),
  );
  // The worker lives at the root of the business's origin, so that its scope is the whole app.
  app.get<{ Params: { slug: string } }>('/shop/:slug/sw.js', hidden, async (request, reply) => {
    if (shopSlugOf(request) === null)
      return reply
        .header('cache-control', 'no-cache')
        .type('text/javascript; charset=utf-8')
        .send(retiredShopWorker);
    if (!built || !(await businessOf(request.params.slug))) return reply.callNotFound();
    return sendWorker(reply, built);
  });
}
