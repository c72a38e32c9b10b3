/*
 * The business's own words (an item's name, a category's, a slide's title, a store's description)
 * in the language the app shows (B19, ADR 0085): the Hindi or Kannada the business gave, else the
 * English. The page's <html lang> follows the app's language, so an English fallback on a Hindi or
 * Kannada page is marked `lang="en"` for screen readers.
 */
import { useCallback } from 'react';
import { localText, type Language } from '@storedesk/shared/languages';
import { useLanguage } from '@storedesk/web/i18n';

/**
 * A text in English with its Hindi and Kannada where given. Each may be missing: a catalogue or
 * a cart kept on the phone from before ADR 0085 has only the English.
 */
export type Texts = { en: string; hi?: string | null; kn?: string | null };

/** What a reader of `language` sees of `texts`, and the `lang` to mark it with (only an English fallback needs one). */
export function shownText(texts: Texts, language: Language): { text: string; lang: 'en' | undefined } {
  const text = localText({ en: texts.en, hi: texts.hi ?? null, kn: texts.kn ?? null }, language);
  return { text, lang: language !== 'en' && !texts[language] ? 'en' : undefined };
}

/** `shownText` in the language the app shows now. */
export function useLocalText(): (texts: Texts) => { text: string; lang: 'en' | undefined } {
  const language = useLanguage();
  return useCallback((texts: Texts) => shownText(texts, language), [language]);
}

/** An item's (or a category's) names as `Texts`. */
export const namesOf = (named: { name: string; nameHi?: string | null; nameKn?: string | null }): Texts => ({
  en: named.name,
  hi: named.nameHi,
  kn: named.nameKn,
});
