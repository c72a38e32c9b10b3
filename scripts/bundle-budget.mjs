// @ts-check
/**
 * What the console's first screens cost a browser: from the Vite manifest of the
 * build, the JavaScript each needs (its chunk and every chunk that chunk imports,
 * statically, down to the entry), counted as the brotli bytes the server sends.
 *
 *   node scripts/bundle-budget.mjs         figures and budgets of apps/console/dist
 *
 * Exits 1 when a screen is over its budget (ISSUE 13's figures).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/console/dist');
const KB = 1024;

/** Each screen: the source modules the router loads for it, and its budget in compressed bytes. */
export const screens = [
  { name: '/sign-in', modules: ['src/features/auth/pages/sign-in-page.tsx'], budget: 150 * KB },
  {
    name: '/dashboard (signed in)',
    modules: ['src/app/shell/app-shell.tsx', 'src/features/dashboard/pages/dashboard-page.tsx'],
    budget: 250 * KB,
  },
];

/** @typedef {{ file: string, imports?: string[], isEntry?: boolean }} Chunk */

/** @param {Record<string, Chunk>} manifest @param {string[]} modules */
function chunksOf(manifest, modules) {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('the manifest has no entry');
  const seen = new Set();
  const stack = [entry, ...modules];
  while (stack.length > 0) {
    const key = /** @type {string} */ (stack.pop());
    if (seen.has(key)) continue;
    if (!manifest[key]) {
      // A module the entry imports statically has no chunk of its own: the entry's chunks hold it.
      if (!fs.existsSync(path.join(root, 'apps/console', key)))
        throw new Error(`${key} does not exist: was it renamed?`);
      continue;
    }
    seen.add(key);
    stack.push(...(manifest[key].imports ?? []));
  }
  return [...seen].map((key) => manifest[key].file);
}

/** The bytes a browser that accepts brotli receives for a built file. */
function brotliSize(/** @type {string} */ file) {
  const full = path.join(dist, file);
  if (fs.existsSync(`${full}.br`)) return fs.statSync(`${full}.br`).size;
  return zlib.brotliCompressSync(fs.readFileSync(full)).length;
}

const kb = (/** @type {number} */ bytes) => `${(bytes / KB).toFixed(1)} KB`;

function main() {
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) {
    console.error('No console build: run `npm run build` first.');
    process.exit(1);
  }
  /** @type {Record<string, Chunk>} */
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  let over = 0;
  for (const screen of screens) {
    const files = chunksOf(manifest, screen.modules).map((file) => ({
      file,
      raw: fs.statSync(path.join(dist, file)).size,
      sent: brotliSize(file),
    }));
    const sent = files.reduce((sum, f) => sum + f.sent, 0);
    const raw = files.reduce((sum, f) => sum + f.raw, 0);
    const ok = sent <= screen.budget;
    if (!ok) over++;
    console.log(
      `${ok ? 'PASS' : 'FAIL'} ${screen.name}: ${kb(sent)} of JavaScript sent (brotli; ${kb(raw)} unpacked) ` +
        `in ${files.length} files; budget ${kb(screen.budget)}`,
    );
    for (const f of files.sort((a, b) => b.sent - a.sent).slice(0, 20)) {
      console.log(`       ${kb(f.sent).padStart(9)}  ${f.file}`);
    }
  }
  if (over > 0) process.exit(1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
