import { describe, expect, it } from 'vitest';
import {
  businessDay,
  formatDate,
  formatDateTime,
  formatDay,
  formatElapsed,
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

describe('formatElapsed', () => {
  const placed = '2025-03-01T10:00:00.000Z';
  const at = (iso: string) => Date.parse(iso);

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

  it('measures from the current time by default', () => {
    expect(formatElapsed(Date.now() - 35 * 60_000)).toBe('35 min');
  });
});
