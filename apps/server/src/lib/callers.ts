/**
 * Who may call the server, as the access layer (plugins/access.ts) knows them once a request's
 * credentials are resolved: staff and delivery executives by their session, the customer app by
 * its business's publishable key, a customer by their bearer token within that business, and the
 * business's own systems by a secret key (ADR 0034, 0038, 0042, 0056). What each may see is their
 * scope (lib/scope.ts). The modules that own the credentials resolve them (`CallerResolvers`); the
 * access layer only asks.
 */
import type { BusinessSummary, MeResponse, User } from '@storedesk/shared/auth/schemas';
import type { SessionGate } from '@storedesk/shared/levels';
import type { Customer } from '@storedesk/shared/storefront/customers';
import type { BusinessScope, CustomerScope } from './scope.ts';

/** The business as a session carries it: its summary, with its own shop domain in place of the address made of it. */
export type SessionBusiness = Omit<BusinessSummary, 'shopUrl' | 'utcOffset'> & { shopDomain: string | null };

/** A signed-in member of staff or delivery executive, by their session. */
export type AuthContext = {
  sessionId: string;
  user: User;
  business: SessionBusiness;
};

/** Where a business's customer app lives (lib/shop-origin.ts' `originOf`). */
export type ShopUrlOf = (business: { slug: string; shopDomain: string | null }) => string;

/** The business a storefront key belongs to. */
export type StorefrontBusiness = {
  id: string;
  /** What its customers know it by: the sender of their sign-in codes. */
  name: string;
  /** Its IANA time zone (D19): the days and hours of its coupons. */
  timeZone: string;
  /** Whether it takes orders (Settings > Others); the slides are shown either way. */
  live: boolean;
};

/** A signed-in customer of the business whose key was presented. */
export type CustomerContext = { sessionId: string; customer: Customer; scope: CustomerScope };

/** The business's own system, by one of its secret keys (ADR 0056). */
export type ApiKeyCaller = { id: string; name: string };

/** How the access layer resolves each kind of credential; the modules that own them answer. */
export type CallerResolvers = {
  /** The live session behind a token, of a person the gate lets in (staff by default), or null. */
  session(token: string, gate?: SessionGate): Promise<AuthContext | null>;
  /** What `GET /api/auth/session` answers for a session. */
  me(auth: AuthContext, shopUrlOf: ShopUrlOf): MeResponse;
  /**
   * The business whose publishable key was presented (401 without a valid one, 402 once its service
   * has ended), with the live customer session behind a customer's bearer token within it, or null.
   */
  storefront(
    key: unknown,
    customerToken?: string,
  ): Promise<{ business: StorefrontBusiness; customer: CustomerContext | null }>;
  /** The business's live secret key, or null. */
  apiKey(scope: BusinessScope, secret: string): Promise<ApiKeyCaller | null>;
};
