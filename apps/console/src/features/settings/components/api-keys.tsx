import { zodResolver } from '@hookform/resolvers/zod';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
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
import {
  apiKeyCreateSchema,
  type ApiKey,
  type ApiKeyCreate,
  type ApiKeyCreated,
} from '@storedesk/shared/settings/api-keys';
import { useFormat, useT } from '@storedesk/web/i18n';
import { useId, useState, type FocusEvent } from 'react';
import { useForm } from 'react-hook-form';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { LoadError } from '@/components/load-error.tsx';
import { CardSkeleton } from '@/components/loading-skeleton.tsx';
import { SaveButton } from '@/components/save-button.tsx';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { asApiError } from '@/lib/api-client.ts';
import { useTimeZone } from '@/lib/session.ts';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '@/features/settings/api/api-keys.ts';

/** Names a new key; on success, hands the key with its secret to `onMade`. */
function MakeKeyDialog({ onClose, onMade }: { onClose: () => void; onMade: (key: ApiKeyCreated) => void }) {
  const t = useT();
  const titleId = useId();
  const create = useCreateApiKey();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ApiKeyCreate>({
    resolver: zodResolver(apiKeyCreateSchema),
    mode: 'onTouched',
    defaultValues: { name: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      onMade(await create.mutateAsync(values));
    } catch (caught) {
      const error = asApiError(caught);
      if (error.fields?.name) setError('name', { message: error.fields.name });
      else setFailure(error.message);
    }
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{t('settings.apiKeys.makeTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure && <Alert severity="error">{failure}</Alert>}
            <TextField
              label={t('common.name')}
              autoFocus
              fullWidth
              required
              placeholder={t('settings.apiKeys.namePlaceholder')}
              error={Boolean(errors.name)}
              helperText={errors.name?.message ?? t('settings.apiKeys.nameHelp')}
              {...register('name')}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <SaveButton saving={create.isPending} label={t('settings.apiKeys.makeKey')} onCancel={onClose} />
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The new key, shown this once, to copy into the system that uses it. */
function NewKeyDialog({ made, onClose }: { made: ApiKeyCreated; onClose: () => void }) {
  const t = useT();
  const titleId = useId();
  const notify = useSnackbar();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(made.secret);
      notify(t('settings.apiKeys.copied'));
    } catch {
      notify({ severity: 'error', message: t('settings.apiKeys.notCopied') });
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('settings.apiKeys.copyNow', { name: made.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">{t('settings.apiKeys.onlyTime')}</Alert>
          <TextField
            label={t('settings.apiKeys.secretKey')}
            value={made.secret}
            fullWidth
            slotProps={{
              htmlInput: {
                readOnly: true,
                spellCheck: false,
                onFocus: (event: FocusEvent<HTMLInputElement>) => event.target.select(),
              },
              input: { sx: { fontFamily: 'monospace' } },
            }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopyOutlined />} onClick={() => void copy()}>
          {t('settings.others.copy')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {t('settings.apiKeys.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: () => void }) {
  const t = useT();
  const { dateTime } = useFormat();
  const timeZone = useTimeZone();
  const made = t('settings.apiKeys.made', {
    name: apiKey.createdByName,
    time: dateTime(apiKey.createdAt, timeZone),
  });
  const revoked = apiKey.revokedAt
    ? t('settings.apiKeys.revokedOn', { time: dateTime(apiKey.revokedAt, timeZone) })
    : null;
  const madeAndUsed = apiKey.lastUsedAt
    ? t('settings.apiKeys.madeUsed', { made, time: dateTime(apiKey.lastUsedAt, timeZone) })
    : t('settings.apiKeys.madeNeverUsed', { made });
  return (
    <ListItem
      divider
      secondaryAction={
        revoked ? undefined : (
          <Button
            color="error"
            onClick={onRevoke}
            aria-label={t('settings.apiKeys.revokeNamed', { name: apiKey.name })}
          >
            {t('settings.apiKeys.revoke')}
          </Button>
        )
      }
      sx={{ pr: revoked ? 2 : 12 }}
    >
      <ListItemText
        primary={
          <>
            {apiKey.name}{' '}
            <Typography component="span" sx={{ fontFamily: 'monospace', color: 'text.secondary' }}>
              sk_…{apiKey.lastFour}
            </Typography>
          </>
        }
        secondary={revoked ?? madeAndUsed}
      />
    </ListItem>
  );
}

/** Settings › Others: the business's secret API keys, which its own systems place orders with (ADR 0056). */
export function ApiKeys() {
  const t = useT();
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const notify = useSnackbar();
  const [making, setMaking] = useState(false);
  const [made, setMade] = useState<ApiKeyCreated | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.id);
      notify(t('settings.apiKeys.revoked', { name: revoking.name }));
    } catch (caught) {
      notify({ severity: 'error', message: asApiError(caught).message });
    } finally {
      setRevoking(null);
    }
  };

  return (
    <Stack spacing={1}>
      <Typography variant="subtitle1" component="h3">
        {t('settings.apiKeys.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('settings.apiKeys.intro')}
      </Typography>
      {keys.isPending ? (
        <CardSkeleton lines={2} label={t('settings.apiKeys.loading')} />
      ) : keys.isError ? (
        <LoadError
          title={t('settings.apiKeys.loadFailed')}
          error={keys.error}
          onRetry={() => void keys.refetch()}
          retrying={keys.isFetching}
        />
      ) : keys.data.items.length === 0 ? (
        <Typography variant="body2">{t('settings.apiKeys.empty')}</Typography>
      ) : (
        <List aria-label={t('settings.apiKeys.title')} disablePadding>
          {keys.data.items.map((apiKey) => (
            <KeyRow key={apiKey.id} apiKey={apiKey} onRevoke={() => setRevoking(apiKey)} />
          ))}
        </List>
      )}
      <div>
        <Button variant="outlined" startIcon={<AddOutlined />} onClick={() => setMaking(true)}>
          {t('settings.apiKeys.makeAKey')}
        </Button>
      </div>
      {making && (
        <MakeKeyDialog
          onClose={() => setMaking(false)}
          onMade={(key) => {
            setMaking(false);
            setMade(key);
          }}
        />
      )}
      {made && <NewKeyDialog made={made} onClose={() => setMade(null)} />}
      <ConfirmDialog
        open={revoking !== null}
        title={t('settings.apiKeys.revokeTitle')}
        message={t('settings.apiKeys.revokeQuestion', { name: revoking?.name ?? '' })}
        confirmLabel={t('settings.apiKeys.revoke')}
        busy={revoke.isPending}
        busyLabel={t('settings.apiKeys.revoking')}
        onConfirm={() => void confirmRevoke()}
        onClose={() => setRevoking(null)}
      />
    </Stack>
  );
}
