import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { accountUpdateSchema } from './schemas.ts';

const valid = { name: 'Olivia Owner', email: 'olivia@example.com', phone: '+91-9800000001', version: 3 };

function problems(input: unknown): Record<string, string> {
  const result = accountUpdateSchema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('account form (SPEC §5)', () => {
  it('accepts name, email, phone and version without a password', () => {
    expect(accountUpdateSchema.parse(valid)).toEqual({
      ...valid,
      password: undefined,
      currentPassword: undefined,
    });
  });

  it("says 'is required' for an empty or blank name, email and phone", () => {
    expect(problems({ ...valid, name: '', email: '', phone: '' })).toEqual({
      name: messages.isRequired,
      email: messages.isRequired,
      phone: messages.isRequired,
    });
    expect(problems({ ...valid, name: '   ', email: ' ', phone: '\t' })).toEqual({
      name: messages.isRequired,
      email: messages.isRequired,
      phone: messages.isRequired,
    });
  });

  it('trims name, email and phone', () => {
    expect(
      accountUpdateSchema.parse({
        ...valid,
        name: ' Olivia ',
        email: ' o@example.com ',
        phone: ' 9800000001 ',
      }),
    ).toMatchObject({ name: 'Olivia', email: 'o@example.com', phone: '9800000001' });
  });

  it('wants a valid email of at most 64 characters', () => {
    expect(problems({ ...valid, email: 'not-an-email' })).toEqual({ email: messages.invalidEmail });
    const long = `${'a'.repeat(53)}@example.com`;
    expect(long).toHaveLength(65);
    expect(problems({ ...valid, email: long })).toEqual({ email: 'must be at most 64 characters' });
  });

  it('drops a password that is blank after trimming', () => {
    for (const password of ['', ' ', '   \t ']) {
      expect(
        accountUpdateSchema.parse({ ...valid, password }).password,
        JSON.stringify(password),
      ).toBeUndefined();
    }
  });

  it('keeps a new password as typed, spaces included', () => {
    expect(accountUpdateSchema.parse({ ...valid, password: ' new secret 9 ' }).password).toBe(
      ' new secret 9 ',
    );
  });

  it('refuses a short password and one over 128 characters', () => {
    expect(problems({ ...valid, password: 'short' })).toEqual({
      password: 'Password should be at least 8 characters',
    });
    expect(problems({ ...valid, password: 'p'.repeat(128) })).toEqual({});
    expect(problems({ ...valid, password: 'p'.repeat(129) })).toEqual({
      password: 'must be at most 128 characters',
    });
  });

  it('refuses a phone that is not a phone number', () => {
    expect(problems({ ...valid, phone: 'call me' })).toEqual({ phone: 'Enter a valid phone number' });
  });

  it('needs the version the form was based on', () => {
    const { version: _version, ...withoutVersion } = valid;
    expect(Object.keys(problems(withoutVersion))).toEqual(['version']);
    expect(Object.keys(problems({ ...valid, version: '3' }))).toEqual(['version']);
    expect(Object.keys(problems({ ...valid, version: -1 }))).toEqual(['version']);
    expect(Object.keys(problems({ ...valid, version: 1.5 }))).toEqual(['version']);
  });

  it('takes a current password of at most 128 characters, and an empty one as none', () => {
    expect(accountUpdateSchema.parse({ ...valid, currentPassword: '' }).currentPassword).toBeUndefined();
    expect(accountUpdateSchema.parse({ ...valid, currentPassword: 'p'.repeat(128) }).currentPassword).toBe(
      'p'.repeat(128),
    );
    expect(problems({ ...valid, currentPassword: 'p'.repeat(129) })).toEqual({
      currentPassword: 'must be at most 128 characters',
    });
  });
});
