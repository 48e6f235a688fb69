import type { BrowserWindowConstructorOptions } from 'electron';

export interface MainWindowInput {
  /** Absolute path of the built preload script (CommonJS: sandboxed preloads cannot be ESM). */
  preloadPath: string;
  /** Passed to the preload through process.argv (see src/preload/launch-arguments.ts). */
  launchArguments: string[];
  iconPath?: string;
  /** DevTools stay available in development builds only. */
  devTools: boolean;
}

/**
 * The main window, per Electron's security checklist: the renderer gets no Node, runs in the
 * Chromium sandbox in its own JavaScript world, and keeps the same-origin policy.
 */
export function buildMainWindowOptions(input: MainWindowInput): BrowserWindowConstructorOptions {
  return {
    title: 'Tracklint',
    width: 1366,
    height: 860,
    minWidth: 360,
    minHeight: 480,
    // Shown on ready-to-show so the user never sees an empty white frame.
    show: false,
    autoHideMenuBar: true,
    backgroundColor: '#ffffff',
    ...(input.iconPath ? { icon: input.iconPath } : {}),
    webPreferences: {
      preload: input.preloadPath,
      additionalArguments: input.launchArguments,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      devTools: input.devTools,
    },
  };
}
