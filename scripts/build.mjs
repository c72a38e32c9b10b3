// @ts-check
/**
 * Builds what production runs: the console (Vite, into apps/console/dist), the
 * customer app (Vite, into apps/storefront/dist), the delivery app (Vite, into
 * apps/delivery/dist) and the server compiled to JavaScript (apps/server/dist). Each build records a
 * digest of the sources it was made from, so a start can tell whether it is
 * current without trusting file times (a copied tree may not keep them).
 *
 *   node scripts/build.mjs              build them all (npm run build)
 *   node scripts/build.mjs server       build one part
 *
 * Plain JavaScript with no dependencies: it must run where only production
 * dependencies are installed, to say that the build is current.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STAMP = 'build-info.json';

/** @typedef {{ name: string, outDir: string, sources: string[], tools: string[], command: string[] }} Part */

/** @type {Record<'server' | 'console' | 'storefront' | 'delivery', Part>} */
export const parts = {
  server: {
    name: 'server',
    outDir: 'apps/server/dist',
    sources: ['apps/server/src', 'apps/server/scripts', 'apps/server/package.json', 'packages/shared'],
    tools: ['esbuild', 'tsx'],
    command: [process.execPath, '--import', 'tsx', 'apps/server/scripts/build.ts'],
  },
  console: {
    name: 'console',
    outDir: 'apps/console/dist',
    sources: [
      'apps/console/src',
      'apps/console/public',
      'apps/console/index.html',
      'apps/console/scripts',
      'apps/console/vite.config.ts',
      'apps/console/package.json',
      'packages/shared',
      'packages/web',
    ],
    tools: ['vite'],
    command: ['npm', 'run', 'build', '--silent', '--workspace', '@storedesk/console'],
  },
  storefront: {
    name: 'customer app',
    outDir: 'apps/storefront/dist',
    sources: [
      'apps/storefront/src',
      'apps/storefront/index.html',
      'apps/storefront/vite.config.ts',
      'apps/storefront/package.json',
      'packages/shared',
      'packages/web',
    ],
    tools: ['vite'],
    command: ['npm', 'run', 'build', '--silent', '--workspace', '@storedesk/storefront'],
  },
  delivery: {
    name: 'delivery app',
    outDir: 'apps/delivery/dist',
    sources: [
      'apps/delivery/src',
      'apps/delivery/index.html',
      'apps/delivery/vite.config.ts',
      'apps/delivery/package.json',
      'packages/shared',
      'packages/web',
    ],
    tools: ['vite'],
    command: ['npm', 'run', 'build', '--silent', '--workspace', '@storedesk/delivery'],
  },
};

/** Files under a source path, tests and dependencies left out: they change nothing that is built. */
function* sourceFiles(relative) {
  const full = path.join(root, relative);
  if (!fs.existsSync(full)) return;
  if (fs.statSync(full).isFile()) {
    yield relative;
    return;
  }
  for (const entry of fs
    .readdirSync(full, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    if (/\.test\.tsx?$/.test(entry.name)) continue;
    const child = path.join(relative, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(child);
    else yield child;
  }
}

/** A digest of a part's sources: their names and contents. */
export function sourceDigest(/** @type {Part} */ part) {
  const hash = createHash('sha256');
  for (const source of part.sources) {
    for (const file of sourceFiles(source)) {
      hash.update(`${file}\0`);
      hash.update(fs.readFileSync(path.join(root, file)));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

/** 'missing', 'stale' or 'current'. */
export function buildState(/** @type {Part} */ part) {
  const stamp = path.join(root, part.outDir, STAMP);
  if (!fs.existsSync(stamp)) return 'missing';
  const { digest } = JSON.parse(fs.readFileSync(stamp, 'utf8'));
  return digest === sourceDigest(part) ? 'current' : 'stale';
}

/** Whether the tools that build a part are installed (they are development dependencies). */
export function canBuild(/** @type {Part} */ part) {
  return part.tools.every((tool) => fs.existsSync(path.join(root, 'node_modules', tool, 'package.json')));
}

/** Builds a part and records what it was built from; throws when the build fails. */
export function buildPart(/** @type {Part} */ part) {
  const digest = sourceDigest(part);
  const [command, ...args] = part.command;
  const result = spawnSync(/** @type {string} */ (command), args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`The ${part.name} build failed`);
  fs.writeFileSync(
    path.join(root, part.outDir, STAMP),
    `${JSON.stringify({ digest, builtAt: new Date().toISOString() }, null, 2)}\n`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const names = process.argv.slice(2);
  const chosen = names.length === 0 ? Object.values(parts) : names.map((name) => parts[name]);
  if (chosen.some((part) => part === undefined)) {
    console.error(`Usage: node scripts/build.mjs [${Object.keys(parts).join('|')}]...`);
    process.exit(2);
  }
  try {
    for (const part of chosen) buildPart(part);
  } catch (error) {
    console.error(/** @type {Error} */ (error).message);
    process.exit(1);
  }
}
