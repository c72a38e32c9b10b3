import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Passkey } from '@storedesk/shared/auth/passkeys';
import { twoFactorRules } from '@storedesk/shared/auth/two-factor-messages';
import { formatDateTime } from '@storedesk/shared/dates';
import { useId, useState, type FormEvent } from 'react';
import { LoadError } from '@/components/load-error.tsx';
import { CardSkeleton } from '@/components/loading-skeleton.tsx';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { asApiError, isApiError } from '@/lib/api-client.ts';
import { useSignedInSession } from '@/lib/session.ts';
import { passkeysSupported } from '@/lib/webauthn.ts';
import { useAddPasskey, usePasskeys, useRemovePasskey } from '@/features/account/api/passkeys.ts';

type Change = { kind: 'add' } | { kind: 'remove'; passkey: Passkey };

/**
 * Adding a passkey (its name and the current password, then the browser's own prompt) or removing
 * one (the current password): one dialog, as two-step sign-in's changes are.
 */
function PasskeyDialog({
  change,
  onClose,
  onDone,
}: {
  change: Change;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const titleId = useId();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const busy = add.isPending || remove.isPending;
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [fields, setFields] = useState<{ name?: string; currentPassword?: string }>({});
  const [error, setError] = useState<string | null>(null);

  const onError = (failure: unknown) => {
    if (isApiError(failure, 401)) return;
    if (!isApiError(failure)) {
      setError(failure instanceof Error ? failure.message : String(failure));
      return;
    }
    const apiError = asApiError(failure);
    const onField = { name: apiError.fields?.name, currentPassword: apiError.fields?.currentPassword };
    setFields(onField);
    setError(onField.name || onField.currentPassword ? null : apiError.message);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problems = {
      name: change.kind === 'add' && name.trim() === '' ? 'Give it a name' : undefined,
      currentPassword: password === '' ? 'Enter your current password' : undefined,
    };
    setFields(problems);
    setError(null);
    if (problems.name || problems.currentPassword) return;
    if (change.kind === 'add')
      add.mutate(
        { name: name.trim(), currentPassword: password },
        { onSuccess: (added) => onDone(`Passkey “${added.name}” added`), onError },
      );
    else
      remove.mutate(
        { id: change.passkey.id, currentPassword: password },
        { onSuccess: () => onDone(`Passkey “${change.passkey.name}” removed`), onError },
      );
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{change.kind === 'add' ? 'Add a passkey' : 'Remove passkey'}</DialogTitle>
      <form noValidate onSubmit={onSubmit}>
        <DialogContent>
          <Stack spacing={2}>
            <Typography>
              {change.kind === 'add'
                ? 'Name it after the device or the password manager that keeps it, then enter your password. Your browser then asks you to create the passkey.'
                : `“${change.passkey.name}” will no longer sign you in. Enter your password to remove it.`}
            </Typography>
            {error ? (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            ) : null}
            {change.kind === 'add' ? (
              <TextField
                label="Name"
                value={name}
                onChange={(event) => setName(event.target.value)}
                error={Boolean(fields.name)}
                helperText={fields.name ?? 'For example, “Work laptop” or “My phone”'}
                slotProps={{ htmlInput: { maxLength: twoFactorRules.passkeyNameMax } }}
                fullWidth
                autoFocus
              />
            ) : null}
            <TextField
              label="Current password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={Boolean(fields.currentPassword)}
              helperText={fields.currentPassword}
              fullWidth
              autoFocus={change.kind === 'remove'}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={change.kind === 'remove' ? 'error' : 'primary'}
            disabled={busy}
            loading={busy}
          >
            {change.kind === 'add' ? 'Continue' : 'Remove'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The account's passkeys (B15, ADR 0049): a way in without the password, or the second step after it. */
export function PasskeysCard() {
  const passkeys = usePasskeys();
  const { business } = useSignedInSession();
  const notify = useSnackbar();
  const [change, setChange] = useState<Change | null>(null);
  const [supported] = useState(passkeysSupported);

  if (passkeys.isError)
    return (
      <LoadError
        title="Could not load your passkeys"
        error={passkeys.error}
        onRetry={() => void passkeys.refetch()}
        retrying={passkeys.isFetching}
      />
    );
  if (!passkeys.data) return <CardSkeleton label="Loading your passkeys" />;
  const list = passkeys.data.passkeys;
  const full = list.length >= twoFactorRules.passkeysMax;

  return (
    <Card variant="outlined" component="section" aria-labelledby="passkeys-heading">
      <CardContent>
        <Stack spacing={2}>
          <Typography id="passkeys-heading" variant="h6" component="h2">
            Passkeys
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>
            A passkey signs you in with your fingerprint, face or screen lock instead of your password. With
            two-step sign-in on, it can also stand in for the code.
          </Typography>
          {list.length === 0 ? (
            <Typography>You have no passkeys yet.</Typography>
          ) : (
            <List disablePadding aria-labelledby="passkeys-heading">
              {list.map((passkey) => (
                <ListItem
                  key={passkey.id}
                  disableGutters
                  divider
                  secondaryAction={
                    <Button
                      color="error"
                      onClick={() => setChange({ kind: 'remove', passkey })}
                      aria-label={`Remove ${passkey.name}`}
                    >
                      Remove
                    </Button>
                  }
                  sx={{ pr: 12 }}
                >
                  <ListItemText
                    primary={passkey.name}
                    secondary={`Added ${formatDateTime(passkey.createdAt, business.timeZone)} · ${
                      passkey.lastUsedAt
                        ? `last used ${formatDateTime(passkey.lastUsedAt, business.timeZone)}`
                        : 'not used yet'
                    }`}
                    slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                  />
                </ListItem>
              ))}
            </List>
          )}
          {supported ? (
            <Button
              variant="outlined"
              sx={{ alignSelf: 'flex-start' }}
              disabled={full}
              onClick={() => setChange({ kind: 'add' })}
            >
              Add a passkey
            </Button>
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              This browser cannot make passkeys.
            </Typography>
          )}
          {full ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              You have {twoFactorRules.passkeysMax} passkeys, the most one account can have. Remove one to add
              another.
            </Typography>
          ) : null}
        </Stack>
      </CardContent>
      {change ? (
        <PasskeyDialog
          key={change.kind === 'add' ? 'add' : change.passkey.id}
          change={change}
          onClose={() => setChange(null)}
          onDone={(message) => {
            setChange(null);
            notify(message);
          }}
        />
      ) : null}
    </Card>
  );
}
