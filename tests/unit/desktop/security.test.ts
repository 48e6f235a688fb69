import { describe, expect, it } from 'vitest';
import { buildContentSecurityPolicy, installCspHeader } from '../../../src/main/security/content-security-policy';
import { isOpenableExternalUrl, MAX_EXTERNAL_URL_LENGTH } from '../../../src/main/security/external-url';
import { isPermissionAllowed } from '../../../src/main/security/permissions';
import { registerOpenExternalIpc } from '../../../src/main/ipc/open-external-ipc';
import { createSenderGuard } from '../../../src/main/ipc/trusted-sender';
import { rendererLocationFor } from '../../../src/main/renderer-location';
import { IpcChannels } from '../../../src/preload/bridge-types';
import { createRecordingLog, FakeIpcMain, fromApp } from './fakes';

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe('buildContentSecurityPolicy', () => {
  it('lets the renderer talk to the configured server over HTTP and WebSocket only', () => {
    const csp = directives(buildContentSecurityPolicy({ serverUrl: 'https://tracklint.example.com/base' }));
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://tracklint.example.com', 'wss://tracklint.example.com']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
  });

  it('allows no inline or remote script, plugins, frames or form posts in production', () => {
    const csp = directives(buildContentSecurityPolicy({ serverUrl: 'http://localhost:8787' }));
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toContain('ws://localhost:8787');
  });

  it('opens up just enough for the Vite dev server in development', () => {
    const csp = directives(
      buildContentSecurityPolicy({ serverUrl: 'http://localhost:8787', devServerOrigin: 'http://localhost:5173' }),
    );
    expect(csp.get('connect-src')).toEqual(expect.arrayContaining(['http://localhost:5173', 'ws://localhost:5173']));
    expect(csp.get('script-src')).toContain("'unsafe-inline'");
  });
});

describe('installCspHeader', () => {
  type Listener = Parameters<Parameters<typeof installCspHeader>[0]['onHeadersReceived']>[0];
  function install() {
    let listener: Listener | null = null;
    installCspHeader({ onHeadersReceived: (l) => void (listener = l) }, "default-src 'self'", rendererLocationFor(undefined).isAppUrl);
    return (url: string, responseHeaders: Record<string, string[]>) => {
      let response: unknown;
      listener!({ url, responseHeaders }, (r) => void (response = r));
      return response as { responseHeaders?: Record<string, string[]> };
    };
  }

  it('replaces any CSP on our pages with ours and keeps the other headers', () => {
    const respond = install();
    const response = respond('app://tracklint/', { 'content-security-policy': ['*'], 'Content-Type': ['text/html'] });
    expect(response.responseHeaders).toEqual({ 'Content-Type': ['text/html'], 'Content-Security-Policy': ["default-src 'self'"] });
  });

  it('leaves responses from other origins (the API server) alone', () => {
    const respond = install();
    expect(respond('http://localhost:8787/rest/v1/websites', { 'Content-Type': ['application/json'] })).toEqual({});
  });
});

describe('isOpenableExternalUrl', () => {
  it.each(['https://example.com', 'http://localhost:8787/x?y=1', 'mailto:hello@tracklint.com?subject=Upgrade'])('accepts %s', (url) => {
    expect(isOpenableExternalUrl(url)).toBe(true);
  });
  it.each([
    'file:///etc/passwd',
    'javascript:alert(1)',
    'ms-msdt:/id PCWDiagnostic',
    'app://tracklint/',
    '',
    `https://example.com/${'a'.repeat(MAX_EXTERNAL_URL_LENGTH)}`,
    42,
  ])('refuses %s', (url) => {
    expect(isOpenableExternalUrl(url)).toBe(false);
  });
});

describe('registerOpenExternalIpc', () => {
  function setup() {
    const ipcMain = new FakeIpcMain();
    const opened: string[] = [];
    registerOpenExternalIpc(
      ipcMain,
      { openExternal: async (url) => void opened.push(url) },
      createSenderGuard(rendererLocationFor(undefined)),
      createRecordingLog(),
    );
    return { ipcMain, opened };
  }

  it('opens http(s) links for our renderer', async () => {
    const { ipcMain, opened } = setup();
    await ipcMain.invoke(IpcChannels.openExternal, fromApp(), 'https://analytics.google.com/');
    expect(opened).toEqual(['https://analytics.google.com/']);
  });

  it('refuses other schemes and foreign senders', async () => {
    const { ipcMain, opened } = setup();
    await expect(ipcMain.invoke(IpcChannels.openExternal, fromApp(), 'file:///etc/passwd')).rejects.toThrow(/Only http\(s\) and mailto links/);
    await expect(ipcMain.invoke(IpcChannels.openExternal, fromApp('https://evil.example/'), 'https://x.example/')).rejects.toThrow(
      /Tracklint window/,
    );
    expect(opened).toEqual([]);
  });
});

describe('isPermissionAllowed', () => {
  it('allows clipboard writes and refuses device and notification permissions', () => {
    expect(isPermissionAllowed('clipboard-sanitized-write')).toBe(true);
    for (const permission of ['media', 'geolocation', 'notifications', 'openExternal', 'clipboard-read']) {
      expect(isPermissionAllowed(permission)).toBe(false);
    }
  });
});
