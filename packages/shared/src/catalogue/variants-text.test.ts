import { describe, expect, it } from 'vitest';
import {
  countedAgain,
  lineQuantityText,
  lineWeightName,
  quantityText,
  stepPriceText,
  stockAdjustmentRefusal,
  variantSavingText,
} from './variants.ts';

describe('what loose lines and prices read as', () => {
  it('says a quantity as a count, or as its weight when sold loose', () => {
    expect(quantityText({ stepGrams: null }, 3)).toBe('3');
    expect(quantityText({ stepGrams: 250 }, 3)).toBe('750 g');
    expect(quantityText({ stepGrams: 250 }, 6)).toBe('1.5 kg');
  });

  it('prices a step, and says nothing for one that costs a fraction of a paisa', () => {
    expect(stepPriceText(3_600, 250)).toBe('250 g for ₹9.00');
    expect(stepPriceText(3_601, 250)).toBeNull();
  });

  it('says the saving per kg when loose', () => {
    expect(variantSavingText({ pricePaise: 3_600, mrpPaise: 4_000, stepGrams: 250 })).toBe(
      'Save ₹4.00/kg (10%)',
    );
    expect(variantSavingText({ pricePaise: 3_600, mrpPaise: 4_000 })).toBe('Save ₹4.00 (10%)');
    expect(variantSavingText({ pricePaise: 3_600, mrpPaise: null, stepGrams: 250 })).toBeNull();
  });

  it('names a loose line by the weight it holds, and a pack by its count', () => {
    const onions = { itemName: 'Onions', variantLabel: '250 g', itemQuantity: 3, stepGrams: 250 };
    expect(lineWeightName(onions)).toBe('Onions · 750 g');
    expect(lineQuantityText(onions)).toBe('Onions · 750 g');
    expect(lineQuantityText({ ...onions, variantLabel: 'Nashik · 250 g', itemQuantity: 6 })).toBe(
      'Onions · Nashik · 1.5 kg',
    );
    const atta = { itemName: 'Atta', variantLabel: '5 kg', itemQuantity: 3 };
    expect(lineWeightName(atta)).toBe('Atta · 5 kg');
    expect(lineQuantityText(atta)).toBe('Atta · 5 kg × 3');
    expect(lineQuantityText({ itemName: 'Atta', itemQuantity: 2 })).toBe('Atta × 2');
  });
});

describe('stockAdjustmentRefusal', () => {
  it('says a count in the variant’s unit: units for a pack, a weight for grams sold loose', () => {
    expect(stockAdjustmentRefusal({ stock: 12 }, { reason: 'damaged', quantity: 13 })).toBe(
      'Only 12 in stock: stock cannot go below zero',
    );
    expect(
      stockAdjustmentRefusal({ stock: 1_500, stepGrams: 250 }, { reason: 'damaged', quantity: 2_000 }),
    ).toBe('Only 1.5 kg in stock: stock cannot go below zero');
    expect(
      stockAdjustmentRefusal({ stock: 999_000, stepGrams: 250 }, { reason: 'received', quantity: 2_000 }),
    ).toBe('999 kg in stock already: stock can be at most 1000 kg');
    expect(stockAdjustmentRefusal({ stock: 1_500, stepGrams: 250 }, { reason: 'counted', quantity: 0 })).toBe(
      null,
    );
  });
});

describe('a counted variant that changes unit', () => {
  it('is counted again when it starts or stops being sold loose, and only then', () => {
    expect(countedAgain({ stock: 10, stepGrams: null }, true)).toBe(true);
    expect(countedAgain({ stock: 9_500, stepGrams: 500 }, false)).toBe(true);
    expect(countedAgain({ stock: 10, stepGrams: null }, false)).toBe(false);
    expect(countedAgain({ stock: 9_500, stepGrams: 500 }, true)).toBe(false);
    // Not counted: nothing to count again.
    expect(countedAgain({ stock: null, stepGrams: null }, true)).toBe(false);
  });
});
