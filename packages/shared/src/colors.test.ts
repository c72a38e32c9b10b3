import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accessibleFill,
  accessibleOn,
  bestTextOn,
  contrastRatio,
  mix,
  nearBlack,
  parseHex,
  relativeLuminance,
  shiftLightness,
  toHex,
  white,
} from './colors.ts';
import { themes } from './themes.ts';

const hexColour = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
  .map(([r, g, b]) => toHex({ r, g, b }));

describe('parseHex', () => {
  it('reads #rrggbb and #rgb in any case, around spaces', () => {
    expect(parseHex('#3949ab')).toEqual({ r: 0x39, g: 0x49, b: 0xab });
    expect(parseHex(' #FF8F00 ')).toEqual({ r: 255, g: 143, b: 0 });
    expect(parseHex('#fff')).toEqual({ r: 255, g: 255, b: 255 });
    expect(parseHex('#0a3')).toEqual({ r: 0, g: 0xaa, b: 0x33 });
  });

  it('refuses anything else, translucent colours included', () => {
    for (const value of [
      '',
      '3949ab',
      '#3949a',
      '#3949abff',
      '#ffff',
      '#ggg',
      'red',
      'rgb(0, 0, 0)',
      'url(x)',
    ])
      expect(parseHex(value), value).toBeNull();
  });

  it('round-trips through toHex', () => {
    fc.assert(fc.property(hexColour, (hex) => toHex(parseHex(hex)!) === hex));
  });
});

describe('relativeLuminance and contrastRatio (WCAG 2.x)', () => {
  it('gives the reference values', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 10);
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    // The dark-mode link of the report: Indigo as it is on MUI's dark background.
    expect(contrastRatio('#3949ab', '#121212')).toBeCloseTo(2.42, 2);
  });

  it("gives WCAG's formula for every colour, as a string or as channels, whole or not, asked once or again", () => {
    const linear = (channel: number) => {
      const c = channel / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    const formula = ({ r, g, b }: { r: number; g: number; b: number }) =>
      0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    const channel = fc.oneof(fc.integer({ min: 0, max: 255 }), fc.double({ min: 0, max: 255, noNaN: true }));
    fc.assert(
      fc.property(channel, channel, channel, (r, g, b) => {
        const rgb = { r, g, b };
        const hex = toHex(rgb);
        return (
          relativeLuminance(rgb) === formula(rgb) &&
          relativeLuminance(hex) === formula(parseHex(hex)!) &&
          relativeLuminance(hex) === formula(parseHex(hex)!)
        );
      }),
    );
    // The same colour written two ways is one luminance.
    expect(relativeLuminance('#FFF')).toBe(relativeLuminance('#ffffff'));
  });

  it('is symmetric and between 1 and 21', () => {
    fc.assert(
      fc.property(hexColour, hexColour, (a, b) => {
        const ratio = contrastRatio(a, b);
        return ratio === contrastRatio(b, a) && ratio >= 1 && ratio <= 21 + 1e-9;
      }),
    );
  });

  it('throws on a colour it cannot read', () => {
    expect(() => contrastRatio('blue', '#fff')).toThrow('not a hex colour');
  });
});

describe('mix', () => {
  it('paints a translucent colour over a background', () => {
    expect(mix('#ffffff', '#000000', 0.5)).toBe('#808080');
    expect(mix('#ff0000', '#0000ff', 1)).toBe('#ff0000');
    expect(mix('#ff0000', '#0000ff', 0)).toBe('#0000ff');
  });
});

describe('shiftLightness', () => {
  it('moves towards black or white, keeping the hue', () => {
    expect(shiftLightness('#808080', -1)).toBe('#000000');
    expect(shiftLightness('#808080', 1)).toBe('#ffffff');
    expect(shiftLightness('#3949ab', 0)).toBe('#3949ab');
    expect(relativeLuminance(shiftLightness('#3949ab', 0.1))).toBeGreaterThan(relativeLuminance('#3949ab'));
  });
});

