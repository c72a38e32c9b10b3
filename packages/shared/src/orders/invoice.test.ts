import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gstSummary } from '../reports/gst.ts';
import {
  creditNoteSlabs,
  gstRates,
  gstSlabs,
  invoiceSlabs,
  isValidGstin,
  optionalGstinSchema,
  shareOut,
  type GstSlab,
} from './invoice.ts';

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

describe('credit notes against an invoice (B18)', () => {
  const line = fc.record({
    itemQuantity: fc.integer({ min: 1, max: 12 }),
    itemPricePaise: fc.integer({ min: 1, max: 250_000 }),
    gstRate: fc.constantFrom(...gstRates),
  });
  /** An order as delivered: its lines, a discount up to its items' total, charges; and the refunds made after. */
  const invoicedOrder = fc
    .record({
      items: fc.array(line, { minLength: 1, maxLength: 8 }),
      discountShare: fc.double({ min: 0, max: 1, noNaN: true }),
      chargesTotalPaise: fc.integer({ min: 0, max: 10_000 }),
      refundShares: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 5 }),
    })
    .map(({ items, discountShare, chargesTotalPaise, refundShares }) => {
      const itemsTotal = items.reduce((sum, l) => sum + l.itemQuantity * l.itemPricePaise, 0);
      const discountPaise = Math.floor(itemsTotal * discountShare);
      const finalPaise = itemsTotal - discountPaise + chargesTotalPaise;
      // Refunds never give back more than was paid (the bill): each takes a share of what is left.
      let left = finalPaise;
      const refunds: number[] = [];
      for (const share of refundShares) {
        const amount = Math.floor(left * share);
        if (amount <= 0) continue;
        refunds.push(amount);
        left -= amount;
      }
      return { order: { items, discountPaise, chargesTotalPaise }, finalPaise, refunds };
    });

  it('payment less credit notes is the order’s final amount, per rate and in all, exact to the paisa', () => {
    fc.assert(
      fc.property(invoicedOrder, ({ order, finalPaise, refunds }) => {
        const invoice = invoiceSlabs(order);
        const value = (slabs: GstSlab[]) => slabs.reduce((sum, slab) => sum + slab.valuePaise, 0);
        // The invoice is the payment: its slabs add up to the bill.
        expect(value(invoice)).toBe(finalPaise);
        const notes = refunds.map((amount) => creditNoteSlabs(invoice, amount));
        notes.forEach((slabs, index) => expect(value(slabs)).toBe(refunds[index]));
        const refunded = refunds.reduce((sum, amount) => sum + amount, 0);
        expect(value(invoice) - notes.reduce((sum, slabs) => sum + value(slabs), 0)).toBe(
          finalPaise - refunded,
        );
        for (const slabs of notes) {
          for (const slab of slabs) {
            // Each slab's tax is split whole, and a note gives back at a rate only what the invoice had there.
            expect(slab.taxablePaise + slab.cgstPaise + slab.sgstPaise).toBe(slab.valuePaise);
            expect(slab.valuePaise).toBeLessThanOrEqual(
              invoice.find((s) => s.rate === slab.rate)!.valuePaise,
            );
          }
        }
        // The report's net per rate is the invoice less its notes, and adds up to the final amount less refunds.
        const summary = gstSummary([
          { kind: 'INVOICE', slabs: invoice },
          ...notes.map((slabs) => ({ kind: 'CREDIT_NOTE' as const, slabs })),
        ]);
        expect(summary.rates.reduce((sum, row) => sum + row.net.valuePaise, 0)).toBe(finalPaise - refunded);
        expect(summary.totals.net.valuePaise).toBe(finalPaise - refunded);
        expect(summary.totals.invoiceCount).toBe(1);
        expect(summary.totals.creditNoteCount).toBe(refunds.length);
      }),
      { numRuns: 500 },
    );
  });

  it('shares a refund over the invoice’s rates by their values', () => {
    // ₹105 at 5% and ₹118 at 18%: a refund of ₹22.30 gives back ₹10.50 and ₹11.80.
    const invoice = gstSlabs(
      [
        { amountPaise: 10_500, gstRate: 5 },
        { amountPaise: 11_800, gstRate: 18 },
      ],
      0,
      0,
    );
    expect(creditNoteSlabs(invoice, 2_230)).toEqual([
      { rate: 5, valuePaise: 1_050, taxablePaise: 1_000, cgstPaise: 25, sgstPaise: 25 },
      { rate: 18, valuePaise: 1_180, taxablePaise: 1_000, cgstPaise: 90, sgstPaise: 90 },
    ]);
  });
});
