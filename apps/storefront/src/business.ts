import { createContext, useContext } from 'react';
import type { StorefrontBusinessProfile } from '@storedesk/shared/storefront/schemas';

export const BusinessContext = createContext<StorefrontBusinessProfile | null>(null);

/** The business as its customers see it (GET /storefront/business), loaded once by the app. */
export function useBusiness(): StorefrontBusinessProfile {
  const business = useContext(BusinessContext);
  if (!business) throw new Error('useBusiness outside the app');
  return business;
}
