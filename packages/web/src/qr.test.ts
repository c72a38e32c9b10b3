import { describe, expect, it } from 'vitest';
import { qrPath } from './qr.ts';

describe('a QR code as an SVG path', () => {
  it('draws each dark module as a unit square inside the quiet zone, and more modules for more text', () => {
    const short = qrPath('upi://pay?pa=a@b', 4);
    const long = qrPath(
      `upi://pay?pa=demofreshmart@upi&pn=${'Demo Fresh Mart '.repeat(4)}&am=990.00&cu=INR`,
      4,
    );
    expect(long.size).toBeGreaterThan(short.size);
    const squares = [...short.path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map(([, x, y]) => [
      Number(x),
      Number(y),
    ]);
    expect(squares.length).toBeGreaterThan(0);
    expect(squares.map(([x, y]) => `M${x} ${y}h1v1h-1z`).join('')).toBe(short.path);
    // Nothing in the quiet zone; the top-left finder pattern's corner just inside it.
    expect(squares.every(([x, y]) => x! >= 4 && y! >= 4 && x! < short.size - 4 && y! < short.size - 4)).toBe(
      true,
    );
    expect(short.path.startsWith('M4 4h1v1h-1z')).toBe(true);
  });
});
