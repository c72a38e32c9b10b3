import { describe, expect, it } from 'vitest';
import { formatTimeOfDay, quarterHours } from './time-of-day.ts';

describe('formatTimeOfDay', () => {
  it.each([
    ['00:00', '12:00 AM'],
    ['09:05', '09:05 AM'],
    ['12:00', '12:00 PM'],
    ['13:30', '01:30 PM'],
    ['23:59', '11:59 PM'],
  ])('shows %s as %s', (value, shown) => {
    expect(formatTimeOfDay(value)).toBe(shown);
  });

  it('offers every quarter hour of the day', () => {
    expect(quarterHours).toHaveLength(96);
    expect(quarterHours[0]).toBe('00:00');
    expect(quarterHours[37]).toBe('09:15');
    expect(quarterHours.at(-1)).toBe('23:45');
  });
});
