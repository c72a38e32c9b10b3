import { Navigate, Outlet, useLocation } from 'react-router';
import { SignedInSessionContext, useSession } from '../../lib/session.ts';
import { paths } from '../paths.ts';
import type { SignInState } from './return-path.ts';

/** Signed-out users go to the sign-in page, which brings them back here afterwards. */
export function RequireSession() {
  const { data: session } = useSession();
  const location = useLocation();
  if (!session) {
    const state: SignInState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to={paths.signIn.getHref()} replace state={state} />;
  }
  return (
    <SignedInSessionContext value={session}>
      <Outlet />
    </SignedInSessionContext>
  );
}
