import qrcode from 'qrcode-generator';

/**
 * The UPI payment link as a QR code (B18), to scan with a phone's UPI app where this screen cannot
 * open one (a laptop). Drawn as one SVG path of its dark modules on a white ground with the quiet
 * zone the standard asks for, so it scans in either colour scheme.
 */
export default function UpiQr({ link, label }: { link: string; label: string }) {
  const code = qrcode(0, 'M');
  code.addData(link);
  code.make();
  const size = code.getModuleCount();
  let path = '';
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (code.isDark(row, col)) path += `M${col} ${row}h1v1h-1z`;
    }
  }
  const quiet = 4;
  return (
    <svg
      className="upi-qr"
      role="img"
      aria-label={label}
      viewBox={`${-quiet} ${-quiet} ${size + 2 * quiet} ${size + 2 * quiet}`}
      shapeRendering="crispEdges"
    >
      <rect x={-quiet} y={-quiet} width={size + 2 * quiet} height={size + 2 * quiet} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
