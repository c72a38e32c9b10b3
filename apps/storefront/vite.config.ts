import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { shopAssetsPath } from '../../packages/shared/src/storefront/page.ts';
import { precompress } from '../../packages/web/src/vite-precompress.ts';

// The app's own directory, so the build works from any working directory.
const root = decodeURIComponent(new URL('.', import.meta.url).pathname);
const server = 'http://127.0.0.1:3000';

/**
 * The customer app. Its files are one set for every business, under /shop/_app/; the server
 * serves its page at /shop/<slug> with the business in it (apps/server/src/storefront-page.ts).
 * `npm run dev --workspace @storedesk/storefront` serves it on Vite's port against a server on
 * 3000: open /shop/_app/?slug=demo-fresh-mart there.
 */
export default defineConfig({
  root,
  base: shopAssetsPath,
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
        // The service worker is served at /shop/<slug>/sw.js from this fixed name; the rest is hashed.
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
