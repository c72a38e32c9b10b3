import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '@/lib/session.ts';
import { returnPath } from './return-path.ts';

/** Sign-in and onboarding are for signed-out users; a session moves on to the page asked for. */
export function RequireSignedOut() {
  const { data: session } = useSession();
  const location = useLocation();
  if (session) return <Navigate to={returnPath(location.state)} replace />;
  return <Outlet />;
}
