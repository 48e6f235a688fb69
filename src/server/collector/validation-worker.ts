/**
 * The collector's validation thread (see validation-thread.ts): decodes and validates hits with
 * the engine's history cache, which it owns. It reads history from Postgres and listens to the
 * other processes' history announcements on connections of its own; everything else (admission,
 * storage, acknowledgements) stays in the collector's thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { createForwardingLogger } from '../logger';
import { COLLECTOR_HISTORY_CHANNEL, listenForCacheInvalidation, type CacheInvalidationListener } from './cache-invalidation';
import { createEngineAdapter } from './engine-adapter';
import { applyHistoryAnnouncement } from './history-announcements';
import { HistoryCache } from './history-cache';
import { createPgSink } from './pg-sink';
import { HitValidation, type ValidationInput } from './validation';
import type { FromValidationThread, HistoryReadCounts, ToValidationThread, ValidationWorkerData, WireWebsite } from './validation-protocol';
import type { CollectorWebsite } from './websites';

if (!parentPort) throw new Error('validation-worker.ts runs as a worker thread only');
const port = parentPort;
const data = workerData as ValidationWorkerData;
const send = (m: FromValidationThread) => port.postMessage(m);

// The collector's thread writes the log lines (with its own level and redaction).
const log = createForwardingLogger((entry) => send({ type: 'log', ...entry }));

const pool = new pg.Pool({ connectionString: data.connectionString, max: 2, application_name: 'tracklint-collector-validation' });
// An idle connection lost (Postgres restarted) must not end the thread; the next query reconnects.
pool.on('error', (err) => log.warn({ error: err.message }, 'collector validation: a history connection was lost'));

/** History reads since the last answer, reported with the next one (the collector counts them in its metrics). */
let reads: HistoryReadCounts = { reads: 0, keys: 0, found: 0 };
const takeReads = (): HistoryReadCounts | undefined => {
  if (reads.reads === 0) return undefined;
  const taken = reads;
  reads = { reads: 0, keys: 0, found: 0 };
  return taken;
};

// Called only while validating, after the listener below exists.
const history = new HistoryCache(createPgSink(pool), {
  ...data.history,
  onRead: (keys, found) => {
    reads.reads += 1;
    reads.keys += keys;
    reads.found += found;
  },
  changesAnnounced: () => listener.listening(),
  caughtUp: () => listener.caughtUp(),
});
const listener: CacheInvalidationListener = listenForCacheInvalidation(
  data.connectionString,
  {
    channels: {
      [COLLECTOR_HISTORY_CHANNEL]: (payload) => applyHistoryAnnouncement(history, payload, data.processId),
    },
    reconnected: () => history.forgetAll(),
  },
  log,
);
const validation = new HitValidation(createEngineAdapter(), history, log, { inventory: data.inventory !== false });

/** The latest version of each website the collector's thread sent. */
const websites = new Map<string, { version: number; website: CollectorWebsite }>();

function resolveWebsite(w: WireWebsite): CollectorWebsite {
  if ('website' in w) {
    websites.set(w.website.id, { version: w.version, website: w.website });
    return w.website;
  }
  const known = websites.get(w.id);
  if (known?.version !== w.version) throw new Error(`validation thread: website ${w.id} version ${w.version} was never sent`);
  return known.website;
}

const failure = (call: number, err: unknown): FromValidationThread => {
  const code = (err as { code?: unknown } | undefined)?.code;
  return { type: 'failed', call, message: err instanceof Error ? err.message : String(err), ...(typeof code === 'string' ? { code } : {}) };
};

port.on('message', (msg: ToValidationThread) => {
  switch (msg.type) {
    case 'validate': {
      let inputs: ValidationInput[];
      try {
        const sites = msg.websites.map(resolveWebsite);
        inputs = msg.hits.map((h) => ({ seq: h.seq, website: sites[h.site]!, method: h.method, envelope: h.envelope }));
      } catch (err) {
        send(failure(msg.call, err));
        return;
      }
      validation.validate(inputs).then(
        (outcomes) => {
          const historyRead = takeReads();
          send({ type: 'validated', call: msg.call, outcomes, ...(historyRead ? { historyRead } : {}) });
        },
        (err: unknown) => send(failure(msg.call, err)),
      );
      return;
    }
    case 'debug': {
      let website: CollectorWebsite | null;
      try {
        website = msg.website === null ? null : resolveWebsite(msg.website);
      } catch (err) {
        send(failure(msg.call, err));
        return;
      }
      validation.debug({ ...msg.request, website }).then(
        (response) => send({ type: 'debugged', call: msg.call, response }),
        (err: unknown) => send(failure(msg.call, err)),
      );
      return;
    }
    case 'settle':
      for (const seq of msg.kept) validation.settle(seq, true);
      for (const seq of msg.reverted) validation.settle(seq, false);
      return;
    case 'stop':
      // With its connections closed and the port closed, the thread's loop is empty and it exits.
      void Promise.allSettled([listener.stop(), pool.end()]).then(() => port.close());
      return;
  }
});
