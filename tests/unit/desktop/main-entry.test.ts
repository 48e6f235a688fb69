import { beforeAll, describe, expect, it, vi } from 'vitest';
import { IpcChannels } from '../../../src/preload/bridge-types';
import { FakeIpcMain, FakeKeychain, fromApp } from './fakes';

/**
 * Boots the real src/main/index.ts against a fake Electron and keytar: proves the entry file
 * wires the tested modules together (scheme, CSP, IPC, window) the way the unit tests assume.
 */
const electron = vi.hoisted(() => {
  const state = {
    windows: [] as { options: Record<string, unknown>; loaded: string[]; openHandler: unknown }[],
    schemes: [] as unknown[],
    protocolHandlers: new Map<string, (request: Request) => Promise<Response>>(),
    headerListeners: [] as unknown[],
    permissionHandler: null as null | ((contents: unknown, permission: string, callback: (ok: boolean) => void) => void),
    appEvents: new Map<string, unknown>(),
    errors: [] as string[],
  };
  return state;
});
const ipcMain = vi.hoisted(() => ({ current: null as unknown }));
const keychain = vi.hoisted(() => ({ current: null as unknown }));

vi.mock('electron', async () => {
  const { FakeIpcMain: IpcMain } = await import('./fakes');
  ipcMain.current = new IpcMain();
  class BrowserWindow {
    readonly record: { options: Record<string, unknown>; loaded: string[]; openHandler: unknown };
    readonly webContents = {
      send: () => undefined,
      getZoomFactor: () => 1,
      setWindowOpenHandler: (handler: unknown) => void (this.record.openHandler = handler),
      on: () => undefined,
    };
    constructor(options: Record<string, unknown>) {
      this.record = { options, loaded: [], openHandler: null };
      electron.windows.push(this.record);
    }
    getContentSize = () => [1366, 860];
    isDestroyed = () => false;
    on = () => this;
    once = () => this;
    removeListener = () => this;
    show = () => undefined;
    loadURL = async (url: string) => void this.record.loaded.push(url);
  }
  return {
    app: {
      isPackaged: true,
      whenReady: async () => undefined,
      getPath: () => '/nonexistent/tracklint-user-data',
      getVersion: () => '9.8.7',
      requestSingleInstanceLock: () => true,
      on: (event: string, listener: unknown) => void electron.appEvents.set(event, listener),
      quit: () => undefined,
      exit: () => undefined,
    },
    BrowserWindow,
    dialog: { showErrorBox: (title: string, message: string) => void electron.errors.push(`${title}: ${message}`) },
    ipcMain: ipcMain.current,
    protocol: {
      registerSchemesAsPrivileged: (schemes: unknown[]) => void electron.schemes.push(...schemes),
      handle: (scheme: string, handler: (request: Request) => Promise<Response>) => void electron.protocolHandlers.set(scheme, handler),
    },
    session: {
      defaultSession: {
        webRequest: { onHeadersReceived: (listener: unknown) => void electron.headerListeners.push(listener) },
        setPermissionRequestHandler: (handler: typeof electron.permissionHandler) => void (electron.permissionHandler = handler),
        setPermissionCheckHandler: () => undefined,
      },
    },
    shell: { openExternal: async () => undefined },
  };
});

vi.mock('keytar', async () => {
  const { FakeKeychain: Keychain } = await import('./fakes');
  keychain.current = new Keychain();
  return { default: keychain.current };
});

beforeAll(async () => {
  vi.stubEnv('TRACKLINT_SERVER_URL', 'https://tracklint.example.com/');
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  await import('../../../src/main/index');
  await vi.waitFor(() => expect(electron.windows).toHaveLength(1));
});

describe('src/main/index.ts', () => {
  it('registers app:// as a secure standard scheme and serves the renderer from it', () => {
    expect(electron.schemes).toEqual([
      { scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) },
    ]);
    expect(electron.protocolHandlers.has('app')).toBe(true);
    expect(electron.windows[0]?.loaded).toEqual(['app://tracklint/']);
  });

  it('creates one secure window whose preload learns the server URL and version', () => {
    const webPreferences = electron.windows[0]?.options.webPreferences as Record<string, unknown>;
    expect(webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true });
    expect(String(webPreferences.preload)).toMatch(/preload[\\/]index\.cjs$/);
    expect(webPreferences.additionalArguments).toEqual([
      '--tracklint-version=9.8.7',
      '--tracklint-server-url=https://tracklint.example.com',
    ]);
    expect(electron.windows[0]?.openHandler).toBeTypeOf('function');
    expect(electron.errors).toEqual([]);
  });

  it('puts the configured server in the CSP attached to the renderer', () => {
    expect(electron.headerListeners).toHaveLength(1);
    const listener = electron.headerListeners[0] as (
      details: { url: string; responseHeaders: Record<string, string[]> },
      callback: (response: { responseHeaders?: Record<string, string[]> }) => void,
    ) => void;
    let headers: Record<string, string[]> | undefined;
    listener({ url: 'app://tracklint/', responseHeaders: {} }, (response) => (headers = response.responseHeaders));
    const policy = headers?.['Content-Security-Policy']?.[0] ?? '';
    expect(policy).toMatch(/connect-src 'self' https:\/\/tracklint\.example\.com wss:\/\/tracklint\.example\.com/);
    expect(policy).toMatch(/script-src 'self';/);
  });

  it('answers every bridge channel', () => {
    const channels = [...(ipcMain.current as FakeIpcMain).handlers.keys()].sort();
    expect(channels).toEqual(
      [IpcChannels.authGet, IpcChannels.authSet, IpcChannels.authRemove, IpcChannels.windowSize, IpcChannels.openExternal].sort(),
    );
  });

  it('stores sessions in the keychain under the Tracklint service', async () => {
    const ipc = ipcMain.current as FakeIpcMain;
    await ipc.invoke(IpcChannels.authSet, fromApp(), 'sb-tracklint-auth-token', '{"access_token":"t"}');
    expect((keychain.current as FakeKeychain).accounts('Tracklint')).toEqual(['sb-tracklint-auth-token']);
    expect(await ipc.invoke(IpcChannels.windowSize, fromApp())).toEqual({ width: 1366, height: 860 });
  });

  it('refuses every permission request but clipboard writes', () => {
    const answers: boolean[] = [];
    electron.permissionHandler?.(null, 'media', (ok) => answers.push(ok));
    electron.permissionHandler?.(null, 'clipboard-sanitized-write', (ok) => answers.push(ok));
    expect(answers).toEqual([false, true]);
  });
});
