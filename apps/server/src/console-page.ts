import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sessionElementId } from '@storedesk/shared/auth/page';
import type { MeResponse } from '@storedesk/shared/auth/schemas';

export type ConsolePage = {
  /** The built index.html. */
  html: string;
  /** Addresses of the chunks the signed-in shell needs beyond the entry's, from the build's chunk map. */
  signedIn: string[];
  /**
   * Pages made at build time with a screen in them (ADR 0031), by the path they are for: what someone
   * signed out gets there instead of index.html.
   */
  prerendered: Map<string, string>;
  /** CSP sources (`'sha256-…'`) of the inline scripts those pages carry, so the browser runs them. */
  scriptHashes: string[];
};

/** `dist/.vite/prerendered.json`: `{ pages: { [path]: html } }`; anything else in it is left out. */
function readPrerendered(file: string): Map<string, string> {
  const pages = new Map<string, string>();
  if (!fs.existsSync(file)) return pages;
  const data = JSON.parse(fs.readFileSync(file, 'utf8')) as { pages?: unknown };
  if (typeof data.pages !== 'object' || data.pages === null) return pages;
  for (const [url, html] of Object.entries(data.pages)) {
    if (/^\/[\w/-]*$/.test(url) && typeof html === 'string') pages.set(url, html);
  }
  return pages;
}

/** The CSP source of each inline <script> (no src, not data) in the pages: its content's SHA-256. */
function inlineScriptHashes(pages: Iterable<string>): string[] {
  const hashes = new Set<string>();
  for (const html of pages) {
    for (const [, code] of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
      hashes.add(`'sha256-${createHash('sha256').update(code!).digest('base64')}'`);
    }
  }
  return [...hashes].sort();
}

/** Reads the built page and the chunks a signed-in visit preloads; null when the console is not built. */
export function loadConsolePage(consoleDir: string): ConsolePage | null {
  const indexFile = path.join(consoleDir, 'index.html');
  if (!fs.existsSync(indexFile)) return null;
  const html = fs.readFileSync(indexFile, 'utf8');
  const chunksFile = path.join(consoleDir, '.vite', 'chunks.json');
  let signedIn: string[] = [];
  if (fs.existsSync(chunksFile)) {
    const map = JSON.parse(fs.readFileSync(chunksFile, 'utf8')) as { signedIn?: unknown };
    if (Array.isArray(map.signedIn)) {
      signedIn = map.signedIn
        .filter((file): file is string => typeof file === 'string' && /^assets\/[\w.-]+\.js$/.test(file))
        .map((file) => `/${file}`);
    }
  }
  const prerendered = readPrerendered(path.join(consoleDir, '.vite', 'prerendered.json'));
  return { html, signedIn, prerendered, scriptHashes: inlineScriptHashes(prerendered.values()) };
}

/**
 * JSON that is safe inside a <script> element: no `<` (so no `</script>` or `<!--`), and no line
 * separators that older parsers choke on, whatever a user named their business.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/**
 * The page as this visitor gets it at `pathname`: the session the console would otherwise ask for
 * first (`GET /api/auth/session`'s answer), and for someone signed in `modulepreload` links that
 * start the shell's code with the entry's, so neither waits on a round trip of its own. Someone
 * signed out gets the page made at build time for that path, where there is one.
 */
export function renderConsolePage(page: ConsolePage, session: MeResponse | null, pathname: string): string {
  const html = (session === null ? page.prerendered.get(pathname) : undefined) ?? page.html;
  const links = session
    ? page.signedIn.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`)
    : [];
  const data = `<script type="application/json" id="${sessionElementId}">${scriptSafeJson({ session })}</script>`;
  const head = [...links, data].join('\n    ');
  const at = html.indexOf('</head>');
  if (at === -1) return html;
  return `${html.slice(0, at)}  ${head}\n  ${html.slice(at)}`;
}
