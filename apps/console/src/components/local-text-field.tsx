import TextField from '@mui/material/TextField';
import type { UseFormRegisterReturn } from 'react-hook-form';

const languageNames = { hi: 'Hindi', kn: 'Kannada' } as const;

/**
 * A field of the business's own words in Hindi or Kannada (ADR 0085): "Name in Hindi" beside the
 * English "Name", optional, marked with its language so a screen reader and the keyboard read it
 * right, saying who sees it until the server has something to say about it.
 */
export function LocalTextField({
  language,
  label,
  registration,
  error,
  multiline = false,
}: {
  language: keyof typeof languageNames;
  /** The English field's label: "Name", "Title", "Description". */
  label: string;
  registration: UseFormRegisterReturn;
  error: string | undefined;
  multiline?: boolean;
}) {
  const name = languageNames[language];
  return (
    <TextField
      label={`${label} in ${name}`}
      fullWidth
      {...(multiline ? { multiline: true, minRows: 3 } : {})}
      error={Boolean(error)}
      helperText={error ?? `Optional. Shown to customers who chose ${name}; blank shows the English.`}
      slotProps={{ htmlInput: { lang: language } }}
      {...registration}
    />
  );
}
