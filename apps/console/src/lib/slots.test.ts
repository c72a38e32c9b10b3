import { describe, expect, it } from 'vitest';
import { formatSlotRule } from './slots.ts';

describe('formatSlotRule', () => {
  it('says the length, the orders a slot takes and how far ahead customers can book', () => {
    expect(formatSlotRule({ lengthMinutes: 60, capacity: 5, daysAhead: 2 })).toBe(
      'Slots of 60 min, 5 orders each, 2 days ahead',
    );
    expect(formatSlotRule({ lengthMinutes: 30, capacity: 1, daysAhead: 1 })).toBe(
      'Slots of 30 min, 1 order each, 1 day ahead',
    );
    expect(formatSlotRule({ lengthMinutes: 120, capacity: 20, daysAhead: 0 })).toBe(
      'Slots of 120 min, 20 orders each, today only',
    );
  });
});
