/**
 * Compiles the server to JavaScript for production: src/main.ts, cli.ts and
 * simulate.ts become dist/*.js (ES modules with source maps), with the shared
 * package's TypeScript bundled in and every npm dependency left to
 * node_modules, so `npm ci --omit=dev` is all a deployment needs beside dist/.
 * The SQL migrations, the routines applied after them and the sample catalogue are copied beside them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(serverDir, 'dist');

/**
 * npm packages stay imports; the workspace's own packages, and the server's own modules named by
 * its subpath alias (`#server/…`, package.json's `imports`), are TypeScript source and are compiled in.
 */
const dependenciesStayExternal: Plugin = {
  name: 'dependencies-stay-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./#]/ }, (args) =>
      args.path.startsWith('@storedesk/') ? undefined : { path: args.path, external: true },
    );
  },
};

fs.rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: ['main', 'cli', 'simulate'].map((name) => path.join(serverDir, 'src', `${name}.ts`)),
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  // Beside the entry points: import.meta.url then names the same folder from any chunk.
  chunkNames: '[name]-[hash]',
  plugins: [dependenciesStayExternal],
  logLevel: 'warning',
});
fs.cpSync(path.join(serverDir, 'src', 'db', 'migrations'), path.join(outdir, 'migrations'), {
  recursive: true,
});
fs.copyFileSync(path.join(serverDir, 'src', 'db', 'routines.sql'), path.join(outdir, 'routines.sql'));
fs.copyFileSync(
  path.join(serverDir, 'src', 'modules', 'catalogue', 'catalogue-sample.csv'),
  path.join(outdir, 'catalogue-sample.csv'),
);
