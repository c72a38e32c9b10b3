import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default, one worker fewer than the cores, is one worker on two cores; the server
    // tests spend much of their time waiting on PostgreSQL, so two share two cores well.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      './apps/console/vitest.config.ts',
      {
        // The customer app's rules of its own (the cart, the UPI link), in a browser-like setting.
        test: {
          name: 'storefront',
          root: './apps/storefront',
          include: ['src/**/*.test.ts'],
          environment: 'jsdom',
        },
      },
      {
        // The delivery app's own rules (the queue of status changes made offline), in a browser-like setting.
        test: {
          name: 'delivery',
          root: './apps/delivery',
          include: ['src/**/*.test.ts'],
          environment: 'jsdom',
        },
      },
      {
        // What the browser apps share (the API client, the live stream, the service worker's rules, the
        // persisted values and the screens' states), in a browser-like setting.
        test: {
          name: 'web',
          root: './packages/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      {
        test: { name: 'tooling', root: './eslint-rules', include: ['*.test.js'], environment: 'node' },
      },
    ],
  },
});
