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
