import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { helplineInputSchema, helplineSchema } from '@storedesk/shared/settings/helplines';
import type { Helpline, HelplineInput, HelplineList } from '@storedesk/shared/settings/helplines';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ErrorDialog } from '@/components/error-dialog.tsx';
import { SaveButton } from '@/components/save-button.tsx';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { StaleSaveAlert } from '@/components/stale-save-alert.tsx';
import { asApiError, isApiError } from '@/lib/api-client.ts';
import { changedFields, staleSaveMessage, useEditBase } from '@/lib/edit-base.ts';
import { applySaveRefusal, fieldMessages } from '@/lib/save-refusal.ts';
import {
  helplinesQueryKey,
  useCreateHelpline,
  useUpdateHelpline,
} from '@/features/settings/api/helplines.ts';

const labels = { title: 'Title', phoneNumber: 'Phone number' } as const;

function toFormValues(helpline: Helpline | null): HelplineInput {
  return { title: helpline?.title ?? '', phoneNumber: helpline?.phoneNumber ?? '' };
}

type HelplineDialogProps = {
  /** The helpline as it is now (edit; the dialog follows it until the first edit), or null to add one. */
  helpline: Helpline | null;
  onClose: () => void;
};

/** Adds or edits a helpline (SPEC §5): 'Enter helpline title', 'Enter valid phone number'. */
export function HelplineDialog({ helpline, onClose }: HelplineDialogProps) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const create = useCreateHelpline();
  const update = useUpdateHelpline();
  const notify = useSnackbar();
  const [conflict, setConflict] = useState<string[] | null>(null);
  const [dialogMessage, setDialogMessage] = useState<string | null>(null);
  const live = useMemo(() => toFormValues(helpline), [helpline]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<HelplineInput>({
    resolver: zodResolver(helplineInputSchema),
    mode: 'onTouched',
    defaultValues: live,
  });
  const base = useEditBase(helpline, isDirty);
  const saving = create.isPending || update.isPending;

  // Untouched, the dialog follows a colleague's saves; once edited it keeps the edits.
  useEffect(() => {
    if (helpline && !isDirty) reset(live);
  }, [helpline, live, isDirty, reset]);

  const showCurrent = (current: Helpline) => {
    queryClient.setQueryData<HelplineList>(
      helplinesQueryKey,
      (list) =>
        list && { ...list, items: list.items.map((item) => (item.id === current.id ? current : item)) },
    );
    reset(toFormValues(current));
  };

  const onSubmit = handleSubmit(async (values) => {
    setConflict(null);
    try {
      if (base) {
        await update.mutateAsync({ id: base.id, update: { ...values, version: base.version } });
        notify(`${values.title} saved`);
      } else {
        await create.mutateAsync(values);
        notify(`${values.title} added`);
      }
      onClose();
    } catch (caught) {
      const error = asApiError(caught);
      if (isApiError(error, 409) && base) {
        const current = helplineSchema.safeParse(error.current);
        if (current.success) {
          setConflict(changedFields(base, current.data, labels));
          showCurrent(current.data);
          return;
        }
      }
      const message = applySaveRefusal(error, {
        current: helplineSchema,
        showCurrent,
        fields: fieldMessages(setError, ['title', 'phoneNumber']),
      });
      setDialogMessage(message);
    }
  });

  return (
    <Dialog open onClose={saving ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{helpline ? `Edit ${helpline.title}` : 'Add helpline'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <StaleSaveAlert
              message={conflict && staleSaveMessage('helpline', conflict)}
              onClose={() => setConflict(null)}
            />
            <TextField
              label="Title"
              required
              fullWidth
              autoFocus
              error={Boolean(errors.title)}
              helperText={errors.title?.message ?? 'e.g. Customer care'}
              {...register('title')}
            />
            <TextField
              label="Phone number"
              required
              fullWidth
              type="tel"
              placeholder="1800-123-4567"
              error={Boolean(errors.phoneNumber)}
              helperText={
                errors.phoneNumber?.message ??
                'Digits, with spaces or dashes if you like, and a leading + for abroad.'
              }
              slotProps={{ htmlInput: { inputMode: 'tel' } }}
              {...register('phoneNumber')}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <SaveButton saving={saving} label={helpline ? 'Save' : 'Add'} />
        </DialogActions>
      </form>
      <ErrorDialog message={dialogMessage} onClose={() => setDialogMessage(null)} />
    </Dialog>
  );
}
