import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { MiddlewareHandler } from 'hono';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this a JSON body is sent as it is: compressing it saves less than the headers cost. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/** Bodies are compressed in memory; a larger one (an export) is sent as it is rather than buffered twice. */
const MAX_COMPRESS_BYTES = 8 * 1024 * 1024;

/**
 * Compresses JSON responses of the data, auth and app APIs (brotli when accepted, else gzip) when
 * they exceed COMPRESS_THRESHOLD_BYTES. hono/compress is not used because it compresses every
 * body without a Content-Length, which is every c.json() response, however small. Mounted on
 * /rest, /api, /auth and /functions only: the collector answers tiny bodies to many clients.
 */
export function compressJson(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (c.req.method === 'HEAD' || res.status === 204 || res.status === 206 || !res.body) return;
    if (res.headers.has('content-encoding') || !/[/+]json\b/i.test(res.headers.get('content-type') ?? '')) return;
    if (/no-transform/i.test(res.headers.get('cache-control') ?? '')) return;
    const declared = Number(res.headers.get('content-length') ?? NaN);
    if (declared < COMPRESS_THRESHOLD_BYTES || declared > MAX_COMPRESS_BYTES) return;
    const vary = res.headers.get('vary');
    const headers = new Headers(res.headers);
    if (!vary || !/accept-encoding/i.test(vary)) headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const accepted = (c.req.header('accept-encoding') ?? '').toLowerCase();
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
    const body = Buffer.from(await res.arrayBuffer());
    let sent: Uint8Array = body;
    if (encoding && body.byteLength >= COMPRESS_THRESHOLD_BYTES && body.byteLength <= MAX_COMPRESS_BYTES) {
      // Quality 4 / level 6: most of the gain for a small part of the CPU of the maximum settings.
      sent =
        encoding === 'br'
          ? await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } })
          : await gzipAsync(body, { level: 6 });
      headers.set('content-encoding', encoding);
      const etag = headers.get('etag');
      if (etag && !etag.startsWith('W/')) headers.set('etag', `W/${etag}`);
    }
    headers.set('content-length', String(sent.byteLength));
    // A copy with its own ArrayBuffer: what the Response constructor's types accept.
    c.res = new Response(new Uint8Array(sent), { status: res.status, statusText: res.statusText, headers });
  };
}
