// Types of theme.colorSchemes and theme.vars, which the CSS-variables theme has.
import type {} from '@mui/material/themeCssVarsAugmentation';
import type { PaletteColor, SimplePaletteColorOptions, Theme as MuiTheme } from '@mui/material/styles';
import { createTheme, getOverlayAlpha } from '@mui/material/styles';
import type { Theme as BusinessTheme } from '@storedesk/shared/auth/schemas';
import {
  accessibleFill,
  accessibleOn,
  bestTextOn,
  contrastRatio,
  minTextContrast,
  mix,
  parseHex,
  shiftLightness,
  toHex,
  white,
} from '@storedesk/shared/colors';

declare module '@mui/material/styles' {
  interface Palette {
    /** The business's primary colour as it is (adjusted only if no label reads on it), for the app bar. */
    brand: PaletteColor;
  }
  interface PaletteOptions {
    brand?: SimplePaletteColorOptions;
  }
}

declare module '@mui/material/AppBar' {
  interface AppBarPropsColorOverrides {
    brand: true;
  }
}

type Mode = 'light' | 'dark';

/**
 * How the console marks light or dark: a class on <html>, light unless this browser chose dark
 * (the mode switch keeps the choice). The provider and the script of the page made at build time
 * (prerender.tsx) both read it here, so the page paints in the mode the console will show.
 */
export const colorSchemeOptions = { attribute: 'class', defaultMode: 'light' } as const;

/** The colours MUI also uses as text (links, text buttons, the active tab, outlined chips, helper text). */
const tones = ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const;
type Tone = (typeof tones)[number];

/**
 * MUI's own palettes, the starting point for what the business does not set: those of its light
 * and dark schemes, made without the CSS variables a whole scheme theme would also compute (which
 * cost the first screen several times as much on a phone).
 */
const muiDefaults: Readonly<Record<Mode, MuiTheme['palette']>> = {
  light: createTheme({ palette: { mode: 'light' } }).palette,
  dark: createTheme({ palette: { mode: 'dark' } }).palette,
};

function defaultsOf(mode: Mode) {
  return muiDefaults[mode];
}

/** The most elevated paper of dark mode (a dialog): MUI lightens dark paper with a white overlay. */
const highestElevation = 24;

/**
 * Every surface text sits on in this mode: the page and paper; paper under
 * MUI's tints of selected and focused things (a grey pill in a tab, a
 * selected row), which are black on light paper and white on dark; and in
 * dark mode paper as it rises, which MUI lightens, up to a dialog's.
 */
function surfacesOf(mode: Mode): readonly string[] {
  const { background, common, action } = defaultsOf(mode);
  const hex = (colour: string) => {
    const found = hexOf(colour);
    if (!found) throw new Error(`MUI's ${mode} colour is not a hex colour: ${colour}`);
    return found;
  };
  const page = hex(background.default);
  const paper = hex(background.paper);
  const tint = hex(mode === 'light' ? common.black : common.white);
  const tinted = [action.selectedOpacity, action.focusOpacity].map((opacity) => mix(tint, paper, opacity));
  const elevated = mode === 'dark' ? [mix(hex(common.white), paper, getOverlayAlpha(highestElevation))] : [];
  return [page, paper, ...tinted, ...elevated];
}

export const surfaces: Readonly<Record<Mode, readonly string[]>> = {
  light: surfacesOf('light'),
  dark: surfacesOf('dark'),
};

function hexOf(value: string | undefined): string | undefined {
  const rgb = value === undefined ? null : parseHex(value);
  return rgb ? toHex(rgb) : undefined;
}

/** How far a hover fill moves from its colour, in HSL lightness. */
const hoverShift = 0.08;

/**
 * One palette colour, readable both ways MUI uses it: `main` as text on every
 * surface of the mode (which also makes it a fill its contrastText reads on),
 * and `dark`, the hover fill, moved away from the label so it reads too.
 */
function tone(color: string, mode: Mode): SimplePaletteColorOptions {
  const main = accessibleOn(color, surfaces[mode]);
  const contrastText = bestTextOn(main);
  const dark = shiftLightness(main, contrastText === white ? -hoverShift : hoverShift);
  return { main, dark, contrastText };
}

