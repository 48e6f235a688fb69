import { describe, expect, it } from 'vitest';
import { createBridge } from '../../../src/preload/bridge';
import { IpcChannels, type DesktopBridge, type WindowSize } from '../../../src/preload/bridge-types';
import { FakeIpcRenderer } from './fakes';

const LAUNCH = { version: '1.2.3', serverUrl: 'https://tracklint.example.com' };
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('createBridge', () => {
  it('exposes exactly the DesktopBridge members and no IPC object', () => {
    const ipc = new FakeIpcRenderer();
    const bridge: DesktopBridge = createBridge(ipc, LAUNCH);

    expect(Object.keys(bridge).sort()).toEqual(['authStorage', 'onWindowResize', 'openExternal', 'platform', 'serverUrl', 'version']);
    expect(bridge.platform).toBe('desktop');
    expect(bridge.version).toBe('1.2.3');
    expect(bridge.serverUrl).toBe('https://tracklint.example.com');
    expect(Object.values(bridge)).not.toContain(ipc);
    expect(Object.values(bridge.authStorage)).not.toContain(ipc);
  });

  it('sends auth storage calls over their channels with key and value', async () => {
    const ipc = new FakeIpcRenderer();
    ipc.replies.set(IpcChannels.authGet, (key) => `stored for ${String(key)}`);
    const { authStorage } = createBridge(ipc, LAUNCH);

    expect(await authStorage.getItem('sb-x-auth-token')).toBe('stored for sb-x-auth-token');
    await authStorage.setItem('sb-x-auth-token', '{"a":1}');
    await authStorage.removeItem('sb-x-auth-token');

    expect(ipc.invocations).toEqual([
      { channel: IpcChannels.authGet, args: ['sb-x-auth-token'] },
      { channel: IpcChannels.authSet, args: ['sb-x-auth-token', '{"a":1}'] },
      { channel: IpcChannels.authRemove, args: ['sb-x-auth-token'] },
    ]);
  });

  it('reads a missing entry as null', async () => {
    const ipc = new FakeIpcRenderer();
    ipc.replies.set(IpcChannels.authGet, () => null);
    expect(await createBridge(ipc, LAUNCH).authStorage.getItem('sb-x-auth-token')).toBeNull();
  });

  it('passes main-process errors on to the caller', async () => {
    const ipc = new FakeIpcRenderer();
    ipc.replies.set(IpcChannels.authSet, () => Promise.reject(new Error('keychain locked')));
    await expect(createBridge(ipc, LAUNCH).authStorage.setItem('sb-x-auth-token', 'v')).rejects.toThrow('keychain locked');
  });

  it('opens links through the open-external channel', async () => {
    const ipc = new FakeIpcRenderer();
    await createBridge(ipc, LAUNCH).openExternal('https://support.google.com/analytics');
    expect(ipc.invocations).toEqual([{ channel: IpcChannels.openExternal, args: ['https://support.google.com/analytics'] }]);
  });

  describe('onWindowResize', () => {
    it('calls the listener once immediately with the size main reports', async () => {
      const ipc = new FakeIpcRenderer();
      ipc.replies.set(IpcChannels.windowSize, () => ({ width: 1440, height: 900 }));
      const sizes: WindowSize[] = [];

      createBridge(ipc, LAUNCH).onWindowResize((size) => sizes.push(size));
      await flush();

      expect(sizes).toEqual([{ width: 1440, height: 900 }]);
      expect(ipc.invocations.map((call) => call.channel)).toEqual([IpcChannels.windowSize]);
    });

    it('forwards resize messages with the size only, never the IPC event', async () => {
      const ipc = new FakeIpcRenderer();
      ipc.replies.set(IpcChannels.windowSize, () => ({ width: 800, height: 600 }));
      const calls: unknown[][] = [];

      createBridge(ipc, LAUNCH).onWindowResize((...args: unknown[]) => calls.push(args));
      await flush();
      ipc.emit(IpcChannels.windowResize, { width: 1920, height: 1080 });

      expect(calls).toEqual([[{ width: 800, height: 600 }], [{ width: 1920, height: 1080 }]]);
      expect(JSON.stringify(calls)).not.toContain('ipcRenderer');
    });

    it('ignores malformed payloads', async () => {
      const ipc = new FakeIpcRenderer();
      const sizes: WindowSize[] = [];
      createBridge(ipc, LAUNCH).onWindowResize((size) => sizes.push(size));
      await flush();

      ipc.emit(IpcChannels.windowResize, { width: '1920' });
      ipc.emit(IpcChannels.windowResize);

      expect(sizes).toEqual([]);
    });

    it('stops delivering after unsubscribe and removes its IPC listener', async () => {
      const ipc = new FakeIpcRenderer();
      ipc.replies.set(IpcChannels.windowSize, () => ({ width: 800, height: 600 }));
      const sizes: WindowSize[] = [];
      const unsubscribe = createBridge(ipc, LAUNCH).onWindowResize((size) => sizes.push(size));
      await flush();

      unsubscribe();
      ipc.emit(IpcChannels.windowResize, { width: 1920, height: 1080 });

      expect(sizes).toEqual([{ width: 800, height: 600 }]);
      expect(ipc.listenerCount(IpcChannels.windowResize)).toBe(0);
    });

    it('does not call a listener that unsubscribed before the first size arrived', async () => {
      const ipc = new FakeIpcRenderer();
      ipc.replies.set(IpcChannels.windowSize, () => ({ width: 800, height: 600 }));
      const sizes: WindowSize[] = [];

      createBridge(ipc, LAUNCH).onWindowResize((size) => sizes.push(size))();
      await flush();

      expect(sizes).toEqual([]);
    });

    it('keeps other subscribers when one unsubscribes', async () => {
      const ipc = new FakeIpcRenderer();
      const bridge = createBridge(ipc, LAUNCH);
      const first: WindowSize[] = [];
      const second: WindowSize[] = [];
      const stopFirst = bridge.onWindowResize((size) => first.push(size));
      bridge.onWindowResize((size) => second.push(size));

      stopFirst();
      ipc.emit(IpcChannels.windowResize, { width: 1024, height: 700 });

      expect(first).toEqual([]);
      expect(second).toEqual([{ width: 1024, height: 700 }]);
    });
  });
});
