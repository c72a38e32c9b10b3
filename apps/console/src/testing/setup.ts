import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { setViewportWidth } from './viewport.ts';

// Screens render after their first fetch, and the first test of a file waits for its lazily loaded
// screens to be transformed and imported: on a loaded 2-core CI machine that once took over 4 s.
configure({ asyncUtilTimeout: 10_000 });

// A file may run in Node instead (`@vitest-environment node`), as the page made at build time is.
const inBrowser = typeof window !== 'undefined';

beforeEach(() => {
  if (inBrowser) setViewportWidth(1440);
});

afterEach(() => {
  if (inBrowser) cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  if (inBrowser) localStorage.clear();
});
