import { describe, expect, it } from 'vitest';
import { formatCount, groupedDecimal, groupedDigits } from './numbers.ts';

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

describe('formatCount', () => {
  it('rounds to a whole number as en-IN does, halves away from zero, and groups its digits', () => {
    const indian = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
    for (const value of [0, 2.4, 2.5, 999.5, 1234.49, 1234.5, 12_34_567.8, -2.5, -1234.5, 98_76_54_321]) {
      expect(formatCount(value)).toBe(indian.format(value));
    }
    expect(formatCount(12_34_567)).toBe('12,34,567');
  });

  it('shows what is not a count as it is, rather than failing the screen', () => {
    expect(formatCount(Number.NaN)).toBe('NaN');
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('Infinity');
    expect(formatCount(2 ** 60)).toBe(String(2 ** 60));
  });
});

describe('groupedDecimal', () => {
  it('writes what en-IN writes with two decimals, halves rounded on the shortest decimal form', () => {
    const enIn = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const values = [
      0, 0.005, 0.125, 1.005, 2.675, 12.5, 33.333_333, 66.666_666, 99.995, 100, 1234.5, 9_999.999,
      1_234_567.125, 0.000_000_1, 5e-3, 123_456_789.994,
    ];
    for (const value of [...values, ...values.map((value) => -value)]) {
      expect(groupedDecimal(value, 2), String(value)).toBe(enIn.format(value).replace(/^-0\.00$/, '0.00'));
    }
  });

  it('keeps no decimals when asked for none', () => {
    expect(groupedDecimal(1_234_567.5, 0)).toBe('12,34,568');
  });
});
