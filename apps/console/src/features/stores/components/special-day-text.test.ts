import { describe, expect, it } from 'vitest';
import { translator } from '@/testing/translate.ts';
import type { SpecialDay } from '@storedesk/shared/stores/special-days';
import { dayHint, firstFreeDay, nextSpecialDayLine, weekdayOf } from './special-day-text.ts';

const english = translator('en');

const closed = (day: string, reason: string): SpecialDay => ({
  day,
  closed: true,
  openTime: null,
  closeTime: null,
  reason,
});

describe('special day wording', () => {
  it('names the weekday, today and tomorrow, and flags a day that has passed', () => {
    expect(weekdayOf('2026-12-25')).toBe('Friday');
    expect(dayHint('2026-12-03', '2026-12-03', english)).toBe('Today, Thursday');
    expect(dayHint('2026-12-04', '2026-12-03', english)).toBe('Tomorrow, Friday');
    expect(dayHint('2026-12-25', '2026-12-03', english)).toBe('Friday');
    expect(dayHint('2026-12-02', '2026-12-03', english)).toBe('Already past: customers no longer see it.');
    // Across the end of a month and a year.
    expect(dayHint('2027-01-01', '2026-12-31', english)).toBe('Tomorrow, Friday');
  });

  it('says the weekday, today and tomorrow in Hindi and Kannada', () => {
    expect(dayHint('2026-12-04', '2026-12-03', translator('hi'), 'hi')).toBe('कल, शुक्रवार');
    expect(dayHint('2026-12-03', '2026-12-03', translator('kn'), 'kn')).toBe('ಇಂದು, ಗುರುವಾರ');
  });

  it('starts a new day on the first one from today not taken', () => {
    expect(firstFreeDay([], '2026-12-31')).toBe('2026-12-31');
    expect(firstFreeDay(['2026-12-31', '2027-01-01', '2027-01-03'], '2026-12-31')).toBe('2027-01-02');
  });

  it('words a store’s next special day, with how many more follow, and none once all have passed', () => {
    const today = '2026-12-03';
    expect(nextSpecialDayLine([closed('2026-12-25', 'Christmas')], today, english)).toBe(
      'Closed on 25/12/2026 (Christmas)',
    );
    expect(
      nextSpecialDayLine(
        [
          closed('2026-12-02', 'Bandh'),
          closed('2026-12-25', 'Christmas'),
          { day: today, closed: false, openTime: '10:00', closeTime: '14:00', reason: 'Half day' },
        ],
        today,
        english,
      ),
    ).toBe('10:00 AM – 02:00 PM today (Half day), and 1 more special day');
    expect(
      nextSpecialDayLine(
        [closed(today, 'Diwali'), closed('2026-12-04', 'A'), closed('2026-12-05', 'B')],
        today,
        english,
      ),
    ).toBe('Closed today (Diwali), and 2 more special days');
    expect(nextSpecialDayLine([closed('2026-12-02', 'Bandh')], today, english)).toBeNull();
    expect(nextSpecialDayLine([], today, english)).toBeNull();
  });

  it('words it in Hindi, the store’s reason as written', () => {
    expect(
      nextSpecialDayLine(
        [closed('2026-12-25', 'Christmas'), closed('2026-12-26', 'Boxing day')],
        '2026-12-03',
        translator('hi'),
        'hi',
      ),
    ).toBe('25/12/2026 को बंद (Christmas), और 1 दूसरा खास दिन');
  });
});
