import { contrastRatio, mix, parseHex, relativeLuminance, toHex } from '@storedesk/shared/colors';
import { themes } from '@storedesk/shared/themes';
import { describe, expect, it } from 'vitest';
import { createAppTheme } from './theme.ts';

type Mode = 'light' | 'dark';
const modes: Mode[] = ['light', 'dark'];
const tones = ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const;
const statusTones = ['error', 'warning', 'info', 'success'] as const;

/** A CSS colour of the built palette (hex, rgb() or rgba()) as the opaque colour it shows on `under`. */
function shown(colour: string, under: string): string {
  if (parseHex(colour)) return toHex(parseHex(colour)!);
  const match = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:\s*[,/]\s*([\d.]+))?\s*\)$/.exec(colour);
  if (!match) throw new Error(`cannot read the colour ${colour}`);
  const [r, g, b, a] = match.slice(1).map((part) => (part === undefined ? undefined : Number(part)));
  return mix(toHex({ r: r!, g: g!, b: b! }), under, a ?? 1);
}

/** The alpha of MUI's white dark-mode overlay, from its `linear-gradient(rgba(255 255 255 / a), …)`. */
function overlayAlpha(overlay: string): number {
  const match = /rgba\(255 255 255 \/ ([\d.]+)\)/.exec(overlay);
  if (!match) throw new Error(`cannot read the overlay ${overlay}`);
  return Number(match[1]);
}

function schemeOf(business: Parameters<typeof createAppTheme>[0], mode: Mode) {
  const scheme = createAppTheme(business).colorSchemes[mode];
  if (!scheme) throw new Error(`no ${mode} scheme`);
  return scheme;
}

/**
 * Every surface of the mode: page, paper, paper under the tints of selected
 * and focused things and, in dark mode, paper at each elevation (up to a dialog's).
 */
function surfacesOf(business: Parameters<typeof createAppTheme>[0], mode: Mode): string[] {
  const { palette, overlays } = schemeOf(business, mode);
  const page = shown(palette.background.default, '#ffffff');
  const paper = shown(palette.background.paper, page);
  const tinted = [palette.action.selected, palette.action.focus].map((tint) => shown(tint, paper));
  const elevated = overlays
    .filter((overlay): overlay is string => overlay !== undefined && overlay !== 'none')
    .map((overlay) => mix('#ffffff', paper, overlayAlpha(overlay)));
  return [page, paper, ...tinted, ...elevated];
}

type Pair = { what: string; text: string; background: string };

/** The text-on-background pairs the console shows, read from the built palette. */
function pairsOf(business: Parameters<typeof createAppTheme>[0], mode: Mode): Pair[] {
  const { palette } = schemeOf(business, mode);
  const surfaces = surfacesOf(business, mode);
  const paper = surfaces[1]!;
  const pairs: Pair[] = [];
  for (const surface of surfaces) {
    const on = (what: string, text: string) =>
      pairs.push({ what: `${what} on ${surface}`, text: shown(text, surface), background: surface });
    on('text.primary', palette.text.primary);
    on('text.secondary', palette.text.secondary);
    // Links, text and outlined buttons, the active tab, outlined chips, focused labels, helper text.
    for (const tone of tones) on(`${tone}.main as text`, palette[tone].main);
  }
  for (const tone of tones) {
    const { main, dark, contrastText } = palette[tone];
    // Contained buttons and filled chips (order statuses), and their hover fill.
    pairs.push({ what: `${tone} filled`, text: contrastText, background: main });
    pairs.push({ what: `${tone} filled, hovered`, text: contrastText, background: dark });
  }
  // The selected sidebar entry: a tint of primary under the text colour, hovered or focused too.
  const { selectedOpacity, hoverOpacity, focusOpacity } = palette.action;
  for (const [state, alpha] of [
    ['selected', selectedOpacity],
    ['selected and hovered', selectedOpacity + hoverOpacity],
    ['selected and focused', selectedOpacity + focusOpacity],
  ] as const) {
    const tint = mix(palette.primary.main, paper, alpha);
    pairs.push({ what: `sidebar entry ${state}`, text: shown(palette.text.primary, tint), background: tint });
  }
  // The app bar in the brand colour.
  pairs.push({ what: 'app bar', text: palette.brand.contrastText, background: palette.brand.main });
  // Alerts: the snackbars (filled) and the notices in forms and dialogs (standard).
  const alert = palette.Alert;
  for (const tone of statusTones) {
    const filledBg = mode === 'light' ? palette[tone].main : palette[tone].dark;
    pairs.push({ what: `${tone} alert, filled`, text: alert[`${tone}FilledColor`], background: filledBg });
    const standardBg = shown(alert[`${tone}StandardBg`], paper);
    pairs.push({
      what: `${tone} alert, standard`,
      text: shown(alert[`${tone}Color`], standardBg),
      background: standardBg,
    });
  }
  return pairs;
}

