import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  businessClock,
  businessDay,
  dayFromText,
  formatDate,
  formatDateTime,
  formatAge,
  formatDay,
  formatElapsed,
  formatSlot,
  formatTimeOfDay,
  isCalendarDay,
  isTimeZone,
  knowOffsetSpan,
  offsetSpan,
  partsIn,
  withinWindow,
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

describe('formatAge', () => {
  const read = '2025-03-01T10:00:00.000Z';
  const at = (iso: string) => Date.parse(iso);

  it('counts seconds under a minute, then as elapsed times, and a reading from ahead is just now', () => {
    expect(formatAge(read, at('2025-03-01T09:59:58.000Z'))).toBe('just now');
    expect(formatAge(read, at('2025-03-01T10:00:00.400Z'))).toBe('just now');
    expect(formatAge(read, at('2025-03-01T10:00:08.900Z'))).toBe('8 s ago');
    expect(formatAge(read, at('2025-03-01T10:00:59.999Z'))).toBe('59 s ago');
    expect(formatAge(read, at('2025-03-01T10:01:00.000Z'))).toBe('1 min ago');
    expect(formatAge(read, at('2025-03-01T12:30:00.000Z'))).toBe('2 h ago');
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

const runs = { numRuns: 2000, seed: 20260105 };

describe('businessClock', () => {
  it('is the Asia/Kolkata day and minute (UTC+05:30) of any instant', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        const shifted = new Date(ms + 330 * 60_000);
        expect(businessClock(new Date(ms), 'Asia/Kolkata')).toEqual({
          date: shifted.toISOString().slice(0, 10),
          minute: shifted.getUTCHours() * 60 + shifted.getUTCMinutes(),
        });
      }),
      runs,
    );
  });

  it('turns the day at 18:30 UTC in Asia/Kolkata', () => {
    const kolkata = (iso: string) => businessClock(new Date(iso), 'Asia/Kolkata');
    expect(kolkata('2026-03-09T18:29:59.999Z')).toEqual({ date: '2026-03-09', minute: 1439 });
    expect(kolkata('2026-03-09T18:30:00Z')).toEqual({ date: '2026-03-10', minute: 0 });
  });

  it("is the clock of the business's own zone, whatever the server's", () => {
    const at = new Date('2026-11-22T20:06:00Z'); // 01:36 on the 23rd in Kolkata
    expect(businessClock(at, 'Asia/Kolkata')).toEqual({ date: '2026-11-23', minute: 96 });
    expect(businessClock(at, 'UTC')).toEqual({ date: '2026-11-22', minute: 20 * 60 + 6 });
    expect(businessClock(at, 'America/Los_Angeles')).toEqual({ date: '2026-11-22', minute: 12 * 60 + 6 });
    // Summer time: New York is UTC−4 on 1 July and UTC−5 on 1 December.
    expect(businessClock(new Date('2026-07-01T03:30:00Z'), 'America/New_York')).toEqual({
      date: '2026-06-30',
      minute: 23 * 60 + 30,
    });
    expect(businessClock(new Date('2026-12-01T03:30:00Z'), 'America/New_York')).toEqual({
      date: '2026-11-30',
      minute: 22 * 60 + 30,
    });
  });
});

