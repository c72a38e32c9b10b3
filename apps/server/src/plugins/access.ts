import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { canUseDeliveryApp, isOwner } from '@storedesk/shared/levels';
import { messages } from '@storedesk/shared/messages';
import { setRequestActor, withRequestContext } from '#server/db/actor.ts';
import { AppError, unauthenticated } from '#server/lib/errors.ts';
import type { MeResponse } from '@storedesk/shared/auth/schemas';
import { storefrontKeyHeader } from '@storedesk/shared/storefront/schemas';
import type {
  ApiKeyCaller,
  AuthContext,
  CallerResolvers,
  CustomerContext,
  StorefrontBusiness,
} from '#server/lib/callers.ts';
import { customerMessages } from '@storedesk/shared/storefront/customers';
import { apiKeyMessages, apiKeyPrefix } from '@storedesk/shared/settings/api-keys';
import { sessionPolicy } from '@storedesk/shared/auth/session-policy';

/**
 * Who may call a route: anyone, staff with a session, the owner, the customer app with its
 * business's publishable key (`storefront`, ADR 0034), or a customer signed in to that app
 * (`customer`: the key and the customer's bearer token, ADR 0038), or a delivery executive signed
 * in to the delivery app (`executive`: their bearer token, never a cookie, ADR 0042).
 */
export type Access = 'public' | 'staff' | 'owner' | 'storefront' | 'customer' | 'executive';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; every route is 'staff' unless it says otherwise. */
    access?: Access;
    /** Routes that still answer once the business's service has ended (D5). */
    allowWhenServiceEnded?: boolean;
    /** Routes called from other origins (the customer app), exempt from the same-origin check. */
    crossOrigin?: boolean;
  }
  interface FastifyInstance {
    /**
     * The session a request presents, or null: what `GET /api/auth/session` answers and what the
     * console's page carries. A session cookie that no longer names a live session is cleared.
     */
    presentedSession(request: FastifyRequest, reply: FastifyReply): Promise<MeResponse | null>;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    storefront: StorefrontBusiness | null;
    /** The signed-in customer, on the customer app's routes, when a bearer token came. */
    customer: CustomerContext | null;
    /** The business's own system, on the customer app's routes, when one of its secret keys came. */
    apiKey: ApiKeyCaller | null;
  }
}

export const SESSION_COOKIE = 'storedesk_session';

