import { StaleSaveAlert } from '@/components/stale-save-alert.tsx';
import { zodResolver } from '@hookform/resolvers/zod';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zoneInputSchema, zoneSchema } from '@storedesk/shared/zones/schemas';
import type { Zone, ZoneInput } from '@storedesk/shared/zones/schemas';
import { useT } from '@storedesk/web/i18n';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ErrorDialog } from '@/components/error-dialog.tsx';
import { SaveButton } from '@/components/save-button.tsx';
import type { ApiError } from '@/lib/api-client.ts';
import { changedFields, useEditBase, useStaleSaveMessage } from '@/lib/edit-base.ts';
import { applySaveRefusal, fieldMessages } from '@/lib/save-refusal.ts';

export type ZoneSaveResult = { ok: true } | { ok: false; error: ApiError };

function toFormValues(zone: Zone | null): ZoneInput {
  return { name: zone?.name ?? '' };
}

type ZoneFormProps = {
  /** Leaves the form without saving (back where the person came from). */
  onCancel: () => void;
  /** The saved zone, live (edit), or null (add). */
  zone: Zone | null;
  submitLabel: string;
  /** Saves the values; `base` is the zone the edits started from, whose version the save sends (D9). */
  onSave: (values: ZoneInput, base: Zone | null) => Promise<ZoneSaveResult>;
  /** Edit only: the Delete button, asking about the zone the edits started from. */
  onDelete?: (base: Zone) => void;
};

/** SPEC §5: a zone needs a name, unique in the business whatever its case. */
export function ZoneForm({ zone, submitLabel, onSave, onDelete, onCancel }: ZoneFormProps) {
  const t = useT();
  const staleSaveMessage = useStaleSaveMessage();
  const [saving, setSaving] = useState(false);
  const [dialogMessage, setDialogMessage] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string[] | null>(null);
  const live = useMemo(() => toFormValues(zone), [zone]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<ZoneInput>({
    resolver: zodResolver(zoneInputSchema),
    mode: 'onTouched',
    defaultValues: live,
  });
  const base = useEditBase(zone, isDirty);

  // Untouched, the form follows a colleague's saves; once edited it keeps the edits.
  useEffect(() => {
    if (zone && !isDirty) reset(live);
  }, [zone, live, isDirty, reset]);

  const showRefusal = (error: ApiError): string | null => {
    if (error.status === 409) {
      const current = zoneSchema.safeParse(error.current);
      if (current.success && base) {
        setConflict(changedFields(base, current.data, { name: t('common.name') }));
        reset(toFormValues(current.data));
        return null;
      }
      // A name another zone has: the server says so on the field.
      const nameTaken = error.fields?.name;
      if (nameTaken) {
        setError('name', { message: nameTaken }, { shouldFocus: true });
        return null;
      }
    }
    return applySaveRefusal(error, {
      current: zoneSchema,
      showCurrent: (current) => reset(toFormValues(current)),
      fields: fieldMessages(setError, ['name']),
    });
  };

  const onSubmit = handleSubmit(async (values) => {
    setSaving(true);
    setConflict(null);
    try {
      const result = await onSave(values, base);
      if (!result.ok) setDialogMessage(showRefusal(result.error));
    } finally {
      setSaving(false);
    }
  });

  return (
    <Card variant="outlined" sx={{ maxWidth: 560 }}>
      <CardContent>
        <Stack component="form" spacing={2} noValidate onSubmit={onSubmit}>
          <StaleSaveAlert
            message={conflict && staleSaveMessage(t('zonesPage.nounOne'), conflict)}
            onClose={() => setConflict(null)}
          />
          <TextField
            label={t('common.name')}
            fullWidth
            required
            autoFocus
            error={Boolean(errors.name)}
            helperText={errors.name?.message ?? t('zonesPage.nameHint')}
            {...register('name')}
          />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
            <SaveButton saving={saving} label={submitLabel} onCancel={onCancel} />
            {onDelete && base ? (
              <Button
                color="error"
                variant="outlined"
                startIcon={<DeleteOutlined />}
                disabled={saving}
                onClick={() => onDelete(base)}
              >
                {t('zonesPage.delete')}
              </Button>
            ) : null}
          </Stack>
        </Stack>
      </CardContent>
      <ErrorDialog message={dialogMessage} onClose={() => setDialogMessage(null)} />
    </Card>
  );
}
