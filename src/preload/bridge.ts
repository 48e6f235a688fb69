import { IpcChannels, type DesktopBridge, type WindowSize } from './bridge-types';
import type { LaunchArguments } from './launch-arguments';

/** The slice of Electron's ipcRenderer the bridge uses; it never leaves this module. */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

function isWindowSize(value: unknown): value is WindowSize {
  if (typeof value !== 'object' || value === null) return false;
  const { width, height } = value as Record<string, unknown>;
  return typeof width === 'number' && typeof height === 'number';
}

/**
 * Builds what the preload exposes as `window.tracklintDesktop`. Each member forwards to one
 * channel; callbacks receive payloads only, never the IPC event (it carries `sender`, which
 * would hand the page a way back into ipcRenderer).
 */
export function createBridge(ipcRenderer: IpcRendererLike, launch: LaunchArguments) {
  function onWindowResize(listener: (size: WindowSize) => void): () => void {
    let subscribed = true;
    const forward = (_event: unknown, size: unknown) => {
      if (subscribed && isWindowSize(size)) listener({ width: size.width, height: size.height });
    };
    ipcRenderer.on(IpcChannels.windowResize, forward);
    // The contract promises one immediate call; main knows the size, so ask it.
    ipcRenderer
      .invoke(IpcChannels.windowSize)
      .then((size) => {
        if (subscribed && isWindowSize(size)) listener({ width: size.width, height: size.height });
      })
      .catch((error: unknown) => console.warn('Tracklint: could not read the window size', error));
    return () => {
      subscribed = false;
      ipcRenderer.removeListener(IpcChannels.windowResize, forward);
    };
  }

  const bridge = {
    platform: 'desktop',
    version: launch.version,
    serverUrl: launch.serverUrl,
    authStorage: {
      getItem: async (key: string) => {
        const value = await ipcRenderer.invoke(IpcChannels.authGet, key);
        return typeof value === 'string' ? value : null;
      },
      setItem: async (key: string, value: string) => {
        await ipcRenderer.invoke(IpcChannels.authSet, key, value);
      },
      removeItem: async (key: string) => {
        await ipcRenderer.invoke(IpcChannels.authRemove, key);
      },
    },
    onWindowResize,
    openExternal: async (url: string) => {
      await ipcRenderer.invoke(IpcChannels.openExternal, url);
    },
  } satisfies DesktopBridge;
  return bridge;
}
