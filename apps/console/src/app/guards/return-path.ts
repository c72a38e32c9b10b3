import { paths } from '@/config/paths.ts';

/** Router state that the signed-in guard leaves when it sends someone to sign in. */
export type SignInState = { from: string };

const publicPaths: readonly string[] = [paths.signIn.path, paths.onboarding.path];

/** Where to go after signing in: the page first asked for when it is one of ours, else the dashboard. */
export function returnPath(state: unknown): string {
  const from = (state as Partial<SignInState> | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) {
    return paths.dashboard.getHref();
  }
  const pathname = from.split(/[?#]/)[0] ?? '';
  return publicPaths.includes(pathname) ? paths.dashboard.getHref() : from;
}
