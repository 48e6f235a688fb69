import { IpcChannels } from '../../preload/bridge-types';
import type { DesktopLog } from '../log';
import { isOpenableExternalUrl, type ShellLike } from '../security/external-url';
import type { IpcMainLike, Unregister } from './ipc-main';
import { UntrustedSenderError, type SenderGuard } from './trusted-sender';

export function registerOpenExternalIpc(
  ipcMain: IpcMainLike,
  shell: ShellLike,
  isTrustedSender: SenderGuard,
  log: DesktopLog,
): Unregister {
  ipcMain.handle(IpcChannels.openExternal, async (event, url) => {
    if (!isTrustedSender(event)) throw new UntrustedSenderError(IpcChannels.openExternal);
    if (!isOpenableExternalUrl(url)) {
      log.warn('refused to open a non-http(s) URL externally');
      throw new Error('Only http(s) and mailto links can be opened outside the app.');
    }
    await shell.openExternal(url);
  });
  return () => ipcMain.removeHandler(IpcChannels.openExternal);
}
