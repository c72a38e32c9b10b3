import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// Self-contained so the root config can list it as the "console" project.
const root = decodeURIComponent(new URL('.', import.meta.url).pathname);

export default defineProject({
  root,
  plugins: [react()],
  test: {
    name: 'console',
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
