import fs from 'node:fs';
import path from 'node:path';
import { sessionElementId } from '@storedesk/shared/auth/page';
import type { MeResponse } from '@storedesk/shared/auth/schemas';

export type ConsolePage = {
  /** The built index.html. */
  html: string;
  /** Addresses of the chunks the signed-in shell needs beyond the entry's, from the build's chunk map. */
  signedIn: string[];
};

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
  return { html, signedIn };
}

/**
 * JSON that is safe inside a <script> element: no `<` (so no `</script>` or `<!--`), and no line
 * separators that older parsers choke on, whatever a user named their business.
 */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/**
 * The page as this visitor gets it: the session the console would otherwise ask for first
 * (`GET /api/auth/session`'s answer), and for someone signed in `modulepreload` links that start
 * the shell's code with the entry's, so neither waits on a round trip of its own.
 */
export function renderConsolePage(page: ConsolePage, session: MeResponse | null): string {
  const links = session
    ? page.signedIn.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`)
    : [];
  const data = `<script type="application/json" id="${sessionElementId}">${scriptSafeJson({ session })}</script>`;
  const head = [...links, data].join('\n    ');
  const at = page.html.indexOf('</head>');
  if (at === -1) return page.html;
  return `${page.html.slice(0, at)}  ${head}\n  ${page.html.slice(at)}`;
}