function palette(business: BusinessTheme | undefined, mode: Mode) {
  const defaults = defaultsOf(mode);
  const chosen: Partial<Record<Tone, string | undefined>> = {
    primary: hexOf(business?.primaryColor),
    secondary: hexOf(business?.accentColor),
  };
  const colours = Object.fromEntries(
    tones.map((name) => [name, tone(chosen[name] ?? hexOf(defaults[name].main) ?? '#000000', mode)]),
  ) as Record<Tone, SimplePaletteColorOptions>;

  const brandColour = chosen.primary ?? colours.primary.main;
  const brand = accessibleFill(brandColour, mode);

  // The business's text colour is chosen for light backgrounds: used there when it reads.
  const text = hexOf(business?.textPrimary);
  const textReads =
    text !== undefined &&
    mode === 'light' &&
    surfaces[mode].every((surface) => contrastRatio(text, surface) >= minTextContrast);

  // A filled alert (the snackbars) sits on main in light mode and on dark in dark mode (MUI's choice).
  const alertFill = (name: Exclude<Tone, 'primary' | 'secondary'>) => {
    const fill = mode === 'light' ? colours[name].main : colours[name].dark;
    return fill ? bestTextOn(fill) : undefined;
  };

  return {
    ...colours,
    brand,
    contrastThreshold: minTextContrast,
    ...(textReads ? { text: { primary: text } } : {}),
    Alert: {
      errorFilledColor: alertFill('error'),
      warningFilledColor: alertFill('warning'),
      infoFilledColor: alertFill('info'),
      successFilledColor: alertFill('success'),
    },
  };
}

function build(business: BusinessTheme | undefined): MuiTheme {
  return createTheme({
    cssVariables: { colorSchemeSelector: colorSchemeOptions.attribute },
    colorSchemes: {
      light: { palette: palette(business, 'light') },
      dark: { palette: palette(business, 'dark') },
    },
    shape: { borderRadius: 8 },
    components: {
      // The bar carries the brand colour itself, in both modes.
      MuiAppBar: { defaultProps: { color: 'brand', enableColorOnDark: true } },
      MuiButton: { defaultProps: { disableElevation: true } },
      // A clearly visible focus ring for whoever uses the keyboard, on every control, in both modes
      // (MUI's own is a faint ripple); the mouse shows none, as :focus-visible decides.
      MuiCssBaseline: {
        styleOverrides: (theme) => ({
          ':focus-visible': {
            outline: `3px solid ${theme.vars ? theme.vars.palette.primary.main : theme.palette.primary.main}`,
            outlineOffset: 2,
          },
          // A heading or the screen focused by script (after a move, or the skip link) needs no ring.
          'h1[tabindex="-1"]:focus-visible, main[tabindex="-1"]:focus-visible': { outline: 'none' },
          // What the bar's own colour carries needs a ring that shows on it.
          '.MuiAppBar-root :focus-visible': { outlineColor: 'currentColor' },
          // A field scrolled to (a failed save focuses the first invalid one) stays clear of the fixed bar.
          'input, textarea, [role="combobox"], [tabindex="-1"]': { scrollMarginTop: 88 },
        }),
      },
    },
  });
}

/**
 * The console's MUI theme in the business's colours (B6), light and dark, at
 * WCAG AA contrast (ADR 0020): the primary and accent colours, adjusted per
 * mode until they read as text on every surface, and MUI's status colours
 * likewise; the app bar keeps the primary colour as it is; the business's text
 * colour is used in light mode when it reads. A colour that is not `#rgb` or
 * `#rrggbb` falls back to MUI's.
 */
export function createAppTheme(business?: BusinessTheme): MuiTheme {
  const key = JSON.stringify(business ?? null);
  if (lastMade?.key === key) return lastMade.theme;
  let theme: MuiTheme;
  try {
    theme = build(business);
  } catch {
    theme = build(undefined);
  }
  lastMade = { key, theme };
  return theme;
}

/**
 * The theme made last, and for which colours: making one takes a phone a good part of the first
 * render, so the console makes the first screen's while its code arrives (see main.tsx), and the
 * provider's render then finds it made.
 */
let lastMade: { key: string; theme: MuiTheme } | undefined;
