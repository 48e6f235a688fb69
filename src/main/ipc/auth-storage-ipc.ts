import { IpcChannels } from '../../preload/bridge-types';
import { assertAuthStorageKey, assertAuthStorageValue, InvalidAuthStorageInput } from '../auth/auth-storage-input';
import { KeychainUnavailableError } from '../auth/load-keychain';
import type { TokenStore } from '../auth/token-store';
import type { DesktopLog } from '../log';
import type { IpcMainLike, Unregister } from './ipc-main';
import { UntrustedSenderError, type SenderGuard } from './trusted-sender';

/**
 * Serves the renderer's SecureAuthStorage over IPC. Every call checks the sender, then the
 * arguments (the store validates keys and values), then touches the keychain. Keychain failures
 * are logged by key and message only and surface to the renderer as a generic error.
 */
export function registerAuthStorageIpc(
  ipcMain: IpcMainLike,
  store: TokenStore,
  isTrustedSender: SenderGuard,
  log: DesktopLog,
): Unregister {
  function guarded<T>(channel: string, run: (args: unknown[]) => Promise<T>) {
    ipcMain.handle(channel, async (event, ...args) => {
      if (!isTrustedSender(event)) {
        log.warn('refused auth storage request from an untrusted sender', { channel });
        throw new UntrustedSenderError(channel);
      }
      try {
        return await run(args);
      } catch (error) {
        if (error instanceof InvalidAuthStorageInput) {
          log.warn('rejected auth storage request', { channel, reason: error.message });
          throw error;
        }
        // Already says why (keytar missing) and holds no secret: the renderer shows it as is.
        if (error instanceof KeychainUnavailableError) throw error;
        log.error('keychain operation failed', { channel, reason: error instanceof Error ? error.message : 'unknown' });
        throw new Error('The OS keychain could not be reached; the session is not saved.');
      }
    });
  }

  guarded(IpcChannels.authGet, async ([key]) => {
    assertAuthStorageKey(key);
    return store.get(key);
  });
  guarded(IpcChannels.authSet, async ([key, value]) => {
    assertAuthStorageKey(key);
    assertAuthStorageValue(value);
    await store.set(key, value);
  });
  guarded(IpcChannels.authRemove, async ([key]) => {
    assertAuthStorageKey(key);
    await store.remove(key);
  });

  return () => {
    ipcMain.removeHandler(IpcChannels.authGet);
    ipcMain.removeHandler(IpcChannels.authSet);
    ipcMain.removeHandler(IpcChannels.authRemove);
  };
}
