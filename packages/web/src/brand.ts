import type { Theme } from '@storedesk/shared/auth/schemas';
import { accessibleFill, accessibleOn } from '@storedesk/shared/colors';

export type Mode = 'light' | 'dark';

/**
 * The business's colours as an app shows them in light or dark: a fill for bars and main
 * buttons that a label reads on, the label colour on it, and the colour of links and
 * highlights on the page's background, each made readable if the business's own is not.
 */
export function brandColours(theme: Theme, mode: Mode) {
  const page = mode === 'light' ? '#ffffff' : '#121212';
  const fill = accessibleFill(theme.primaryColor, mode);
  const accentFill = accessibleFill(theme.accentColor, mode);
  return {
    primary: fill.main,
    onPrimary: fill.contrastText,
    accent: accentFill.main,
    onAccent: accentFill.contrastText,
    link: accessibleOn(theme.primaryColor, page),
  };
}

/** The colours as CSS custom properties (`--primary`, `--on-primary`, …) for a style sheet to use. */
export function brandVariables(theme: Theme, mode: Mode): string {
  const colours = brandColours(theme, mode);
  return [
    `--primary: ${colours.primary}`,
    `--on-primary: ${colours.onPrimary}`,
    `--accent: ${colours.accent}`,
    `--on-accent: ${colours.onAccent}`,
    `--link: ${colours.link}`,
  ].join('; ');
}
