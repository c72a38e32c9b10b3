import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { messages } from '../messages.ts';
import {
  paymentModeInputSchema,
  paymentModeMessages,
  paymentModeUpdateSchema,
  typesToAdd,
  upiIdPattern,
} from './payment-modes.ts';

/** The first message on each field, as the server's envelope and the console's form show them. */
function fieldsOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.')] ??= issue.message;
  return fields;
}

const upi = { title: 'UPI', type: 'UPI', upiInfo: { name: 'Demo Fresh Mart', upiId: 'demofreshmart@upi' } };

describe('UPI addresses', () => {
  it('are name@handle', () => {
    for (const good of ['demofreshmart@upi', 'asha.rao-1_2@okhdfcbank', 'ab@ybl', '9876543210@paytm']) {
      expect(upiIdPattern.test(good), good).toBe(true);
    }
    for (const bad of [
      'demofreshmart',
      '@upi',
      'a@upi',
      'demo@',
      'demo@@upi',
      'demo@1upi',
      'demo fresh@upi',
      'demo@u',
      `${'a'.repeat(257)}@upi`,
      `demo@u${'p'.repeat(64)}`,
    ]) {
      expect(upiIdPattern.test(bad), bad).toBe(false);
    }
  });
});

describe('a new payment mode', () => {
  it('is a title and a type, enabled unless told otherwise', () => {
    expect(paymentModeInputSchema.parse({ title: ' Cash on delivery ', type: 'COD' })).toEqual({
      title: 'Cash on delivery',
      type: 'COD',
      enabled: true,
    });
    expect(paymentModeInputSchema.parse(upi)).toEqual({ ...upi, enabled: true });
  });

  it('of type UPI needs the receiver name and a valid UPI address, with the spec messages', () => {
    expect(fieldsOf(paymentModeInputSchema, { title: 'UPI', type: 'UPI' })).toEqual({
      'upiInfo.name': messages.upiName,
      'upiInfo.upiId': messages.upiAddress,
    });
    expect(fieldsOf(paymentModeInputSchema, { ...upi, upiInfo: { name: '  ', upiId: '' } })).toEqual({
      'upiInfo.name': messages.upiName,
      'upiInfo.upiId': messages.upiAddress,
    });
    expect(
      fieldsOf(paymentModeInputSchema, { ...upi, upiInfo: { name: 'Asha', upiId: 'asha.upi' } }),
    ).toEqual({
      'upiInfo.upiId': messages.upiAddress,
    });
    expect(fieldsOf(paymentModeInputSchema, { ...upi, upiInfo: {} })).toEqual({
      'upiInfo.name': messages.upiName,
      'upiInfo.upiId': messages.upiAddress,
    });
  });

  it('of another type has no UPI details', () => {
    expect(fieldsOf(paymentModeInputSchema, { title: 'Card', type: 'CARD', upiInfo: upi.upiInfo })).toEqual({
      upiInfo: paymentModeMessages.upiInfoNotUpi,
    });
    expect(paymentModeInputSchema.parse({ title: 'Card', type: 'CARD', upiInfo: null })).toMatchObject({
      type: 'CARD',
    });
  });

  it('takes a disable reason only while disabled; a blank one is none', () => {
    expect(
      paymentModeInputSchema.parse({
        title: 'Card',
        type: 'CARD',
        enabled: false,
        disableReason: ' No machine ',
      }),
    ).toMatchObject({ enabled: false, disableReason: 'No machine' });
    expect(
      paymentModeInputSchema.parse({ title: 'Card', type: 'CARD', enabled: true, disableReason: '  ' }),
    ).toMatchObject({ enabled: true, disableReason: null });
    expect(
      fieldsOf(paymentModeInputSchema, { title: 'Card', type: 'CARD', disableReason: 'No machine' }),
    ).toEqual({ disableReason: paymentModeMessages.reasonWhileEnabled });
  });

  it('refuses every bad field at once, with a reason for each', () => {
    expect(
      fieldsOf(paymentModeInputSchema, {
        title: 'x'.repeat(61),
        type: 'CHEQUE',
        enabled: 'yes',
        disableReason: 'r'.repeat(201),
      }),
    ).toEqual({
      title: 'must be at most 60 characters',
      type: paymentModeMessages.type,
      enabled: paymentModeMessages.enabled,
      disableReason: 'must be at most 200 characters',
    });
    expect(fieldsOf(paymentModeInputSchema, {})).toEqual({ title: 'is required', type: 'is required' });
    expect(fieldsOf(paymentModeInputSchema, { title: 'Cash\u0000', type: 'COD' })).toEqual({
      title: 'must not contain control characters',
    });
  });
});

describe('a payment mode change', () => {
  it('needs a version and may change any of title, enabled, reason and UPI details', () => {
    expect(fieldsOf(paymentModeUpdateSchema, { enabled: false })).toEqual({ version: expect.any(String) });
    expect(paymentModeUpdateSchema.parse({ enabled: false, disableReason: 'Closed', version: 2 })).toEqual({
      enabled: false,
      disableReason: 'Closed',
      version: 2,
    });
    expect(paymentModeUpdateSchema.parse({ disableReason: '', version: 2 })).toEqual({
      disableReason: null,
      version: 2,
    });
  });

  it('refuses a reason sent with enabled: true, and bad UPI details', () => {
    expect(fieldsOf(paymentModeUpdateSchema, { enabled: true, disableReason: 'Closed', version: 1 })).toEqual(
      {
        disableReason: paymentModeMessages.reasonWhileEnabled,
      },
    );
    expect(
      fieldsOf(paymentModeUpdateSchema, { upiInfo: { name: 'Asha', upiId: 'no-at-sign' }, version: 1 }),
    ).toEqual({ 'upiInfo.upiId': messages.upiAddress });
  });
});

describe('typesToAdd', () => {
  it('lists the types the business has no mode of yet', () => {
    expect(typesToAdd([])).toEqual(['COD', 'UPI', 'CARD', 'ONLINE']);
    expect(typesToAdd([{ type: 'UPI' }, { type: 'COD' }])).toEqual(['CARD', 'ONLINE']);
    expect(typesToAdd([{ type: 'CARD' }, { type: 'UPI' }, { type: 'ONLINE' }, { type: 'COD' }])).toEqual([]);
  });
});
