import { describe, expect, it } from 'vitest';
import {
  bandWords,
  deliveryRuleSummary,
  deliveryTermsFor,
  ruleParts,
  type StoreDeliveryRule,
} from './delivery-rule.ts';

const business = {
  deliveryChargesEnabled: true,
  standardDeliveryChargesPaise: 3_000,
  minimumOrderPaise: 9_900,
};

describe('a delivery rule’s words', () => {
  const bands = [
    { fromKm: 0, feePaise: 2_000 },
    { fromKm: 2.5, feePaise: 4_000 },
    { fromKm: 5, feePaise: 6_000 },
  ];

  it('are read back into their parts, whatever band or amount wrote them', () => {
    expect(bands.map((_, index) => ruleParts(bandWords(bands, index)))).toEqual([
      { kind: 'band', fromKm: '0', toKm: '2.5' },
      { kind: 'band', fromKm: '2.5', toKm: '5' },
      { kind: 'over', fromKm: '5' },
    ]);
    expect(ruleParts(bandWords([{ fromKm: 0, feePaise: 2_000 }], 0))).toEqual({ kind: 'any' });
    const rule: StoreDeliveryRule = { minimumOrderPaise: 0, feeBands: bands, freeFromPaise: 150_000 };
    const free = deliveryTermsFor(rule, business, 150_000, 7).charges[0]!;
    expect(free.rule).toBe('free from ₹1,500.00');
    expect(ruleParts(free.rule!)).toEqual({ kind: 'freeFrom', amount: '₹1,500.00' });
  });

  it('are null when this code did not write them, so they show as they are', () => {
    expect(ruleParts('2 to 5 km')).toBeNull();
    expect(ruleParts('')).toBeNull();
    expect(ruleParts('free from 500')).toBeNull();
  });
});

describe('a rule in a line', () => {
  const band = (fromKm: number, feePaise: number) => ({ fromKm, feePaise });

  it('names the minimum, the fee or its range, and free from, each only when there is one', () => {
    expect(
      deliveryRuleSummary({
        minimumOrderPaise: 19_900,
        feeBands: [band(0, 2_000), band(2, 4_000)],
        freeFromPaise: 49_900,
      }),
    ).toBe('Minimum ₹199.00 · Delivery ₹20.00–₹40.00 by distance · free from ₹499.00');
    expect(
      deliveryRuleSummary({ minimumOrderPaise: 0, feeBands: [band(0, 3_000)], freeFromPaise: null }),
    ).toBe('Delivery ₹30.00');
    // Free at any distance: "free from" would say nothing more.
    expect(
      deliveryRuleSummary({ minimumOrderPaise: 9_900, feeBands: [band(0, 0)], freeFromPaise: 49_900 }),
    ).toBe('Minimum ₹99.00 · Free delivery');
  });
});
