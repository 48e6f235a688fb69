import pg from 'pg';
import type { Logger } from '../logger';

export const COLLECTOR_CACHE_CHANNEL = 'tracklint_collector_cache';

export interface CacheInvalidationListener {
  /** True while notifications are being received; until then caches must not be trusted for long. */
  listening(): boolean;
  stop(): Promise<void>;
}

/**
 * Keeps one LISTEN connection open on the collector cache channel (see migration
 * 20261124000300_collector_cache_notify.sql) and calls `invalidate` for each notification and
 * after each (re)connection, reconnecting with backoff when the connection is lost.
 */
export function listenForCacheInvalidation(connectionString: string, invalidate: () => void, log: Logger): CacheInvalidationListener {
  let client: pg.Client | undefined;
  let connected = false;
  let stopped = false;
  let retryMs = 500;
  let timer: NodeJS.Timeout | undefined;

  /** Closes a connection for good. It keeps an error handler: Postgres may still report its end (57P01). */
  const retire = (c: pg.Client | undefined) => {
    if (!c) return Promise.resolve();
    c.removeAllListeners();
    c.on('error', () => {});
    return c.end().catch(() => {});
  };

  const lost = (reason: string) => {
    if (connected) log.warn('collector cache listener lost its connection; caches are bypassed until it is back', { reason });
    // Entries stay (stale-if-error serves them while Postgres is away) but are trusted for a second
    // only until the listener is back; reconnecting drops them all, as changes may have been missed.
    connected = false;
    void retire(client);
    client = undefined;
    if (stopped) return;
    timer = setTimeout(() => void connect(), retryMs);
    timer.unref();
    retryMs = Math.min(retryMs * 2, 30_000);
  };

  async function connect() {
    if (stopped) return;
    const c = new pg.Client({ connectionString, application_name: 'tracklint-collector-cache' });
    client = c;
    c.on('notification', () => invalidate());
    c.on('error', (err: Error) => lost(err.message));
    c.on('end', () => lost('connection ended'));
    try {
      await c.connect();
      await c.query(`listen ${COLLECTOR_CACHE_CHANNEL}`);
      if (stopped) return void retire(c);
      connected = true;
      retryMs = 500;
      // Anything that changed while nobody was listening.
      invalidate();
    } catch (err) {
      if (client === c) lost(err instanceof Error ? err.message : String(err));
    }
  }

  void connect();
  return {
    listening: () => connected,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = undefined;
      connected = false;
      await retire(c);
    },
  };
}
