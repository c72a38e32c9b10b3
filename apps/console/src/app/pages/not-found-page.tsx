import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { messages } from '@storedesk/shared/messages';
import { Link } from 'react-router';
import { CenteredPanel } from '@/components/centered-panel.tsx';
import { useSession } from '@/lib/session.ts';
import { paths } from '@/config/paths.ts';

export function NotFoundPage() {
  const { data: session } = useSession();
  return (
    <CenteredPanel
      title="Page not found"
      actions={
        session ? (
          <Button variant="contained" component={Link} to={paths.dashboard.getHref()}>
            Go to dashboard
          </Button>
        ) : (
          <Button variant="contained" component={Link} to={paths.signIn.getHref()}>
            Sign in
          </Button>
        )
      }
    >
      <Typography>{messages.notFoundPage}</Typography>
    </CenteredPanel>
  );
}
