import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatRupees, parseRupees, percentOf, rupeesDecimal } from './money.ts';

describe('formatRupees', () => {
  it('shows zero as ₹0.00', () => {
    expect(formatRupees(0)).toBe('₹0.00');
  });

  it('groups digits the Indian way (lakhs and crores)', () => {
    expect(formatRupees(1_234_567_890)).toBe('₹1,23,45,678.90');
    expect(formatRupees(10_000_000)).toBe('₹1,00,000.00');
    expect(formatRupees(99_999)).toBe('₹999.99');
    expect(formatRupees(100_000)).toBe('₹1,000.00');
  });

  it('keeps single paise exact', () => {
    expect(formatRupees(5)).toBe('₹0.05');
    expect(formatRupees(64_950)).toBe('₹649.50');
    expect(formatRupees(17_875)).toBe('₹178.75');
  });

  it('puts the sign before the rupee symbol for negative amounts', () => {
    expect(formatRupees(-150)).toBe('-₹1.50');
    expect(formatRupees(-1)).toBe('-₹0.01');
    expect(formatRupees(-1_234_567_890)).toBe('-₹1,23,45,678.90');
  });

  it('refuses amounts that are not whole paise', () => {
    expect(() => formatRupees(1.5)).toThrow(RangeError);
    expect(() => formatRupees(Number.NaN)).toThrow(RangeError);
    expect(() => formatRupees(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => formatRupees(2 ** 60)).toThrow(RangeError);
  });
});

describe('parseRupees', () => {
  it('reads what people type into paise', () => {
    expect(parseRupees('12')).toBe(1200);
    expect(parseRupees('0.05')).toBe(5);
    expect(parseRupees('0.5')).toBe(50);
    expect(parseRupees('1,234.5')).toBe(123_450);
    expect(parseRupees('₹ 12')).toBe(1200);
    expect(parseRupees('-₹1.50')).toBe(-150);
  });

  it('reads a formatted amount back', () => {
    expect(parseRupees('₹1,23,45,678.90')).toBe(1_234_567_890);
    expect(parseRupees('₹0.00')).toBe(0);
  });

  it('answers null for text that is not an amount', () => {
    for (const text of ['', '-', 'abc', '1.234', '1.2.3', '12a', '₹', '1e3', '--1']) {
      expect(parseRupees(text), text).toBeNull();
    }
  });

  it('round-trips every amount up to one lakh crore rupees', () => {
    const limit = 10 ** 14; // paise
    fc.assert(
      fc.property(fc.integer({ min: -limit, max: limit }), (paise) => {
        expect(parseRupees(formatRupees(paise))).toBe(paise);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('rupeesDecimal', () => {
  it('writes paise as a plain decimal with two places, no symbol or grouping', () => {
    expect(rupeesDecimal(0)).toBe('0.00');
    expect(rupeesDecimal(5)).toBe('0.05');
    expect(rupeesDecimal(123456789)).toBe('1234567.89');
    expect(rupeesDecimal(-1050)).toBe('-10.50');
  });

  it('reads back to the same paise for any amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (paise) => {
        expect(parseRupees(rupeesDecimal(paise))).toBe(paise);
      }),
    );
  });
});

describe('percentOf', () => {
  it('rounds half up to the paisa', () => {
    expect(percentOf(250, 1)).toBe(3); // 2.5 paise
    expect(percentOf(249, 1)).toBe(2); // 2.49 paise
    expect(percentOf(1999, 10)).toBe(200); // 199.9 paise
    expect(percentOf(1, 50)).toBe(1); // 0.5 paise
    expect(percentOf(10_000, 12.5)).toBe(1250);
  });

  it('is 0 for 0 % and the whole amount for 100 %', () => {
    expect(percentOf(123_457, 0)).toBe(0);
    expect(percentOf(123_457, 100)).toBe(123_457);
  });

  it('matches exact integer arithmetic for whole percentages', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        (paise, pct) => {
          const exact = (BigInt(paise) * BigInt(pct) * 2n + 100n) / 200n; // half up
          expect(percentOf(paise, pct)).toBe(Number(exact));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
