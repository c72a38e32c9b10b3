import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '#server/lib/errors.ts';
import type { ShopOrigins } from '#server/lib/shop-origin.ts';

/*
 * A request for a business's shop origin (ADR 0055) is its customer app's: its pages, the
 * customer API, the files its pages show, the app's own files. It is routed as the customer app's
 * page below /shop/<slug> is, and nothing else the server has (the console, the staff and executive
 * API) answers there, so no session of staff is ever read on a shop origin.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** The shops' origins: where a business's customer app lives, and which host is whose. */
    shops: ShopOrigins;
  }
}

const shopSlug = Symbol('shop slug');
type ShopRequest = IncomingMessage & { [shopSlug]?: string };

/** What a shop origin serves as it is: the customer API, uploaded files, the customer app's own files. */
const passedThrough = /^\/(?:api(?:\/|$)|files\/|shop\/_app\/)/;

/** The last value of a header a proxy may have appended to (`a, b`). */
function lastEntry(value: string | string[] | undefined): string | undefined {
  const joined = Array.isArray(value) ? value.join(',') : value;
  return joined?.split(',').at(-1)?.trim() || undefined;
}

/** The host a request is for: a trusted proxy's X-Forwarded-Host, else Host. */
function hostOf(request: IncomingMessage, isTrustedProxy: (address: string) => boolean) {
  const peer = request.socket?.remoteAddress;
  const forwarded =
    peer !== undefined && isTrustedProxy(peer) ? lastEntry(request.headers['x-forwarded-host']) : undefined;
  return forwarded ?? request.headers.host;
}

/**
 * Fastify's rewriteUrl: a request for a shop origin is marked with its business's slug, and every
 * path of it but those passed through is the customer app's, below /shop/<slug>.
 */
export function shopRewrite(sites: ShopOrigins, isTrustedProxy: (address: string) => boolean) {
  return (request: IncomingMessage): string => {
    const url = request.url ?? '/';
    const host = hostOf(request, isTrustedProxy);
    const slug = host === undefined ? null : sites.slugOfHost(host);
    if (slug === null) return url;
    (request as ShopRequest)[shopSlug] = slug;
    return passedThrough.test(url) ? url : `/shop/${slug}${url.startsWith('/') ? url : `/${url}`}`;
  };
}

/** The slug of the business whose shop origin the request came to, or null on the console's. */
export const shopSlugOf = (request: FastifyRequest): string | null =>
  (request.raw as ShopRequest)[shopSlug] ?? null;

/** What a shop origin answers: the customer API, files, and the customer app's pages and files. */
const servedOnShops = /^\/(?:api\/storefront\/|files\/|shop\/)/;

/** First of every request's hooks: on a shop origin, anything but what it serves does not exist. */
export function registerShopGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (shopSlugOf(request) === null) return;
    const url = request.routeOptions.url;
    if (url !== undefined && !servedOnShops.test(url)) throw notFound();
  });
}
