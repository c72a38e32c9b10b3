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
import { useFormat, useT } from '@storedesk/web/i18n';
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
  const t = useT();
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
      name: change.kind === 'add' && name.trim() === '' ? t('passkeys.nameRequired') : undefined,
      currentPassword: password === '' ? t('account.enterCurrentPassword') : undefined,
    };
    setFields(problems);
    setError(null);
    if (problems.name || problems.currentPassword) return;
    if (change.kind === 'add')
      add.mutate(
        { name: name.trim(), currentPassword: password },
        { onSuccess: (added) => onDone(t('passkeys.added', { name: added.name })), onError },
      );
    else
      remove.mutate(
        { id: change.passkey.id, currentPassword: password },
        { onSuccess: () => onDone(t('passkeys.removed', { name: change.passkey.name })), onError },
      );
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>
        {change.kind === 'add' ? t('passkeys.add') : t('passkeys.removeTitle')}
      </DialogTitle>
      <form noValidate onSubmit={onSubmit}>
        <DialogContent>
          <Stack spacing={2}>
            <Typography>
              {change.kind === 'add'
                ? t('passkeys.addIntro')
                : t('passkeys.removeIntro', { name: change.passkey.name })}
            </Typography>
            {error ? (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            ) : null}
            {change.kind === 'add' ? (
              <TextField
                label={t('common.name')}
                value={name}
                onChange={(event) => setName(event.target.value)}
                error={Boolean(fields.name)}
                helperText={fields.name ?? t('passkeys.nameHint')}
                slotProps={{ htmlInput: { maxLength: twoFactorRules.passkeyNameMax } }}
                fullWidth
                autoFocus
              />
            ) : null}
            <TextField
              label={t('account.currentPassword')}
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
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={change.kind === 'remove' ? 'error' : 'primary'}
            disabled={busy}
            loading={busy}
          >
            {change.kind === 'add' ? t('common.continue') : t('common.remove')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The account's passkeys (B15, ADR 0049): a way in without the password, or the second step after it. */
export function PasskeysCard() {
  const t = useT();
  const format = useFormat();
  const passkeys = usePasskeys();
  const { business } = useSignedInSession();
  const notify = useSnackbar();
  const [change, setChange] = useState<Change | null>(null);
  const [supported] = useState(passkeysSupported);

  if (passkeys.isError)
    return (
      <LoadError
        title={t('passkeys.loadFailed')}
        error={passkeys.error}
        onRetry={() => void passkeys.refetch()}
        retrying={passkeys.isFetching}
      />
    );
  if (!passkeys.data) return <CardSkeleton label={t('passkeys.loading')} />;
  const list = passkeys.data.passkeys;
  const full = list.length >= twoFactorRules.passkeysMax;

  return (
    <Card variant="outlined" component="section" aria-labelledby="passkeys-heading">
      <CardContent>
        <Stack spacing={2}>
          <Typography id="passkeys-heading" variant="h6" component="h2">
            {t('passkeys.title')}
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>{t('passkeys.about')}</Typography>
          {list.length === 0 ? (
            <Typography>{t('passkeys.none')}</Typography>
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
                      aria-label={t('passkeys.removeNamed', { name: passkey.name })}
                    >
                      {t('common.remove')}
                    </Button>
                  }
                  sx={{ pr: 12 }}
                >
                  <ListItemText
                    primary={passkey.name}
                    secondary={
                      passkey.lastUsedAt
                        ? t('passkeys.used', {
                            added: format.dateTime(passkey.createdAt, business.timeZone),
                            used: format.dateTime(passkey.lastUsedAt, business.timeZone),
                          })
                        : t('passkeys.unused', {
                            added: format.dateTime(passkey.createdAt, business.timeZone),
                          })
                    }
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
              {t('passkeys.add')}
            </Button>
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('passkeys.unsupported')}
            </Typography>
          )}
          {full ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('passkeys.full', { max: String(twoFactorRules.passkeysMax) })}
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
