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
    // The limit is there to stop a hung test, not to time one, and it is one limit for every file.
    // A test of a long form (a store's, an item's) takes 10–15 s alone in jsdom, most of it the
    // queries' accessible names and styles over the whole form and React's renders, and about
    // twice that when the server tests share the machine's two cores (CI): 30 s was once too few.
    testTimeout: 60_000,
  },
});