const businesses = [
  ...themes.map((theme) => ({ name: theme.name, business: theme as Parameters<typeof createAppTheme>[0] })),
  { name: "MUI's own colours (no business theme)", business: undefined },
];

describe('createAppTheme meets WCAG AA contrast (4.5:1)', () => {
  for (const { name, business } of businesses) {
    for (const mode of modes) {
      it(`${name}, ${mode} mode`, () => {
        const pairs = pairsOf(business, mode);
        expect(pairs.length).toBeGreaterThanOrEqual(40);
        const failing = pairs
          .map((pair) => ({ ...pair, ratio: Number(contrastRatio(pair.text, pair.background).toFixed(2)) }))
          .filter((pair) => pair.ratio < 4.5);
        expect(failing).toEqual([]);
      });
    }
  }
});

describe('createAppTheme', () => {
  it('makes a theme once for the same colours, so the first render finds the one made while the code loaded', () => {
    const indigo = themes.find((theme) => theme.name === 'Indigo')!;
    const amber = themes.find((theme) => theme.name === 'Amber')!;
    const made = createAppTheme({ ...indigo });
    expect(createAppTheme({ ...indigo })).toBe(made);
    const other = createAppTheme(amber);
    expect(other).not.toBe(made);
    expect(other.colorSchemes.light?.palette.brand.main).not.toBe(
      made.colorSchemes.light?.palette.brand.main,
    );
  });

  it("keeps the business's colours where they read, and darkens or lightens them where they do not", () => {
    const indigo = themes.find((theme) => theme.name === 'Indigo')!;
    const light = schemeOf(indigo, 'light').palette;
    expect(light.primary.main).toBe('#3949ab');
    expect(light.text.primary).toBe('#1a237e');
    // The accent is too light for text on white: a darker indigo of the same hue.
    expect(light.secondary.main).not.toBe('#7986cb');
    expect(relativeLuminance(light.secondary.main)).toBeLessThan(relativeLuminance('#7986cb'));

    const dark = schemeOf(indigo, 'dark').palette;
    // Indigo links measured 2.42:1 on the dark background; dark mode lightens them.
    expect(contrastRatio('#3949ab', dark.background.default)).toBeLessThan(4.5);
    expect(relativeLuminance(dark.primary.main)).toBeGreaterThan(relativeLuminance('#3949ab'));
    // Dark text would not read on a dark background.
    expect(dark.text.primary).not.toBe('#1a237e');
  });

  it('paints the app bar in the brand colour as it is, in both modes', () => {
    const amber = themes.find((theme) => theme.name === 'Amber')!;
    const theme = createAppTheme(amber);
    for (const mode of modes) {
      const { brand, primary } = theme.colorSchemes[mode]!.palette;
      expect(brand.main).toBe('#ff8f00');
      expect(brand.contrastText).toBe('#212121');
      // As text it reads on dark backgrounds only; light mode darkens it.
      if (mode === 'light') expect(primary.main).not.toBe('#ff8f00');
      else expect(primary.main).toBe('#ff8f00');
    }
    expect(theme.components?.MuiAppBar?.defaultProps).toMatchObject({
      color: 'brand',
      enableColorOnDark: true,
    });
  });

  it("keeps MUI's text colour when the business's would not read", () => {
    const theme = createAppTheme({ primaryColor: '#3949ab', accentColor: '#7986cb', textPrimary: '#bbbbbb' });
    expect(theme.colorSchemes.light?.palette.text.primary).toBe(
      createAppTheme().colorSchemes.light?.palette.text.primary,
    );
  });

  it('takes #rgb colours', () => {
    const theme = createAppTheme({ primaryColor: '#03a', accentColor: '#fff', textPrimary: '#222' });
    expect(theme.colorSchemes.light?.palette.primary.main).toBe('#0033aa');
    expect(theme.colorSchemes.light?.palette.text.primary).toBe('#222222');
  });

  it('falls back to the default colours when one cannot be read', () => {
    const fallback = createAppTheme();
    const theme = createAppTheme({
      primaryColor: 'url(javascript:1)',
      accentColor: 'blue;',
      textPrimary: '',
    });
    for (const mode of modes) {
      const palette = theme.colorSchemes[mode]?.palette;
      const expected = fallback.colorSchemes[mode]?.palette;
      expect(palette?.primary.main).toBe(expected?.primary.main);
      expect(palette?.secondary.main).toBe(expected?.secondary.main);
      expect(palette?.text.primary).toBe(expected?.text.primary);
    }
  });
});
