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
import { useMutationState } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { ErrorDialog } from '@/components/error-dialog.tsx';
import { LoadError } from '@/components/load-error.tsx';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
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
  return (
    <Stack spacing={1.5} role="status" aria-busy="true" aria-label="Loading the payment modes">
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
  const enabled = pending ?? mode.enabled;
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
            {mode.title.toLowerCase() === paymentModeTypeLabels[mode.type].toLowerCase() ? null : (
              <Chip size="small" variant="outlined" label={paymentModeTypeLabels[mode.type]} />
            )}
            {mode.enabled ? null : <Chip size="small" color="warning" label="Disabled" />}
          </Stack>
          {mode.upiInfo ? (
            <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {mode.upiInfo.name} · {mode.upiInfo.upiId}
            </Typography>
          ) : null}
          {mode.enabled ? null : (
            <Typography variant="body2" sx={{ color: 'text.secondary', wordBreak: 'break-word' }}>
              {mode.disableReason ? `Reason: ${mode.disableReason}` : 'No reason given'}
            </Typography>
          )}
        </Box>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', flexShrink: 0, alignSelf: { xs: 'flex-end', sm: 'auto' } }}
        >
          <Tooltip title={enabled ? 'Enabled' : 'Disabled'}>
            <Switch
              checked={enabled}
              disabled={pending !== undefined}
              onChange={(event) => onEnabledChange(event.target.checked)}
              slotProps={{ input: { 'aria-label': `${mode.title} enabled` } }}
            />
          </Tooltip>
          <Tooltip title="Edit">
            <IconButton aria-label={`Edit ${mode.title}`} onClick={onEdit}>
              <EditOutlined />
            </IconButton>
          </Tooltip>
          <Tooltip title="Delete">
            <IconButton aria-label={`Delete ${mode.title}`} onClick={onDelete}>
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
      notify({ severity: 'info', message: `${title} was already deleted` });
      return;
    }
    setErrorMessage(isApiError(caught, 409) ? messages.staleRecord : asApiError(caught).message);
  };

  const setEnabled = (mode: PaymentMode, enabled: boolean) => {
    updateMode.mutate(
      { id: mode.id, update: { enabled, version: mode.version } },
      {
        onSuccess: (saved) => notify(`${saved.title} ${saved.enabled ? 'enabled' : 'disabled'}`),
        onError: (error) => showRefusal(error, mode.title),
      },
    );
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteMode.mutateAsync({ id: toDelete.id, version: toDelete.version });
      notify(`${toDelete.title} deleted`);
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
      Add payment mode
    </Button>
  );

  let content;
  if (modes.isPending) {
    content = <ModesSkeleton />;
  } else if (modes.isError && !modes.data) {
    content = (
      <LoadError
        title="Could not load the payment modes"
        error={modes.error}
        onRetry={() => void modes.refetch()}
        retrying={modes.isFetching}
      />
    );
  } else if (items.length === 0) {
    content = (
      <Paper variant="outlined" sx={{ py: 4, px: 2, textAlign: 'center' }}>
        <Typography variant="subtitle1">No payment modes yet</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, mb: 2 }}>
          Add cash on delivery, UPI or card so customers can pay for their orders.
        </Typography>
        {addButton}
      </Paper>
    );
  } else {
    content = (
      <Stack spacing={1.5} component="section" aria-label="Payment modes">
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
            ? 'Every type has a mode: cash on delivery, UPI and card.'
            : 'How customers can pay. A business has one mode of each type.'}
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
        title="Delete payment mode"
        message={`Are you sure? You want to delete the payment mode “${toDelete?.title ?? ''}”`}
        confirmLabel="Delete"
        busy={deleteMode.isPending}
        busyLabel="Deleting…"
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleteOpen(false)}
      />
      <ErrorDialog message={errorMessage} onClose={() => setErrorMessage(null)} />
    </Stack>
  );
}
