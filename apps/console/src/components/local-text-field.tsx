import TextField from '@mui/material/TextField';
import { useT } from '@storedesk/web/i18n';
import type { UseFormRegisterReturn } from 'react-hook-form';

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
  language: 'hi' | 'kn';
  /** The English field's label, in the language shown: "Name", "Title", "Description". */
  label: string;
  registration: UseFormRegisterReturn;
  error: string | undefined;
  multiline?: boolean;
}) {
  const t = useT();
  return (
    <TextField
      label={t('common.inLanguage', { label, language })}
      fullWidth
      {...(multiline ? { multiline: true, minRows: 3 } : {})}
      error={Boolean(error)}
      helperText={error ?? t('common.inLanguageHint', { language })}
      slotProps={{ htmlInput: { lang: language } }}
      {...registration}
    />
  );
}
