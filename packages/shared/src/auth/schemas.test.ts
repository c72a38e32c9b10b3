import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { signInRequestSchema } from './schemas.ts';

/** The first message zod gives for each field, as a form would show it. */
function problems(input: unknown): Record<string, string> {
  const result = signInRequestSchema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

const emailOf = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;

describe('sign-in request (SPEC §5)', () => {
  it('accepts an email and a password', () => {
    expect(signInRequestSchema.parse({ email: 'owner@example.com', password: 'x' })).toEqual({
      email: 'owner@example.com',
      password: 'x',
    });
  });

  it("says 'is required' for an empty email and an empty password", () => {
    expect(problems({ email: '', password: '' })).toEqual({
      email: messages.isRequired,
      password: messages.isRequired,
    });
  });

  it('counts a blank email as empty and trims the one it keeps', () => {
    expect(problems({ email: '   ', password: 'x' })).toEqual({ email: messages.isRequired });
    expect(signInRequestSchema.parse({ email: '  owner@example.com ', password: 'x' }).email).toBe(
      'owner@example.com',
    );
  });

  it('wants a valid email', () => {
    for (const email of ['owner', 'owner@', '@example.com', 'owner@example', 'a b@example.com']) {
      expect(problems({ email, password: 'x' }), email).toEqual({ email: messages.invalidEmail });
    }
  });

  it('takes an email of 64 characters and refuses one of 65', () => {
    expect(emailOf(64)).toHaveLength(64);
    expect(problems({ email: emailOf(64), password: 'x' })).toEqual({});
    expect(problems({ email: emailOf(65), password: 'x' })).toEqual({
      email: 'must be at most 64 characters',
    });
  });

  it('takes a password of 128 characters and refuses one of 129', () => {
    expect(problems({ email: 'owner@example.com', password: 'p'.repeat(128) })).toEqual({});
    expect(problems({ email: 'owner@example.com', password: 'p'.repeat(129) })).toEqual({
      password: 'must be at most 128 characters',
    });
  });

  it('keeps the password exactly as typed', () => {
    expect(signInRequestSchema.parse({ email: 'owner@example.com', password: ' pass word ' }).password).toBe(
      ' pass word ',
    );
  });

  it('refuses missing fields and wrong types', () => {
    expect(Object.keys(problems({}))).toEqual(['email', 'password']);
    expect(Object.keys(problems({ email: 42, password: ['x'] }))).toEqual(['email', 'password']);
    expect(signInRequestSchema.safeParse(null).success).toBe(false);
  });
});
