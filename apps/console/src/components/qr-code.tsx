import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { encode } from 'uqr';

/**
 * A QR code drawn as one SVG path, dark on white in both themes (a scanner
 * reads a light square with dark modules), with `label` as its name.
 */
export function QrCode({ value, label, size = 200 }: { value: string; label: string; size?: number }) {
  const { path, width } = useMemo(() => {
    const { data, size: modules } = encode(value, { ecc: 'M', border: 2 });
    let d = '';
    data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      }),
    );
    return { path: d, width: modules };
  }, [value]);
  return (
    <Box
      component="svg"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${width} ${width}`}
      shapeRendering="crispEdges"
      sx={{ width: size, height: size, maxWidth: '100%', bgcolor: '#fff', display: 'block' }}
    >
      <rect width={width} height={width} fill="#fff" />
      <path d={path} fill="#000" />
    </Box>
  );
}
