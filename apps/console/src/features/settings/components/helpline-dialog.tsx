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
import { useT } from '@storedesk/web/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ErrorDialog } from '@/components/error-dialog.tsx';
import { SaveButton } from '@/components/save-button.tsx';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { StaleSaveAlert } from '@/components/stale-save-alert.tsx';
import { asApiError, isApiError } from '@/lib/api-client.ts';
import { changedFields, useEditBase, useStaleSaveMessage } from '@/lib/edit-base.ts';
import { applySaveRefusal, fieldMessages } from '@/lib/save-refusal.ts';
import {
  helplinesQueryKey,
  useCreateHelpline,
  useUpdateHelpline,
} from '@/features/settings/api/helplines.ts';
import type { Translate } from '@/i18n/index.ts';

/** The fields by their label, for the stale-save alert's "Phone number changed". */
const changeLabels = (t: Translate) => ({
  title: t('settings.helplines.title'),
  phoneNumber: t('settings.helplines.phone'),
});

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
  const t = useT();
  const staleSaveMessage = useStaleSaveMessage();
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
        notify(t('settings.helplines.saved', { title: values.title }));
      } else {
        await create.mutateAsync(values);
        notify(t('settings.helplines.added', { title: values.title }));
      }
      onClose();
    } catch (caught) {
      const error = asApiError(caught);
      if (isApiError(error, 409) && base) {
        const current = helplineSchema.safeParse(error.current);
        if (current.success) {
          setConflict(changedFields(base, current.data, changeLabels(t)));
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
        <DialogTitle id={titleId}>
          {helpline ? t('lists.editNamed', { name: helpline.title }) : t('settings.helplines.add')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <StaleSaveAlert
              message={conflict && staleSaveMessage(t('settings.helplines.noun'), conflict)}
              onClose={() => setConflict(null)}
            />
            <TextField
              label={t('settings.helplines.title')}
              required
              fullWidth
              autoFocus
              error={Boolean(errors.title)}
              helperText={errors.title?.message ?? t('settings.helplines.titleHelp')}
              {...register('title')}
            />
            <TextField
              label={t('settings.helplines.phone')}
              required
              fullWidth
              type="tel"
              placeholder="1800-123-4567"
              error={Boolean(errors.phoneNumber)}
              helperText={errors.phoneNumber?.message ?? t('settings.helplines.phoneHelp')}
              slotProps={{ htmlInput: { inputMode: 'tel' } }}
              {...register('phoneNumber')}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            {t('common.cancel')}
          </Button>
          <SaveButton saving={saving} label={helpline ? t('common.save') : t('common.add')} />
        </DialogActions>
      </form>
      <ErrorDialog message={dialogMessage} onClose={() => setDialogMessage(null)} />
    </Dialog>
  );
}
