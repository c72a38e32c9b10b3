import { describe, expect, it } from 'vitest';
import { quarterHours } from './time-of-day.ts';

describe('quarterHours', () => {
  it('offers every quarter hour of the day', () => {
    expect(quarterHours).toHaveLength(96);
    expect(quarterHours[0]).toBe('00:00');
    expect(quarterHours[37]).toBe('09:15');
    expect(quarterHours.at(-1)).toBe('23:45');
  });
});
