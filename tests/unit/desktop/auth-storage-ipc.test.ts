import { describe, expect, it } from 'vitest';
import { createTokenStore } from '../../../src/main/auth/token-store';
import { registerAuthStorageIpc } from '../../../src/main/ipc/auth-storage-ipc';
import { createSenderGuard } from '../../../src/main/ipc/trusted-sender';
import { rendererLocationFor } from '../../../src/main/renderer-location';
import { IpcChannels } from '../../../src/preload/bridge-types';
import { createRecordingLog, FakeIpcMain, FakeKeychain, fromApp, fromIframe } from './fakes';

const KEY = 'sb-127-auth-token';
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.secret-session-value';

function setup(devServerUrl?: string) {
  const keychain = new FakeKeychain();
  const ipcMain = new FakeIpcMain();
  const log = createRecordingLog();
  const unregister = registerAuthStorageIpc(
    ipcMain,
    createTokenStore(keychain),
    createSenderGuard(rendererLocationFor(devServerUrl)),
    log,
  );
  return { keychain, ipcMain, log, unregister };
}

describe('registerAuthStorageIpc', () => {
  it('sets, gets and removes a session for our renderer', async () => {
    const { ipcMain } = setup();

    await ipcMain.invoke(IpcChannels.authSet, fromApp(), KEY, TOKEN);
    expect(await ipcMain.invoke(IpcChannels.authGet, fromApp(), KEY)).toBe(TOKEN);

    await ipcMain.invoke(IpcChannels.authRemove, fromApp(), KEY);
    expect(await ipcMain.invoke(IpcChannels.authGet, fromApp(), KEY)).toBeNull();
  });

  it('serves the dev server page in development', async () => {
    const { ipcMain } = setup('http://localhost:5173');
    await ipcMain.invoke(IpcChannels.authSet, fromApp('http://localhost:5173/login'), KEY, TOKEN);
    expect(await ipcMain.invoke(IpcChannels.authGet, fromApp('http://localhost:5173/'), KEY)).toBe(TOKEN);
  });

  it.each([
    ['a foreign web page', fromApp('https://evil.example/app')],
    ['a page on another app:// host', fromApp('app://other/')],
    ['a file:// page', fromApp('file:///tmp/index.html')],
    ['an iframe inside our page', fromIframe()],
    ['an event without a frame', { senderFrame: null }],
  ])('refuses %s and leaves the keychain untouched', async (_label, event) => {
    const { ipcMain, keychain } = setup();
    await keychain.setPassword('Tracklint', KEY, TOKEN);
    keychain.calls.length = 0;

    await expect(ipcMain.invoke(IpcChannels.authSet, event, KEY, 'replaced')).rejects.toThrow(/did not come from the Tracklint window/);
    await expect(ipcMain.invoke(IpcChannels.authGet, event, KEY)).rejects.toThrow(/did not come from the Tracklint window/);
    await expect(ipcMain.invoke(IpcChannels.authRemove, event, KEY)).rejects.toThrow(/did not come from the Tracklint window/);
    expect(keychain.calls).toEqual([]);
  });

  it('refuses a dev server page in production (app:// only)', async () => {
    const { ipcMain } = setup();
    await expect(ipcMain.invoke(IpcChannels.authGet, fromApp('http://localhost:5173/'), KEY)).rejects.toThrow(/Tracklint window/);
  });

  it.each([
    ['a number key', [42, TOKEN], /key must be a string/],
    ['an unknown key', ['access_token', TOKEN], /not a Supabase auth key/],
    ['a missing value', [KEY], /value must be a string/],
    ['an object value', [KEY, { access_token: TOKEN }], /value must be a string/],
    ['an oversized value', [KEY, 'x'.repeat(64 * 1024 + 1)], /longer than/],
  ])('rejects set with %s and writes nothing', async (_label, args, message) => {
    const { ipcMain, keychain } = setup();
    await expect(ipcMain.invoke(IpcChannels.authSet, fromApp(), ...args)).rejects.toThrow(message);
    expect(keychain.calls).toEqual([]);
  });

  it('never writes a token value to the log, even when the keychain fails', async () => {
    const { ipcMain, keychain, log } = setup();
    await ipcMain.invoke(IpcChannels.authSet, fromApp(), KEY, TOKEN);
    await ipcMain.invoke(IpcChannels.authGet, fromApp(), KEY);
    await expect(ipcMain.invoke(IpcChannels.authSet, fromIframe(), KEY, TOKEN)).rejects.toThrow();
    keychain.failWith = new Error('Secret Service is locked');

    await expect(ipcMain.invoke(IpcChannels.authSet, fromApp(), KEY, TOKEN)).rejects.toThrow(
      'The OS keychain could not be reached; the session is not saved.',
    );

    expect(log.lines.some((line) => line.includes('Secret Service is locked'))).toBe(true);
    expect(log.lines.join('\n')).not.toContain(TOKEN);
  });

  it('unregisters its handlers', () => {
    const { ipcMain, unregister } = setup();
    expect([...ipcMain.handlers.keys()].sort()).toEqual([IpcChannels.authGet, IpcChannels.authRemove, IpcChannels.authSet].sort());
    unregister();
    expect(ipcMain.handlers.size).toBe(0);
  });
});
