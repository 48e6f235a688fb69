import type { MiddlewareHandler } from 'hono';
import { errorBody } from './errors';

/** Largest JSON body /api/v1 sends; pages are capped at 100 items, this stops a page of huge items. */
export const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;

/** Replaces an oversized JSON response with a 413 asking for a narrower query. */
export function capResponseSize(maxBytes = MAX_RESPONSE_BYTES): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!c.res.headers.get('content-type')?.includes('application/json')) return;
    const size = (await c.res.clone().arrayBuffer()).byteLength;
    if (size > maxBytes) {
      c.res = c.json(errorBody('payload_too_large', `The response would be ${size} bytes, over the ${maxBytes}-byte cap. Lower limit or narrow the query.`, { max_bytes: maxBytes }), 413);
    }
  };
}
