import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { BusinessSettings } from '@storedesk/shared/settings/business';
import { businessSettingsSchema } from '@storedesk/shared/settings/business';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { asApiError } from '@/lib/api-client.ts';
import { businessSettingsQueryKey, useRotateStorefrontKey } from '@/features/settings/api/business.ts';

export const rotateKeyQuestion =
  'The customer app stops working with the current key at once: every order it sends with the old key is ' +
  'refused until it uses the new one. Rotate the key?';

type StorefrontKeyProps = {
  record: BusinessSettings;
  /** Told of each rotation: the version it was based on and the version it made. */
  onRotated: (from: number, to: number) => void;
};

/** The publishable key the customer app sends, to copy into it, and to replace when it has leaked. */
export function StorefrontKey({ record, onRotated }: StorefrontKeyProps) {
  const rotate = useRotateStorefrontKey();
  const queryClient = useQueryClient();
  const notify = useSnackbar();
  const [asking, setAsking] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(record.storefrontKey);
      notify('Storefront key copied');
    } catch {
      input.current?.select();
      notify({ severity: 'error', message: 'Could not copy: the key is selected, copy it with Ctrl+C' });
    }
  };

  const confirm = async () => {
    const version = record.version;
    try {
      const rotated = await rotate.mutateAsync({ version });
      onRotated(version, rotated.version);
      notify('Storefront key rotated: give the customer app the new key');
    } catch (caught) {
      const error = asApiError(caught);
      const current = businessSettingsSchema.safeParse(error.current);
      if (error.status === 409 && current.success) {
        queryClient.setQueryData(businessSettingsQueryKey, current.data);
      }
      notify({
        severity: 'error',
        message:
          error.status === 409
            ? 'The settings changed meanwhile and the key was not rotated. Try again.'
            : error.message,
      });
    } finally {
      setAsking(false);
    }
  };

  return (
    <Stack spacing={1}>
      <Typography variant="subtitle1" component="h3">
        Storefront key
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        The customer app sends this key with every order (as X-Storefront-Key).
      </Typography>
      <TextField
        label="Storefront key"
        value={record.storefrontKey}
        fullWidth
        inputRef={input}
        slotProps={{
          htmlInput: { readOnly: true, spellCheck: false },
          input: { sx: { fontFamily: 'monospace' } },
        }}
      />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="outlined" startIcon={<ContentCopyOutlined />} onClick={() => void copy()}>
          Copy
        </Button>
        <Button variant="outlined" color="error" startIcon={<KeyOutlined />} onClick={() => setAsking(true)}>
          Rotate key
        </Button>
      </Stack>
      <ConfirmDialog
        open={asking}
        title="Rotate the storefront key?"
        message={rotateKeyQuestion}
        confirmLabel="Rotate key"
        busy={rotate.isPending}
        busyLabel="Rotating…"
        onConfirm={() => void confirm()}
        onClose={() => setAsking(false)}
      />
    </Stack>
  );
}
