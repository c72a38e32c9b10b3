import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import { visuallyHidden } from '@mui/utils';
import { dataUrlBytes, logoTypeOf, onboardingLimits } from '@storedesk/shared/onboarding/schemas';
import type { Ref } from 'react';
import { useId, useState } from 'react';

type LogoPickerProps = {
  /** The logo as a data URL, '' while none is chosen. */
  value: string;
  onChange: (dataUrl: string) => void;
  onBlur: () => void;
  error: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
};

function formatSize(bytes: number): string {
  return bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(1)} KB`;
}

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') resolve(reader.result);
      else reject(new Error('The file could not be read'));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** The picked file's bytes as a data URL; the form's schema judges their kind and size. */
async function readLogo(file: File): Promise<string> {
  const dataUrl = await readAsDataUrl(file);
  const bytes = dataUrlBytes(dataUrl);
  const type = bytes ? logoTypeOf(bytes) : null;
  // The data URL names the type the bytes have, not the one the browser guessed from the name.
  return type ? `data:${type};base64,${dataUrl.slice(dataUrl.indexOf(',') + 1)}` : dataUrl;
}

/** The business logo (SPEC §5 Onboarding), with a preview of what was picked. */
export function LogoPicker({ value, onChange, onBlur, error, inputRef }: LogoPickerProps) {
  const inputId = useId();
  const helperId = useId();
  const [reading, setReading] = useState(false);
  const [fileName, setFileName] = useState<string | null>(null);
  const bytes = value ? dataUrlBytes(value) : null;
  const preview = bytes && logoTypeOf(bytes) ? value : undefined;

  return (
    <FormControl error={Boolean(error)}>
      <FormLabel htmlFor={inputId}>Business logo</FormLabel>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1 }}>
        <Avatar
          variant="rounded"
          src={preview}
          alt={preview ? 'Logo preview' : undefined}
          sx={{ width: 72, height: 72, bgcolor: 'action.hover', color: 'text.secondary' }}
        >
          <ImageOutlined />
        </Avatar>
        <input
          id={inputId}
          ref={inputRef}
          type="file"
          accept="image/png,image/jpeg"
          aria-describedby={helperId}
          aria-invalid={Boolean(error)}
          style={visuallyHidden}
          // The button is the keyboard's way in: Enter or Space on it opens the file chooser.
          tabIndex={-1}
          disabled={reading}
          onChange={(event) => {
            const picked = event.target.files?.[0];
            // Let the same file be picked again after a correction.
            event.target.value = '';
            if (!picked) return;
            setReading(true);
            void readLogo(picked)
              .then((dataUrl) => {
                setFileName(picked.name);
                onChange(dataUrl);
              })
              // An unreadable file is as good as none: the form says a logo is needed.
              .catch(() => onChange(''))
              .finally(() => {
                setReading(false);
                onBlur();
              });
          }}
        />
        <Button
          component="label"
          htmlFor={inputId}
          variant="outlined"
          disabled={reading}
          loading={reading}
          loadingPosition="start"
          startIcon={<ImageOutlined />}
          aria-describedby={helperId}
        >
          {value ? 'Change logo' : 'Choose logo'}
        </Button>
      </Stack>
      <FormHelperText id={helperId}>
        {error ??
          (bytes && fileName
            ? `${fileName}, ${formatSize(bytes.length)}`
            : `PNG or JPEG, at most ${onboardingLimits.logoMaxBytes / 1024} KB.`)}
      </FormHelperText>
    </FormControl>
  );
}
