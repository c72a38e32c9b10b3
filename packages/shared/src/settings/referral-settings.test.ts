import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { amountMessages } from '../money.ts';
import { referralFormSchema, referralMessages, referralSettingsUpdateSchema } from './referral-settings.ts';

function fieldsOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.')] ??= issue.message;
  return fields;
}

const program = {
  enabled: true,
  name: 'Invite a friend',
  type: 'DISCOUNT',
  usageLimit: 1,
  discountPercent: 10,
  maxDiscountPaise: 10_000,
  minOrderValuePaise: 29_900,
  validForDays: 30,
  referralMessage: 'Get 10% off your first order!\nUse my code.',
  version: 1,
};

describe('referral settings, enabled', () => {
  it('take every field', () => {
    expect(referralSettingsUpdateSchema.parse(program)).toEqual(program);
  });

  it('require every field', () => {
    expect(fieldsOf(referralSettingsUpdateSchema, { enabled: true, version: 1 })).toEqual({
      name: 'is required',
      type: 'is required',
      usageLimit: 'is required',
      discountPercent: 'is required',
      maxDiscountPaise: 'is required',
      minOrderValuePaise: 'is required',
      validForDays: 'is required',
      referralMessage: 'is required',
    });
    expect(fieldsOf(referralSettingsUpdateSchema, { ...program, name: '  ', referralMessage: '' })).toEqual({
      name: 'is required',
      referralMessage: 'is required',
    });
  });

  it('refuse strings for numbers and out-of-range values, each field with its reason', () => {
    expect(
      fieldsOf(referralSettingsUpdateSchema, {
        ...program,
        usageLimit: '10',
        discountPercent: 101,
        maxDiscountPaise: -100,
        minOrderValuePaise: 10.5,
        validForDays: 0,
        type: 'CASHBACK',
        referralMessage: 'x'.repeat(10_000),
      }),
    ).toEqual({
      usageLimit: referralMessages.notANumber,
      discountPercent: referralMessages.discountPercent,
      maxDiscountPaise: amountMessages.negative,
      minOrderValuePaise: amountMessages.wholePaise,
      validForDays: referralMessages.validForDays,
      type: referralMessages.type,
      referralMessage: 'must be at most 500 characters',
    });
    expect(
      fieldsOf(referralSettingsUpdateSchema, {
        ...program,
        usageLimit: 0,
        validForDays: 3651,
        discountPercent: 2.5,
      }),
    ).toEqual({
      usageLimit: referralMessages.usageLimit,
      validForDays: referralMessages.validForDays,
      discountPercent: referralMessages.whole,
    });
  });

  it('give a discount of 1 to 100 percent; free delivery takes 0', () => {
    expect(fieldsOf(referralSettingsUpdateSchema, { ...program, discountPercent: 0 })).toEqual({
      discountPercent: referralMessages.discountPercent,
    });
    expect(
      referralSettingsUpdateSchema.parse({ ...program, type: 'FREE_DELIVERY', discountPercent: 0 }),
    ).toMatchObject({
      type: 'FREE_DELIVERY',
      discountPercent: 0,
    });
    expect(referralSettingsUpdateSchema.parse({ ...program, discountPercent: 100 }).discountPercent).toBe(
      100,
    );
  });
});

describe('referral settings, disabled', () => {
  it('require nothing but enabled and version', () => {
    expect(referralSettingsUpdateSchema.parse({ enabled: false, version: 0 })).toEqual({
      enabled: false,
      version: 0,
    });
    expect(
      referralSettingsUpdateSchema.parse({ ...program, enabled: false, name: '', discountPercent: 0 }),
    ).toMatchObject({ enabled: false, name: '', discountPercent: 0 });
  });

  it('still check what is sent', () => {
    expect(
      fieldsOf(referralSettingsUpdateSchema, {
        enabled: false,
        usageLimit: '5',
        discountPercent: 101,
        version: 0,
      }),
    ).toEqual({ usageLimit: referralMessages.notANumber, discountPercent: referralMessages.discountPercent });
    expect(fieldsOf(referralSettingsUpdateSchema, { enabled: 'false', version: 0 })).toEqual({
      enabled: referralMessages.enabled,
    });
  });
});

describe('the console form', () => {
  const form = {
    enabled: true,
    name: 'Invite a friend',
    type: 'DISCOUNT',
    usageLimit: '1',
    discountPercent: '10',
    maxDiscountPaise: '100',
    minOrderValuePaise: '299.00',
    validForDays: '30',
    referralMessage: 'Get 10% off',
  };

  it('turns typed text into the PUT body, amounts in paise', () => {
    expect(referralFormSchema.parse(form)).toEqual({
      enabled: true,
      name: 'Invite a friend',
      type: 'DISCOUNT',
      usageLimit: 1,
      discountPercent: 10,
      maxDiscountPaise: 10_000,
      minOrderValuePaise: 29_900,
      validForDays: 30,
      referralMessage: 'Get 10% off',
    });
  });

  it('says what is wrong, under the same rules as the server', () => {
    expect(
      fieldsOf(referralFormSchema, {
        ...form,
        usageLimit: '',
        discountPercent: '0',
        maxDiscountPaise: '12.345',
        validForDays: 'ten',
      }),
    ).toEqual({
      usageLimit: 'is required',
      discountPercent: referralMessages.discountPercent,
      maxDiscountPaise: amountMessages.rupees,
      validForDays: 'Enter a whole number',
    });
  });

  it('leaves blank fields out while disabled', () => {
    expect(
      referralFormSchema.parse({ ...form, enabled: false, usageLimit: '', name: '', referralMessage: '' }),
    ).toMatchObject({ enabled: false, usageLimit: undefined, name: '' });
  });
});
