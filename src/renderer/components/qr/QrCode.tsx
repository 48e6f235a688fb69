import { create } from 'qrcode';

/** The dark modules of a QR code as one SVG path (a 1×1 square per module), with a 4-module quiet zone. */
export function qrPath(text: string): { size: number; path: string } {
  const qr = create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  let path = '';
  for (let y = 0; y < n; y += 1) {
    for (let x = 0; x < n; x += 1) if (qr.modules.get(x, y)) path += `M${x + 4} ${y + 4}h1v1h-1z`;
  }
  return { size: n + 8, path };
}

/**
 * A QR code drawn as inline SVG (node-qrcode's encoder, no canvas), so it renders on the server
 * and in tests the same as in the browser.
 */
export function QrCode({ value, label, size = 176 }: { value: string; label: string; size?: number }) {
  const { size: modules, path } = qrPath(value);
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${modules} ${modules}`} shapeRendering="crispEdges" data-testid="qr-code">
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
