import { zodResolver } from '@hookform/resolvers/zod';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { categoryInputSchema, categorySchema } from '@storedesk/shared/catalogue/schemas';
import type { CategoryInput } from '@storedesk/shared/catalogue/schemas';
import { messages } from '@storedesk/shared/messages';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ErrorDialog } from '../../../components/error-dialog.tsx';
import type { ApiError } from '../../../lib/api-client.ts';
import { SaveButton } from '../../../components/save-button.tsx';
import { applySaveRefusal } from '../../../lib/save-refusal.ts';

export type SaveResult = { ok: true } | { ok: false; error: ApiError };

type CategoryFormProps = {
  defaultValues: CategoryInput;
  /** The saved name while nobody has typed yet, so live changes show (edit only). */
  live?: CategoryInput;
  submitLabel: string;
  onSave: (values: CategoryInput) => Promise<SaveResult>;
};

/** SPEC §5: a category needs a name. */
export function CategoryForm({ defaultValues, live, submitLabel, onSave }: CategoryFormProps) {
  const [saving, setSaving] = useState(false);
  const [dialogMessage, setDialogMessage] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<CategoryInput>({
    resolver: zodResolver(categoryInputSchema),
    mode: 'onTouched',
    defaultValues,
  });

  useEffect(() => {
    if (live && !isDirty) reset(live);
  }, [live, isDirty, reset]);

  const onSubmit = handleSubmit(async (values) => {
    setSaving(true);
    try {
      const result = await onSave(values);
      if (result.ok) return;
      setDialogMessage(
        applySaveRefusal(result.error, {
          current: categorySchema,
          showCurrent: (category) => reset({ name: category.name }),
          fields: { name: (message) => setError('name', { message }) },
        }),
      );
    } finally {
      setSaving(false);
    }
  });

  return (
    <Card variant="outlined" sx={{ maxWidth: 560 }}>
      <CardContent>
        <Stack component="form" spacing={2} noValidate onSubmit={onSubmit}>
          <TextField
            label="Name"
            fullWidth
            required
            autoFocus
            error={Boolean(errors.name)}
            helperText={errors.name?.message ?? messages.categoryName}
            {...register('name')}
          />
          <div>
            <SaveButton saving={saving} label={submitLabel} />
          </div>
        </Stack>
      </CardContent>
      <ErrorDialog message={dialogMessage} onClose={() => setDialogMessage(null)} />
    </Card>
  );
}
