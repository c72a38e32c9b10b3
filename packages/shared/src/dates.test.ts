import { describe, expect, it } from 'vitest';
import {
  businessDay,
  formatDate,
  formatDateTime,
  formatDay,
  hoursSince,
  isCalendarDay,
  isTimeZone,
} from './dates.ts';

describe('formatDate', () => {
  it('writes DD/MM/YYYY of the moment in the business time zone, whatever the machine’s', () => {
    // 01:36 IST on 23/11 is still 22/11 in UTC: the business's day is the one shown.
    expect(formatDate('2026-11-22T20:06:00.000Z', 'Asia/Kolkata')).toBe('23/11/2026');
    expect(formatDate('2026-11-22T20:06:00.000Z', 'UTC')).toBe('22/11/2026');
    expect(formatDate('2026-11-22T20:06:00.000Z', 'America/New_York')).toBe('22/11/2026');
  });

  it('takes an ISO string, a timestamp and a Date alike', () => {
    const moment = new Date('2026-02-28T09:30:00.000Z');
    expect(formatDate(moment.toISOString(), 'UTC')).toBe('28/02/2026');
    expect(formatDate(moment.getTime(), 'UTC')).toBe('28/02/2026');
    expect(formatDate(moment, 'UTC')).toBe('28/02/2026');
  });
});

describe('formatDateTime', () => {
  it('adds a 12-hour clock time in the business time zone', () => {
    expect(formatDateTime('2024-07-09T14:05:00.000Z', 'UTC')).toBe('09/07/2024 02:05 PM');
    expect(formatDateTime('2024-07-09T00:00:00.000Z', 'UTC')).toBe('09/07/2024 12:00 AM');
    expect(formatDateTime('2024-07-09T12:00:00.000Z', 'UTC')).toBe('09/07/2024 12:00 PM');
    expect(formatDateTime('2025-01-02T18:40:00.000Z', 'Asia/Kolkata')).toBe('03/01/2025 12:10 AM');
    expect(formatDateTime('2025-06-30T18:29:00.000Z', 'Asia/Kolkata')).toBe('30/06/2025 11:59 PM');
  });
});

describe('businessDay', () => {
  it('is the calendar day of the moment in the time zone', () => {
    expect(businessDay('2025-06-30T18:29:00.000Z', 'Asia/Kolkata')).toBe('2025-06-30');
    expect(businessDay('2025-06-30T18:30:00.000Z', 'Asia/Kolkata')).toBe('2025-07-01');
    expect(businessDay('2025-07-01T03:00:00.000Z', 'America/Los_Angeles')).toBe('2025-06-30');
  });
});

describe('formatDay', () => {
  it('rewrites a YYYY-MM-DD day as DD/MM/YYYY without moving it', () => {
    expect(formatDay('2026-11-23')).toBe('23/11/2026');
  });
});

describe('isCalendarDay', () => {
  it('takes the days of the calendar, 29 February of leap years included', () => {
    for (const day of ['2026-11-22', '2024-02-29', '2000-02-29', '1000-01-01', '9999-12-31']) {
      expect(isCalendarDay(day), day).toBe(true);
    }
  });

  it('refuses days that are not on it, and what is not YYYY-MM-DD', () => {
    for (const day of ['2026-02-29', '1900-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '0000-01-01']) {
      expect(isCalendarDay(day), day).toBe(false);
    }
    for (const text of ['0999-12-31', '2026-1-1', '22/11/2026', '2026-11-22T00:00', '']) {
      expect(isCalendarDay(text), text).toBe(false);
    }
  });
});

describe('isTimeZone', () => {
  it('knows IANA names and refuses anything else', () => {
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Europe/Lisbon')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('+05:30')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone('x'.repeat(65))).toBe(false);
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
