import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { messages } from '@storedesk/shared/messages';
import { paymentModeTypeLabels, typesToAdd } from '@storedesk/shared/settings/payment-modes';
import type { PaymentMode } from '@storedesk/shared/settings/payment-modes';
import { useT } from '@storedesk/web/i18n';
import { useMutationState } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { ErrorDialog } from '@/components/error-dialog.tsx';
import { LoadError } from '@/components/load-error.tsx';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { paymentText } from '@/i18n/codes.ts';
import { asApiError, isApiError } from '@/lib/api-client.ts';
import type { UpdatePaymentMode } from '@/features/settings/api/payment-modes.ts';
import {
  updatePaymentModeMutationKey,
  useDeletePaymentMode,
  usePaymentModes,
  useUpdatePaymentMode,
} from '@/features/settings/api/payment-modes.ts';
import { PaymentModeDialog } from './payment-mode-dialog.tsx';

type DialogState = { kind: 'add' } | { kind: 'edit'; id: string } | null;

function ModesSkeleton() {
  const t = useT();
  return (
    <Stack spacing={1.5} role="status" aria-busy="true" aria-label={t('settings.paymentModes.loading')}>
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} variant="rounded" height={72} />
      ))}
    </Stack>
  );
}

type ModeRowProps = {
  mode: PaymentMode;
  /** The enabled state a save on its way asks for, shown until it lands. */
  pending: boolean | undefined;
  onEnabledChange: (enabled: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
};

function ModeRow({ mode, pending, onEnabledChange, onEdit, onDelete }: ModeRowProps) {
  const t = useT();
  const enabled = pending ?? mode.enabled;
  const typeName = t(paymentText[mode.type]);
  // The title a mode is added with is the type's English name (customers see it); the type is named only when the title says something else.
  const sameAsType = [paymentModeTypeLabels[mode.type], typeName].some(
    (name) => name.toLowerCase() === mode.title.toLowerCase(),
  );
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      {/* On a phone the actions go under the details, which keep the width for a long UPI address. */}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography variant="subtitle1" component="h3" sx={{ wordBreak: 'break-word' }}>
              {mode.title}
            </Typography>
            {sameAsType ? null : <Chip size="small" variant="outlined" label={typeName} />}
            {mode.enabled ? null : (
              <Chip size="small" color="warning" label={t('settings.paymentModes.disabled')} />
            )}
          </Stack>
          {mode.upiInfo ? (
            <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {mode.upiInfo.name} · {mode.upiInfo.upiId}
            </Typography>
          ) : null}
          {mode.enabled ? null : (
            <Typography variant="body2" sx={{ color: 'text.secondary', wordBreak: 'break-word' }}>
              {mode.disableReason
                ? t('settings.paymentModes.reason', { reason: mode.disableReason })
                : t('settings.paymentModes.noReason')}
            </Typography>
          )}
        </Box>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', flexShrink: 0, alignSelf: { xs: 'flex-end', sm: 'auto' } }}
        >
          <Tooltip title={enabled ? t('settings.paymentModes.enabled') : t('settings.paymentModes.disabled')}>
            <Switch
              checked={enabled}
              disabled={pending !== undefined}
              onChange={(event) => onEnabledChange(event.target.checked)}
              slotProps={{
                input: { 'aria-label': t('settings.paymentModes.enabledNamed', { title: mode.title }) },
              }}
            />
          </Tooltip>
          <Tooltip title={t('lists.edit')}>
            <IconButton aria-label={t('lists.editNamed', { name: mode.title })} onClick={onEdit}>
              <EditOutlined />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('lists.delete')}>
            <IconButton aria-label={t('lists.deleteNamed', { name: mode.title })} onClick={onDelete}>
              <DeleteOutlined />
            </IconButton>
          </Tooltip>
        </Stack>
      </Stack>
    </Paper>
  );
}

/**
 * Settings > Payment Modes (SPEC §4, §5): the business's modes, one of each
 * type, each with a switch that saves at once. A disabled mode shows its
 * reason, which its edit dialog takes while it is disabled; a UPI mode shows
 * its receiver name and UPI address.
 */
