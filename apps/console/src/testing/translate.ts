import type { Language } from '@storedesk/web/i18n';
import { localeOf } from '@storedesk/web/i18n';
import { createIntl } from 'react-intl';
import type { MessageId } from '@/i18n/index.ts';
import en from '@/i18n/en.json';
import hi from '@/i18n/hi.json';
import kn from '@/i18n/kn.json';

const catalogues: Record<Language, Record<string, string>> = { en, hi, kn };

/** The console's messages in `language`, as `useT()` formats them, for tests of word-building functions. */
export function translator(language: Language) {
  const intl = createIntl({ locale: localeOf[language], messages: catalogues[language] });
  return (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
}
