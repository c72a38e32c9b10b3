import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { deliverAssetsPath } from '../../packages/shared/src/delivery/rules.ts';
import { precompress } from '../../packages/web/src/vite-precompress.ts';

// The app's own directory, so the build works from any working directory.
const root = decodeURIComponent(new URL('.', import.meta.url).pathname);
const server = 'http://127.0.0.1:3000';

/**
 * The delivery executives' app. Its files are served under /deliver/_app/; the server serves its
 * page at /deliver and every path below it (apps/server/src/deliver-page.ts).
 * `npm run dev --workspace @storedesk/delivery` serves it on Vite's port against a server on
 * 3000: open /deliver/_app/ there.
 */
export default defineConfig({
  root,
  base: deliverAssetsPath,
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
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: { app: `${root}index.html`, sw: `${root}src/sw.ts` },
      output: {
        // The service worker is served at /deliver/sw.js from this fixed name; the rest is hashed.
        entryFileNames: (chunk) => (chunk.name === 'sw' ? 'sw.js' : 'assets/[name]-[hash].js'),
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
});