export function PaymentModesTab() {
  const t = useT();
  const modes = usePaymentModes();
  const updateMode = useUpdatePaymentMode();
  const deleteMode = useDeletePaymentMode();
  const notify = useSnackbar();
  const [dialog, setDialog] = useState<DialogState>(null);
  // The mode the delete dialog names; kept while the dialog closes, so its text does not blank out.
  const [toDelete, setToDelete] = useState<PaymentMode | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [errorMessage, setErrorMessage] = useState<string | null>(null);

  // Every switch still on its way: it shows what was asked for.
  const pendingEnabled = new Map(
    useMutationState({
      filters: { mutationKey: updatePaymentModeMutationKey, status: 'pending' },
      select: (mutation) => mutation.state.variables as UpdatePaymentMode | undefined,
    })
      .filter((variables) => variables?.update.enabled !== undefined)
      .map((variables) => [variables?.id, variables?.update.enabled] as const),
  );

  const items = modes.data?.items ?? [];
  const addable = typesToAdd(items);
  const editing = dialog?.kind === 'edit' ? items.find((mode) => mode.id === dialog.id) : undefined;

  const showRefusal = (caught: unknown, title: string) => {
    if (isApiError(caught, 401)) return;
    if (isApiError(caught, 404)) {
      notify({ severity: 'info', message: t('settings.paymentModes.alreadyDeleted', { title }) });
      return;
    }
    setErrorMessage(isApiError(caught, 409) ? messages.staleRecord : asApiError(caught).message);
  };

  const setEnabled = (mode: PaymentMode, enabled: boolean) => {
    updateMode.mutate(
      { id: mode.id, update: { enabled, version: mode.version } },
      {
        onSuccess: (saved) =>
          notify(
            saved.enabled
              ? t('settings.paymentModes.enabledNotice', { title: saved.title })
              : t('settings.paymentModes.disabledNotice', { title: saved.title }),
          ),
        onError: (error) => showRefusal(error, mode.title),
      },
    );
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteMode.mutateAsync({ id: toDelete.id, version: toDelete.version });
      notify(t('settings.paymentModes.deleted', { title: toDelete.title }));
    } catch (error) {
      showRefusal(error, toDelete.title);
    }
    setDeleteOpen(false);
  };

  const addButton = (
    <Button
      variant="contained"
      startIcon={<AddOutlined />}
      disabled={addable.length === 0}
      onClick={() => setDialog({ kind: 'add' })}
    >
      {t('settings.paymentModes.add')}
    </Button>
  );

  let content;
  if (modes.isPending) {
    content = <ModesSkeleton />;
  } else if (modes.isError && !modes.data) {
    content = (
      <LoadError
        title={t('settings.paymentModes.loadFailed')}
        error={modes.error}
        onRetry={() => void modes.refetch()}
        retrying={modes.isFetching}
      />
    );
  } else if (items.length === 0) {
    content = (
      <Paper variant="outlined" sx={{ py: 4, px: 2, textAlign: 'center' }}>
        <Typography variant="subtitle1">{t('settings.paymentModes.empty')}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, mb: 2 }}>
          {t('settings.paymentModes.emptyHelp')}
        </Typography>
        {addButton}
      </Paper>
    );
  } else {
    content = (
      <Stack spacing={1.5} component="section" aria-label={t('settings.paymentModes.region')}>
        {items.map((mode) => (
          <ModeRow
            key={mode.id}
            mode={mode}
            pending={pendingEnabled.get(mode.id)}
            onEnabledChange={(enabled) => setEnabled(mode, enabled)}
            onEdit={() => setDialog({ kind: 'edit', id: mode.id })}
            onDelete={() => {
              setToDelete(mode);
              setDeleteOpen(true);
            }}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {addable.length === 0 && items.length > 0
            ? t('settings.paymentModes.allTypes')
            : t('settings.paymentModes.intro')}
        </Typography>
        {items.length > 0 ? addButton : null}
      </Stack>
      {content}
      {dialog?.kind === 'add' ? (
        <PaymentModeDialog mode={null} types={addable} onClose={() => setDialog(null)} />
      ) : null}
      {editing ? <PaymentModeDialog mode={editing} types={[]} onClose={() => setDialog(null)} /> : null}
      <ConfirmDialog
        open={deleteOpen}
        title={t('settings.paymentModes.deleteTitle')}
        message={t('settings.paymentModes.deleteQuestion', { title: toDelete?.title ?? '' })}
        confirmLabel={t('lists.delete')}
        busy={deleteMode.isPending}
        busyLabel={t('common.deleting')}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleteOpen(false)}
      />
      <ErrorDialog message={errorMessage} onClose={() => setErrorMessage(null)} />
    </Stack>
  );
}
