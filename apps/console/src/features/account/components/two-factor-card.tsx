import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useFormat, useT } from '@storedesk/web/i18n';
import { useState } from 'react';
import { LoadError } from '@/components/load-error.tsx';
import { CardSkeleton } from '@/components/loading-skeleton.tsx';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useIsOwner, useSignedInSession } from '@/lib/session.ts';
import { useTwoFactor } from '@/features/account/api/get-two-factor.ts';
import { useRequirement, useSetRequirement } from '@/features/account/api/two-factor-requirement.ts';
import { TwoFactorDialog, type TwoFactorAction } from './two-factor-dialog.tsx';

/** The owner's switch: every staff member must use two-step sign-in (ADR 0044). */
function Requirement() {
  const t = useT();
  const requirement = useRequirement(true);
  const save = useSetRequirement();
  const notify = useSnackbar();
  if (requirement.isError)
    return (
      <LoadError
        title={t('twoStep.requirementLoadFailed')}
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
                    notify(saved.required ? t('twoStep.requiredOfAll') : t('twoStep.optional')),
                  onError: (error) => {
                    if (!isApiError(error, 401)) notify({ message: error.message, severity: 'error' });
                  },
                },
              );
            }}
          />
        }
        label={t('twoStep.require')}
      />
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('twoStep.requireHint')}
      </Typography>
    </Stack>
  );
}

/** The account's two-step sign-in (B15): its state, and turning it on or off, or new recovery codes. */
export function TwoFactorCard() {
  const t = useT();
  const format = useFormat();
  const status = useTwoFactor();
  const isOwner = useIsOwner();
  const { business } = useSignedInSession();
  const notify = useSnackbar();
  const [action, setAction] = useState<TwoFactorAction | null>(null);

  if (status.isError)
    return (
      <LoadError
        title={t('twoStep.loadFailed')}
        error={status.error}
        onRetry={() => void status.refetch()}
        retrying={status.isFetching}
      />
    );
  if (!status.data) return <CardSkeleton label={t('twoStep.loading')} />;
  const { totpEnabled, enabledAt, recoveryCodesLeft, required } = status.data;

  return (
    <Card variant="outlined" component="section" aria-labelledby="two-step-heading">
      <CardContent>
        <Stack spacing={2}>
          <Typography id="two-step-heading" variant="h6" component="h2">
            {t('twoStep.title')}
          </Typography>
          {totpEnabled ? (
            <>
              <Typography>
                {t('twoStep.onSince', { time: format.dateTime(enabledAt!, business.timeZone) })}
              </Typography>
              <Typography sx={{ color: recoveryCodesLeft <= 2 ? 'error.main' : 'text.secondary' }}>
                {t('twoStep.codesLeft', { count: recoveryCodesLeft })}
              </Typography>
              {required ? <Alert severity="info">{t('twoStep.requiredHere')}</Alert> : null}
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                <Button variant="outlined" onClick={() => setAction('new-codes')}>
                  {t('twoStep.newCodes')}
                </Button>
                {required ? null : (
                  <Button variant="outlined" color="error" onClick={() => setAction('turn-off')}>
                    {t('twoStep.turnOff')}
                  </Button>
                )}
              </Stack>
            </>
          ) : (
            <>
              <Typography>{t('twoStep.offText')}</Typography>
              <Button
                variant="contained"
                sx={{ alignSelf: 'flex-start' }}
                onClick={() => setAction('turn-on')}
              >
                {t('twoStep.turnOn')}
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
