import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of 1 KB or more, at the
 * highest settings: the server sends the one the browser accepts and never compresses at run time.
 */
function precompress(): Plugin {
  return {
    name: 'storedesk:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? '';
      const files = Object.keys(bundle).filter(
        (name) => /\.(js|css|html|svg|json)$/.test(name) && !name.startsWith('.vite/'),
      );
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const bytes = await fs.readFile(file);
          if (bytes.length < 1024) return;
          const brotli = zlib.brotliCompressSync(bytes, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          });
          await fs.writeFile(`${file}.br`, brotli);
          await fs.writeFile(
            `${file}.gz`,
            zlib.gzipSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
          );
        }),
      );
    },
  };
}

// The console's own directory, so the build works from any working directory.
const root = decodeURIComponent(new URL('.', import.meta.url).pathname);
const server = 'http://127.0.0.1:3000';

export default defineConfig({
  root,
  plugins: [react(), precompress()],
  server: {
    proxy: {
      '/api': { target: server, changeOrigin: false },
      '/files': { target: server, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The manifest lists each chunk and what it imports: scripts/bundle-budget.mjs reads it.
    manifest: true,
    // Every browser the console supports knows <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // React changes less often than the app: its own chunk stays cached across releases. Other
        // libraries go with the screens that use them (MUI's parts, the map, the charts), so a page
        // loads only what it shows.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
