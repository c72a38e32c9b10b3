import { describe, expect, it } from 'vitest';
import { deliverySlotsSchema, momentAt, slotsOf } from './slots.ts';

const rule = { lengthMinutes: 120, capacity: 3, daysAhead: 0, cutoffMinutes: 60 };

describe('momentAt', () => {
  it('is the moment a day’s minute is on the zone’s clock', () => {
    expect(momentAt('2026-12-01', 9 * 60, 'Asia/Kolkata').toISOString()).toBe('2026-12-01T03:30:00.000Z');
    // The minute past midnight runs into the next day.
    expect(momentAt('2026-12-01', 25 * 60, 'Asia/Kolkata').toISOString()).toBe('2026-12-01T19:30:00.000Z');
    // Either side of a change of the clocks (London: 29 March 2026, 01:00 GMT → 02:00 BST).
    expect(momentAt('2026-03-28', 9 * 60, 'Europe/London').toISOString()).toBe('2026-03-28T09:00:00.000Z');
    expect(momentAt('2026-03-29', 9 * 60, 'Europe/London').toISOString()).toBe('2026-03-29T08:00:00.000Z');
  });
});

describe('slotsOf', () => {
  it('lays slots of the rule’s length within the hours, after the cut-off, with the places left', () => {
    // 08:10 on the business's clock: the 08:00 slot has begun; the 10:00 one starts beyond the hour's cut-off.
    const now = new Date('2026-12-01T02:40:00.000Z');
    const booked = new Map([['2026-12-01T06:30:00.000Z', 3]]);
    const slots = slotsOf(
      { openTime: '08:00', closeTime: '19:00', deliverySlots: rule },
      now,
      'Asia/Kolkata',
      booked,
    );
    expect(slots).toEqual([
      {
        id: '2026-12-01T04:30:00.000Z',
        startsAt: '2026-12-01T04:30:00.000Z',
        endsAt: '2026-12-01T06:30:00.000Z',
        available: 3,
      },
      {
        id: '2026-12-01T06:30:00.000Z',
        startsAt: '2026-12-01T06:30:00.000Z',
        endsAt: '2026-12-01T08:30:00.000Z',
        available: 0,
      },
      {
        id: '2026-12-01T08:30:00.000Z',
        startsAt: '2026-12-01T08:30:00.000Z',
        endsAt: '2026-12-01T10:30:00.000Z',
        available: 3,
      },
      {
        id: '2026-12-01T10:30:00.000Z',
        startsAt: '2026-12-01T10:30:00.000Z',
        endsAt: '2026-12-01T12:30:00.000Z',
        available: 3,
      },
    ]);
  });

  it('runs a window across midnight into the next day, and offers the days ahead', () => {
    const now = new Date('2026-12-01T06:30:00.000Z'); // 12:00 in Bengaluru
    const slots = slotsOf(
      { openTime: '22:00', closeTime: '02:00', deliverySlots: { ...rule, daysAhead: 1 } },
      now,
      'Asia/Kolkata',
    );
    expect(slots.map((slot) => slot.startsAt)).toEqual([
      '2026-12-01T16:30:00.000Z', // 1 Dec 22:00
      '2026-12-01T18:30:00.000Z', // 2 Dec 00:00, of the evening of 1 Dec
      '2026-12-02T16:30:00.000Z',
      '2026-12-02T18:30:00.000Z',
    ]);
  });

  it('offers none without a rule', () => {
    expect(
      slotsOf({ openTime: '00:00', closeTime: '23:59', deliverySlots: null }, new Date(), 'Asia/Kolkata'),
    ).toEqual([]);
  });
});

describe('deliverySlotsSchema', () => {
  it('takes a rule, an hour’s cut-off when none is given', () => {
    expect(deliverySlotsSchema.parse({ lengthMinutes: 60, capacity: 5, daysAhead: 2 })).toEqual({
      lengthMinutes: 60,
      capacity: 5,
      daysAhead: 2,
      cutoffMinutes: 60,
    });
  });
});
