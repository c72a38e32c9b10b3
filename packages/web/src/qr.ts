import { encode } from 'uqr';

/**
 * A QR code of `value` as one SVG path of its dark modules on a square of `size` modules (the
 * quiet zone of `border` modules included), for the apps to draw dark on white in either theme,
 * which is what a scanner reads.
 */
export function qrPath(value: string, border: number): { path: string; size: number } {
  const { data, size } = encode(value, { ecc: 'M', border });
  let path = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return { path, size };
}
