import type { Theme } from './auth/schemas.ts';

/** The predefined palettes of SPEC §3, each with primary, accent and text colour. */
export const themes: ReadonlyArray<{ name: string } & Theme> = [
  { name: 'Amber', primaryColor: '#ff8f00', accentColor: '#ffc107', textPrimary: '#212121' },
  { name: 'Indigo', primaryColor: '#3949ab', accentColor: '#7986cb', textPrimary: '#1a237e' },
  { name: 'Cyan', primaryColor: '#00838f', accentColor: '#4dd0e1', textPrimary: '#263238' },
  { name: 'Orange', primaryColor: '#ef6c00', accentColor: '#ffb74d', textPrimary: '#3e2723' },
  { name: 'Yellow', primaryColor: '#f9a825', accentColor: '#fff176', textPrimary: '#212121' },
  { name: 'Lime', primaryColor: '#827717', accentColor: '#d4e157', textPrimary: '#33691e' },
];

/** A colour as a JSON-schema pattern that takes it in any case (JSON-schema patterns have no flags). */
function anyCase(colour: string): string {
  const letters = [...colour].map((c) =>
    c.toLowerCase() === c.toUpperCase() ? c : `[${c.toLowerCase()}${c.toUpperCase()}]`,
  );
  return `^${letters.join('')}$`;
}

/**
 * How the API document describes a theme a client sends: one of the palettes, each colour in any
 * case, as the server takes it. Attached with `.meta()` to the schemas that check it with a refine,
 * which a JSON schema cannot show.
 */
export const paletteJsonSchema = {
  anyOf: themes.map((theme) => ({
    title: theme.name,
    type: 'object',
    properties: {
      primaryColor: { type: 'string', pattern: anyCase(theme.primaryColor) },
      accentColor: { type: 'string', pattern: anyCase(theme.accentColor) },
      textPrimary: { type: 'string', pattern: anyCase(theme.textPrimary) },
    },
    required: ['primaryColor', 'accentColor', 'textPrimary'],
  })),
};
