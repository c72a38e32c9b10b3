import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@storedesk/shared/dates';
import { useState } from 'react';
import { LoadError } from '@/components/load-error.tsx';
import { CardSkeleton } from '@/components/loading-skeleton.tsx';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { plural } from '@/lib/plural.ts';
import { useIsOwner, useSignedInSession } from '@/lib/session.ts';
import { useTwoFactor } from '@/features/account/api/get-two-factor.ts';
import { useRequirement, useSetRequirement } from '@/features/account/api/two-factor-requirement.ts';
import { TwoFactorDialog, type TwoFactorAction } from './two-factor-dialog.tsx';

/** The owner's switch: every staff member must use two-step sign-in (ADR 0044). */
function Requirement() {
  const requirement = useRequirement(true);
  const save = useSetRequirement();
  const notify = useSnackbar();
  if (requirement.isError)
    return (
      <LoadError
        title="Could not load the staff requirement"
        error={requirement.error}
        onRetry={() => void requirement.refetch()}
        retrying={requirement.isFetching}
      />
    );
  const setting = requirement.data;
  return (
    <Stack spacing={1}>
      <FormControlLabel
        control={
          <Switch
            checked={setting?.required ?? false}
            disabled={!setting || save.isPending}
            onChange={(event) => {
              if (!setting) return;
              save.mutate(
                { required: event.target.checked, version: setting.version },
                {
                  onSuccess: (saved) =>
                    notify(
                      saved.required
                        ? 'Two-step sign-in is required of all staff'
                        : 'Two-step sign-in is optional',
                    ),
                  onError: (error) => {
                    if (!isApiError(error, 401)) notify({ message: error.message, severity: 'error' });
                  },
                },
              );
            }}
          />
        }
        label="Require two-step sign-in for all staff"
      />
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Staff who have not set it up are asked to, the next time they sign in.
      </Typography>
    </Stack>
  );
}

/** The account's two-step sign-in (B15): its state, and turning it on or off, or new recovery codes. */
export function TwoFactorCard() {
  const status = useTwoFactor();
  const isOwner = useIsOwner();
  const { business } = useSignedInSession();
  const notify = useSnackbar();
  const [action, setAction] = useState<TwoFactorAction | null>(null);

  if (status.isError)
    return (
      <LoadError
        title="Could not load two-step sign-in"
        error={status.error}
        onRetry={() => void status.refetch()}
        retrying={status.isFetching}
      />
    );
  if (!status.data) return <CardSkeleton label="Loading two-step sign-in" />;
  const { totpEnabled, enabledAt, recoveryCodesLeft, required } = status.data;

  return (
    <Card variant="outlined" component="section" aria-labelledby="two-step-heading">
      <CardContent>
        <Stack spacing={2}>
          <Typography id="two-step-heading" variant="h6" component="h2">
            Two-step sign-in
          </Typography>
          {totpEnabled ? (
            <>
              <Typography>
                On since {formatDateTime(enabledAt!, business.timeZone)}: signing in asks for a code from your
                authenticator app after your password.
              </Typography>
              <Typography sx={{ color: recoveryCodesLeft <= 2 ? 'error.main' : 'text.secondary' }}>
                {plural(recoveryCodesLeft, 'recovery code', 'recovery codes')} left.
              </Typography>
              {required ? (
                <Alert severity="info">Your business requires two-step sign-in, so it stays on.</Alert>
              ) : null}
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                <Button variant="outlined" onClick={() => setAction('new-codes')}>
                  New recovery codes
                </Button>
                {required ? null : (
                  <Button variant="outlined" color="error" onClick={() => setAction('turn-off')}>
                    Turn off
                  </Button>
                )}
              </Stack>
            </>
          ) : (
            <>
              <Typography>
                Off. With two-step sign-in, signing in also asks for a code from an authenticator app on your
                phone, so a stolen password is not enough.
              </Typography>
              <Button
                variant="contained"
                sx={{ alignSelf: 'flex-start' }}
                onClick={() => setAction('turn-on')}
              >
                Turn on
              </Button>
            </>
          )}
          {isOwner ? (
            <>
              <Divider />
              <Requirement />
            </>
          ) : null}
        </Stack>
      </CardContent>
      {action ? (
        <TwoFactorDialog
          key={action}
          action={action}
          onClose={() => setAction(null)}
          onDone={(message) => {
            setAction(null);
            notify(message);
          }}
        />
      ) : null}
    </Card>
  );
}
