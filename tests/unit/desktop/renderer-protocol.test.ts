import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRendererRequestHandler } from '../../../src/main/renderer-protocol';

const CSP = "default-src 'self'";
let workDir: string;
let handle: (request: Request) => Promise<Response>;

beforeAll(() => {
  workDir = mkdtempSync(path.join(tmpdir(), 'tracklint-renderer-'));
  const root = path.join(workDir, 'renderer');
  mkdirSync(path.join(root, 'assets'), { recursive: true });
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(root, 'assets', 'index-abc.js'), 'console.log("app")');
  writeFileSync(path.join(workDir, 'secret.txt'), 'outside the renderer');
  handle = createRendererRequestHandler({ rootDir: root, contentSecurityPolicy: CSP });
});

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe('createRendererRequestHandler', () => {
  it('serves index.html at the root with the CSP header', async () => {
    const response = await handle(new Request('app://tracklint/'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(CSP);
    expect(await response.text()).toContain('<div id="root">');
  });

  it('serves built assets with their MIME type', async () => {
    const response = await handle(new Request('app://tracklint/assets/index-abc.js'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await response.text()).toBe('console.log("app")');
  });

  it('answers client-side routes with index.html so deep links and reloads work', async () => {
    const response = await handle(new Request('app://tracklint/websites/42/events'));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<div id="root">');
  });

  it('answers a missing asset with 404, not index.html', async () => {
    expect((await handle(new Request('app://tracklint/assets/missing.js'))).status).toBe(404);
  });

  it.each(['app://tracklint/%2e%2e/secret.txt', 'app://tracklint/..%2fsecret.txt', 'app://tracklint/assets/..%2f..%2fsecret.txt'])(
    'never serves files outside the renderer folder (%s)',
    async (url) => {
      const response = await handle(new Request(url));
      expect(await response.text()).not.toContain('outside the renderer');
    },
  );

  it('refuses other hosts and non-GET methods', async () => {
    expect((await handle(new Request('app://elsewhere/'))).status).toBe(404);
    expect((await handle(new Request('app://tracklint/', { method: 'POST', body: 'x' }))).status).toBe(404);
  });
});
