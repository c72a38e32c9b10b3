import type { Plugin, PluginOption, UserConfig } from 'vite';
import { precompress } from './vite-precompress.ts';

/**
 * Writes the list of the build's files (each at its address below `base`) into the service worker,
 * as `self.__APP_FILES__`, for it to keep them all on install (packages/web/src/service-worker.ts):
 * a screen never opened before then opens offline too. The worker's own bytes change with the
 * list, so a new build installs a new worker.
 */
function precacheList(base: string): Plugin {
  return {
    name: 'storedesk:precache-list',
    apply: 'build',
    generateBundle(_options, bundle) {
      const worker = bundle['sw.js'];
      if (!worker || worker.type !== 'chunk') return;
      // A worker is a classic script: one that imports a chunk it shares with the app never runs.
      if (worker.imports.length > 0 || worker.dynamicImports.length > 0) {
        this.error(
          `The service worker imports ${[...worker.imports, ...worker.dynamicImports].join(', ')}, which the app imports too: a module both import becomes a chunk, and a worker that imports does not run. Keep what the worker needs in modules only it imports.`,
        );
      }
      const files = Object.keys(bundle)
        .filter((name) => name !== 'sw.js' && !/\.(html|map)$/.test(name) && !name.startsWith('.vite/'))
        .sort()
        .map((name) => `${base}${name}`);
      worker.code = `self.__APP_FILES__ = ${JSON.stringify(files)};\n${worker.code}`;
    },
  };
}

/** The server Vite's dev server passes the API and the uploaded files to. */
const server = 'http://127.0.0.1:3000';

/**
 * The Vite config of a phone app (the customer app, the delivery app): its files served under
 * `base`, a page and a service worker built from `root` (index.html, src/sw.ts). The worker keeps
 * the fixed name sw.js, which the server serves at the app's address; the rest is hashed. In
 * development, /api and /files go to a server on 3000. `react` is the app's own React plugin;
 * `plugins` any more the app needs (its catalogues' compiler, vite-messages.ts).
 */
export function phoneAppConfig({
  root,
  base,
  react,
  plugins = [],
}: {
  root: string;
  base: string;
  react: PluginOption;
  plugins?: PluginOption[];
}): UserConfig {
  return {
    root,
    base,
    plugins: [react, ...plugins, precacheList(base), precompress()],
    server: {
      proxy: {
        '/api': { target: server, changeOrigin: false },
        '/files': { target: server, changeOrigin: false },
      },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      modulePreload: { polyfill: false },
      rolldownOptions: {
        input: { app: `${root}index.html`, sw: `${root}src/sw.ts` },
        output: {
          entryFileNames: (chunk) => (chunk.name === 'sw' ? 'sw.js' : 'assets/[name]-[hash].js'),
          codeSplitting: {
            groups: [
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 10 },
            ],
          },
        },
      },
    },
  };
}
