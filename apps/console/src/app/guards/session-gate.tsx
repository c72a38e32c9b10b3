import Box from '@mui/material/Box';
import { Outlet } from 'react-router';
import { CenteredPanel } from '@/components/centered-panel.tsx';
import { LoadError } from '@/components/load-error.tsx';
import { BootSplash } from '@/components/boot-splash.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { isServiceEnded, useSession } from '@/lib/session.ts';
import { ExpiredPage } from '@/app/pages/expired-page.tsx';

/**
 * The root of every route: waits for the session, and once the business's
 * service has ended shows the expired screen in place of whatever was asked (D5).
 */
export function SessionGate() {
  const session = useSession();

  if (session.isPending) return <BootSplash />;

  if (isApiError(session.error, 402) || (session.data && isServiceEnded(session.data.business))) {
    return (
      <Box component="main">
        <ExpiredPage />
      </Box>
    );
  }

  if (session.isError && session.data === undefined) {
    return (
      <CenteredPanel title="Storedesk">
        <LoadError
          title="Could not reach Storedesk"
          error={session.error}
          onRetry={() => void session.refetch()}
          retrying={session.isFetching}
        />
      </CenteredPanel>
    );
  }

  return <Outlet />;
}
