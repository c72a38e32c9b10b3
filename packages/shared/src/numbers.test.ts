import { describe, expect, it } from 'vitest';
import { groupedDigits } from './numbers.ts';

describe('groupedDigits', () => {
  it('groups the last three digits, then by twos, as India writes them', () => {
    expect(groupedDigits(0)).toBe('0');
    expect(groupedDigits(7)).toBe('7');
    expect(groupedDigits(999)).toBe('999');
    expect(groupedDigits(1000)).toBe('1,000');
    expect(groupedDigits(99_999)).toBe('99,999');
    expect(groupedDigits(100_000)).toBe('1,00,000');
    expect(groupedDigits(1_234_567)).toBe('12,34,567');
    expect(groupedDigits(123_456_789)).toBe('12,34,56,789');
    expect(groupedDigits(-1_234_567)).toBe('-12,34,567');
    expect(groupedDigits(Number.MAX_SAFE_INTEGER)).toBe('9,00,71,99,25,47,40,991');
  });

  it('writes what en-IN writes, for every length of number', () => {
    const indian = new Intl.NumberFormat('en-IN');
    for (let value = 1; value < Number.MAX_SAFE_INTEGER / 10; value = value * 10 + (value % 7)) {
      expect(groupedDigits(value)).toBe(indian.format(value));
      expect(groupedDigits(-value)).toBe(indian.format(-value));
    }
  });

  it('refuses what is not a whole number', () => {
    expect(() => groupedDigits(1.5)).toThrow(RangeError);
    expect(() => groupedDigits(Number.NaN)).toThrow(RangeError);
    expect(() => groupedDigits(2 ** 60)).toThrow(RangeError);
  });
});
