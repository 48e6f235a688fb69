import { beforeAll, describe, expect, it, vi } from 'vitest';
import { IpcChannels } from '../../../src/preload/bridge-types';
import { FakeIpcMain, fromApp } from './fakes';

/**
 * Boots the real src/main/index.ts where keytar cannot be imported (an install without
 * libsecret): the window still opens and saving a session fails with the reason.
 */
const state = vi.hoisted(() => ({ windows: 0, errors: [] as string[], logs: [] as string[], ipc: null as unknown }));

vi.mock('electron', async () => {
  const { FakeIpcMain: IpcMain } = await import('./fakes');
  state.ipc = new IpcMain();
  class BrowserWindow {
    readonly webContents = { send: () => undefined, getZoomFactor: () => 1, setWindowOpenHandler: () => undefined, on: () => undefined };
    constructor() {
      state.windows += 1;
    }
    getContentSize = () => [1366, 860];
    isDestroyed = () => false;
    on = () => this;
    once = () => this;
    removeListener = () => this;
    show = () => undefined;
    loadURL = async () => undefined;
  }
  return {
    app: {
      isPackaged: true,
      whenReady: async () => undefined,
      getPath: () => '/nonexistent/tracklint-user-data',
      getVersion: () => '9.8.7',
      requestSingleInstanceLock: () => true,
      on: () => undefined,
      quit: () => undefined,
      exit: () => undefined,
    },
    BrowserWindow,
    dialog: { showErrorBox: (title: string, message: string) => void state.errors.push(`${title}: ${message}`) },
    ipcMain: state.ipc,
    protocol: { registerSchemesAsPrivileged: () => undefined, handle: () => undefined },
    session: {
      defaultSession: {
        webRequest: { onHeadersReceived: () => undefined },
        setPermissionRequestHandler: () => undefined,
        setPermissionCheckHandler: () => undefined,
      },
    },
    shell: { openExternal: async () => undefined },
  };
});

vi.mock('keytar', () => {
  throw new Error("Cannot find package 'keytar'");
});

beforeAll(async () => {
  vi.stubEnv('TRACKLINT_SERVER_URL', 'https://tracklint.example.com/');
  vi.spyOn(console, 'log').mockImplementation((line: string) => void state.logs.push(line));
  await import('../../../src/main/index');
  await vi.waitFor(() => expect(state.windows).toBe(1));
});

describe('src/main/index.ts without keytar', () => {
  it('still opens its window, with no error dialog, and logs why sign-in storage is unavailable', () => {
    expect(state.errors).toEqual([]);
    expect(state.logs.some((line) => line.includes('sign-in storage unavailable') && line.includes('keytar'))).toBe(true);
  });

  it('answers the auth storage channels: no stored session, and saving one says why it cannot', async () => {
    const ipc = state.ipc as FakeIpcMain;
    expect(await ipc.invoke(IpcChannels.authGet, fromApp(), 'sb-tracklint-auth-token')).toBeNull();
    await expect(ipc.invoke(IpcChannels.authSet, fromApp(), 'sb-tracklint-auth-token', '{"access_token":"t"}')).rejects.toThrow(
      /Sign-in cannot be saved on this computer: the OS keychain module \(keytar\) could not be loaded/,
    );
  });
});
