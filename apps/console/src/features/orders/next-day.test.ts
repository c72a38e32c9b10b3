import { describe, expect, it } from 'vitest';
import { nextDayStartsAt } from './next-day.ts';

const at = (iso: string) => new Date(iso).getTime();
const iso = (ms: number) => new Date(ms).toISOString();

describe('nextDayStartsAt', () => {
  it('is the next midnight on the business’s clock', () => {
    // 16:40 on 30 November in Kolkata: midnight is 18:30 UTC.
    expect(iso(nextDayStartsAt(at('2026-11-30T11:10:00.000Z'), 'Asia/Kolkata'))).toBe(
      '2026-11-30T18:30:00.000Z',
    );
    // The last second of the day, and the first of the next.
    expect(iso(nextDayStartsAt(at('2026-11-30T18:29:59.000Z'), 'Asia/Kolkata'))).toBe(
      '2026-11-30T18:30:00.000Z',
    );
    expect(iso(nextDayStartsAt(at('2026-11-30T18:30:00.000Z'), 'Asia/Kolkata'))).toBe(
      '2026-12-01T18:30:00.000Z',
    );
  });

  it('follows a day of a change of the clocks', () => {
    // New York, 8 March 2026: 23 hours long; 1 November 2026: 25 hours long.
    expect(iso(nextDayStartsAt(at('2026-03-08T05:30:00.000Z'), 'America/New_York'))).toBe(
      '2026-03-09T04:00:00.000Z',
    );
    expect(iso(nextDayStartsAt(at('2026-11-01T04:30:00.000Z'), 'America/New_York'))).toBe(
      '2026-11-02T05:00:00.000Z',
    );
  });
});
