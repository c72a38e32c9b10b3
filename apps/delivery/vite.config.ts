import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { deliverAssetsPath } from '../../packages/shared/src/delivery/rules.ts';
import { precompiledMessages } from '../../packages/web/src/vite-messages.ts';
import { phoneAppConfig } from '../../packages/web/src/vite-phone-app.ts';

// The app's own directory, so the build works from any working directory.
const root = decodeURIComponent(new URL('.', import.meta.url).pathname);

/**
 * The delivery executives' app. Its files are served under /deliver/_app/; the server serves its
 * page at /deliver and every path below it, and the service worker at /deliver/sw.js
 * (apps/server/src/deliver-page.ts).
 * `npm run dev --workspace @storedesk/delivery` serves it on Vite's port against a server on
 * 3000: open /deliver/_app/ there. Its catalogues (src/i18n) are compiled at build (ADR 0076).
 */
export default defineConfig(
  phoneAppConfig({ root, base: deliverAssetsPath, react: react(), plugins: [precompiledMessages()] }),
);
