import { qrPath } from '@storedesk/web/qr';

/**
 * The UPI payment link as a QR code (B18), to scan with a phone's UPI app where this screen cannot
 * open one (a laptop). Drawn as the console draws its QR codes (`qrPath`: the dark modules on
 * white, with the quiet zone the standard asks for), so it scans in either colour scheme.
 */
export default function UpiQr({ link, label }: { link: string; label: string }) {
  const { path, size } = qrPath(link, 4);
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
