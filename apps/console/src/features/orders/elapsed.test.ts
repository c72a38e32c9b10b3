import { describe, expect, it } from 'vitest';
import { formatElapsed } from './elapsed.ts';

const placed = '2025-03-01T10:00:00.000Z';
const at = (iso: string) => Date.parse(iso);

describe('formatElapsed', () => {
  it('counts minutes under an hour, hours under a day, then days', () => {
    expect(formatElapsed(placed, at('2025-03-01T10:00:59.000Z'))).toBe('0 min');
    expect(formatElapsed(placed, at('2025-03-01T10:12:30.000Z'))).toBe('12 min');
    expect(formatElapsed(placed, at('2025-03-01T10:59:59.000Z'))).toBe('59 min');
    expect(formatElapsed(placed, at('2025-03-01T11:00:00.000Z'))).toBe('1 h');
    expect(formatElapsed(placed, at('2025-03-02T09:59:00.000Z'))).toBe('23 h');
    expect(formatElapsed(placed, at('2025-03-03T10:00:00.000Z'))).toBe('2 d');
  });

  it('never counts backwards when the clock is behind the server', () => {
    expect(formatElapsed(placed, at('2025-03-01T09:58:00.000Z'))).toBe('0 min');
  });
});
