import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { builtAssetHeaders } from './plugins/security-headers.ts';

/*
 * What the two phone apps the server serves (the customer app, ADR 0040; the delivery app,
 * ADR 0042) have in common: a built page and service worker read once, hashed files cached for
 * good, a page with the app's head put in, and a worker that lives beside the page so that its
 * scope is the app and nothing else.
 */

/** A built app: its page, and its service worker. */
export type PhoneApp = { dir: string; html: string; serviceWorker: string };

/** Reads a built app from `dir`; null when it is not built. */
export function loadPhoneApp(dir: string): PhoneApp | null {
  const indexFile = path.join(dir, 'index.html');
  const workerFile = path.join(dir, 'sw.js');
  if (!fs.existsSync(indexFile) || !fs.existsSync(workerFile)) return null;
  return {
    dir,
    html: fs.readFileSync(indexFile, 'utf8'),
    serviceWorker: fs.readFileSync(workerFile, 'utf8'),
  };
}

/** The app's page with `lines` (already escaped) added to its head. */
export function withHead(app: PhoneApp, lines: string[]): string {
  const at = app.html.indexOf('</head>');
  return `${app.html.slice(0, at)}  ${lines.join('\n    ')}\n  ${app.html.slice(at)}`;
}

/** Options of a route that is neither API nor documented. */
export const hiddenRoute = { config: { access: 'public' as const }, schema: { hide: true } };

/**
 * Serves the app's own files under `assetsPath` (its hashed files, precompressed, cached for
 * good; its icon, a day) and answers 404 for anything else there, never the page.
 */
export async function registerAppFiles(
  app: FastifyInstance,
  built: PhoneApp | null,
  assetsPath: string,
  iconSvg: string,
): Promise<void> {
  if (built) {
    await app.register(fastifyStatic, {
      root: path.join(built.dir, 'assets'),
      prefix: `${assetsPath}assets/`,
      decorateReply: false,
      wildcard: true,
      index: false,
      preCompressed: true,
      // @fastify/static adds `vary: accept-encoding` itself, as it chooses the file by that header.
      setHeaders: builtAssetHeaders,
    });
  }
  app.get(`${assetsPath}icon.svg`, hiddenRoute, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml').send(iconSvg),
  );
}

/** The app's page, or 503 saying how to build it. */
export function sendPage(
  reply: FastifyReply,
  built: PhoneApp | null,
  what: string,
  render: (app: PhoneApp) => string,
) {
  if (!built) {
    return reply
      .status(503)
      .type('text/plain')
      .send(`The ${what} is not built yet: run \`npm run build\` (npm start does this for you).`);
  }
  return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(render(built));
}

export function sendManifest(reply: FastifyReply, manifest: object) {
  return reply
    .header('cache-control', 'no-cache')
    .type('application/manifest+json')
    .send(JSON.stringify(manifest));
}

export function sendWorker(reply: FastifyReply, built: PhoneApp) {
  return reply
    .header('cache-control', 'no-cache')
    .type('text/javascript; charset=utf-8')
    .send(built.serviceWorker);
}
