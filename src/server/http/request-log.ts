import type { Context, MiddlewareHandler } from 'hono';
import { requestId } from 'hono/request-id';
import type { Logger } from '../logger';

declare module 'hono' {
  interface ContextVariableMap {
    /** The process logger bound to this request's id (set by requestLog()). */
    log: Logger;
  }
}

/** Longest incoming X-Request-Id kept; a longer one (or one with other than [A-Za-z0-9_=-]) is replaced. */
export const REQUEST_ID_MAX_LENGTH = 128;

/**
 * Gives every HTTP request an id: a sane incoming `X-Request-Id` (a proxy's or a client's) is
 * kept, anything else replaced by a random UUID; it is echoed in the response's `X-Request-Id`
 * and bound into a child logger handlers read with `c.get('log')`, so one request's lines can be
 * found together.
 */
export function requestLog(log: Logger): MiddlewareHandler[] {
  return [
    requestId({ limitLength: REQUEST_ID_MAX_LENGTH }),
    async (c, next) => {
      c.set('log', log.child({ requestId: c.get('requestId') }));
      await next();
    },
  ];
}

/** The request's logger, or `fallback` where requestLog() did not run (a sub-app under test). */
export function logFor(c: Context, fallback: Logger): Logger {
  return (c.get('log') as Logger | undefined) ?? fallback;
}
