import { sessionElementId } from '@storedesk/shared/auth/page';
import type { BusinessSummary, MeResponse, SessionResponse, User } from '@storedesk/shared/auth/schemas';
import { isOwner } from '@storedesk/shared/levels';
import type { QueryClient } from '@tanstack/react-query';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { createContext, use } from 'react';
import { apiJson } from './api-client.ts';

export type Session = MeResponse;

/**
 * The signed-in user and their business. Its key is not an event topic: live
 * events of the `account` and `business` topics refresh it (see live-events.ts).
 */
export const sessionQueryKey = ['auth', 'session'] as const;

/** The session, or null when nobody is signed in (an answer, not a 401: see GET /api/auth/session). */
export async function getSession(signal?: AbortSignal): Promise<Session | null> {
  return (await apiJson<SessionResponse>('/auth/session', { signal })).session;
}

/**
 * The session the server put in the page it served, taken out of the page: null when nobody was
 * signed in, undefined when the page carries none (a page from Vite's dev server, or one read
 * already), and the console then asks `GET /api/auth/session` as before.
 */
export function takeEmbeddedSession(): Session | null | undefined {
  const element = document.getElementById(sessionElementId);
  if (!element) return undefined;
  element.remove();
  try {
    const data: unknown = JSON.parse(element.textContent ?? '');
    if (typeof data !== 'object' || data === null || !('session' in data)) return undefined;
    const { session } = data as SessionResponse;
    if (session === null) return null;
    return typeof session === 'object' && 'user' in session && 'business' in session ? session : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the page the server sent carries a screen made at build time for this address (ADR
 * 0031): its root is marked with the address, and the page says nobody is signed in, as only then
 * does the server send one. The console then hydrates that markup instead of building it again.
 */
export function carriesPrerenderedScreen(
  container: HTMLElement,
  session: Session | null | undefined,
  pathname: string,
): boolean {
  return session === null && container.dataset.prerendered === pathname;
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => getSession(signal),
  staleTime: 5 * 60_000,
});

export function useSession() {
  return useQuery(sessionQueryOptions);
}

/**
 * The session as the signed-in guard last saw it. Screens behind the guard read
 * it from here rather than from the query, so while signing out they keep
 * rendering the user they were showing until the guard moves on.
 */
export const SignedInSessionContext = createContext<Session | null>(null);

/** The signed-in user's session; only for screens behind the signed-in guard. */
export function useSignedInSession(): Session {
  const session = use(SignedInSessionContext);
  if (!session) throw new Error('useSignedInSession is used outside the signed-in routes');
  return session;
}

export function useIsOwner(): boolean {
  return isOwner(useSignedInSession().user);
}

/** Service has ended when the server says so or its end date has passed (D5). */
export function isServiceEnded(business: BusinessSummary, now: Date = new Date()): boolean {
  if (business.serviceEnded) return true;
  if (business.serviceEndsAt === null) return false;
  const endsAt = Date.parse(business.serviceEndsAt);
  return !Number.isNaN(endsAt) && endsAt <= now.getTime();
}

/** Starts a fresh session in the cache, dropping whatever an earlier user left there. */
export function startSession(queryClient: QueryClient, session: Session): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  queryClient.setQueryData(sessionQueryKey, session);
}

/**
 * Forgets the signed-in user; the guards then send the browser to the sign-in
 * page. The screens still mounted keep their queries until they unmount, and
 * startSession drops the rest, so nothing refetches on the way out.
 */
export function clearSession(queryClient: QueryClient): void {
  void queryClient.cancelQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  queryClient.setQueryData(sessionQueryKey, null);
}

export function updateSessionUser(
  queryClient: QueryClient,
  changes: Partial<Pick<User, 'name' | 'email' | 'phone'>>,
): void {
  queryClient.setQueryData<Session | null>(sessionQueryKey, (session) =>
    session ? { ...session, user: { ...session.user, ...changes } } : session,
  );
}

export function markServiceEnded(queryClient: QueryClient): void {
  queryClient.setQueryData<Session | null>(sessionQueryKey, (session) =>
    session ? { ...session, business: { ...session.business, serviceEnded: true } } : session,
  );
}

/** The business's time zone, in which every date and time is shown (D19). */
export function useTimeZone(): string {
  return useSignedInSession().business.timeZone;
}
