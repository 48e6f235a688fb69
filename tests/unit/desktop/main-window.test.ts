import type { BrowserWindowConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { rendererLocationFor } from '../../../src/main/renderer-location';
import { createMainWindow, type MainWindowLike } from '../../../src/main/window/main-window';
import { createNavigationGuard, createWindowOpenHandler } from '../../../src/main/window/navigation-guards';
import { buildMainWindowOptions } from '../../../src/main/window/window-options';
import { createRecordingLog } from './fakes';

const WINDOW_INPUT = {
  preloadPath: '/app/out/preload/index.cjs',
  launchArguments: ['--tracklint-version=1.0.0', '--tracklint-server-url=http://localhost:8787'],
  iconPath: '/app/resources/icon.png',
  devTools: false,
};

function recordingShell() {
  const opened: string[] = [];
  return { opened, openExternal: async (url: string) => void opened.push(url) };
}

function navigation(url: string) {
  const details = { url, prevented: false, preventDefault: () => void (details.prevented = true) };
  return details;
}

describe('buildMainWindowOptions', () => {
  it('turns on every renderer isolation Electron offers', () => {
    const { webPreferences } = buildMainWindowOptions(WINDOW_INPUT);
    expect(webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      devTools: false,
    });
  });

  it('loads our preload and hands it the launch arguments', () => {
    const options = buildMainWindowOptions(WINDOW_INPUT);
    expect(options.webPreferences?.preload).toBe('/app/out/preload/index.cjs');
    expect(options.webPreferences?.additionalArguments).toEqual(WINDOW_INPUT.launchArguments);
    expect(options.icon).toBe('/app/resources/icon.png');
    expect(options.show).toBe(false);
  });
});

describe('createWindowOpenHandler', () => {
  it('denies every new window and sends http(s) links to the system browser', () => {
    const shell = recordingShell();
    const handler = createWindowOpenHandler(shell, createRecordingLog());

    expect(handler({ url: 'https://support.google.com/analytics/answer/9304153' })).toEqual({ action: 'deny' });
    expect(handler({ url: 'http://example.com/' })).toEqual({ action: 'deny' });
    expect(shell.opened).toEqual(['https://support.google.com/analytics/answer/9304153', 'http://example.com/']);
  });

  it.each(['file:///etc/passwd', 'javascript:alert(1)', 'smb://server/share', 'app://tracklint/other', 'not a url'])(
    'denies %s without opening anything',
    (url) => {
      const shell = recordingShell();
      expect(createWindowOpenHandler(shell, createRecordingLog())({ url })).toEqual({ action: 'deny' });
      expect(shell.opened).toEqual([]);
    },
  );
});

describe('createNavigationGuard', () => {
  const location = rendererLocationFor(undefined);

  it('lets the window move between our own pages', () => {
    const shell = recordingShell();
    const details = navigation('app://tracklint/websites/123');
    createNavigationGuard(location.isAppUrl, shell, createRecordingLog())(details);
    expect(details.prevented).toBe(false);
    expect(shell.opened).toEqual([]);
  });

  it('blocks navigation to a foreign origin and opens web links in the browser instead', () => {
    const shell = recordingShell();
    const guard = createNavigationGuard(location.isAppUrl, shell, createRecordingLog());
    const web = navigation('https://evil.example/phish');
    const file = navigation('file:///home/user/.ssh/id_rsa');

    guard(web);
    guard(file);

    expect(web.prevented).toBe(true);
    expect(file.prevented).toBe(true);
    expect(shell.opened).toEqual(['https://evil.example/phish']);
  });
});

class FakeMainWindow implements MainWindowLike {
  readonly events = new Map<string, ((...args: unknown[]) => void)[]>();
  readonly contentsEvents = new Map<string, ((...args: unknown[]) => void)[]>();
  openHandler: ((details: { url: string }) => { action: 'deny' }) | null = null;
  loaded: string[] = [];
  shown = false;
  readonly webContents = {
    send: () => undefined,
    getZoomFactor: () => 1,
    setWindowOpenHandler: (handler: (details: { url: string }) => { action: 'deny' }) => void (this.openHandler = handler),
    on: (event: string, listener: (...args: never[]) => void) => {
      this.contentsEvents.set(event, [...(this.contentsEvents.get(event) ?? []), listener as (...args: unknown[]) => void]);
    },
  };
  constructor(readonly options: BrowserWindowConstructorOptions) {}
  getContentSize() {
    return [1366, 860];
  }
  isDestroyed() {
    return false;
  }
  on(event: string, listener: () => void) {
    this.events.set(event, [...(this.events.get(event) ?? []), listener]);
    return this;
  }
  once(event: string, listener: () => void) {
    return this.on(event, listener);
  }
  removeListener(event: string, listener: () => void) {
    this.events.set(event, (this.events.get(event) ?? []).filter((l) => l !== listener));
    return this;
  }
  show() {
    this.shown = true;
  }
  async loadURL(url: string) {
    this.loaded.push(url);
  }
  emit(event: string) {
    for (const listener of this.events.get(event) ?? []) listener();
  }
  emitContents(event: string, ...args: unknown[]) {
    for (const listener of this.contentsEvents.get(event) ?? []) listener(...args);
  }
}

describe('createMainWindow', () => {
  function open(devServerUrl?: string) {
    const shell = recordingShell();
    let created: FakeMainWindow | null = null;
    createMainWindow({
      createWindow: (options) => (created = new FakeMainWindow(options)),
      window: WINDOW_INPUT,
      location: rendererLocationFor(devServerUrl),
      shell,
      log: createRecordingLog(),
    });
    if (!created) throw new Error('no window created');
    return { window: created as FakeMainWindow, shell };
  }

  it('creates the window with the secure options and loads the app:// renderer', () => {
    const { window } = open();
    expect(window.options).toEqual(buildMainWindowOptions(WINDOW_INPUT));
    expect(window.loaded).toEqual(['app://tracklint/']);
  });

  it('loads the dev server in development', () => {
    expect(open('http://localhost:5173/').window.loaded).toEqual(['http://localhost:5173/']);
  });

  it('installs the open handler and the navigation guards before loading', () => {
    const { window, shell } = open();
    expect(window.openHandler?.({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
    expect(shell.opened).toEqual(['https://example.com/']);

    for (const event of ['will-navigate', 'will-redirect']) {
      const details = navigation('https://elsewhere.example/');
      window.emitContents(event, details);
      expect(details.prevented).toBe(true);
    }
    const webview = navigation('');
    window.emitContents('will-attach-webview', webview);
    expect(webview.prevented).toBe(true);
  });

  it('shows the window only once it has painted', () => {
    const { window } = open();
    expect(window.shown).toBe(false);
    window.emit('ready-to-show');
    expect(window.shown).toBe(true);
  });

  it('reports size changes while open and stops listening when the window closes', () => {
    const { window } = open();
    for (const event of ['resize', 'maximize', 'unmaximize', 'enter-full-screen', 'leave-full-screen']) {
      expect(window.events.get(event)?.length).toBe(1);
    }

    window.emit('closed');

    for (const event of ['resize', 'maximize', 'unmaximize', 'enter-full-screen', 'leave-full-screen']) {
      expect(window.events.get(event)).toEqual([]);
    }
  });
});
