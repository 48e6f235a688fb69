import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * The connection's remote address. Forwarded-for headers are not trusted: anyone can send them,
 * and the rate limit would be trivial to dodge. Behind a reverse proxy every client shares the
 * proxy's address, which makes the limit per email rather than per email and client.
 */
export function connectionAddress(c: Context): string {
  try {
    const address = getConnInfo(c).remote.address;
    if (address) return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  } catch {
    // app.request() in tests has no socket; fall through.
  }
  return 'unknown';
}
