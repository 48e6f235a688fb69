import { describe, expect, it, vi } from 'vitest';
import { IpcChannels } from '../../../src/preload/bridge-types';
import { createUnavailableTokenStore, KeychainUnavailableError, loadKeychain } from '../../../src/main/auth/load-keychain';
import { registerAuthStorageIpc } from '../../../src/main/ipc/auth-storage-ipc';
import { FakeIpcMain, FakeKeychain, fromApp } from './fakes';

const silentLog = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

describe('loadKeychain (keytar is an optional dependency)', () => {
  it('uses keytar when it loads, whether its exports come as default or as the module', async () => {
    const keychain = new FakeKeychain();
    expect(await loadKeychain(async () => ({ default: keychain }))).toEqual({ ok: true, keychain });
    expect(await loadKeychain(async () => keychain)).toEqual({ ok: true, keychain });
  });

  it('says why when keytar is not installed, and how to get it', async () => {
    const result = await loadKeychain(async () => {
      throw new Error("Cannot find package 'keytar' imported from /app/out/main/index.js\nRequire stack: ...");
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.reason).toContain("Cannot find package 'keytar'");
    expect(result.reason).not.toContain('Require stack');
    expect(result.reason).toMatch(/libsecret-1-dev/);
  });

  it('refuses a module that is not keytar', async () => {
    const result = await loadKeychain(async () => ({ default: { getPassword: () => null } }));
    expect(result.ok).toBe(false);
  });
});

describe('sign-in storage without a keychain', () => {
  const reason = 'the OS keychain module (keytar) could not be loaded: missing.';

  it('starts signed out and refuses to save a session, saying why, over IPC', async () => {
    const ipc = new FakeIpcMain();
    registerAuthStorageIpc(ipc, createUnavailableTokenStore(reason), () => true, silentLog);
    expect(await ipc.invoke(IpcChannels.authGet, fromApp(), 'sb-tracklint-auth-token')).toBeNull();
    await expect(ipc.invoke(IpcChannels.authRemove, fromApp(), 'sb-tracklint-auth-token')).resolves.toBeUndefined();
    const saving = ipc.invoke(IpcChannels.authSet, fromApp(), 'sb-tracklint-auth-token', '{"access_token":"t"}');
    await expect(saving).rejects.toBeInstanceOf(KeychainUnavailableError);
    await expect(saving).rejects.toThrow(`Sign-in cannot be saved on this computer: ${reason}`);
  });
});
