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
import { formatDateTime } from '@storedesk/shared/dates';
import {
  apiKeyCreateSchema,
  type ApiKey,
  type ApiKeyCreate,
  type ApiKeyCreated,
} from '@storedesk/shared/settings/api-keys';
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

export const revokeKeyQuestion = (name: string) =>
  `Orders that carry the key “${name}” are refused from the moment it is revoked, and it cannot be used again. Revoke it?`;

/** Names a new key; on success, hands the key with its secret to `onMade`. */
function MakeKeyDialog({ onClose, onMade }: { onClose: () => void; onMade: (key: ApiKeyCreated) => void }) {
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
        <DialogTitle id={titleId}>Make a secret API key</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure && <Alert severity="error">{failure}</Alert>}
            <TextField
              label="Name"
              autoFocus
              fullWidth
              required
              placeholder="Counter till"
              error={Boolean(errors.name)}
              helperText={errors.name?.message ?? 'What uses it, so you know which key to revoke.'}
              {...register('name')}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <SaveButton saving={create.isPending} label="Make key" onCancel={onClose} />
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The new key, shown this once, to copy into the system that uses it. */
function NewKeyDialog({ made, onClose }: { made: ApiKeyCreated; onClose: () => void }) {
  const titleId = useId();
  const notify = useSnackbar();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(made.secret);
      notify('Secret API key copied');
    } catch {
      notify({ severity: 'error', message: 'Could not copy: select the key and copy it with Ctrl+C' });
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Copy the key “{made.name}” now</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">
            This is the only time the key is shown. Keep it secret: it places orders as your business.
          </Alert>
          <TextField
            label="Secret API key"
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
          Copy
        </Button>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: () => void }) {
  const timeZone = useTimeZone();
  const made = `Made by ${apiKey.createdByName} on ${formatDateTime(apiKey.createdAt, timeZone)}`;
  const used = apiKey.lastUsedAt ? `last used ${formatDateTime(apiKey.lastUsedAt, timeZone)}` : 'never used';
  const revoked = apiKey.revokedAt ? `Revoked on ${formatDateTime(apiKey.revokedAt, timeZone)}` : null;
  return (
    <ListItem
      divider
      secondaryAction={
        revoked ? undefined : (
          <Button color="error" onClick={onRevoke} aria-label={`Revoke ${apiKey.name}`}>
            Revoke
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
        secondary={revoked ?? `${made}; ${used}`}
      />
    </ListItem>
  );
}

/** Settings › Others: the business's secret API keys, which its own systems place orders with (ADR 0056). */
export function ApiKeys() {
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
      notify(`Key “${revoking.name}” revoked`);
    } catch (caught) {
      notify({ severity: 'error', message: asApiError(caught).message });
    } finally {
      setRevoking(null);
    }
  };

  return (
    <Stack spacing={1}>
      <Typography variant="subtitle1" component="h3">
        Secret API keys
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Your own systems (a till, a phone-order desk) place orders with one of these keys, sent as
        Authorization: Bearer beside the storefront key. Such an order joins no customer’s account. The
        customer app needs none: its customers sign in.
      </Typography>
      {keys.isPending ? (
        <CardSkeleton lines={2} label="Loading the keys" />
      ) : keys.isError ? (
        <LoadError
          title="Could not load the keys"
          error={keys.error}
          onRetry={() => void keys.refetch()}
          retrying={keys.isFetching}
        />
      ) : keys.data.items.length === 0 ? (
        <Typography variant="body2">No keys yet. Make one for each system that places orders.</Typography>
      ) : (
        <List aria-label="Secret API keys" disablePadding>
          {keys.data.items.map((apiKey) => (
            <KeyRow key={apiKey.id} apiKey={apiKey} onRevoke={() => setRevoking(apiKey)} />
          ))}
        </List>
      )}
      <div>
        <Button variant="outlined" startIcon={<AddOutlined />} onClick={() => setMaking(true)}>
          Make a key
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
        title="Revoke the key?"
        message={revokeKeyQuestion(revoking?.name ?? '')}
        confirmLabel="Revoke"
        busy={revoke.isPending}
        busyLabel="Revoking…"
        onConfirm={() => void confirmRevoke()}
        onClose={() => setRevoking(null)}
      />
    </Stack>
  );
}
