import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.spec.ts'],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    // A poll waits for what a page shows; vitest's one second is less than a page takes to load on
    // a machine the server tests share. It passes as soon as the page shows it.
    expect: { poll: { timeout: 20_000 } },
  },
});
