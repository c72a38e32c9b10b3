import { createContext, useContext } from 'react';
import { messages } from '@storedesk/shared/messages';
import type { ApiError } from './api.ts';

/**
 * The words of the pieces the apps share (the page's loading and failure, Try again, the bill's
 * Items, the chooser's label) and of the errors the browser makes itself (no connection, an answer
 * that was not the API's), in English. An app with catalogues (ADR 0076) has each of these keys in
 * every language and puts its translation in `TextsContext` (packages/web/src/i18n.tsx); any other
 * app shows these words as they are.
 */
export const webMessages = {
  'web.loading': 'Loading…',
  'web.tryAgain': 'Try again',
  'web.pageOffline':
    'You’re offline, and this page has not been opened on this phone before. It opens once the connection is back.',
  'web.pageFailed': 'This page could not load.',
  'web.billItems': 'Items',
  'web.billDelivery': 'Delivery charges',
  'web.ruleAny': 'any distance',
  'web.ruleBand': '{fromKm}–{toKm} km',
  'web.ruleOver': 'over {fromKm} km',
  'web.ruleFreeFrom': 'free from {amount}',
  'web.language': 'Language',
  'web.errorTitle': 'Error',
  'web.ok': 'OK',
  'web.error.offline': messages.offline,
  'web.error.offlineRead': messages.offlineRead,
  'web.error.unknown': messages.unknownError,
  'web.error.serviceEnded': messages.serviceEnded,
  'web.error.tooLarge': messages.tooLarge,
} as const;

export type WebMessageId = keyof typeof webMessages;

/**
 * The key of an error this browser made itself (the request never reached the server, or its answer
 * was not the API's): those are the app's words and are translated. Null for the server's own
 * words, which show as the server sent them.
 */
export function appErrorId(error: ApiError): WebMessageId | null {
  const madeHere = error.code === 'network' || error.code === 'unknown' || /^http_\d+$/.test(error.code);
  if (!madeHere) return null;
  switch (error.message) {
    case messages.offline:
      return 'web.error.offline';
    case messages.offlineRead:
      return 'web.error.offlineRead';
    case messages.unknownError:
      return 'web.error.unknown';
    case messages.serviceEnded:
      return 'web.error.serviceEnded';
    case messages.tooLarge:
      return 'web.error.tooLarge';
    default:
      return null;
  }
}

/** The values a shared piece's words take: `{fromKm}` in "over {fromKm} km". */
export type TextValues = Readonly<Record<string, string>>;

export type Texts = {
  /** A shared piece's words in the language shown, with their values. */
  text: (id: WebMessageId, values?: TextValues) => string;
  /** What an error says: the app's own errors in the language shown, the server's as it sent them. */
  error: (error: ApiError) => string;
};

export const englishTexts: Texts = {
  text: (id, values = {}) =>
    webMessages[id].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole),
  error: (error) => error.message,
};

export const TextsContext = createContext<Texts>(englishTexts);

export function useTexts(): Texts {
  return useContext(TextsContext);
}
