/**
 * After `vite build`: makes the signed-out pages that are worth having before the code arrives
 * (ADR 0031), from the built index.html and `src/prerender.tsx` run in Node through Vite, and writes
 * them to `dist/.vite/prerendered.json` ({ pages: { [path]: html } }), which the server reads at
 * start and sends to a signed-out visitor of that path.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { PrerenderModule } from '../src/prerender.tsx';

// React, MUI and Emotion as the production build has them: Emotion's class names name the
// component only in development, and the browser must find the very names the page carries.
process.env.NODE_ENV = 'production';

const { createServer } = await import('vite');
const { prerenderedPaths, withScreen } = await import('./prerender-page.ts');

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');

const vite = await createServer({
  root,
  mode: 'production',
  appType: 'custom',
  logLevel: 'error',
  server: { middlewareMode: true, hmr: false, ws: false },
});
try {
  const { prerenderSignedOut } = (await vite.ssrLoadModule('/src/prerender.tsx')) as PrerenderModule;
  const template = await fs.readFile(path.join(dist, 'index.html'), 'utf8');
  const pages: Record<string, string> = {};
  for (const url of prerenderedPaths) pages[url] = withScreen(template, url, await prerenderSignedOut(url));
  await fs.mkdir(path.join(dist, '.vite'), { recursive: true });
  await fs.writeFile(path.join(dist, '.vite', 'prerendered.json'), `${JSON.stringify({ pages })}\n`);
  console.log(`prerendered ${prerenderedPaths.join(', ')}`);
} finally {
  await vite.close();
}
