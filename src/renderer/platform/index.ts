import type { DesktopBridge, SecureAuthStorage, WindowSize } from '../../preload/bridge-types';

/**
 * What the renderer needs from where it runs. Features import this module, never
 * `window.tracklintDesktop` directly: on the desktop it wraps the preload bridge (tokens in
 * the OS keychain), on the web it uses browser primitives.
 */
export interface Platform {
  kind: 'web' | 'desktop';
  authStorage: SecureAuthStorage;
  onWindowResize(listener: (size: WindowSize) => void): () => void;
  /** Where the runtime configuration ({ supabaseUrl, supabaseAnonKey }) is fetched from. */
  configUrl: string;
  /**
   * Origin of the web app that email links should open (sign-up confirmation, password reset).
   * On the web it is the page's own origin; the desktop app's own scheme cannot receive email
   * links, so there it is the server's origin, which serves the same web app.
   */
  webOrigin: string;
}

declare global {
  interface Window {
    tracklintDesktop?: DesktopBridge;
  }
}

const webAuthStorage: SecureAuthStorage = {
  getItem: async (key) => window.localStorage.getItem(key),
  setItem: async (key, value) => window.localStorage.setItem(key, value),
  removeItem: async (key) => window.localStorage.removeItem(key),
};

function webWindowResize(listener: (size: WindowSize) => void): () => void {
  const emit = () => listener({ width: window.innerWidth, height: window.innerHeight });
  emit();
  window.addEventListener('resize', emit);
  return () => window.removeEventListener('resize', emit);
}

export function detectPlatform(win: Window = window): Platform {
  const bridge = win.tracklintDesktop;
  if (bridge) {
    const serverUrl = bridge.serverUrl.replace(/\/+$/, '');
    return {
      kind: 'desktop',
      authStorage: bridge.authStorage,
      onWindowResize: (l) => bridge.onWindowResize(l),
      configUrl: `${serverUrl}/config.json`,
      webOrigin: serverUrl,
    };
  }
  return {
    kind: 'web',
    authStorage: webAuthStorage,
    onWindowResize: webWindowResize,
    configUrl: '/config.json',
    webOrigin: win.location.origin,
  };
}

export const platform: Platform = detectPlatform();
