import { LocalTextField } from '@/components/local-text-field.tsx';
import { StaleSaveAlert } from '@/components/stale-save-alert.tsx';
import { zodResolver } from '@hookform/resolvers/zod';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { categoryInputSchema, categorySchema } from '@storedesk/shared/catalogue/schemas';
import type { Category, CategoryInput } from '@storedesk/shared/catalogue/schemas';
import { messages } from '@storedesk/shared/messages';
import { useT } from '@storedesk/web/i18n';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ErrorDialog } from '@/components/error-dialog.tsx';
import type { MessageId } from '@/i18n/index.ts';
import type { ApiError } from '@/lib/api-client.ts';
import { SaveButton } from '@/components/save-button.tsx';
import { changedFields, useEditBase, useStaleSaveMessage } from '@/lib/edit-base.ts';
import { applySaveRefusal, fieldMessages } from '@/lib/save-refusal.ts';

export type SaveResult = { ok: true } | { ok: false; error: ApiError };

/** What the stale-save alert names when a colleague's save changed it (D9). */
const changeLabels = {
  name: 'common.name',
  nameHi: 'catalogue.nameHi',
  nameKn: 'catalogue.nameKn',
} satisfies Partial<Record<keyof Category, MessageId>>;

/** What the form holds: the names in Hindi and Kannada as typed (blank is none, sent as null). */
type CategoryFormValues = z.input<typeof categoryInputSchema>;

const toFormValues = (category: Category): CategoryFormValues => ({
  name: category.name,
  nameHi: category.nameHi ?? '',
  nameKn: category.nameKn ?? '',
});

type CategoryFormProps = {
  /** Leaves the form without saving (back where the person came from). */
  onCancel: () => void;
  /** Edit: the category as it is now. The form follows it until the first edit (D9). */
  category?: Category;
  submitLabel: string;
  /** `base` is the category the edits started from: save with its version. */
  onSave: (values: CategoryInput, base: Category | undefined) => Promise<SaveResult>;
};

/** SPEC §5: a category needs a name. */
export function CategoryForm({ category, submitLabel, onSave, onCancel }: CategoryFormProps) {
  const t = useT();
  const staleSaveMessage = useStaleSaveMessage();
  const [saving, setSaving] = useState(false);
  const [dialogMessage, setDialogMessage] = useState<string | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const live = useMemo(() => (category ? toFormValues(category) : undefined), [category]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<CategoryFormValues, unknown, CategoryInput>({
    resolver: zodResolver(categoryInputSchema),
    mode: 'onTouched',
    defaultValues: live ?? { name: '', nameHi: '', nameKn: '' },
  });
  const base = useEditBase(category, isDirty);

  // Untouched, the form shows a colleague's save as it arrives.
  useEffect(() => {
    if (live && !isDirty) reset(live);
  }, [live, isDirty, reset]);

  const onSubmit = handleSubmit(async (values) => {
    setSaving(true);
    setStale(null);
    const savedFrom = base;
    try {
      const result = await onSave(values, savedFrom);
      if (result.ok) return;
      const current = categorySchema.safeParse(result.error.current);
      if (savedFrom && result.error.status === 409 && current.success) {
        reset(toFormValues(current.data));
        setStale(
          staleSaveMessage(
            t('category.nounOne'),
            changedFields(savedFrom, current.data, changeLabels).map((id) => t(id as MessageId)),
          ),
        );
        return;
      }
      setDialogMessage(
        applySaveRefusal(result.error, {
          current: categorySchema,
          showCurrent: (shown) => reset(toFormValues(shown)),
          fields: fieldMessages(setError, ['name', 'nameHi', 'nameKn']),
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
          <StaleSaveAlert message={stale} onClose={() => setStale(null)} />
          <TextField
            label={t('common.name')}
            fullWidth
            required
            autoFocus
            error={Boolean(errors.name)}
            helperText={errors.name?.message ?? messages.categoryName}
            {...register('name')}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <LocalTextField
              language="hi"
              label={t('common.name')}
              error={errors.nameHi?.message}
              registration={register('nameHi')}
            />
            <LocalTextField
              language="kn"
              label={t('common.name')}
              error={errors.nameKn?.message}
              registration={register('nameKn')}
            />
          </Stack>
          <div>
            <SaveButton saving={saving} label={submitLabel} onCancel={onCancel} />
          </div>
        </Stack>
      </CardContent>
      <ErrorDialog message={dialogMessage} onClose={() => setDialogMessage(null)} />
    </Card>
  );
}
