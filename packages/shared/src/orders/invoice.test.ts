import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gstRates, gstSlabs, isValidGstin, optionalGstinSchema, shareOut } from './invoice.ts';

describe('a GSTIN', () => {
  it('is valid with its check character, and not with another', () => {
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin('27AAPFU0939F1ZA')).toBe(false);
    expect(isValidGstin('27AAPFU0939F1V')).toBe(false);
    expect(isValidGstin('99AAPFU0939F1ZV')).toBe(false);
  });

  it('may be left empty in Settings › About (kept as none)', () => {
    expect(optionalGstinSchema.parse('')).toBeNull();
    expect(optionalGstinSchema.parse(null)).toBeNull();
    expect(optionalGstinSchema.safeParse('27AAPFU0939F1ZA').error?.issues[0]?.message).toBe(
      'is not a valid GSTIN: its last character does not match',
    );
  });
});

describe('sharing out an amount', () => {
  it('gives every unit, in proportion, to the largest remainders', () => {
    expect(shareOut(1_000, [21_000, 9_999, 5_000])).toEqual([583, 278, 139]);
    expect(shareOut(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(shareOut(5, [0, 0])).toEqual([0, 0]);
  });
});

describe('the GST in a bill', () => {
  it('gives CGST the odd paisa of a tax that does not halve', () => {
    // ₹100 at 18%: taxable ₹84.75 (10,000 × 100 / 118 = 8,474.58 paise), tax 1,525 paise.
    expect(gstSlabs([{ amountPaise: 10_000, gstRate: 18 }], 0, 0)).toEqual([
      { rate: 18, valuePaise: 10_000, taxablePaise: 8_475, cgstPaise: 763, sgstPaise: 762 },
    ]);
  });

  const line = fc.record({
    amountPaise: fc.integer({ min: 0, max: 10_000_000 }),
    gstRate: fc.constantFrom(...gstRates),
  });

  it('adds up to the bill to the paisa, and each rate’s tax is its rate of its taxable value', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 12 }),
        fc.nat({ max: 1_000_000 }),
        fc.nat({ max: 100_000 }),
        (items, wantedDiscount, charges) => {
          const itemsTotal = items.reduce((sum, item) => sum + item.amountPaise, 0);
          const discount = Math.min(wantedDiscount, itemsTotal);
          const slabs = gstSlabs(items, discount, charges);
          const total = slabs.reduce(
            (sum, slab) => sum + slab.taxablePaise + slab.cgstPaise + slab.sgstPaise,
            0,
          );
          expect(total).toBe(itemsTotal - discount + charges);
          for (const slab of slabs) {
            expect(Math.abs(slab.cgstPaise - slab.sgstPaise)).toBeLessThanOrEqual(1);
            // Rounding the taxable value to the paisa moves the tax by at most a paisa from rate × taxable.
            expect(
              Math.abs(slab.cgstPaise + slab.sgstPaise - (slab.taxablePaise * slab.rate) / 100),
            ).toBeLessThanOrEqual(1);
          }
          expect(new Set(slabs.map((slab) => slab.rate)).size).toBe(slabs.length);
        },
      ),
    );
  });
});
