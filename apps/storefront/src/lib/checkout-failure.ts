import { isApiError } from '@storedesk/web/api';
import type { Texts } from '@storedesk/web/texts';
import type { MessageId } from '../i18n/index.ts';

/** The name of the error thrown when the gateway's checkout page cannot be loaded (lib/checkout.ts). */
export const checkoutUnavailable = 'CheckoutUnavailable';

/**
 * What a payment that failed says (the bill's, a tip's): the server's refusal as it sent it, the
 * app's own failures in the language shown.
 */
export function failureText(failure: unknown, texts: Texts, t: (id: MessageId) => string): string {
  if (isApiError(failure)) return texts.error(failure);
  if (failure instanceof Error && failure.name === checkoutUnavailable) return t('pay.unavailable');
  return failure instanceof Error ? failure.message : String(failure);
}
