import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { limits } from '@storedesk/shared/limits';
import { messages } from '@storedesk/shared/messages';
import { useT } from '@storedesk/web/i18n';
import { useEffect, useId, useState } from 'react';
import { shrinkImage } from '@/lib/shrink-image.ts';
import { ErrorDialog } from './error-dialog.tsx';

const acceptedTypes = ['image/png', 'image/jpeg'];

type ImagePickerProps = {
  label: string;
  /** The image saved so far, if any. */
  imageUrl: string | null;
  /** The picture chosen but not yet uploaded. */
  file: File | null;
  onChange: (file: File | null) => void;
  /** Told when a picture starts and stops being shrunk: its form waits for it before saving. */
  onShrinkingChange?: (shrinking: boolean) => void;
  maxBytes?: number;
  disabled?: boolean;
};

function formatSize(bytes: number): string {
  return bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(1)} KB`;
}

/**
 * A PNG or JPEG image of at most 15 KB (D6). A larger picture is first redrawn
 * smaller in the browser; when even that does not fit, the spec's 'Error'
 * dialog says so and nothing is chosen.
 */
export function ImagePicker({
  label,
  imageUrl,
  file,
  onChange,
  onShrinkingChange,
  maxBytes = limits.imageMaxBytes,
  disabled = false,
}: ImagePickerProps) {
  const inputId = useId();
  const t = useT();
  const [shrinking, setShrinking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);

  useEffect(() => {
    if (!file) return;
    // The chosen file is at most 15 KB: a data URL is cheap and needs no revoking.
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') setPreview({ file, url: reader.result });
    };
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  const previewUrl = file && preview?.file === file ? preview.url : null;

  const pick = async (picked: File) => {
    if (!acceptedTypes.includes(picked.type)) {
      setError(messages.imageType);
      return;
    }
    if (picked.size <= maxBytes) {
      onChange(picked);
      return;
    }
    setShrinking(true);
    onShrinkingChange?.(true);
    try {
      const smaller = await shrinkImage(picked, maxBytes);
      if (smaller) onChange(smaller);
      else setError(messages.imageTooLarge);
    } finally {
      setShrinking(false);
      onShrinkingChange?.(false);
    }
  };

  const shown = previewUrl ?? imageUrl;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Avatar
        variant="rounded"
        src={shown ?? undefined}
        alt={shown ? label : undefined}
        sx={{ width: 72, height: 72, bgcolor: 'action.hover', color: 'text.secondary' }}
      >
        <ImageOutlined />
      </Avatar>
      <div>
        <input
          id={inputId}
          type="file"
          accept={acceptedTypes.join(',')}
          style={visuallyHidden}
          disabled={disabled || shrinking}
          onChange={(event) => {
            const picked = event.target.files?.[0];
            // Let the same file be picked again after an error.
            event.target.value = '';
            if (picked) void pick(picked);
          }}
        />
        <Button
          component="label"
          htmlFor={inputId}
          variant="outlined"
          disabled={disabled || shrinking}
          loading={shrinking}
          loadingPosition="start"
          startIcon={<ImageOutlined />}
        >
          {shrinking
            ? t('common.shrinkingImage')
            : t(shown ? 'common.changeImage' : 'common.chooseImage', { label: label.toLowerCase() })}
        </Button>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {file
            ? `${file.name}, ${formatSize(file.size)}`
            : t('common.imageHint', { kb: String(maxBytes / 1024) })}
        </Typography>
      </div>
      <ErrorDialog message={error} onClose={() => setError(null)} />
    </Stack>
  );
}
