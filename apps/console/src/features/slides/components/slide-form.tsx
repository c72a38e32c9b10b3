import { LocalTextField } from '@/components/local-text-field.tsx';
import { NumberSelectField } from '@/components/number-select-field.tsx';
import { StaleSaveAlert } from '@/components/stale-save-alert.tsx';
import { zodResolver } from '@hookform/resolvers/zod';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { slideInputSchema, slidePositions, slideSchema } from '@storedesk/shared/slides/schemas';
import type { Slide, SlideInput } from '@storedesk/shared/slides/schemas';
import { useT } from '@storedesk/web/i18n';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ErrorDialog } from '@/components/error-dialog.tsx';
import { ImagePicker } from '@/components/image-picker.tsx';
import { SaveButton } from '@/components/save-button.tsx';
import type { ApiError } from '@/lib/api-client.ts';
import { changedFields, useEditBase, useStaleSaveMessage } from '@/lib/edit-base.ts';
import { applySaveRefusal, fieldMessages } from '@/lib/save-refusal.ts';
import type { Translate } from '@/i18n/index.ts';

const positionChoices = Array.from(
  { length: slidePositions.max - slidePositions.min + 1 },
  (_, index) => slidePositions.min + index,
);

type SlideFormValues = z.input<typeof slideInputSchema>;

/** The fields a colleague's save may have changed, as the form names them. */
const fieldLabels = (t: Translate): Partial<Record<keyof Slide, string>> => ({
  title: t('slides.field.title'),
  titleHi: t('slides.field.titleHi'),
  titleKn: t('slides.field.titleKn'),
  position: t('slides.position'),
  imageUrl: t('slides.image'),
});

function toFormValues(slide: Slide | null): SlideFormValues {
  return {
    title: slide?.title ?? '',
    // Blank is none: sent as null, the English shows.
    titleHi: slide?.titleHi ?? '',
    titleKn: slide?.titleKn ?? '',
    // An empty select until a position is chosen: 'is required' rather than a guess.
    position: slide?.position ?? (undefined as unknown as number),
  };
}

export type SlideSaveResult =
  | { ok: true }
  /** `saved`: the title and position were saved, the image was refused. */
  | { ok: false; error: ApiError; saved?: Slide };

type SlideFormProps = {
  /** Leaves the form without saving (back where the person came from). */
  onCancel: () => void;
  /** The saved slide, live (edit), or null (add). */
  slide: Slide | null;
  submitLabel: string;
  /**
   * Saves the values, then the image when one was chosen; `base` is the slide
   * the edits started from, whose version the save sends (D9).
   */
  onSave: (values: SlideInput, image: File | null, base: Slide | null) => Promise<SlideSaveResult>;
};

type Dialog = { title: string; message: string };

/** SPEC §5 slide: title, position 1 to 10, and an image (the saved one counts on edit). */
export function SlideForm({ slide, submitLabel, onSave, onCancel }: SlideFormProps) {
  const t = useT();
  const staleSaveMessage = useStaleSaveMessage();
  const [image, setImage] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  // A picture being shrunk is not yet the form's: saving waits for it (the Save button says so).
  const [shrinking, setShrinking] = useState(false);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [conflict, setConflict] = useState<string[] | null>(null);
  const live = useMemo(() => toFormValues(slide), [slide]);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<SlideFormValues, unknown, SlideInput>({
    resolver: zodResolver(slideInputSchema),
    mode: 'onTouched',
    defaultValues: live,
  });
  // A chosen picture is an edit too: from then on the form keeps its base.
  const edited = isDirty || image !== null;
  const base = useEditBase(slide, edited);

  // Untouched, the form follows a colleague's saves; once edited it keeps the edits.
  useEffect(() => {
    if (slide && !edited) reset(live);
  }, [slide, live, edited, reset]);

  const imageMissing = image === null && !slide?.imageUrl;
  const askForImage = () =>
    setDialog({ title: t('slides.imageDialogTitle'), message: t('slides.imageDialogText') });

  const showRefusal = (error: ApiError) => {
    if (error.status === 409) {
      const current = slideSchema.safeParse(error.current);
      if (current.success && base) {
        setConflict(changedFields(base, current.data, fieldLabels(t)));
        // Their version, untouched: the picture too is to be chosen again.
        setImage(null);
        reset(toFormValues(current.data));
        return;
      }
    }
    const message = applySaveRefusal(error, {
      current: slideSchema,
      showCurrent: (current) => reset(toFormValues(current)),
      fields: fieldMessages(setError, ['title', 'titleHi', 'titleKn', 'position']),
    });
    if (message) setDialog({ title: t('common.error'), message });
  };

  const onSubmit = handleSubmit(
    async (values) => {
      if (imageMissing) {
        askForImage();
        return;
      }
      setSaving(true);
      setConflict(null);
      try {
        const result = await onSave(values, image, base);
        if (result.ok) return;
        if (result.saved) {
          // The form shows what was saved, so the next save starts from it; the picture is chosen again.
          setImage(null);
          reset(toFormValues(result.saved));
        }
        showRefusal(result.error);
      } finally {
        setSaving(false);
      }
    },
    () => {
      if (imageMissing) askForImage();
    },
  );

  return (
    <Card variant="outlined" sx={{ maxWidth: 640 }}>
      <CardContent>
        <Stack component="form" spacing={2} noValidate onSubmit={onSubmit}>
          <StaleSaveAlert
            message={conflict && staleSaveMessage(t('slides.nounOne'), conflict)}
            onClose={() => setConflict(null)}
          />
          <TextField
            label={t('slides.field.title')}
            fullWidth
            required
            autoFocus
            error={Boolean(errors.title)}
            helperText={errors.title?.message}
            {...register('title')}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <LocalTextField
              language="hi"
              label={t('slides.field.title')}
              error={errors.titleHi?.message}
              registration={register('titleHi')}
            />
            <LocalTextField
              language="kn"
              label={t('slides.field.title')}
              error={errors.titleKn?.message}
              registration={register('titleKn')}
            />
          </Stack>
          <NumberSelectField
            control={control}
            name="position"
            label={t('slides.position')}
            choices={positionChoices}
            error={errors.position?.message}
            helperText={t('slides.positionHint', {
              min: String(slidePositions.min),
              max: String(slidePositions.max),
            })}
          />
          <div>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              {t('slides.image')}
            </Typography>
            <ImagePicker
              label={t('slides.imageLabel')}
              imageUrl={slide?.imageUrl ?? null}
              file={image}
              onChange={setImage}
              onShrinkingChange={setShrinking}
              disabled={saving}
            />
          </div>
          <div>
            <SaveButton
              waiting={shrinking ? t('slides.waitingImage') : null}
              saving={saving}
              label={submitLabel}
              onCancel={onCancel}
            />
          </div>
        </Stack>
      </CardContent>
      <ErrorDialog title={dialog?.title} message={dialog?.message ?? null} onClose={() => setDialog(null)} />
    </Card>
  );
}
