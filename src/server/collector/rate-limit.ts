import type pg from 'pg';
import type { Logger } from '../logger';

/** How many hits of a website may go on this minute; the rest are refused as rate_limited. */
export interface WebsiteRateLimiter {
  /** Takes up to n hits of the website's per-minute allowance (-1: unlimited); returns how many it got. */
  take(websiteId: string, perMinute: number, n: number, nowMs: number): Promise<number>;
}

/** Claims one slice of a website's allowance for a minute; returns how many hits were granted. */
export type AllowanceClaim = (websiteId: string, minuteStartMs: number, wanted: number, perMinute: number) => Promise<number>;

interface MinuteState {
  minute: number;
  /** Granted to this process and not spent yet. */
  left: number;
  /** Postgres said the minute is used up: no more claims until the next minute. */
  exhausted: boolean;
  /** Claims for one website run one after another, so a burst costs one round trip, not one per request. */
  queue: Promise<unknown>;
}

const MINUTE_MS = 60_000;
/** A process claims at least this share of the allowance at once, so most requests are answered from memory. */
const SLICES_PER_MINUTE = 20;

/**
 * A per-website, per-minute limit shared by every server process: each process claims slices of
 * the minute's allowance from Postgres (collector_claim_hits) and spends them locally. The total
 * granted for a minute never exceeds the limit, whatever the number of processes; a slice one
 * process holds unspent is lost to the others, so the limit errs on the side of refusing.
 */
export function createRateLimiter(claim: AllowanceClaim, log: Logger): WebsiteRateLimiter {
  const states = new Map<string, MinuteState>();

  function stateFor(websiteId: string, minute: number): MinuteState {
    let s = states.get(websiteId);
    if (!s || s.minute !== minute) {
      if (states.size > 10_000) for (const [id, old] of states) if (old.minute < minute) states.delete(id);
      s = { minute, left: 0, exhausted: false, queue: Promise.resolve() };
      states.set(websiteId, s);
    }
    return s;
  }

  return {
    take(websiteId, perMinute, n, nowMs) {
      if (perMinute < 0 || n <= 0) return Promise.resolve(Math.max(0, n));
      const minute = Math.floor(nowMs / MINUTE_MS);
      const s = stateFor(websiteId, minute);
      const run = async (): Promise<number> => {
        let got = Math.min(s.left, n);
        s.left -= got;
        if (got < n && !s.exhausted) {
          const wanted = Math.max(n - got, Math.ceil(perMinute / SLICES_PER_MINUTE));
          let granted: number;
          try {
            granted = await claim(websiteId, minute * MINUTE_MS, wanted, perMinute);
          } catch (err) {
            // Without Postgres nothing is stored anyway (hits wait in the queue or are refused as
            // storage_unavailable); refusing here too would only lose hits once it is back.
            log.warn({ error: err instanceof Error ? err.message : String(err) }, 'collector: rate limit unavailable, admitting the hits');
            return n;
          }
          if (granted < wanted) s.exhausted = true;
          const used = Math.min(granted, n - got);
          got += used;
          s.left += granted - used;
        }
        return got;
      };
      const result = s.queue.then(run);
      s.queue = result.catch(() => undefined);
      return result;
    },
  };
}

/** Claims through Postgres, so every process shares one count per website and minute. */
export function pgAllowanceClaim(pool: pg.Pool): AllowanceClaim {
  return async (websiteId, minuteStartMs, wanted, perMinute) => {
    const { rows } = await pool.query<{ granted: number }>('select public.collector_claim_hits($1, $2, $3, $4) as granted', [
      websiteId,
      new Date(minuteStartMs).toISOString(),
      wanted,
      perMinute,
    ]);
    return Number(rows[0]?.granted ?? 0);
  };
}

/** Deletes old minute buckets; run by the collector's maintenance. */
export async function pruneRateBuckets(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: number }>('select public.collector_prune_rate_buckets() as n');
  return Number(rows[0]?.n ?? 0);
}
