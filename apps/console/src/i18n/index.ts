import { createI18n } from '@storedesk/web/i18n';
import en from './en.json';

/*
 * The console's words in English, Hindi and Kannada (ADR 0089; the phone apps' way, ADR 0076): the
 * catalogues beside this file, one key and its ICU message a line, the same keys in each
 * (packages/web/src/i18n-catalogues.test.ts checks them). They belong to the signed-in screens: the
 * shell loads them, so the sign-in page carries none of their bytes. English comes with the shell;
 * Hindi and Kannada are fetched by a browser that shows them, before the shell's first screen.
 */
export const i18n = createI18n({
  storageKey: 'storedesk:console:language',
  english: en,
  load: { hi: () => import('./hi.json'), kn: () => import('./kn.json') },
});

/** A message key of the console. */
export type MessageId = keyof typeof en;

/** A message as text, for functions that build words outside a component: `useT()`'s, or a test's `translator`. */
export type Translate = (id: MessageId, values?: Record<string, string | number>) => string;

// Every key the console formats is one of its English catalogue's: a typo fails typechecking.
declare global {
  // FormatJS's own way to name an app's keys: a global namespace it declares.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
