import type { SlideInput } from '@storedesk/shared/slides/schemas';
import { useT } from '@storedesk/web/i18n';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths.ts';
import { PageHeader } from '@/components/page-header.tsx';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { asApiError } from '@/lib/api-client.ts';
import { useGoBack } from '@/lib/navigation.ts';
import { useCreateSlide } from '@/features/slides/api/create-slide.ts';
import { useUploadSlideImage } from '@/features/slides/api/upload-slide-image.ts';
import type { SlideSaveResult } from '@/features/slides/components/slide-form.tsx';
import { SlideForm } from '@/features/slides/components/slide-form.tsx';

export function SlideAddPage() {
  const t = useT();
  const create = useCreateSlide();
  const upload = useUploadSlideImage();
  const notify = useSnackbar();
  const navigate = useNavigate();
  const goBack = useGoBack(paths.slides.list.getHref());

  const save = async (values: SlideInput, image: File | null): Promise<SlideSaveResult> => {
    let slideId: string;
    try {
      slideId = (await create.mutateAsync(values)).id;
    } catch (error) {
      return { ok: false, error: asApiError(error) };
    }
    if (image) {
      try {
        await upload.mutateAsync({ slideId, image });
      } catch (error) {
        // The slide exists: go on from its edit screen rather than add it twice.
        notify({
          severity: 'warning',
          message: t('slides.addedImageFailed', { reason: asApiError(error).message }),
        });
        void navigate(paths.slides.edit.getHref(slideId), { replace: true });
        return { ok: true };
      }
    }
    notify(t('slides.added'));
    goBack();
    return { ok: true };
  };

  return (
    <>
      <PageHeader title={t('slides.add')} description={t('slides.addDescription')} />
      <SlideForm onCancel={goBack} slide={null} submitLabel={t('slides.add')} onSave={save} />
    </>
  );
}