describe('withinWindow', () => {
  it('includes both ends, and reads a start after the end as a window across midnight', () => {
    expect(withinWindow(0, '00:00', '23:59')).toBe(true);
    expect(withinWindow(1439, '00:00', '23:59')).toBe(true);
    expect(withinWindow(600, '10:00', '14:00')).toBe(true);
    expect(withinWindow(840, '10:00', '14:00')).toBe(true);
    expect(withinWindow(841, '10:00', '14:00')).toBe(false);
    expect(withinWindow(599, '10:00', '14:00')).toBe(false);
    expect(withinWindow(23 * 60, '22:00', '02:00')).toBe(true);
    expect(withinWindow(60, '22:00', '02:00')).toBe(true);
    expect(withinWindow(12 * 60, '22:00', '02:00')).toBe(false);
    expect(withinWindow(600, '10:00:00', '10:00:00')).toBe(true);
  });

  it('for any window and minute, agrees with walking the window minute by minute', () => {
    const time = fc
      .integer({ min: 0, max: 1439 })
      .map((m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
    fc.assert(
      fc.property(time, time, fc.integer({ min: 0, max: 1439 }), (start, end, minute) => {
        const toMinute = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
        const inside = new Set<number>();
        for (let m = toMinute(start); ; m = (m + 1) % 1440) {
          inside.add(m);
          if (m === toMinute(end)) break;
        }
        expect(withinWindow(minute, start, end)).toBe(inside.has(minute));
      }),
      { numRuns: 300, seed: 7 },
    );
  });
});

describe('formatTimeOfDay', () => {
  it.each([
    ['00:00', '12:00 AM'],
    ['09:05', '09:05 AM'],
    ['12:00', '12:00 PM'],
    ['13:30', '01:30 PM'],
    ['23:59', '11:59 PM'],
    ['22:00:00', '10:00 PM'],
  ])('shows %s as %s', (value, shown) => {
    expect(formatTimeOfDay(value)).toBe(shown);
  });

  it('leaves what is not a time as it is', () => {
    expect(formatTimeOfDay('soon')).toBe('soon');
  });
});

describe('a day typed as DD/MM/YYYY', () => {
  it('is the calendar day it names, and null when it names none', () => {
    expect(dayFromText('31/12/2026')).toBe('2026-12-31');
    expect(dayFromText(' 1/3/2025 ')).toBe('2025-03-01');
    expect(dayFromText('01-03-2025')).toBe('2025-03-01');
    // Typed on a phone's number pad, with nothing between.
    expect(dayFromText('31122026')).toBe('2026-12-31');
    expect(dayFromText('31022026')).toBeNull();
    expect(dayFromText('3122026')).toBeNull();
    expect(dayFromText('20261231')).toBeNull();
    expect(dayFromText('29/02/2026')).toBeNull();
    expect(dayFromText('12/31/2026')).toBeNull();
    expect(dayFromText('2026-12-31')).toBeNull();
    expect(dayFromText('')).toBeNull();
  });
});

// 09:00–10:00 on Tuesday 1 December 2026 in Kolkata (UTC+05:30).
const morning = { startsAt: '2026-12-01T03:30:00.000Z', endsAt: '2026-12-01T04:30:00.000Z' };

describe('formatSlot', () => {
  it("words a slot by the business's day and clock, with or without the year", () => {
    expect(formatSlot(morning, 'Asia/Kolkata')).toBe('Tue 01/12/2026, 09:00 AM – 10:00 AM');
    expect(formatSlot(morning, 'Asia/Kolkata', { year: false })).toBe('Tue 01/12, 09:00 AM – 10:00 AM');
  });

  it("follows the business's time zone, not the browser's: the same slot is Monday evening in New York", () => {
    expect(formatSlot(morning, 'America/New_York')).toBe('Mon 30/11/2026, 10:30 PM – 11:30 PM');
  });

  it('ends a slot at 12:00 AM at midnight, and names the next day when it runs on past midnight', () => {
    const lastOfDay = { startsAt: '2026-12-01T17:30:00.000Z', endsAt: '2026-12-01T18:30:00.000Z' };
    expect(formatSlot(lastOfDay, 'Asia/Kolkata')).toBe('Tue 01/12/2026, 11:00 PM – 12:00 AM');
    const acrossMidnight = { startsAt: '2026-12-01T18:00:00.000Z', endsAt: '2026-12-01T19:00:00.000Z' };
    expect(formatSlot(acrossMidnight, 'Asia/Kolkata', { year: false })).toBe(
      'Tue 01/12, 11:30 PM – Wed 02/12, 12:30 AM',
    );
  });
});

describe('a time zone’s offset over a span, and partsIn without Intl', () => {
  /** The clock of a moment in a zone as Intl reads it, independently of partsIn. */
  function intlParts(at: number, timeZone: string) {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(at)
        .map(({ type, value }) => [type, value]),
    );
    return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute };
  }
  const offsetOf = (at: number, timeZone: string) => {
    const p = intlParts(at, timeZone);
    const clock = Date.UTC(
      Number(p.year),
      Number(p.month) - 1,
      Number(p.day),
      Number(p.hour),
      Number(p.minute),
    );
    return Math.round((clock - Math.floor(at / 60_000) * 60_000) / 60_000);
  };
  const minute = 60_000;

  const cases: [string, string, { minutes: number; from?: string; until?: string }][] = [
    // No daylight saving: the span is the whole reach.
    ['Asia/Kolkata', '2026-12-03T18:00:00.000Z', { minutes: 330 }],
    ['Asia/Kathmandu', '2026-06-01T00:00:00.000Z', { minutes: 345 }],
    // London goes to summer time at 01:00 UTC on 29 March 2026 and back at 01:00 UTC on 25 October.
    ['Europe/London', '2026-03-20T12:00:00.000Z', { minutes: 0, until: '2026-03-29T01:00:00.000Z' }],
    ['Europe/London', '2026-04-05T12:00:00.000Z', { minutes: 60, from: '2026-03-29T01:00:00.000Z' }],
    ['Europe/London', '2026-10-20T00:00:00.000Z', { minutes: 60, until: '2026-10-25T01:00:00.000Z' }],
    // New York: 2 am local on 8 March 2026 (07:00 UTC).
    ['America/New_York', '2026-03-08T06:59:00.000Z', { minutes: -300, until: '2026-03-08T07:00:00.000Z' }],
    ['America/New_York', '2026-03-08T07:00:00.000Z', { minutes: -240, from: '2026-03-08T07:00:00.000Z' }],
    // Lord Howe moves half an hour; Chatham is +12:45 in winter.
    ['Australia/Lord_Howe', '2026-04-01T00:00:00.000Z', { minutes: 660, until: '2026-04-04T15:00:00.000Z' }],
    ['Pacific/Chatham', '2026-06-01T00:00:00.000Z', { minutes: 765 }],
  ];

  for (const [timeZone, now, expected] of cases) {
    it(`finds ${timeZone}'s offset around ${now}, to the minute`, () => {
      const span = offsetSpan(timeZone, new Date(now));
      expect(span.minutes).toBe(expected.minutes);
      const from = Date.parse(span.from);
      const until = Date.parse(span.until);
      if (expected.from) expect(span.from).toBe(expected.from);
      if (expected.until) expect(span.until).toBe(expected.until);
      // Where the span ends at a change, the minute either side of it has another offset.
      if (expected.from) expect(offsetOf(from - minute, timeZone)).not.toBe(span.minutes);
      if (expected.until) expect(offsetOf(until, timeZone)).not.toBe(span.minutes);
      expect(offsetOf(from, timeZone)).toBe(span.minutes);
      expect(offsetOf(until - minute, timeZone)).toBe(span.minutes);
      // At most the reach either side.
      expect(Date.parse(now) - from).toBeLessThanOrEqual(28 * 24 * 60 * minute);
      expect(until - Date.parse(now)).toBeLessThanOrEqual(28 * 24 * 60 * minute + minute);
    });

    it(`reads ${timeZone}'s clock from the span as Intl does, around ${now}`, () => {
      const span = offsetSpan(timeZone, new Date(now));
      knowOffsetSpan(timeZone, span);
      const from = Date.parse(span.from);
      const until = Date.parse(span.until);
      // Every 37 minutes and 11 seconds from two hours before the span to two hours after, and its edges.
      const moments = [from, until - 1, until, from - 1];
      for (let at = from - 2 * 60 * minute; at < until + 2 * 60 * minute; at += 37 * minute + 11_000)
        moments.push(at);
      for (const at of moments) {
        expect(partsIn(at, timeZone), `${timeZone} at ${new Date(at).toISOString()}`).toEqual(
          intlParts(at, timeZone),
        );
        expect(partsIn(new Date(at).toISOString(), timeZone)).toEqual(intlParts(at, timeZone));
      }
    });
  }

  it('takes no span it cannot read, and still answers outside a span', () => {
    knowOffsetSpan('Asia/Dubai', {
      minutes: 1.5,
      from: '2026-01-01T00:00:00.000Z',
      until: '2026-02-01T00:00:00.000Z',
    });
    knowOffsetSpan('Asia/Dubai', { minutes: 240, from: 'soon', until: '2026-02-01T00:00:00.000Z' });
    expect(partsIn('2026-01-10T20:30:00.000Z', 'Asia/Dubai')).toEqual(
      intlParts(Date.parse('2026-01-10T20:30:00.000Z'), 'Asia/Dubai'),
    );
    // A wrong span is believed only within it (the server's answer), and nowhere else.
    knowOffsetSpan('Asia/Tokyo', {
      minutes: 0,
      from: '2026-01-01T00:00:00.000Z',
      until: '2026-01-02T00:00:00.000Z',
    });
    expect(partsIn('2026-01-01T12:00:00.000Z', 'Asia/Tokyo').hour).toBe('12');
    expect(partsIn('2026-01-02T12:00:00.000Z', 'Asia/Tokyo').hour).toBe('21');
    expect(() => partsIn('not a time', 'Asia/Tokyo')).toThrow(RangeError);
    knowOffsetSpan('Asia/Dhaka', undefined);
    expect(partsIn('2026-01-10T20:30:00.000Z', 'Asia/Dhaka').hour).toBe('02');
  });
});
