import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { emailProblem, signInPasswordProblem, signInProblems } from './sign-in-fields.ts';

describe('the sign-in fields without zod (SPEC §5)', () => {
  it('takes addresses as people write them', () => {
    for (const email of [
      'owner@example.com',
      'first.last+orders@mail.example.co.in',
      "o'neil@example.org",
      'team_1-a@x-y.io',
      '  owner@example.com  ',
    ]) {
      expect(emailProblem(email), email).toBeUndefined();
    }
  });

  it('refuses what is not an address', () => {
    for (const email of [
      'owner',
      'owner@',
      '@example.com',
      'owner@example',
      'a b@example.com',
      '.owner@example.com',
      'owner.@example.com',
      'own..er@example.com',
      'owner@-example.com',
      'owner@example.c',
      'owner@example.123',
      'owner@@example.com',
      'owner@exa mple.com',
      "owner'@example.com",
    ]) {
      expect(emailProblem(email), email).toBe(messages.invalidEmail);
    }
  });

  it("says 'is required' for a blank email, and counts the trimmed length against 64", () => {
    expect(emailProblem('')).toBe(messages.isRequired);
    expect(emailProblem('   ')).toBe(messages.isRequired);
    const sixtyFour = `${'a'.repeat(64 - '@example.com'.length)}@example.com`;
    expect(emailProblem(` ${sixtyFour} `)).toBeUndefined();
    expect(emailProblem(`a${sixtyFour}`)).toBe('must be at most 64 characters');
  });

  it('takes any password of 1 to 128 characters, spaces included', () => {
    expect(signInPasswordProblem('')).toBe(messages.isRequired);
    expect(signInPasswordProblem(' ')).toBeUndefined();
    expect(signInPasswordProblem('p'.repeat(128))).toBeUndefined();
    expect(signInPasswordProblem('p'.repeat(129))).toBe('must be at most 128 characters');
  });

  it('names each field that has a problem, and only those', () => {
    expect(signInProblems({ email: '', password: '' })).toEqual({
      email: messages.isRequired,
      password: messages.isRequired,
    });
    expect(signInProblems({ email: 'owner@', password: 'x' })).toEqual({ email: messages.invalidEmail });
    expect(signInProblems({ email: 'owner@example.com', password: 'x' })).toEqual({});
  });
});
