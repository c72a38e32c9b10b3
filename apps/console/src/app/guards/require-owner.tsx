import { Navigate, Outlet } from 'react-router';
import { useIsOwner } from '@/lib/session.ts';
import { paths } from '@/config/paths.ts';

/** Owner-only routes send an admin to the dashboard (SPEC §2, D3). */
export function RequireOwner() {
  const owner = useIsOwner();
  if (!owner) return <Navigate to={paths.dashboard.getHref()} replace />;
  return <Outlet />;
}
