/**
 * Colour maths for readable text (WCAG 2.x): the business's brand colours are
 * adjusted here, in one place, so every screen shows them at AA contrast.
 */

/** An sRGB colour, each channel 0–255. */
export type Rgb = { r: number; g: number; b: number };

/** WCAG AA for normal text (1.4.3). */
export const minTextContrast = 4.5;

export const white = '#ffffff';
/** The dark text colour offered for fills: MUI's light-mode text, opaque. */
export const nearBlack = '#212121';

const hexPattern = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** `#rgb` or `#rrggbb` (any case, surrounding spaces allowed); null for anything else, alpha included. */
export function parseHex(value: string): Rgb | null {
  const trimmed = value.trim();
  if (!hexPattern.test(trimmed)) return null;
  const digits =
    trimmed.length === 4
      ? trimmed
          .slice(1)
          .split('')
          .map((digit) => digit + digit)
          .join('')
      : trimmed.slice(1);
  return {
    r: Number.parseInt(digits.slice(0, 2), 16),
    g: Number.parseInt(digits.slice(2, 4), 16),
    b: Number.parseInt(digits.slice(4, 6), 16),
  };
}

/** The colour as lower-case `#rrggbb`. */
export function toHex({ r, g, b }: Rgb): string {
  const channel = (value: number) =>
    Math.round(Math.min(255, Math.max(0, value)))
      .toString(16)
      .padStart(2, '0');
  return `#${channel(r)}${channel(g)}${channel(b)}`;
}

function rgbOf(color: string | Rgb): Rgb {
  if (typeof color !== 'string') return color;
  const parsed = parseHex(color);
  if (!parsed) throw new Error(`not a hex colour: ${color}`);
  return parsed;
}

/** An sRGB channel value (0–255) made linear, as WCAG 2.x defines it. */
function linearOf(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/**
 * Every whole channel value, made linear once: the searches for a readable colour below ask for
 * thousands of luminances while the console's theme is made, on a phone, before its first screen.
 */
const linearChannel = Float64Array.from({ length: 256 }, (_, channel) => linearOf(channel));

function linear(channel: number): number {
  return Number.isInteger(channel) && channel >= 0 && channel <= 255
    ? linearChannel[channel]!
    : linearOf(channel);
}

/** Luminances of the colour strings already asked for (a palette asks for the same surfaces again and again). */
const luminanceOfHex = new Map<string, number>();
const luminanceCacheLimit = 1024;

/** WCAG 2.x relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(color: string | Rgb): number {
  if (typeof color === 'string') {
    const known = luminanceOfHex.get(color);
    if (known !== undefined) return known;
  }
  const { r, g, b } = rgbOf(color);
  const luminance = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  if (typeof color === 'string') {
    if (luminanceOfHex.size >= luminanceCacheLimit) luminanceOfHex.clear();
    luminanceOfHex.set(color, luminance);
  }
  return luminance;
}

/** WCAG 2.x contrast ratio of two colours, 1 to 21, in either order. */
export function contrastRatio(a: string | Rgb, b: string | Rgb): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** `foreground` at `alpha` (0–1) painted over an opaque `background`, as the browser blends it. */
export function mix(foreground: string, background: string, alpha: number): string {
  const top = rgbOf(foreground);
  const under = rgbOf(background);
  const blend = (t: number, u: number) => t * alpha + u * (1 - alpha);
  return toHex({ r: blend(top.r, under.r), g: blend(top.g, under.g), b: blend(top.b, under.b) });
}

type Hsl = { h: number; s: number; l: number };

function toHsl({ r, g, b }: Rgb): Hsl {
  const [rr, gg, bb] = [r / 255, g / 255, b / 255];
  const max = Math.max(rr, gg, bb);
  const min = Math.min(rr, gg, bb);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h =
    max === rr ? (gg - bb) / d + (gg < bb ? 6 : 0) : max === gg ? (bb - rr) / d + 2 : (rr - gg) / d + 4;
  return { h: h / 6, s, l };
}

function fromHsl({ h, s, l }: Hsl): Rgb {
  if (s === 0) return { r: l * 255, g: l * 255, b: l * 255 };
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const hue = (t: number) => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (u < 1 / 6) return p + (q - p) * 6 * u;
    if (u < 1 / 2) return q;
    if (u < 2 / 3) return p + (q - p) * (2 / 3 - u) * 6;
    return p;
  };
  return { r: hue(h + 1 / 3) * 255, g: hue(h) * 255, b: hue(h - 1 / 3) * 255 };
}

/** The colour with its HSL lightness moved by `delta` (−1 to 1), hue and saturation kept. */
export function shiftLightness(color: string, delta: number): string {
  const hsl = toHsl(rgbOf(color));
  return toHex(fromHsl({ ...hsl, l: Math.min(1, Math.max(0, hsl.l + delta)) }));
}

/** One step of lightness while searching for a readable variant: small, so the hue stays recognisable. */
const lightnessStep = 0.01;

/** Light backgrounds take darker colours, dark ones lighter. */
function isLight(color: string): boolean {
  return contrastRatio(color, nearBlack) >= contrastRatio(color, white);
}

/**
 * The brand colour as text on the given backgrounds: unchanged when it already
 * reaches `minRatio` on every one, else darkened (light backgrounds) or
 * lightened (dark backgrounds, judged by the first) in small steps of HSL
 * lightness until it does. Backgrounds are all light or all dark.
 */
export function accessibleOn(
  color: string,
  backgrounds: string | readonly string[],
  minRatio: number = minTextContrast,
): string {
  const surfaces = typeof backgrounds === 'string' ? [backgrounds] : backgrounds;
  const first = surfaces[0];
  if (first === undefined) throw new Error('accessibleOn needs a background');
  const passes = (candidate: string) =>
    surfaces.every((surface) => contrastRatio(candidate, surface) >= minRatio);
  const direction = isLight(first) ? -1 : 1;
  let candidate = toHex(rgbOf(color));
  for (let step = 1; !passes(candidate) && step <= 1 / lightnessStep; step += 1) {
    candidate = shiftLightness(color, direction * step * lightnessStep);
  }
  return candidate;
}

/** White or near-black, whichever reads better on the fill. */
export function bestTextOn(fill: string): string {
  return contrastRatio(fill, white) >= contrastRatio(fill, nearBlack) ? white : nearBlack;
}

/**
 * A fill (a contained button, a chip, the app bar) and its label: the colour as
 * it is when white or near-black text reaches `minRatio` on it, else moved in
 * small steps of lightness (darker for light mode, lighter for dark mode) until one does.
 */
export function accessibleFill(
  color: string,
  mode: 'light' | 'dark',
  minRatio: number = minTextContrast,
): { main: string; contrastText: string } {
  const direction = mode === 'light' ? -1 : 1;
  let main = toHex(rgbOf(color));
  for (
    let step = 1;
    contrastRatio(main, bestTextOn(main)) < minRatio && step <= 1 / lightnessStep;
    step += 1
  ) {
    main = shiftLightness(color, direction * step * lightnessStep);
  }
  return { main, contrastText: bestTextOn(main) };
}
