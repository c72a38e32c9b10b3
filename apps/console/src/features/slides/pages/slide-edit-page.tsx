import type { Slide, SlideInput } from '@storedesk/shared/slides/schemas';
import { slideSchema } from '@storedesk/shared/slides/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useT } from '@storedesk/web/i18n';
import { Navigate, useParams } from 'react-router';
import { paths } from '@/config/paths.ts';
import { LoadError } from '@/components/load-error.tsx';
import { FormSkeleton } from '@/components/loading-skeleton.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { asApiError, isApiError } from '@/lib/api-client.ts';
import { useGoBack } from '@/lib/navigation.ts';
import { slideQueryKey, useSlide } from '@/features/slides/api/get-slide.ts';
import { useUpdateSlide } from '@/features/slides/api/update-slide.ts';
import { useUploadSlideImage } from '@/features/slides/api/upload-slide-image.ts';
import type { SlideSaveResult } from '@/features/slides/components/slide-form.tsx';
import { SlideForm } from '@/features/slides/components/slide-form.tsx';

function EditSlideForm({ slide }: { slide: Slide }) {
  const t = useT();
  const queryClient = useQueryClient();
  const update = useUpdateSlide();
  const upload = useUploadSlideImage();
  const notify = useSnackbar();
  const goBack = useGoBack(paths.slides.list.getHref());

  const save = async (
    values: SlideInput,
    image: File | null,
    base: Slide | null,
  ): Promise<SlideSaveResult> => {
    let saved: Slide;
    try {
      saved = await update.mutateAsync({
        slideId: slide.id,
        update: { ...values, version: (base ?? slide).version },
      });
    } catch (caught) {
      const error = asApiError(caught);
      if (isApiError(error, 409)) {
        const current = slideSchema.safeParse(error.current);
        if (current.success) queryClient.setQueryData(slideQueryKey(slide.id), current.data);
      }
      return { ok: false, error };
    }
    if (image) {
      try {
        await upload.mutateAsync({ slideId: slide.id, image });
      } catch (caught) {
        return { ok: false, error: asApiError(caught), saved };
      }
    }
    notify(t('slides.saved'));
    goBack();
    return { ok: true };
  };

  return <SlideForm onCancel={goBack} slide={slide} submitLabel={t('slides.save')} onSave={save} />;
}

export function SlideEditPage() {
  const t = useT();
  const { slideId = '' } = useParams();
  const slide = useSlide(slideId);

  // Unknown, or deleted meanwhile (SPEC §2).
  if (isApiError(slide.error, 404)) return <Navigate to={paths.slides.list.getHref()} replace />;

  let content;
  if (slide.data) {
    content = <EditSlideForm key={slide.data.id} slide={slide.data} />;
  } else if (slide.isError) {
    content = (
      <LoadError
        title={t('slides.loadFailed')}
        error={slide.error}
        onRetry={() => void slide.refetch()}
        retrying={slide.isFetching}
      />
    );
  } else {
    content = <FormSkeleton fields={3} label={t('slides.loading')} />;
  }

  return (
    <>
      <PageHeader title={t('slides.editTitle')} description={slide.data?.title} />
      {content}
    </>
  );
}
