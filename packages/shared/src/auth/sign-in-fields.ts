import { limits } from '../limits.ts';
import { messages } from '../messages.ts';

/**
 * The sign-in fields' rules (SPEC §5) as plain functions, with no zod: the zod schemas in
 * `schemas.ts` check with them, and the console's sign-in page checks with them without loading
 * zod (ADR 0094). Each gives the message a form shows under the field, or `undefined`.
 */

/**
 * A valid email address: a local part of letters, digits and `_ ' + -`, in dot-separated runs
 * (no leading, trailing or double dot) and not ending in an apostrophe; `@`; a domain of one or
 * more labels, each a letter or digit then letters, digits or hyphens, and a top-level label of two
 * letters or more.
 */
export const emailPattern =
  /^[A-Za-z0-9_'+-]+(?:\.[A-Za-z0-9_'+-]+)*(?<!')@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** An email field's problem: required, at most 64 characters, a valid address. Checked as trimmed. */
export function emailProblem(value: string): string | undefined {
  const email = value.trim();
  if (email.length === 0) return messages.isRequired;
  if (email.length > limits.emailMax) return `must be at most ${limits.emailMax} characters`;
  if (!emailPattern.test(email)) return messages.invalidEmail;
  return undefined;
}

/** The sign-in password's problem: required, at most 128 characters, taken exactly as typed. */
export function signInPasswordProblem(value: string): string | undefined {
  if (value.length === 0) return messages.isRequired;
  if (value.length > limits.passwordMax) return `must be at most ${limits.passwordMax} characters`;
  return undefined;
}

export type SignInFields = { email: string; password: string };

/** Each sign-in field's problem, for the fields that have one. */
export function signInProblems(values: SignInFields): Partial<Record<keyof SignInFields, string>> {
  const problems: Partial<Record<keyof SignInFields, string>> = {};
  const email = emailProblem(values.email);
  if (email) problems.email = email;
  const password = signInPasswordProblem(values.password);
  if (password) problems.password = password;
  return problems;
}
