import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { QrCode, qrPath } from '../../../src/renderer/components/qr/QrCode';
import { otpauthUri } from '../../../src/renderer/pages/super-admin/session/totp-secret';

// Issue 23, defect 8: MFA setup shows a QR code of the otpauth:// link beside the secret.
describe('QR code', () => {
  const uri = otpauthUri('root@tracklint.test', 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');

  it('draws a QR symbol: a quiet zone, then the 7×7 finder pattern in the top-left corner', () => {
    const { size, path } = qrPath(uri);
    expect(size).toBeGreaterThanOrEqual(21 + 8);
    const dark = new Set([...path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map((m) => `${m[1]},${m[2]}`));
    for (let i = 0; i < 7; i += 1) {
      // The finder's outer ring: top and left edges dark, starting after the 4-module quiet zone.
      expect(dark.has(`${4 + i},4`)).toBe(true);
      expect(dark.has(`4,${4 + i}`)).toBe(true);
    }
    expect(dark.has('3,4')).toBe(false);
    expect(dark.has('5,5')).toBe(false);
  });

  it('renders as a labelled SVG image', () => {
    const html = renderToString(<QrCode value={uri} label="QR code to add root@tracklint.test to an authenticator app" />);
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="QR code to add root@tracklint.test to an authenticator app"');
    expect(html).toContain('<path d="M4 4h1v1h-1z');
  });
});
