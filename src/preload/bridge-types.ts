/**
 * The one typed bridge the desktop app's preload exposes as `window.tracklintDesktop`.
 * The preload implements it with `satisfies DesktopBridge`; the renderer never touches it
 * directly but goes through src/renderer/platform, which falls back to browser primitives on the web.
 */
export interface WindowSize {
  width: number;
  height: number;
}

export interface SecureAuthStorage {
  /** Reads a value supabase-js stored (its session), from the OS keychain. */
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
}

export interface DesktopBridge {
  platform: 'desktop';
  /** App version, for the about box and support. */
  version: string;
  /**
   * Origin of the Tracklint server this app talks to (e.g. `http://localhost:8787`), without a
   * trailing slash. On the web the renderer fetches `/config.json` from its own origin; on the
   * desktop its origin is the app's own scheme, so it fetches `${serverUrl}/config.json` instead.
   * Set by the main process from TRACKLINT_SERVER_URL, the stored preference, or the default.
   */
  serverUrl: string;
  authStorage: SecureAuthStorage;
  /** Subscribes to the window's content size; returns an unsubscribe function. Called once immediately. */
  onWindowResize(listener: (size: WindowSize) => void): () => void;
  /** Opens an http(s) URL in the system browser. */
  openExternal(url: string): Promise<void>;
}

/** IPC channel names shared by main and preload. */
export const IpcChannels = {
  authGet: 'auth-storage:get',
  authSet: 'auth-storage:set',
  authRemove: 'auth-storage:remove',
  windowResize: 'window:resize',
  windowSize: 'window:size',
  openExternal: 'shell:open-external',
} as const;
