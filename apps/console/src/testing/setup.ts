import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { setViewportWidth } from './viewport.ts';

// Screens render after their first fetch; on a loaded CI machine that can take longer than the default 1 s.
configure({ asyncUtilTimeout: 4000 });

beforeEach(() => {
  setViewportWidth(1440);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});
