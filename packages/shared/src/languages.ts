/**
 * The languages customers and executives read (B19, ADR 0076): English, Hindi and Kannada. The
 * phone apps show them, and a customer's order updates by text are written in theirs.
 */
export const languages = ['en', 'hi', 'kn'] as const;
export type Language = (typeof languages)[number];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}
