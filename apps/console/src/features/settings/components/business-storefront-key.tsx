import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { BusinessSettings } from '@storedesk/shared/settings/business';
import { businessSettingsSchema } from '@storedesk/shared/settings/business';
import { useQueryClient } from '@tanstack/react-query';
import { useT } from '@storedesk/web/i18n';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { asApiError } from '@/lib/api-client.ts';
import { businessSettingsQueryKey, useRotateStorefrontKey } from '@/features/settings/api/business.ts';

type StorefrontKeyProps = {
  record: BusinessSettings;
  /** Told of each rotation: the version it was based on and the version it made. */
  onRotated: (from: number, to: number) => void;
};

/** The publishable key the customer app sends, to copy into it, and to replace when it has leaked. */
export function StorefrontKey({ record, onRotated }: StorefrontKeyProps) {
  const t = useT();
  const rotate = useRotateStorefrontKey();
  const queryClient = useQueryClient();
  const notify = useSnackbar();
  const [asking, setAsking] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(record.storefrontKey);
      notify(t('settings.others.storefrontKeyCopied'));
    } catch {
      input.current?.select();
      notify({ severity: 'error', message: t('settings.others.storefrontKeyNotCopied') });
    }
  };

  const confirm = async () => {
    const version = record.version;
    try {
      const rotated = await rotate.mutateAsync({ version });
      onRotated(version, rotated.version);
      notify(t('settings.others.storefrontKeyRotated'));
    } catch (caught) {
      const error = asApiError(caught);
      const current = businessSettingsSchema.safeParse(error.current);
      if (error.status === 409 && current.success) {
        queryClient.setQueryData(businessSettingsQueryKey, current.data);
      }
      notify({
        severity: 'error',
        message: error.status === 409 ? t('settings.others.storefrontKeyStale') : error.message,
      });
    } finally {
      setAsking(false);
    }
  };

  return (
    <Stack spacing={1}>
      <Typography variant="subtitle1" component="h3">
        {t('settings.others.storefrontKey')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('settings.others.storefrontKeyHelp')}
      </Typography>
      <TextField
        label={t('settings.others.storefrontKey')}
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
          {t('settings.others.copy')}
        </Button>
        <Button variant="outlined" color="error" startIcon={<KeyOutlined />} onClick={() => setAsking(true)}>
          {t('settings.others.rotateKey')}
        </Button>
      </Stack>
      <ConfirmDialog
        open={asking}
        title={t('settings.others.rotateTitle')}
        message={t('settings.others.rotateQuestion')}
        confirmLabel={t('settings.others.rotateKey')}
        busy={rotate.isPending}
        busyLabel={t('settings.others.rotating')}
        onConfirm={() => void confirm()}
        onClose={() => setAsking(false)}
      />
    </Stack>
  );
}
