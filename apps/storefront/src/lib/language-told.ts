import { useEffect } from 'react';
import type { Customer } from '@storedesk/shared/storefront/customers';
import { useLanguage } from '@storedesk/web/i18n';
import { api } from './api.ts';
import { session } from './state.ts';

/**
 * The signed-in customer's language, as the server keeps it, follows the one the app shows: their
 * order updates by SMS and WhatsApp are written in it (ADR 0082). Said when they sign in in another
 * language than the one kept, and when they choose another; a customer who never said is English.
 * Not said (offline, say): said again the next time the app opens or the language changes.
 */
export function useLanguageTold() {
  const signedIn = session.use();
  const shown = useLanguage();
  const token = signedIn?.token ?? null;
  const told = signedIn?.customer.language ?? 'en';
  useEffect(() => {
    if (!token || told === shown) return;
    let current = true;
    api<Customer>('PATCH', '/account', { language: shown }).then(
      (customer) => {
        // Only the language: a name or a referral code saved meanwhile keeps its own answer.
        const now = session.get();
        if (current && now?.token === token)
          session.set({ ...now, customer: { ...now.customer, language: customer.language } });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [token, told, shown]);
}
