import { makePng } from '#server/storage/image-fixtures.ts';

/*
 * The demo's slide pictures: a band of the slide's colour with its words on it, as a business's
 * own banner would carry them, drawn in memory with a 5×7 pixel font (no font files, no canvas).
 */

/** Each glyph as 7 rows of 5 pixels; `#` is ink. */
const glyphs: Record<string, string[]> = {
  A: ['.###.', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  B: ['####.', '#...#', '#...#', '####.', '#...#', '#...#', '####.'],
  C: ['.###.', '#...#', '#....', '#....', '#....', '#...#', '.###.'],
  D: ['####.', '#...#', '#...#', '#...#', '#...#', '#...#', '####.'],
  E: ['#####', '#....', '#....', '####.', '#....', '#....', '#####'],
  F: ['#####', '#....', '#....', '####.', '#....', '#....', '#....'],
  G: ['.###.', '#...#', '#....', '#.###', '#...#', '#...#', '.####'],
  H: ['#...#', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  I: ['.###.', '..#..', '..#..', '..#..', '..#..', '..#..', '.###.'],
  J: ['..###', '...#.', '...#.', '...#.', '...#.', '#..#.', '.##..'],
  K: ['#...#', '#..#.', '#.#..', '##...', '#.#..', '#..#.', '#...#'],
  L: ['#....', '#....', '#....', '#....', '#....', '#....', '#####'],
  M: ['#...#', '##.##', '#.#.#', '#.#.#', '#...#', '#...#', '#...#'],
  N: ['#...#', '#...#', '##..#', '#.#.#', '#..##', '#...#', '#...#'],
  O: ['.###.', '#...#', '#...#', '#...#', '#...#', '#...#', '.###.'],
  P: ['####.', '#...#', '#...#', '####.', '#....', '#....', '#....'],
  Q: ['.###.', '#...#', '#...#', '#...#', '#.#.#', '#..#.', '.##.#'],
  R: ['####.', '#...#', '#...#', '####.', '#.#..', '#..#.', '#...#'],
  S: ['.####', '#....', '#....', '.###.', '....#', '....#', '####.'],
  T: ['#####', '..#..', '..#..', '..#..', '..#..', '..#..', '..#..'],
  U: ['#...#', '#...#', '#...#', '#...#', '#...#', '#...#', '.###.'],
  V: ['#...#', '#...#', '#...#', '#...#', '#...#', '.#.#.', '..#..'],
  W: ['#...#', '#...#', '#...#', '#.#.#', '#.#.#', '#.#.#', '.#.#.'],
  X: ['#...#', '#...#', '.#.#.', '..#..', '.#.#.', '#...#', '#...#'],
  Y: ['#...#', '#...#', '.#.#.', '..#..', '..#..', '..#..', '..#..'],
  Z: ['#####', '....#', '...#.', '..#..', '.#...', '#....', '#####'],
  '0': ['.###.', '#...#', '#..##', '#.#.#', '##..#', '#...#', '.###.'],
  '1': ['..#..', '.##..', '..#..', '..#..', '..#..', '..#..', '.###.'],
  '2': ['.###.', '#...#', '....#', '...#.', '..#..', '.#...', '#####'],
  '3': ['#####', '...#.', '..#..', '...#.', '....#', '#...#', '.###.'],
  '4': ['...#.', '..##.', '.#.#.', '#..#.', '#####', '...#.', '...#.'],
  '5': ['#####', '#....', '####.', '....#', '....#', '#...#', '.###.'],
  '6': ['..##.', '.#...', '#....', '####.', '#...#', '#...#', '.###.'],
  '7': ['#####', '....#', '...#.', '..#..', '.#...', '.#...', '.#...'],
  '8': ['.###.', '#...#', '#...#', '.###.', '#...#', '#...#', '.###.'],
  '9': ['.###.', '#...#', '#...#', '.####', '....#', '...#.', '.##..'],
  '₹': ['#####', '...#.', '#####', '...#.', '###..', '..#..', '...##'],
  '%': ['##..#', '##..#', '...#.', '..#..', '.#...', '#..##', '#..##'],
  ':': ['.....', '..#..', '..#..', '.....', '..#..', '..#..', '.....'],
  '.': ['.....', '.....', '.....', '.....', '.....', '.##..', '.##..'],
  '!': ['..#..', '..#..', '..#..', '..#..', '..#..', '.....', '..#..'],
  '&': ['.##..', '#..#.', '#.#..', '.#...', '#.#.#', '#..#.', '.##.#'],
  ' ': ['.....', '.....', '.....', '.....', '.....', '.....', '.....'],
};

/** Whether the font draws every character of `text` (upper case). */
export function drawable(text: string): boolean {
  return [...text.toUpperCase()].every((char) => char in glyphs);
}

/** The ink of `text` at `scale`: a test of whether (x, y) from its top left is ink, and its size. */
function inkOf(text: string, scale: number) {
  const chars = [...text.toUpperCase()];
  const advance = 6 * scale;
  return {
    width: chars.length * advance - scale,
    height: 7 * scale,
    at: (x: number, y: number) => {
      if (x < 0 || y < 0 || y >= 7 * scale) return false;
      const glyph = glyphs[chars[Math.floor(x / advance)] ?? ' '];
      const column = Math.floor((x % advance) / scale);
      return glyph !== undefined && column < 5 && glyph[Math.floor(y / scale)]![column] === '#';
    },
  };
}

/**
 * A 480×200 PNG: the colour lightening to the right, `headline` large and `line` below it in
 * white, centred. Under 15,360 bytes for the slides' limit.
 */
export function bannerPng(colour: [number, number, number], headline: string, line: string): Buffer {
  const width = 480;
  const height = 200;
  const big = inkOf(headline, 4);
  const small = inkOf(line, 3);
  const top = Math.round((height - big.height - 20 - small.height) / 2);
  const bigLeft = Math.round((width - big.width) / 2);
  const smallLeft = Math.round((width - small.width) / 2);
  const smallTop = top + big.height + 20;
  const [r, g, b] = colour;
  // Dark enough at the right end for white words to read (the lightening stops at a quarter).
  const shade = (channel: number, x: number) => Math.round(channel + ((255 - channel) * x) / (width * 4));
  return makePng(width, height, {
    pixel: (x, y) =>
      big.at(x - bigLeft, y - top) || small.at(x - smallLeft, y - smallTop)
        ? [255, 255, 255]
        : [shade(r, x), shade(g, x), shade(b, x)],
  });
}
