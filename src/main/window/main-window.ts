import type { BrowserWindowConstructorOptions } from 'electron';
import type { DesktopLog } from '../log';
import type { RendererLocation } from '../renderer-location';
import type { ShellLike } from '../security/external-url';
import { installNavigationGuards, type GuardedWebContents } from './navigation-guards';
import { buildMainWindowOptions, type MainWindowInput } from './window-options';
import { reportWindowSize, type SizedWindow } from './window-size';

/** What createMainWindow needs of a BrowserWindow instance. */
export interface MainWindowLike extends SizedWindow {
  webContents: SizedWindow['webContents'] & GuardedWebContents;
  once(event: 'ready-to-show', listener: () => void): unknown;
  on(event: 'closed', listener: () => void): unknown;
  on(event: Parameters<SizedWindow['on']>[0], listener: () => void): unknown;
  show(): void;
  loadURL(url: string): Promise<void>;
}

export type BrowserWindowFactory = (options: BrowserWindowConstructorOptions) => MainWindowLike;

/**
 * Creates the one Tracklint window: secure options, navigation guards and size reporting are
 * in place before the renderer loads, so not even the first page runs unguarded.
 */
export function createMainWindow(deps: {
  createWindow: BrowserWindowFactory;
  window: MainWindowInput;
  location: RendererLocation;
  shell: ShellLike;
  log: DesktopLog;
}): MainWindowLike {
  const window = deps.createWindow(buildMainWindowOptions(deps.window));
  installNavigationGuards(window.webContents, { isAppUrl: deps.location.isAppUrl, shell: deps.shell, log: deps.log });
  const stopReporting = reportWindowSize(window);
  window.on('closed', stopReporting);
  window.once('ready-to-show', () => window.show());
  window.loadURL(deps.location.entryUrl).catch((error: unknown) =>
    deps.log.error('could not load the renderer', {
      url: deps.location.entryUrl,
      reason: error instanceof Error ? error.message : 'unknown',
    }),
  );
  return window;
}
