import { describe, expect, it } from 'vitest';
import { createSenderGuard } from '../../../src/main/ipc/trusted-sender';
import { rendererLocationFor } from '../../../src/main/renderer-location';
import { registerWindowSizeIpc, reportWindowSize, type SizedWindow, type Timers } from '../../../src/main/window/window-size';
import { IpcChannels } from '../../../src/preload/bridge-types';
import { FakeIpcMain, fromApp } from './fakes';

/** Timers that fire only when the test says so: debouncing is checked without waiting. */
class ManualTimers implements Timers {
  private next = 1;
  readonly pending = new Map<number, { callback: () => void; ms: number }>();
  setTimeout(callback: () => void, ms: number) {
    const id = this.next++;
    this.pending.set(id, { callback, ms });
    return id;
  }
  clearTimeout(handle: unknown) {
    this.pending.delete(handle as number);
  }
  fireAll() {
    const due = [...this.pending.values()];
    this.pending.clear();
    for (const timer of due) timer.callback();
  }
}

class FakeWindow implements SizedWindow {
  size = [1280, 800];
  zoom = 1;
  destroyed = false;
  readonly listeners = new Map<string, (() => void)[]>();
  readonly sent: { channel: string; args: unknown[] }[] = [];
  readonly webContents = {
    send: (channel: string, ...args: unknown[]) => this.sent.push({ channel, args }),
    getZoomFactor: () => this.zoom,
  };
  getContentSize() {
    return this.size;
  }
  isDestroyed() {
    return this.destroyed;
  }
  on(event: string, listener: () => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  removeListener(event: string, listener: () => void) {
    this.listeners.set(event, (this.listeners.get(event) ?? []).filter((l) => l !== listener));
    return this;
  }
  fire(event: string, width: number, height: number) {
    this.size = [width, height];
    for (const listener of this.listeners.get(event) ?? []) listener();
  }
  listenerCount() {
    return [...this.listeners.values()].reduce((sum, list) => sum + list.length, 0);
  }
}

describe('reportWindowSize', () => {
  it('sends one window:resize with the final content size after a burst of resizes', () => {
    const window = new FakeWindow();
    const timers = new ManualTimers();
    reportWindowSize(window, { timers });

    window.fire('resize', 1000, 700);
    window.fire('resize', 1100, 720);
    window.fire('resize', 1366, 768);

    expect(window.sent).toEqual([]);
    expect(timers.pending.size).toBe(1);
    expect([...timers.pending.values()][0]?.ms).toBe(100);
    timers.fireAll();
    expect(window.sent).toEqual([{ channel: IpcChannels.windowResize, args: [{ width: 1366, height: 768 }] }]);
  });

  it('reports maximize and full-screen changes too', () => {
    const window = new FakeWindow();
    const timers = new ManualTimers();
    reportWindowSize(window, { timers });

    window.fire('maximize', 2560, 1400);
    timers.fireAll();
    window.fire('leave-full-screen', 1440, 900);
    timers.fireAll();

    expect(window.sent.map((message) => message.args[0])).toEqual([
      { width: 2560, height: 1400 },
      { width: 1440, height: 900 },
    ]);
  });

  it('reports CSS pixels, as window.innerWidth would, when the page is zoomed', () => {
    const window = new FakeWindow();
    const timers = new ManualTimers();
    reportWindowSize(window, { timers });
    window.zoom = 1.25;

    window.fire('resize', 1920, 1000);
    timers.fireAll();

    expect(window.sent[0]?.args[0]).toEqual({ width: 1536, height: 800 });
  });

  it('sends nothing to a destroyed window', () => {
    const window = new FakeWindow();
    const timers = new ManualTimers();
    reportWindowSize(window, { timers });
    window.fire('resize', 900, 600);
    window.destroyed = true;

    timers.fireAll();

    expect(window.sent).toEqual([]);
  });

  it('stops listening and cancels a pending report when disposed', () => {
    const window = new FakeWindow();
    const timers = new ManualTimers();
    const stop = reportWindowSize(window, { timers });
    window.fire('resize', 900, 600);

    stop();

    expect(timers.pending.size).toBe(0);
    expect(window.listenerCount()).toBe(0);
  });
});

describe('registerWindowSizeIpc', () => {
  const guard = createSenderGuard(rendererLocationFor(undefined));

  it('answers window:size with the current content size', async () => {
    const ipcMain = new FakeIpcMain();
    const window = new FakeWindow();
    window.size = [1024, 768];
    registerWindowSizeIpc(ipcMain, () => window, guard);

    expect(await ipcMain.invoke(IpcChannels.windowSize, fromApp())).toEqual({ width: 1024, height: 768 });
  });

  it('refuses foreign senders', async () => {
    const ipcMain = new FakeIpcMain();
    registerWindowSizeIpc(ipcMain, () => new FakeWindow(), guard);
    await expect(ipcMain.invoke(IpcChannels.windowSize, fromApp('https://evil.example/'))).rejects.toThrow(/Tracklint window/);
  });

  it('fails clearly when no window is open', async () => {
    const ipcMain = new FakeIpcMain();
    registerWindowSizeIpc(ipcMain, () => null, guard);
    await expect(ipcMain.invoke(IpcChannels.windowSize, fromApp())).rejects.toThrow('The Tracklint window is not open.');
  });
});
