import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { forgotPasswordRequestSchema, resetPasswordRequestSchema } from './password-reset.ts';

function problems(
  schema: typeof resetPasswordRequestSchema | typeof forgotPasswordRequestSchema,
  input: unknown,
) {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('forgot password request (B8)', () => {
  it('takes an e-mail, trimmed', () => {
    expect(forgotPasswordRequestSchema.parse({ email: ' owner@example.com ' })).toEqual({
      email: 'owner@example.com',
    });
  });

  it('says what is wrong with a missing or malformed e-mail', () => {
    expect(problems(forgotPasswordRequestSchema, { email: '' })).toEqual({ email: messages.isRequired });
    expect(problems(forgotPasswordRequestSchema, { email: 'nope' })).toEqual({
      email: messages.invalidEmail,
    });
    expect(problems(forgotPasswordRequestSchema, {})).toHaveProperty('email');
  });
});

describe('reset password request (B8, D18)', () => {
  it('takes a token and a password of 8 to 128 characters', () => {
    expect(resetPasswordRequestSchema.parse({ token: 't', password: '12345678' })).toEqual({
      token: 't',
      password: '12345678',
    });
    expect(resetPasswordRequestSchema.safeParse({ token: 't', password: 'x'.repeat(128) }).success).toBe(
      true,
    );
  });

  it('refuses a password of 7 or 129 characters with the one password rule', () => {
    expect(problems(resetPasswordRequestSchema, { token: 't', password: '1234567' })).toEqual({
      password: messages.passwordLength,
    });
    expect(problems(resetPasswordRequestSchema, { token: 't', password: 'x'.repeat(129) })).toEqual({
      password: 'must be at most 128 characters',
    });
  });

  it('needs a token', () => {
    expect(problems(resetPasswordRequestSchema, { token: '', password: '12345678' })).toEqual({
      token: messages.isRequired,
    });
    expect(problems(resetPasswordRequestSchema, { password: '12345678' })).toHaveProperty('token');
  });
});
