import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// Self-contained so the root config can list it as the "console" project.
const root = decodeURIComponent(new URL('.', import.meta.url).pathname);

export default defineProject({
  root,
  plugins: [react()],
  // `@/` is the console's src/, as in vite.config.ts.
  resolve: { alias: [{ find: /^@\//, replacement: `${root}src/` }] },
  test: {
    name: 'console',
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // A test that types into a few fields in jsdom takes 2–5 s on two busy cores, Vitest's default
    // limit: the limit is there to stop a hung test, not to time one.
    testTimeout: 20_000,
  },
});
