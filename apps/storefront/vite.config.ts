import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { shopAssetsPath } from '../../packages/shared/src/storefront/page.ts';
import { precompiledMessages } from '../../packages/web/src/vite-messages.ts';
import { phoneAppConfig } from '../../packages/web/src/vite-phone-app.ts';

// The app's own directory, so the build works from any working directory.
const root = decodeURIComponent(new URL('.', import.meta.url).pathname);

/**
 * The customer app. Its files are one set for every business, under /shop/_app/; the server
 * serves its page at /shop/<slug> with the business in it, and the service worker at
 * /shop/<slug>/sw.js (apps/server/src/storefront-page.ts).
 * `npm run dev --workspace @storedesk/storefront` serves it on Vite's port against a server on
 * 3000: open /shop/_app/?slug=demo-fresh-mart there. Its catalogues (src/i18n) are compiled at build
 * (ADR 0076).
 */
export default defineConfig(
  phoneAppConfig({ root, base: shopAssetsPath, react: react(), plugins: [precompiledMessages()] }),
);
