import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { APP_HOST } from './renderer-location';

const MIME_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export interface RendererFiles {
  /** out/renderer: the built index.html and its assets. */
  rootDir: string;
  contentSecurityPolicy: string;
  readFile?: (filePath: string) => Promise<Uint8Array>;
}

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

/**
 * Serves `app://tracklint/...` from the built renderer, the way the web server serves the web
 * build: real files as they are, extension-less paths (client-side routes) get index.html.
 * Paths are resolved inside rootDir only, so `..` cannot reach other files.
 */
export function createRendererRequestHandler(files: RendererFiles): (request: Request) => Promise<Response> {
  const root = path.resolve(files.rootDir);
  const read = files.readFile ?? ((filePath: string) => readFile(filePath));
  const securityHeaders = {
    'content-security-policy': files.contentSecurityPolicy,
    'x-content-type-options': 'nosniff',
  };

  async function serve(filePath: string): Promise<Response | null> {
    try {
      const body = await read(filePath);
      const type = MIME_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
      return new Response(body as Uint8Array<ArrayBuffer>, { status: 200, headers: { 'content-type': type, ...securityHeaders } });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return null;
      throw error;
    }
  }

  return async (request) => {
    const url = new URL(request.url);
    if (url.host !== APP_HOST || (request.method !== 'GET' && request.method !== 'HEAD')) return notFound();
    let relative: string;
    try {
      relative = decodeURIComponent(url.pathname);
    } catch {
      return notFound();
    }
    const filePath = path.resolve(root, `.${path.posix.normalize(`/${relative}`)}`);
    if (filePath !== root && !filePath.startsWith(`${root}${path.sep}`)) return notFound();

    const isRoute = path.extname(filePath) === '' || filePath === root;
    if (!isRoute) return (await serve(filePath)) ?? notFound();
    return (await serve(path.join(root, 'index.html'))) ?? notFound();
  };
}
