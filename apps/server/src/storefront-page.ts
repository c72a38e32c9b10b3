import type { FastifyInstance, FastifyReply } from 'fastify';
import { slugPattern } from '@storedesk/shared/settings/business';
import {
  shopAssetsPath,
  shopPath,
  storefrontConfigElementId,
  type StorefrontPageConfig,
} from '@storedesk/shared/storefront/page';
import type { MapTiles } from '@storedesk/shared/map/schemas';
import type { Database } from './db/client.ts';
import { findBusinessBySlug } from './modules/storefront/storefront.repository.ts';
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

/** The page of one business's app: its name, colour, manifest and config in the head. */
export function renderStorefrontPage(app: StorefrontApp, config: StorefrontPageConfig): string {
  const base = shopPath(config.slug);
  return withHead(app, [
    `<title>${escapeHtml(config.name)}</title>`,
    `<meta name="theme-color" content="${escapeHtml(config.theme.primaryColor)}">`,
    `<meta name="description" content="Order from ${escapeHtml(config.name)}">`,
    `<link rel="manifest" href="${base}/manifest.webmanifest">`,
    `<link rel="icon" href="${escapeHtml(config.logoUrl ?? defaultIcon)}">`,
    `<link rel="apple-touch-icon" href="${escapeHtml(config.logoUrl ?? defaultIcon)}">`,
    `<script type="application/json" id="${storefrontConfigElementId}">${scriptSafeJson(config)}</script>`,
  ]);
}

/** The web app manifest: installs as the business's own app, in its colours, scoped to its address. */
export function storefrontManifest(config: StorefrontPageConfig) {
  const base = shopPath(config.slug);
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
    id: `${base}/`,
    start_url: `${base}/`,
    scope: `${base}/`,
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#ffffff',
    theme_color: config.theme.primaryColor,
    icons: [{ ...icon, purpose: 'any' }],
  };
}

const notFoundPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>No shop here</title></head><body style="font-family:system-ui,sans-serif;margin:2rem"><h1>No shop at this address</h1><p>Check the link the shop gave you.</p></body></html>`;

/**
 * Serves the customer app (ADR 0040): its files once for every business under /shop/_app/, and
 * at /shop/<slug> (and any path below it, the app's own pages) the page of the business whose
 * slug it is, with its manifest and service worker beside it. An unknown slug is a 404 page.
 */
export async function registerStorefrontApp(
  app: FastifyInstance,
  db: Database,
  built: StorefrontApp | null,
  tiles: MapTiles,
) {
  await registerAppFiles(app, built, shopAssetsPath, iconSvg);
  const hidden = hiddenRoute;

  const configFor = async (slug: string): Promise<StorefrontPageConfig | null> => {
    if (!slugPattern.test(slug) || slug.length > 60) return null;
    const business = await findBusinessBySlug(db, slug);
    if (!business) return null;
    return {
      key: business.storefrontKey,
      slug: business.slug,
      name: business.name,
      theme: business.theme,
      logoUrl: business.iconKey ? fileUrl(business.iconKey) : null,
      tiles,
    };
  };

  const page = async (slug: string, reply: FastifyReply) => {
    const config = await configFor(slug);
    if (!config) return reply.status(404).type('text/html; charset=utf-8').send(notFoundPage);
    return sendPage(reply, built, 'customer app', (ready) => renderStorefrontPage(ready, config));
  };
  // The app's address ends in a slash: its service worker's scope is the folder, and a page at
  // /shop/<slug> would be outside it (never controlled, so never offline).
  app.get<{ Params: { slug: string } }>('/shop/:slug', hidden, async (request, reply) => {
    const config = await configFor(request.params.slug);
    if (!config) return page(request.params.slug, reply);
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    return reply.redirect(`${shopPath(config.slug)}/${query}`, 308);
  });
  app.get<{ Params: { slug: string } }>('/shop/:slug/*', hidden, async (request, reply) =>
    page(request.params.slug, reply),
  );
  app.get<{ Params: { slug: string } }>(
    '/shop/:slug/manifest.webmanifest',
    hidden,
    async (request, reply) => {
      const config = await configFor(request.params.slug);
      if (!config) return reply.callNotFound();
      return sendManifest(reply, storefrontManifest(config));
    },
  );
  // The worker lives beside the page so that its scope is the business's app and nothing else.
  app.get<{ Params: { slug: string } }>('/shop/:slug/sw.js', hidden, async (request, reply) => {
    if (!built || !(await configFor(request.params.slug))) return reply.callNotFound();
    return sendWorker(reply, built);
  });
}
