import { describe, expect, it } from 'vitest';
import { orderSettingsUpdateSchema } from './order-settings.ts';
import { rupeesTextSchema } from '../money-schemas.ts';
import { amountMessages, rupeesDecimal } from '../money.ts';

function fieldsOf(value: unknown): Record<string, string> {
  const result = orderSettingsUpdateSchema.safeParse(value);
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.')] ??= issue.message;
  return fields;
}

const good = {
  deliveryChargesEnabled: true,
  standardDeliveryChargesPaise: 3_000,
  minimumOrderPaise: 9_900,
  version: 0,
};

describe('order settings', () => {
  it('are whole paise from 0, every field required', () => {
    expect(orderSettingsUpdateSchema.parse(good)).toEqual(good);
    expect(
      orderSettingsUpdateSchema.parse({ ...good, standardDeliveryChargesPaise: 0, minimumOrderPaise: 0 }),
    ).toMatchObject({ standardDeliveryChargesPaise: 0, minimumOrderPaise: 0 });
    expect(fieldsOf({})).toEqual({
      deliveryChargesEnabled: 'is required',
      standardDeliveryChargesPaise: 'is required',
      minimumOrderPaise: 'is required',
      version: expect.any(String),
    });
  });

  it('refuses negative, fractional, huge and string amounts, each with its reason', () => {
    expect(
      fieldsOf({
        ...good,
        standardDeliveryChargesPaise: -1,
        minimumOrderPaise: 1234.5,
        deliveryChargesEnabled: 'on',
      }),
    ).toEqual({
      standardDeliveryChargesPaise: amountMessages.negative,
      minimumOrderPaise: amountMessages.wholePaise,
      deliveryChargesEnabled: 'must be true or false',
    });
    expect(
      fieldsOf({ ...good, standardDeliveryChargesPaise: '3000', minimumOrderPaise: 1_000_000_001 }),
    ).toEqual({
      standardDeliveryChargesPaise: amountMessages.notANumber,
      minimumOrderPaise: amountMessages.tooLarge,
    });
    expect(fieldsOf({ ...good, minimumOrderPaise: null })).toEqual({
      minimumOrderPaise: amountMessages.notANumber,
    });
  });
});

describe('rupees typed in a form', () => {
  it('become exact paise, with at most two decimals', () => {
    expect(rupeesTextSchema.parse('30')).toBe(3_000);
    expect(rupeesTextSchema.parse(' 99.5 ')).toBe(9_950);
    expect(rupeesTextSchema.parse('₹ 1,499.99')).toBe(149_999);
    expect(rupeesTextSchema.parse('0.10')).toBe(10);
    // 0.1 + 0.2 in floating point is not 0.3; in paise it is.
    expect(rupeesTextSchema.parse('0.1') + rupeesTextSchema.parse('0.2')).toBe(rupeesTextSchema.parse('0.3'));
  });

  it('refuse blanks, three decimals, words and negatives', () => {
    const message = (text: string) => rupeesTextSchema.safeParse(text).error?.issues[0]?.message;
    expect(message('')).toBe('is required');
    expect(message('12.345')).toBe(amountMessages.rupees);
    expect(message('thirty')).toBe(amountMessages.rupees);
    expect(message('-5')).toBe(amountMessages.negative);
    expect(message('10000001')).toBe(amountMessages.tooLarge);
  });

  it('come back as the person would type them', () => {
    expect(rupeesDecimal(3_000)).toBe('30.00');
    expect(rupeesDecimal(9_905)).toBe('99.05');
    expect(rupeesDecimal(0)).toBe('0.00');
    for (const paise of [0, 1, 99, 100, 12_345, 1_000_000_000]) {
      expect(rupeesTextSchema.parse(rupeesDecimal(paise))).toBe(paise);
    }
  });
});
