// @ts-check
/**
 * Runs a compiled entry point of the server, building first only what is
 * missing or older than its sources:
 *
 *   node scripts/start.mjs main [args]        the server (npm start): needs the server, the console and both apps
 *   node scripts/start.mjs cli [args]         operator tasks (npm run service)
 *   node scripts/start.mjs simulate [args]    the live demo (npm run simulate)
 *
 * So `npm install && npm start` works on a fresh clone, and a deployment that
 * was built once and then installed with `npm ci --omit=dev` (no build tools)
 * runs what it was given.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildPart, buildState, canBuild, parts } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const needs = {
  main: [parts.server, parts.console, parts.storefront, parts.delivery],
  cli: [parts.server],
  simulate: [parts.server],
};

const entry = process.argv[2];
if (entry !== 'main' && entry !== 'cli' && entry !== 'simulate') {
  console.error('Usage: node scripts/start.mjs main|cli|simulate [arguments]');
  process.exit(2);
}

for (const part of needs[entry]) {
  const state = buildState(part);
  if (state === 'current') continue;
  if (!canBuild(part)) {
    if (state === 'missing') {
      console.error(
        `The ${part.name} is not built (${part.outDir}), and the build tools are not installed. ` +
          'Run `npm ci && npm run build` first (a production install, `npm ci --omit=dev`, runs a build it is given).',
      );
      process.exit(1);
    }
    console.warn(
      `The ${part.name} build is older than its sources and the build tools are not installed: running the build as it is.`,
    );
    continue;
  }
  console.log(
    state === 'missing' ? `Building the ${part.name}…` : `The sources changed: building the ${part.name}…`,
  );
  try {
    buildPart(part);
  } catch (error) {
    console.error(/** @type {Error} */ (error).message);
    process.exit(1);
  }
}

// The entry point reads its own arguments from process.argv, as if run directly.
process.argv.splice(2, 1);
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(root, 'apps/server/dist', `${entry}.js`)).href);
