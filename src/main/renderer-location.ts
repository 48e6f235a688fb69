/**
 * Where the renderer is loaded from. Built files are served over a privileged `app://tracklint`
 * scheme rather than file:// (Electron's security checklist: file:// pages share one origin with
 * every local file, and they cannot receive a CSP header or deep-link routes); in development
 * electron-vite passes its dev server as ELECTRON_RENDERER_URL.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'tracklint';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

export interface RendererLocation {
  /** What the window loads first. */
  entryUrl: string;
  /** `scheme://host[:port]`, for the CSP and for telling our pages from foreign ones. */
  origin: string;
  /** True when `url` is one of our renderer's pages (same scheme, host and port). */
  isAppUrl(url: string): boolean;
}

/** scheme + host + port; Node's URL reports the origin of non-special schemes as "null". */
function originOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (!parsed.host) return null;
  return `${parsed.protocol}//${parsed.host}`;
}

export function rendererLocationFor(devServerUrl: string | undefined): RendererLocation {
  let origin = APP_ORIGIN;
  let entryUrl = `${APP_ORIGIN}/`;
  if (devServerUrl) {
    const devOrigin = originOf(devServerUrl);
    if (!devOrigin || !/^https?:$/.test(new URL(devServerUrl).protocol)) {
      throw new Error(`ELECTRON_RENDERER_URL must be an http(s) URL, got "${devServerUrl}".`);
    }
    origin = devOrigin;
    entryUrl = devServerUrl;
  }
  return { entryUrl, origin, isAppUrl: (url) => originOf(url) === origin };
}
