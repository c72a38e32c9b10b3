import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { messages } from '@storedesk/shared/messages';
import { CenteredPanel } from '@/components/centered-panel.tsx';
import { useSignOut } from '@/features/auth/api/sign-out.ts';
import { useSession } from '@/lib/session.ts';

/** D5: once the service has ended this replaces every route; signing out is all that is left to do. */
export function ExpiredPage() {
  const { data: session } = useSession();
  const signOut = useSignOut();
  return (
    <CenteredPanel
      title="Service ended"
      actions={
        session ? (
          <Button variant="outlined" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            {signOut.isPending ? 'Signing out…' : 'Sign out'}
          </Button>
        ) : null
      }
    >
      <Typography>{messages.serviceEnded}</Typography>
      {signOut.error ? (
        <Typography role="alert" sx={{ color: 'error.main', mt: 2 }}>
          {signOut.error.message}
        </Typography>
      ) : null}
    </CenteredPanel>
  );
}
