import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { clientAddress } from '../../http/client-address';

/**
 * The connection's remote address. Forwarded-for headers are not trusted: anyone can send them,
 * and the rate limit would be trivial to dodge. Behind a reverse proxy every client shares the
 * proxy's address, which would make the back-off per email rather than per email and client: use
 * sourceAddress with TRUST_PROXY there.
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

/**
 * The source the failure back-off counts per (issue 26): the client's address as the proxy we run
 * reports it when TRUST_PROXY is on, else the connection's. Never one count per account.
 */
export function sourceAddress(trustProxy: boolean): (c: Context) => string {
  return (c) => (trustProxy ? clientAddress(c, true) : undefined) ?? connectionAddress(c);
}
