import { afterEach, describe, expect, it, vi } from 'vitest';
import { IpcChannels } from '../../../src/preload/bridge-types';
import { encodeLaunchArguments } from '../../../src/preload/launch-arguments';
import { FakeIpcRenderer } from './fakes';

const exposed = new Map<string, unknown>();
const ipcRenderer = new FakeIpcRenderer();

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (name: string, api: unknown) => exposed.set(name, api) },
  ipcRenderer,
}));

describe('src/preload/index.ts', () => {
  const originalArgv = process.argv;
  afterEach(() => {
    process.argv = originalArgv;
  });

  it('exposes the bridge as tracklintDesktop, built from the launch arguments', async () => {
    process.argv = [...originalArgv, ...encodeLaunchArguments({ version: '0.1.0', serverUrl: 'http://localhost:8787' })];

    await import('../../../src/preload/index');

    expect([...exposed.keys()]).toEqual(['tracklintDesktop']);
    const bridge = exposed.get('tracklintDesktop') as { serverUrl: string; version: string; authStorage: { getItem(k: string): Promise<unknown> } };
    expect(bridge.serverUrl).toBe('http://localhost:8787');
    expect(bridge.version).toBe('0.1.0');
    await bridge.authStorage.getItem('sb-localhost-auth-token');
    expect(ipcRenderer.invocations).toEqual([{ channel: IpcChannels.authGet, args: ['sb-localhost-auth-token'] }]);
  });
});
