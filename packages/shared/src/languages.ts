/**
 * The languages customers and executives read (B19, ADR 0076): English, Hindi and Kannada. The
 * phone apps show them, and a customer's order updates by text are written in theirs.
 */
export const languages = ['en', 'hi', 'kn'] as const;
export type Language = (typeof languages)[number];

/** A text the business wrote in English, with its Hindi and Kannada where given (ADR 0085). */
export type LocalTexts = { en: string; hi: string | null; kn: string | null };

/** What a reader of `language` is shown of a text: theirs where the business gave it, else the English. */
export function localText(texts: LocalTexts, language: Language): string {
  return (language === 'en' ? null : texts[language]) ?? texts.en;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}
