import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRouteError } from 'react-router';
import { CenteredPanel } from '../../components/centered-panel.tsx';

/** A screen that broke while rendering: say so and offer a reload instead of a blank page. */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error(error);
  return (
    <CenteredPanel
      title="Something went wrong"
      actions={
        <Button variant="contained" onClick={() => window.location.reload()}>
          Reload
        </Button>
      }
    >
      <Typography>This screen could not be shown. Reloading usually helps.</Typography>
    </CenteredPanel>
  );
}
