import type { Keychain } from '../../../src/main/auth/token-store';
import type { IpcMainLike } from '../../../src/main/ipc/ipc-main';
import type { IpcSenderInfo } from '../../../src/main/ipc/trusted-sender';
import type { DesktopLog } from '../../../src/main/log';
import type { IpcRendererLike } from '../../../src/preload/bridge';

/** An in-memory keychain with keytar's signatures, keyed by service and account. */
export class FakeKeychain implements Keychain {
  readonly entries = new Map<string, string>();
  readonly calls: string[] = [];
  failWith: Error | null = null;

  private id(service: string, account: string) {
    return `${service}\u0000${account}`;
  }
  accounts(service: string): string[] {
    return [...this.entries.keys()].filter((id) => id.startsWith(`${service}\u0000`)).map((id) => id.split('\u0000')[1] ?? '');
  }
  async getPassword(service: string, account: string) {
    this.calls.push(`get ${account}`);
    if (this.failWith) throw this.failWith;
    return this.entries.get(this.id(service, account)) ?? null;
  }
  async setPassword(service: string, account: string, password: string) {
    this.calls.push(`set ${account}`);
    if (this.failWith) throw this.failWith;
    this.entries.set(this.id(service, account), password);
  }
  async deletePassword(service: string, account: string) {
    this.calls.push(`delete ${account}`);
    if (this.failWith) throw this.failWith;
    return this.entries.delete(this.id(service, account));
  }
}

type Handler = (event: IpcSenderInfo, ...args: unknown[]) => unknown;

/** Records ipcMain.handle registrations; `invoke` plays the renderer's side with a chosen sender. */
export class FakeIpcMain implements IpcMainLike {
  readonly handlers = new Map<string, Handler>();
  handle(channel: string, listener: Handler) {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, listener);
  }
  removeHandler(channel: string) {
    this.handlers.delete(channel);
  }
  async invoke(channel: string, event: IpcSenderInfo, ...args: unknown[]): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    return handler(event, ...args);
  }
}

export const APP_PAGE = 'app://tracklint/dashboard';
export const fromApp = (url = APP_PAGE): IpcSenderInfo => ({ senderFrame: { url, parent: null } });
export const fromIframe = (url = APP_PAGE): IpcSenderInfo => ({ senderFrame: { url, parent: { url: APP_PAGE } } });

type RendererListener = (event: unknown, ...args: unknown[]) => void;

/** ipcRenderer as the preload sees it: `emit` delivers a main-to-renderer message with an event. */
export class FakeIpcRenderer implements IpcRendererLike {
  readonly invocations: { channel: string; args: unknown[] }[] = [];
  readonly listeners = new Map<string, RendererListener[]>();
  readonly replies = new Map<string, (...args: unknown[]) => unknown>();
  /** What the IPC event would carry; the bridge must never hand it to the page. */
  readonly event = { sender: { secret: 'ipcRenderer' }, senderId: 0 };

  async invoke(channel: string, ...args: unknown[]) {
    this.invocations.push({ channel, args });
    const reply = this.replies.get(channel);
    return reply ? reply(...args) : undefined;
  }
  on(channel: string, listener: RendererListener) {
    this.listeners.set(channel, [...(this.listeners.get(channel) ?? []), listener]);
    return this;
  }
  removeListener(channel: string, listener: RendererListener) {
    this.listeners.set(channel, (this.listeners.get(channel) ?? []).filter((l) => l !== listener));
    return this;
  }
  emit(channel: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(channel) ?? []) listener(this.event, ...args);
  }
  listenerCount(channel: string) {
    return this.listeners.get(channel)?.length ?? 0;
  }
}

/** Collects log lines so tests can check what was (not) written. */
export function createRecordingLog(): DesktopLog & { lines: string[] } {
  const lines: string[] = [];
  const record = (level: string) => (message: string, fields?: Record<string, unknown>) =>
    lines.push(JSON.stringify({ level, message, ...fields }));
  return { lines, info: record('info'), warn: record('warn'), error: record('error') };
}
