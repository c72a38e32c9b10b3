import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Theme } from '@storedesk/shared/auth/schemas';
import { paletteOf } from '@storedesk/shared/settings/business';
import { themes } from '@storedesk/shared/themes';
import type { Ref } from 'react';
import { useId } from 'react';

/** A theme's colours, shown as swatches in this order. */
const swatchKeys = ['primaryColor', 'accentColor', 'textPrimary'] as const;
type SwatchKey = (typeof swatchKeys)[number];

/** The picker's words in the language shown: signed in from the catalogue, signed out in English. */
export type ThemePickerWords = {
  label: string;
  hint: string;
  /** A swatch's name: "Primary #0F766E". */
  swatch: Record<SwatchKey, string>;
};

/** The words of the signed-out screens (onboarding), which are in English. */
export const themePickerEnglish: ThemePickerWords = {
  label: 'Theme',
  hint: 'The console and the customer app take these colours.',
  swatch: { primaryColor: 'Primary', accentColor: 'Accent', textPrimary: 'Text' },
};

type ThemePickerProps = {
  words: ThemePickerWords;
  value: Theme | undefined;
  onChange: (theme: Theme) => void;
  onBlur?: () => void;
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
};

function Swatches({ theme, names }: { theme: Theme; names: ThemePickerWords['swatch'] }) {
  return (
    <Stack direction="row" spacing={0.5} aria-hidden>
      {swatchKeys.map((key) => (
        <Box
          key={key}
          title={`${names[key]} ${theme[key]}`}
          sx={{
            width: 20,
            height: 20,
            borderRadius: 0.5,
            bgcolor: theme[key],
            border: 1,
            borderColor: 'divider',
          }}
        />
      ))}
    </Stack>
  );
}

/**
 * The business theme (SPEC §3 Themes): one of the palette, each shown by its
 * name and its primary, accent and text colours. A radio group, so the arrow
 * keys move between themes and the choice is read out by name.
 */
export function ThemePicker({ words, value, onChange, onBlur, error, inputRef }: ThemePickerProps) {
  const labelId = useId();
  const helperId = useId();
  const chosen = value ? paletteOf(value)?.name : undefined;
  return (
    <FormControl component="fieldset" error={Boolean(error)}>
      <FormLabel component="legend" id={labelId}>
        {words.label}
      </FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        aria-describedby={helperId}
        value={chosen ?? ''}
        onChange={(_event, name) => {
          const entry = themes.find((theme) => theme.name === name);
          if (entry) {
            onChange({
              primaryColor: entry.primaryColor,
              accentColor: entry.accentColor,
              textPrimary: entry.textPrimary,
            });
          }
        }}
        onBlur={onBlur}
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' },
          gap: 1,
          mt: 1,
        }}
      >
        {themes.map((theme, index) => (
          <Box
            key={theme.name}
            component="label"
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              pr: 1.5,
              border: 1,
              borderRadius: 1,
              borderColor: chosen === theme.name ? 'primary.main' : 'divider',
              cursor: 'pointer',
              '&:focus-within': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
            }}
          >
            <Radio value={theme.name} slotProps={{ input: { ref: index === 0 ? inputRef : undefined } }} />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {theme.name}
              </Typography>
              <Swatches theme={theme} names={words.swatch} />
            </Box>
          </Box>
        ))}
      </RadioGroup>
      <FormHelperText id={helperId}>{error ?? words.hint}</FormHelperText>
    </FormControl>
  );
}
