import type { IpcSenderInfo } from './trusted-sender';

/** The slice of Electron's ipcMain the handlers use, so tests can pass a fake. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcSenderInfo, ...args: unknown[]) => unknown): void;
  removeHandler(channel: string): void;
}

export type Unregister = () => void;
