import pg from 'pg';
import type { Logger } from '../logger';

/** Website, key and rule changes (triggers of migration 20261124000300_collector_cache_notify.sql). */
export const COLLECTOR_CACHE_CHANNEL = 'tracklint_collector_cache';
/** History records another collector process committed (pg-sink.ts announces them with each batch). */
export const COLLECTOR_HISTORY_CHANNEL = 'tracklint_collector_history';

/** How long a cached lookup or history record is trusted while changes are not being announced. */
export const UNANNOUNCED_TRUST_MS = 1_000;

export interface CacheInvalidationListener {
  /** True while notifications are being received; until then caches must not be trusted for long. */
  listening(): boolean;
  /**
   * Resolves once every notification committed before the call has been handled: a round trip on
   * the listening connection, whose replies come after the notifications queued before them.
   * Resolves at once while not listening (callers then do not trust their caches anyway).
   */
  caughtUp(): Promise<void>;
  stop(): Promise<void>;
}

export interface InvalidationHandlers {
  /** Per channel: what to do with one notification's payload. */
  channels: Record<string, (payload: string) => void>;
  /** After each (re)connection: anything may have changed while nobody was listening. */
  reconnected(): void;
}

/**
 * Keeps one LISTEN connection open on the collector's channels and hands each notification to
 * its channel's handler, reconnecting with backoff when the connection is lost.
 */
export function listenForCacheInvalidation(connectionString: string, handlers: InvalidationHandlers, log: Logger): CacheInvalidationListener {
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
    if (connected) log.warn({ reason }, 'collector cache listener lost its connection; caches are bypassed until it is back');
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
    c.on('notification', (n) => handlers.channels[n.channel]?.(n.payload ?? ''));
    c.on('error', (err: Error) => lost(err.message));
    c.on('end', () => lost('connection ended'));
    try {
      await c.connect();
      for (const channel of Object.keys(handlers.channels)) await c.query(`listen ${channel}`);
      if (stopped) return void retire(c);
      connected = true;
      retryMs = 500;
      handlers.reconnected();
    } catch (err) {
      if (client === c) lost(err instanceof Error ? err.message : String(err));
    }
  }

  void connect();
  return {
    listening: () => connected,
    async caughtUp() {
      const c = client;
      if (!connected || !c) return;
      // A failure here means the connection is being lost: `lost` stops trusting the caches.
      await c.query('select 1').catch(() => undefined);
    },
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
