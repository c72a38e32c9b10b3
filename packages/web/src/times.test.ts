import { describe, expect, it } from 'vitest';
import { formatSlot } from '@storedesk/shared/dates';
import { clockTime, slotText, timeOfDay, weekdayDate } from './times.ts';

const morning = { startsAt: '2026-12-01T03:30:00.000Z', endsAt: '2026-12-01T04:30:00.000Z' };
// 11 p.m. to 1 a.m. in Kolkata: it ends on the next day.
const night = { startsAt: '2026-12-01T17:30:00.000Z', endsAt: '2026-12-01T19:30:00.000Z' };

describe('times and slots in the language shown, on the business’s clock', () => {
  it('are in English exactly as the console words them', () => {
    expect(slotText('en', morning, 'Asia/Kolkata')).toBe(
      formatSlot(morning, 'Asia/Kolkata', { year: false }),
    );
    expect(slotText('en', night, 'Asia/Kolkata')).toBe('Tue 01/12, 11:00 PM – Wed 02/12, 01:00 AM');
    expect(timeOfDay('en', '21:00')).toBe('09:00 PM');
    expect(clockTime('en', morning.startsAt, 'Asia/Kolkata')).toBe('09:00 AM');
    expect(weekdayDate('en', morning.startsAt, 'America/New_York')).toBe('Mon 30/11');
  });

  it('name the weekday in Hindi and Kannada, keep DD/MM, and name the day a slot past midnight ends on', () => {
    expect(slotText('hi', morning, 'Asia/Kolkata')).toMatch(/^मंगल 01\/12, 09:00 \S+ – 10:00 \S+$/);
    expect(slotText('kn', night, 'Asia/Kolkata')).toMatch(/^ಮಂಗಳ 01\/12, 11:00 \S+ – ಬುಧ 02\/12, 01:00 \S+$/);
    expect(weekdayDate('hi', morning.startsAt, 'America/New_York')).toBe('सोम 30/11');
  });

  it('keep the 12-hour clock of the store’s hours in every language', () => {
    for (const language of ['hi', 'kn'] as const) {
      expect(timeOfDay(language, '21:00')).toMatch(/^09:00 \S+$/);
      expect(timeOfDay(language, '21:00')).not.toBe(timeOfDay(language, '09:00'));
    }
    expect(timeOfDay('hi', 'soon')).toBe('soon');
  });
});
