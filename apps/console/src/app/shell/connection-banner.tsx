import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useOnline } from '@storedesk/web/online';
import { useT } from '@storedesk/web/i18n';
import { useEffect, useState } from 'react';
import { useLiveStatus } from '@/lib/live-events.ts';

/** A stream down this long is worth saying: shorter is a reconnect nobody needs to hear about. */
const QUIET_MS = 5_000;

/**
 * Says when the console has lost its connection: offline (nothing can be saved; lists show what
 * was last loaded and reload once back online), or the live stream down (lists may be out of
 * date), with a button to reload them.
 */
export function ConnectionBanner() {
  const online = useOnline();
  const live = useLiveStatus();
  const queryClient = useQueryClient();
  const t = useT();
  // The outage (by when it began) that has lasted QUIET_MS. The timer says so itself rather than
  // comparing clocks: a timer may fire a millisecond before Date.now() shows its delay passed.
  const [quietPassed, setQuietPassed] = useState<number | null>(null);
  useEffect(() => {
    if (live.state !== 'reconnecting') return;
    const timer = setTimeout(() => setQuietPassed(live.since), live.since + QUIET_MS - Date.now());
    return () => clearTimeout(timer);
  }, [live]);
  const streamDown = live.state === 'reconnecting' && quietPassed === live.since;

  const retry = (
    <Button color="inherit" size="small" onClick={() => void queryClient.refetchQueries({ type: 'active' })}>
      {t('shell.reloadLists')}
    </Button>
  );
  if (!online) {
    return (
      <Alert severity="warning" role="status" sx={{ mb: 2 }}>
        {t('shell.offline')}
      </Alert>
    );
  }
  if (streamDown) {
    return (
      <Alert severity="info" role="status" sx={{ mb: 2 }} action={retry}>
        {t('shell.reconnecting')}
      </Alert>
    );
  }
  return null;
}