describe('accessibleOn', () => {
  it('keeps a colour that already reads', () => {
    expect(accessibleOn('#3949ab', '#ffffff')).toBe('#3949ab');
    expect(accessibleOn('#FF8F00', '#121212')).toBe('#ff8f00');
  });

  it('darkens on a light background and lightens on a dark one, just enough', () => {
    const onLight = accessibleOn('#ff8f00', '#ffffff');
    expect(contrastRatio(onLight, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(relativeLuminance(onLight)).toBeLessThan(relativeLuminance('#ff8f00'));
    // One step (1% lightness) less would not have been enough.
    expect(contrastRatio(shiftLightness(onLight, 0.01), '#ffffff')).toBeLessThan(4.5);

    const onDark = accessibleOn('#3949ab', '#121212');
    expect(contrastRatio(onDark, '#121212')).toBeGreaterThanOrEqual(4.5);
    expect(relativeLuminance(onDark)).toBeGreaterThan(relativeLuminance('#3949ab'));
    expect(contrastRatio(shiftLightness(onDark, -0.01), '#121212')).toBeLessThan(4.5);
  });

  it('reads on every background it is given', () => {
    const found = accessibleOn('#3949ab', ['#121212', '#393939']);
    expect(contrastRatio(found, '#121212')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(found, '#393939')).toBeGreaterThanOrEqual(4.5);
  });

  it('takes a higher target', () => {
    expect(contrastRatio(accessibleOn('#00838f', '#ffffff', 7), '#ffffff')).toBeGreaterThanOrEqual(7);
  });

  it('finds a readable variant of any colour on white and on dark grey', () => {
    fc.assert(
      fc.property(hexColour, (colour) => {
        return (
          contrastRatio(accessibleOn(colour, '#ffffff'), '#ffffff') >= 4.5 &&
          contrastRatio(accessibleOn(colour, '#121212'), '#121212') >= 4.5
        );
      }),
    );
  });

  it('refuses an empty list of backgrounds', () => {
    expect(() => accessibleOn('#3949ab', [])).toThrow();
  });
});

describe('bestTextOn and accessibleFill', () => {
  it('puts white on dark fills and near-black on light ones', () => {
    expect(bestTextOn('#3949ab')).toBe(white);
    expect(bestTextOn('#ff8f00')).toBe(nearBlack);
    expect(bestTextOn('#ffffff')).toBe(nearBlack);
    expect(bestTextOn('#000000')).toBe(white);
  });

  it('keeps a fill one of them reads on', () => {
    expect(accessibleFill('#3949ab', 'light')).toEqual({ main: '#3949ab', contrastText: white });
    expect(accessibleFill('#ff8f00', 'dark')).toEqual({ main: '#ff8f00', contrastText: nearBlack });
  });

  it('moves a mid-tone fill that neither reads on: darker in light mode, lighter in dark mode', () => {
    // #7a7a7a: 4.29 with white, 3.76 with near-black.
    expect(contrastRatio('#7a7a7a', white)).toBeLessThan(4.5);
    expect(contrastRatio('#7a7a7a', nearBlack)).toBeLessThan(4.5);
    const light = accessibleFill('#7a7a7a', 'light');
    expect(light.contrastText).toBe(white);
    expect(relativeLuminance(light.main)).toBeLessThan(relativeLuminance('#7a7a7a'));
    expect(contrastRatio(light.main, light.contrastText)).toBeGreaterThanOrEqual(4.5);
    const dark = accessibleFill('#7a7a7a', 'dark');
    expect(dark.contrastText).toBe(nearBlack);
    expect(relativeLuminance(dark.main)).toBeGreaterThan(relativeLuminance('#7a7a7a'));
    expect(contrastRatio(dark.main, dark.contrastText)).toBeGreaterThanOrEqual(4.5);
  });

  it('always ends with a label that reads', () => {
    fc.assert(
      fc.property(hexColour, fc.constantFrom('light' as const, 'dark' as const), (colour, mode) => {
        const fill = accessibleFill(colour, mode);
        return contrastRatio(fill.main, fill.contrastText) >= 4.5;
      }),
    );
  });

  it('leaves every predefined brand colour usable as a fill', () => {
    for (const theme of themes) {
      for (const mode of ['light', 'dark'] as const) {
        const fill = accessibleFill(theme.primaryColor, mode);
        expect(contrastRatio(fill.main, fill.contrastText), `${theme.name} ${mode}`).toBeGreaterThanOrEqual(
          4.5,
        );
      }
    }
  });
});
