import { encode } from 'uqr';

/**
 * The UPI payment link as a QR code (B18), to scan with a phone's UPI app where this screen cannot
 * open one (a laptop). Drawn as the console draws its QR codes (uqr, one SVG path of the dark
 * modules on white, with the quiet zone the standard asks for), so it scans in either colour scheme.
 */
export default function UpiQr({ link, label }: { link: string; label: string }) {
  const { data, size } = encode(link, { ecc: 'M', border: 4 });
  let path = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <svg
      className="upi-qr"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
