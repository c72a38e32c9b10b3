import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { helplineInputSchema, helplineUpdateSchema, isHelplinePhone } from './helplines.ts';

function fieldsOf(value: unknown): Record<string, string> {
  const result = helplineInputSchema.safeParse(value);
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.')] ??= issue.message;
  return fields;
}

describe('helpline phone numbers', () => {
  it('are 3 to 15 digits once spaces and dashes are out, with an optional leading +', () => {
    for (const good of [
      '100',
      '18001234567',
      '1800-123-4567',
      '+91 98450 00000',
      '+919845000000',
      '080 2345 6789',
    ]) {
      expect(isHelplinePhone(good), good).toBe(true);
    }
    for (const bad of [
      '',
      '12',
      '1234567890123456',
      '98450O0000',
      '+',
      '91+9845000000',
      '(080) 2345',
      '98450.00000',
    ]) {
      expect(isHelplinePhone(bad), bad).toBe(false);
    }
  });
});

describe('a helpline', () => {
  it('is a title and a phone number, trimmed and kept as typed', () => {
    expect(helplineInputSchema.parse({ title: ' Customer care ', phoneNumber: ' 1800-123-4567 ' })).toEqual({
      title: 'Customer care',
      phoneNumber: '1800-123-4567',
    });
  });

  it('needs a title and a valid number, with the spec messages', () => {
    expect(fieldsOf({})).toEqual({ title: messages.helplineTitle, phoneNumber: messages.helplinePhone });
    expect(fieldsOf({ title: '   ', phoneNumber: 'call us' })).toEqual({
      title: messages.helplineTitle,
      phoneNumber: messages.helplinePhone,
    });
    expect(fieldsOf({ title: 'Care', phoneNumber: 9845000000 })).toEqual({
      phoneNumber: messages.helplinePhone,
    });
    expect(fieldsOf({ title: 'x'.repeat(61), phoneNumber: `+${'1'.repeat(30)}` })).toEqual({
      title: 'must be at most 60 characters',
      phoneNumber: messages.helplinePhone,
    });
  });

  it('changes with the version it is based on', () => {
    expect(helplineUpdateSchema.safeParse({ title: 'Care', phoneNumber: '100' }).success).toBe(false);
    expect(helplineUpdateSchema.parse({ title: 'Care', phoneNumber: '100', version: 3 })).toEqual({
      title: 'Care',
      phoneNumber: '100',
      version: 3,
    });
  });
});
