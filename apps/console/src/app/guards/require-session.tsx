import { knowOffsetSpan } from '@storedesk/shared/dates';
import { Suspense, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { BootSplash } from '@/components/boot-splash.tsx';
import { SignedInSessionContext, useSession } from '@/lib/session.ts';
import { paths } from '@/config/paths.ts';
import type { SignInState } from './return-path.ts';

/**
 * Signed-out users go to the sign-in page, which brings them back to the page
 * they asked for. A session that ends here (sign-out, or expiry) starts over
 * at the dashboard: the next person to sign in may not be the same.
 */
export function RequireSession() {
  const { data: session } = useSession();
  const location = useLocation();
  const [hadSession, setHadSession] = useState(false);
  if (session && !hadSession) setHadSession(true);

  if (!session) {
    const state: SignInState | undefined = hadSession
      ? undefined
      : { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to={paths.signIn.getHref()} replace state={state} />;
  }
  // The business's clock read without `Intl` where the server's span holds (ADR 0097).
  knowOffsetSpan(session.business.timeZone, session.business.utcOffset);
  return (
    <SignedInSessionContext value={session}>
      <Suspense fallback={<BootSplash />}>
        <Outlet />
      </Suspense>
    </SignedInSessionContext>
  );
}
