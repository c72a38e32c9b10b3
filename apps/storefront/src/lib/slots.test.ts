import { describe, expect, it } from 'vitest';
import type { Slot } from '@storedesk/shared/stores/slots';
import { formatSlot } from '@storedesk/shared/dates';
import { slotTimes, weekdayDate } from '@storedesk/web/times';
import { placesShown, slotDays } from './slots.ts';

const slot = (startsAt: string, endsAt: string, available = 5): Slot => ({
  id: new Date(startsAt).toISOString(),
  startsAt: new Date(startsAt).toISOString(),
  endsAt: new Date(endsAt).toISOString(),
  available,
});

describe('a delivery slot as the app words it (formatSlot without the year)', () => {
  it('is on the business’s clock: its weekday, DD/MM and times in 12-hour form', () => {
    const morning = slot('2026-12-01T09:00:00+05:30', '2026-12-01T10:00:00+05:30');
    expect(formatSlot(morning, 'Asia/Kolkata', { year: false })).toBe('Tue 01/12, 09:00 AM – 10:00 AM');
    // The same moments are early that morning in London, and the evening before in New York.
    expect(formatSlot(morning, 'Europe/London', { year: false })).toBe('Tue 01/12, 03:30 AM – 04:30 AM');
    expect(formatSlot(morning, 'America/New_York', { year: false })).toBe('Mon 30/11, 10:30 PM – 11:30 PM');
  });

  it('runs across noon and midnight as a clock shows them', () => {
    expect(
      slotTimes('en', slot('2026-12-01T11:30:00+05:30', '2026-12-01T12:30:00+05:30'), 'Asia/Kolkata'),
    ).toBe('11:30 AM – 12:30 PM');
    expect(
      slotTimes('en', slot('2026-12-01T23:00:00+05:30', '2026-12-02T00:00:00+05:30'), 'Asia/Kolkata'),
    ).toBe('11:00 PM – 12:00 AM');
  });

  it('counts the places left when none or 1 to 3 are (Full, "2 left"), and nothing when more are', () => {
    expect([0, 1, 3, 4, 50].map((available) => placesShown({ available }))).toEqual([0, 1, 3, null, null]);
  });
});

describe('slots by day', () => {
  it('groups them by the business’s calendar day: today, tomorrow, then the weekday and date', () => {
    // 10 p.m. on Monday 30 November in Kolkata; still Monday afternoon in UTC.
    const now = Date.parse('2026-11-30T22:00:00+05:30');
    const slots = [
      slot('2026-11-30T23:00:00+05:30', '2026-12-01T00:00:00+05:30'),
      // 00:30 on the 1st in Kolkata is 30 November in UTC: it is tomorrow's.
      slot('2026-12-01T00:30:00+05:30', '2026-12-01T01:30:00+05:30'),
      slot('2026-12-01T09:00:00+05:30', '2026-12-01T10:00:00+05:30', 0),
      slot('2026-12-02T09:00:00+05:30', '2026-12-02T10:00:00+05:30'),
      slot('2026-12-03T09:00:00+05:30', '2026-12-03T10:00:00+05:30'),
    ];
    expect(
      slotDays(slots, 'Asia/Kolkata', now).map((day) => [
        day.when === 'later' ? weekdayDate('en', day.slots[0]!.startsAt, 'Asia/Kolkata') : day.when,
        day.slots.map((each) => slotTimes('en', each, 'Asia/Kolkata')),
      ]),
    ).toEqual([
      ['today', ['11:00 PM – 12:00 AM']],
      ['tomorrow', ['12:30 AM – 01:30 AM', '09:00 AM – 10:00 AM']],
      ['Wed 02/12', ['09:00 AM – 10:00 AM']],
      ['Thu 03/12', ['09:00 AM – 10:00 AM']],
    ]);
  });

  it('names no day when there are no slots', () => {
    expect(slotDays([], 'Asia/Kolkata')).toEqual([]);
  });
});