/** The session cookie of a new session: the browser's only copy of the token, out of scripts' reach. */
export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  void reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: Math.floor(sessionPolicy.absoluteMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  void reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function sessionToken(request: FastifyRequest): { token: string; via: 'cookie' | 'bearer' } | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return { token: header.slice(7).trim(), via: 'bearer' };
  const cookie = request.cookies[SESSION_COOKIE];
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

/** The live session behind the token a request presents, or null; a dead session's cookie is cleared. */
async function presentedAuth(
  callers: CallerResolvers,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<AuthContext | null> {
  const presented = sessionToken(request);
  const auth = presented ? await callers.session(presented.token) : null;
  if (!auth && presented?.via === 'cookie') void reply.clearCookie(SESSION_COOKIE, { path: '/' });
  return auth;
}

/** The delivery executive behind the bearer token a delivery app's request carries, or null. */
async function executiveAuth(callers: CallerResolvers, request: FastifyRequest): Promise<AuthContext | null> {
  const presented = sessionToken(request);
  if (presented?.via !== 'bearer') return null;
  return callers.session(presented.token, canUseDeliveryApp);
}

/** The business whose key the customer app presented, on a route of the customer app's. */
export function storefrontOf(request: FastifyRequest): StorefrontBusiness {
  if (!request.storefront) throw unauthenticated();
  return request.storefront;
}

/** The signed-in customer on a route of the customer app's that needs one. */
/** The bearer token a customer app's request carries, if any. */
export const customerBearer = (request: FastifyRequest): string | undefined =>
  /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '')?.[1];

export function customerOf(request: FastifyRequest): CustomerContext {
  if (!request.customer) throw unauthenticated(customerMessages.signIn);
  return request.customer;
}

/** The caller's session on a route that requires one. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

/**
 * Browsers say where a request comes from; a write from another site is
 * refused whatever it carries, so a session cookie can't be ridden cross-site.
 * The request's own origin is the address the browser used: PUBLIC_URL when
 * set, or the Host the request names. Behind a proxy that TRUST_PROXY trusts,
 * Fastify reads that host from X-Forwarded-Host and the scheme from
 * X-Forwarded-Proto, so a proxy that rewrites Host (nginx's default) still works.
 */
function assertSameOrigin(
  request: FastifyRequest,
  publicOrigin: string | null,
  isTrustedProxy: (address: string) => boolean,
) {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') throw new AppError('forbidden', messages.crossSite);
  const origin = request.headers.origin;
  if (origin === undefined) return;
  let from: URL | null = null;
  try {
    from = new URL(origin);
  } catch {
    from = null;
  }
  if (from === null) throw new AppError('forbidden', messages.crossSite);
  if (from.origin === publicOrigin) return;
  // Without a trusted X-Forwarded-Proto the scheme is unknown (TLS may end at a proxy): the host decides.
  const peer = request.socket?.remoteAddress;
  const forwardedProto =
    request.headers['x-forwarded-proto'] !== undefined && peer !== undefined && isTrustedProxy(peer);
  const sameScheme = !forwardedProto || from.protocol === `${request.protocol}:`;
  if (from.host !== request.host || !sameScheme) throw new AppError('forbidden', messages.crossSite);
}

export function registerAccessControl(
  app: FastifyInstance,
  callers: CallerResolvers,
  options: { publicUrl: string | undefined; isTrustedProxy: (address: string) => boolean },
) {
  const publicOrigin = options.publicUrl ? new URL(options.publicUrl).origin : null;
  app.decorateRequest('auth', null);
  app.decorateRequest('storefront', null);
  app.decorateRequest('customer', null);
  app.decorateRequest('apiKey', null);
  app.decorate('presentedSession', async (request: FastifyRequest, reply: FastifyReply) => {
    const auth = await presentedAuth(callers, request, reply);
    return auth ? callers.me(auth, request.server.shops.originOf) : null;
  });
  // The customer app's key is read after the route's own limits (onRequest) and before its body:
  // a caller without a valid key learns nothing else, and its requests count against the limits.
  // A customer's bearer token is read within the key's business only; one that names no live
  // session there is 401 wherever it is presented, so the app signs in again.
  // Only the customer app's routes get the hook: every other request pays nothing for it.
  const resolveCaller = async (request: FastifyRequest) => {
    const access = request.routeOptions.config?.access;
    const bearer = customerBearer(request);
    const apiKey = bearer !== undefined && bearer.startsWith(apiKeyPrefix);
    // A customer's token is read with the key, in one statement (ADR 0088).
    const { business, customer } = await callers.storefront(
      request.headers[storefrontKeyHeader],
      apiKey ? undefined : bearer,
    );
    request.storefront = business;
    if (apiKey) {
      // The business's own system (ADR 0056): one of its live secret keys, never a customer.
      request.apiKey = await callers.apiKey({ businessId: business.id }, bearer!);
      if (!request.apiKey) throw unauthenticated(apiKeyMessages.unknown);
    } else if (bearer !== undefined) {
      request.customer = customer;
      if (!request.customer) throw unauthenticated(customerMessages.signIn);
    }
    if (access === 'customer' && !request.customer) throw unauthenticated(customerMessages.signIn);
  };
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (access !== 'storefront' && access !== 'customer') return;
    // First of the route's own preParsing hooks, which may read what it resolves.
    const own = route.preParsing === undefined ? [] : [route.preParsing].flat();
    route.preParsing = [resolveCaller, ...own];
  });
  // Each request runs in a context of its own, whose actor is named below once the session is known.
  app.addHook('onRequest', (_request, _reply, done) => withRequestContext(done));
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const config = request.routeOptions.config;
    const access: Access = config?.access ?? 'staff';
    if (UNSAFE.has(request.method) && !config?.crossOrigin)
      assertSameOrigin(request, publicOrigin, options.isTrustedProxy);
    // Sessions guard the API; the console's own files (and unknown paths) are public.
    const url = request.routeOptions.url;
    if (
      access === 'public' ||
      access === 'storefront' ||
      access === 'customer' ||
      url === undefined ||
      !url.startsWith('/api/')
    )
      return;

    // An executive's session opens the delivery app's routes only, and a staff session never does.
    const auth =
      access === 'executive'
        ? await executiveAuth(callers, request)
        : await presentedAuth(callers, request, reply);
    if (!auth) throw unauthenticated();
    request.auth = auth;
    setRequestActor({ id: auth.user.id, name: auth.user.name, ip: request.ip });
    if (auth.business.serviceEnded && !config?.allowWhenServiceEnded) {
      throw new AppError('service_ended', messages.serviceEnded);
    }
    if (access === 'owner' && !isOwner(auth.user)) throw new AppError('forbidden', messages.forbidden);
  });
}
