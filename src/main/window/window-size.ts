import { IpcChannels, type WindowSize } from '../../preload/bridge-types';
import type { IpcMainLike, Unregister } from '../ipc/ipc-main';
import { UntrustedSenderError, type SenderGuard } from '../ipc/trusted-sender';

/** Events after which the content size may have changed (Linux skips `resize` on some of them). */
export const WINDOW_SIZE_EVENTS = ['resize', 'maximize', 'unmaximize', 'enter-full-screen', 'leave-full-screen'] as const;
export type WindowSizeEvent = (typeof WINDOW_SIZE_EVENTS)[number];

/** The slice of BrowserWindow the size reporting uses. */
export interface SizedWindow {
  getContentSize(): number[];
  isDestroyed(): boolean;
  on(event: WindowSizeEvent, listener: () => void): unknown;
  removeListener(event: WindowSizeEvent, listener: () => void): unknown;
  webContents: {
    send(channel: string, ...args: unknown[]): void;
    getZoomFactor(): number;
  };
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * The size the renderer's breakpoint logic compares against: the content area in CSS pixels,
 * i.e. what `window.innerWidth/innerHeight` report on the web (device-independent pixels
 * divided by the page zoom).
 */
export function contentSizeOf(window: SizedWindow): WindowSize {
  const [width = 0, height = 0] = window.getContentSize();
  const zoom = window.webContents.getZoomFactor() || 1;
  return { width: Math.round(width / zoom), height: Math.round(height / zoom) };
}

/**
 * Sends `window:resize` with the content size once resizing pauses for `debounceMs`: dragging
 * a window edge fires dozens of events a second and the layout only needs the final size.
 */
export function reportWindowSize(window: SizedWindow, options: { debounceMs?: number; timers?: Timers } = {}): Unregister {
  const debounceMs = options.debounceMs ?? 100;
  const timers = options.timers ?? realTimers;
  let pending: unknown = null;

  const sendNow = () => {
    pending = null;
    if (window.isDestroyed()) return;
    window.webContents.send(IpcChannels.windowResize, contentSizeOf(window));
  };
  const schedule = () => {
    if (pending !== null) timers.clearTimeout(pending);
    pending = timers.setTimeout(sendNow, debounceMs);
  };

  for (const event of WINDOW_SIZE_EVENTS) window.on(event, schedule);
  return () => {
    if (pending !== null) timers.clearTimeout(pending);
    pending = null;
    for (const event of WINDOW_SIZE_EVENTS) window.removeListener(event, schedule);
  };
}

/** Answers `window:size` so a new subscriber gets the current size without waiting for a resize. */
export function registerWindowSizeIpc(
  ipcMain: IpcMainLike,
  currentWindow: () => SizedWindow | null,
  isTrustedSender: SenderGuard,
): Unregister {
  ipcMain.handle(IpcChannels.windowSize, (event) => {
    if (!isTrustedSender(event)) throw new UntrustedSenderError(IpcChannels.windowSize);
    const window = currentWindow();
    if (!window || window.isDestroyed()) throw new Error('The Tracklint window is not open.');
    return contentSizeOf(window);
  });
  return () => ipcMain.removeHandler(IpcChannels.windowSize);
}
