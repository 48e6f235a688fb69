import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, protocol, session, shell } from 'electron';
import icon from '../../resources/icon.png?asset';
import { encodeLaunchArguments } from '../preload/launch-arguments';
import { createUnavailableTokenStore, loadKeychain } from './auth/load-keychain';
import { createTokenStore } from './auth/token-store';
import { readDesktopSettings, SETTINGS_FILE_NAME } from './config/desktop-settings';
import { resolveServerUrl } from './config/server-url';
import { registerAuthStorageIpc } from './ipc/auth-storage-ipc';
import { registerOpenExternalIpc } from './ipc/open-external-ipc';
import { createSenderGuard } from './ipc/trusted-sender';
import { createConsoleLog } from './log';
import { APP_SCHEME, rendererLocationFor } from './renderer-location';
import { createRendererRequestHandler } from './renderer-protocol';
import { buildContentSecurityPolicy, installCspHeader } from './security/content-security-policy';
import { isPermissionAllowed } from './security/permissions';
import { createMainWindow } from './window/main-window';
import { registerWindowSizeIpc } from './window/window-size';

// Wiring only: every piece of logic lives in a module that takes its Electron parts as arguments.
const here = path.dirname(fileURLToPath(import.meta.url));
const log = createConsoleLog();

protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true } },
]);

let mainWindow: BrowserWindow | null = null;

function fail(title: string, error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  log.error(title, { reason: message });
  dialog.showErrorBox(title, message);
  app.exit(1);
}

async function start(): Promise<void> {
  await app.whenReady();

  const settingsPath = path.join(app.getPath('userData'), SETTINGS_FILE_NAME);
  let serverUrl: string;
  try {
    const settings = readDesktopSettings(settingsPath, (file) => readFileSync(file, 'utf8'));
    const resolved = resolveServerUrl({ env: process.env, settings });
    serverUrl = resolved.serverUrl;
    log.info('server url resolved', { serverUrl, source: resolved.source });
  } catch (error) {
    fail('Tracklint could not read its server setting', error);
    return;
  }

  const location = rendererLocationFor(app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL);
  const devServerOrigin = location.origin.startsWith(`${APP_SCHEME}:`) ? undefined : location.origin;
  const csp = buildContentSecurityPolicy({ serverUrl, devServerOrigin });

  protocol.handle(APP_SCHEME, createRendererRequestHandler({ rootDir: path.join(here, '../renderer'), contentSecurityPolicy: csp }));
  installCspHeader(session.defaultSession.webRequest, csp, location.isAppUrl);
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback) => callback(isPermissionAllowed(permission)));
  session.defaultSession.setPermissionCheckHandler((_contents, permission) => isPermissionAllowed(permission));

  const isTrustedSender = createSenderGuard(location);
  const keychain = await loadKeychain();
  if (!keychain.ok) log.warn('sign-in storage unavailable', { reason: keychain.reason });
  const tokenStore = keychain.ok ? createTokenStore(keychain.keychain) : createUnavailableTokenStore(keychain.reason);
  registerAuthStorageIpc(ipcMain, tokenStore, isTrustedSender, log);
  registerOpenExternalIpc(ipcMain, shell, isTrustedSender, log);
  registerWindowSizeIpc(ipcMain, () => mainWindow, isTrustedSender);

  const openWindow = () => {
    const created = createMainWindow({
      createWindow: (options) => {
        mainWindow = new BrowserWindow(options);
        return mainWindow;
      },
      window: {
        preloadPath: path.join(here, '../preload/index.cjs'),
        launchArguments: encodeLaunchArguments({ version: app.getVersion(), serverUrl }),
        iconPath: icon,
        devTools: !app.isPackaged,
      },
      location,
      shell,
      log,
    });
    created.on('closed', () => {
      mainWindow = null;
    });
  };

  openWindow();
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  app.on('activate', () => {
    if (!mainWindow) openWindow();
  });
}

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

// A second launch focuses the running window (see 'second-instance') instead of opening another.
if (app.requestSingleInstanceLock()) {
  start().catch((error: unknown) => fail('Tracklint could not start', error));
} else {
  app.quit();
}
