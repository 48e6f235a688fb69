/**
 * The renderer's Content-Security-Policy. Scripts come only from the app itself; network access
 * only to the configured Tracklint server (HTTP for REST/auth, WebSocket for realtime). Styles
 * allow inline because Mantine sets style attributes at runtime.
 */
export interface CspInput {
  /** Origin of the Tracklint server, e.g. http://localhost:8787. */
  serverUrl: string;
  /** The Vite dev server's origin in development: HMR needs its WebSocket and an inline preamble. */
  devServerOrigin?: string;
}

function webSocketOriginOf(httpOrigin: string): string {
  return httpOrigin.replace(/^http/, 'ws');
}

export function buildContentSecurityPolicy({ serverUrl, devServerOrigin }: CspInput): string {
  const server = new URL(serverUrl).origin;
  const connect = ["'self'", server, webSocketOriginOf(server)];
  const scripts = ["'self'"];
  if (devServerOrigin) {
    connect.push(devServerOrigin, webSocketOriginOf(devServerOrigin));
    // @vitejs/plugin-react injects an inline React Refresh preamble in dev only.
    scripts.push("'unsafe-inline'");
  }
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': scripts,
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', server],
    'font-src': ["'self'", 'data:'],
    'connect-src': connect,
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'frame-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ');
}

type HeaderMap = Record<string, string[] | string>;

/** The slice of Electron's session.webRequest used to attach the CSP to our pages' responses. */
export interface HeadersReceivedHook {
  onHeadersReceived(
    listener: (
      details: { url: string; responseHeaders?: HeaderMap },
      callback: (response: { responseHeaders?: HeaderMap }) => void,
    ) => void,
  ): void;
}

/** Replaces any CSP the response carries (the dev server sends none) with ours, for our pages only. */
export function installCspHeader(webRequest: HeadersReceivedHook, policy: string, isAppUrl: (url: string) => boolean): void {
  webRequest.onHeadersReceived((details, callback) => {
    if (!isAppUrl(details.url)) {
      callback({});
      return;
    }
    const headers: HeaderMap = {};
    for (const [name, value] of Object.entries(details.responseHeaders ?? {})) {
      if (name.toLowerCase() !== 'content-security-policy') headers[name] = value;
    }
    headers['Content-Security-Policy'] = [policy];
    callback({ responseHeaders: headers });
  });
}
