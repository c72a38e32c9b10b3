/**
 * The languages of the phone apps (ADR 0076): English, Hindi and Kannada, each named in itself. Which
 * one a person sees: the one they chose in the app, else the first of the browser's languages that
 * is one of these, else English. No React and no storage here, so the rule is tested on its own.
 */

import { isLanguage, type Language } from '@storedesk/shared/languages';

export { isLanguage, languages, type Language } from '@storedesk/shared/languages';

/** Each language in its own words, as the chooser lists them. */
export const languageNames: Record<Language, string> = { en: 'English', hi: 'हिन्दी', kn: 'ಕನ್ನಡ' };

/** The locale each language formats with (Indian English, Hindi and Kannada as written in India). */
export const localeOf: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN', kn: 'kn-IN' };

/**
 * The first of the browser's languages (`navigator.languages`, most preferred first) that the apps
 * speak, by its primary subtag ("hi-IN", "hi", "kn", "en-GB"); English when none is.
 */
export function languageFromBrowser(preferred: readonly string[] | undefined): Language {
  for (const tag of preferred ?? []) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}

/** The language to show: the person's saved choice when there is a valid one, else the browser's. */
export function chooseLanguage(saved: unknown, preferred: readonly string[] | undefined): Language {
  return isLanguage(saved) ? saved : languageFromBrowser(preferred);
}
