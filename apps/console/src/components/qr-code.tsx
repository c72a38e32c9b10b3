import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { qrPath } from '@storedesk/web/qr';

/**
 * A QR code drawn as one SVG path, dark on white in both themes (a scanner
 * reads a light square with dark modules), with `label` as its name.
 */
export function QrCode({ value, label, size = 200 }: { value: string; label: string; size?: number }) {
  const { path, size: width } = useMemo(() => qrPath(value, 2), [value]);
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
