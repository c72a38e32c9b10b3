import { createI18n } from '@storedesk/web/i18n';
import en from './en.json';

/*
 * The delivery app in English, Hindi and Kannada (ADR 0076): the catalogues beside this file, one
 * key and its ICU message a line, the same keys in each (packages/web/src/i18n-catalogues.test.ts
 * checks them). English comes with the app; Hindi and Kannada are fetched by the phones that show
 * them, before their first screen.
 */
export const i18n = createI18n({
  storageKey: 'storedesk:deliver:language',
  english: en,
  load: { hi: () => import('./hi.json'), kn: () => import('./kn.json') },
  titleId: 'app.title',
});

/** A message key of the app. */
export type MessageId = keyof typeof en;

// Every key the app formats is one of its English catalogue's: a typo fails typechecking.
declare global {
  // FormatJS's own way to name an app's keys: a global namespace it declares.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
