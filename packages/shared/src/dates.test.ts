import { describe, expect, it } from 'vitest';
import { formatBusinessDateTime, formatDate, formatDateTime, hoursSince } from './dates.ts';

describe('formatDate', () => {
  it('writes DD/MM/YYYY with leading zeros', () => {
    expect(formatDate(new Date(2024, 0, 5))).toBe('05/01/2024');
    expect(formatDate(new Date(2025, 11, 31, 23, 59))).toBe('31/12/2025');
  });

  it('takes an ISO string and a timestamp alike', () => {
    const moment = new Date(2026, 1, 28, 9, 30);
    expect(formatDate(moment.toISOString())).toBe('28/02/2026');
    expect(formatDate(moment.getTime())).toBe('28/02/2026');
  });
});

describe('formatDateTime', () => {
  it('adds a 12-hour clock time', () => {
    expect(formatDateTime(new Date(2024, 6, 9, 14, 5))).toBe('09/07/2024 02:05 PM');
    expect(formatDateTime(new Date(2024, 6, 9, 0, 0))).toBe('09/07/2024 12:00 AM');
  });
});

describe('hoursSince', () => {
  const now = new Date('2026-03-10T12:00:00Z');

  it('counts whole hours, rounding down', () => {
    expect(hoursSince('2026-03-10T12:00:00Z', now)).toBe(0);
    expect(hoursSince('2026-03-10T11:00:01Z', now)).toBe(0);
    expect(hoursSince('2026-03-10T11:00:00Z', now)).toBe(1);
    expect(hoursSince('2026-03-10T08:06:00Z', now)).toBe(3);
    expect(hoursSince(new Date('2026-03-08T12:00:00Z'), now)).toBe(48);
  });

  it('is never negative for a moment in the future', () => {
    expect(hoursSince('2026-03-10T15:00:00Z', now)).toBe(0);
  });

  it('measures from the current time by default', () => {
    expect(hoursSince(Date.now() - 5.5 * 3_600_000)).toBe(5);
  });
});

describe('formatBusinessDateTime', () => {
  it('writes DD/MM/YYYY HH:mm in the business time zone, whatever the machine’s', () => {
    expect(formatBusinessDateTime('2025-01-02T18:40:00.000Z')).toBe('03/01/2025 00:10');
    expect(formatBusinessDateTime('2025-11-21T08:05:09.000Z')).toBe('21/11/2025 13:35');
  });

  it('counts hours from 00 to 23', () => {
    expect(formatBusinessDateTime('2025-06-30T18:29:00.000Z')).toBe('30/06/2025 23:59');
    expect(formatBusinessDateTime('2025-06-30T18:30:00.000Z')).toBe('01/07/2025 00:00');
  });
});
