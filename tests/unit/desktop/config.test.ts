import { describe, expect, it } from 'vitest';
import { parseDesktopSettings, readDesktopSettings } from '../../../src/main/config/desktop-settings';
import { DEFAULT_SERVER_URL, normalizeServerUrl, resolveServerUrl } from '../../../src/main/config/server-url';
import { rendererLocationFor } from '../../../src/main/renderer-location';
import { decodeLaunchArguments, encodeLaunchArguments } from '../../../src/preload/launch-arguments';

describe('resolveServerUrl', () => {
  it('defaults to the local server', () => {
    expect(resolveServerUrl({ env: {}, settings: {} })).toEqual({ serverUrl: 'http://localhost:8787', source: 'default' });
    expect(DEFAULT_SERVER_URL).toBe('http://localhost:8787');
  });

  it('uses the stored preference over the default', () => {
    expect(resolveServerUrl({ env: {}, settings: { serverUrl: 'https://tracklint.example.com/' } })).toEqual({
      serverUrl: 'https://tracklint.example.com',
      source: 'settings',
    });
  });

  it('lets TRACKLINT_SERVER_URL override the stored preference', () => {
    const resolved = resolveServerUrl({
      env: { TRACKLINT_SERVER_URL: 'https://staging.tracklint.example.com' },
      settings: { serverUrl: 'https://tracklint.example.com' },
    });
    expect(resolved).toEqual({ serverUrl: 'https://staging.tracklint.example.com', source: 'env' });
  });

  it('ignores an empty environment variable', () => {
    expect(resolveServerUrl({ env: { TRACKLINT_SERVER_URL: '  ' }, settings: {} }).source).toBe('default');
  });

  it.each([
    ['not a URL', 'localhost:8787x', /is not a URL|must be an http\(s\) URL/],
    ['a non-http scheme', 'file:///etc', /must be an http\(s\) URL/],
    ['credentials', 'https://user:pw@tracklint.example.com', /must not contain credentials/],
    ['a query', 'https://tracklint.example.com/?x=1', /must not contain credentials, a query/],
  ])('rejects %s with a message naming the setting', (_label, raw, message) => {
    expect(() => resolveServerUrl({ env: { TRACKLINT_SERVER_URL: raw }, settings: {} })).toThrow(message);
    expect(() => resolveServerUrl({ env: { TRACKLINT_SERVER_URL: raw }, settings: {} })).toThrow(/TRACKLINT_SERVER_URL/);
  });

  it('keeps a path prefix but drops trailing slashes', () => {
    expect(normalizeServerUrl('https://example.com/tracklint///', 'x')).toBe('https://example.com/tracklint');
  });
});

describe('readDesktopSettings', () => {
  const missing = () => {
    throw Object.assign(new Error('no such file'), { code: 'ENOENT' });
  };

  it('treats a missing settings file as no preferences', () => {
    expect(readDesktopSettings('/u/settings.json', missing)).toEqual({});
  });

  it('reads the server URL preference', () => {
    expect(readDesktopSettings('/u/settings.json', () => '{"serverUrl":"https://t.example.com"}')).toEqual({
      serverUrl: 'https://t.example.com',
    });
  });

  it('reports other read failures instead of ignoring them', () => {
    const denied = () => {
      throw Object.assign(new Error('permission denied'), { code: 'EACCES' });
    };
    expect(() => readDesktopSettings('/u/settings.json', denied)).toThrow('permission denied');
  });

  it.each([
    ['broken JSON', '{serverUrl:', /is not valid JSON/],
    ['an array', '[]', /must hold a JSON object/],
    ['a non-string serverUrl', '{"serverUrl": 8787}', /"serverUrl" must be a string/],
  ])('explains %s, naming the file', (_label, text, message) => {
    expect(() => parseDesktopSettings(text, '/u/settings.json')).toThrow(message);
    expect(() => parseDesktopSettings(text, '/u/settings.json')).toThrow(/\/u\/settings.json/);
  });
});

describe('launch arguments', () => {
  it('carry the version and server URL from main to the preload', () => {
    const argv = ['/opt/Tracklint/tracklint', '--type=renderer', ...encodeLaunchArguments({ version: '2.0.0', serverUrl: 'https://t.example.com' })];
    expect(decodeLaunchArguments(argv)).toEqual({ version: '2.0.0', serverUrl: 'https://t.example.com' });
  });

  it('fail loudly when main did not pass them', () => {
    expect(() => decodeLaunchArguments(['/opt/Tracklint/tracklint'])).toThrow(/did not pass --tracklint-version/);
  });
});

describe('rendererLocationFor', () => {
  it('serves the built renderer from app://tracklint', () => {
    const location = rendererLocationFor(undefined);
    expect(location.entryUrl).toBe('app://tracklint/');
    expect(location.isAppUrl('app://tracklint/websites')).toBe(true);
    expect(location.isAppUrl('app://tracklint.evil/')).toBe(false);
    expect(location.isAppUrl('file:///index.html')).toBe(false);
  });

  it('uses the dev server origin in development', () => {
    const location = rendererLocationFor('http://localhost:5173');
    expect(location.isAppUrl('http://localhost:5173/login')).toBe(true);
    expect(location.isAppUrl('http://localhost:5174/')).toBe(false);
    expect(location.isAppUrl('app://tracklint/')).toBe(false);
  });

  it('rejects a dev server URL that is not http(s)', () => {
    expect(() => rendererLocationFor('file:///tmp/index.html')).toThrow(/ELECTRON_RENDERER_URL must be an http\(s\) URL/);
  });
});
