import { finished } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { HistoryRead, HistoryWrite, CollectorSink, SinkBatch, SinkResult } from './sink';
import { inBatchDuplicates, usageIncrements } from './sink';
import { utcMonth } from './quota';
import { aggregateRollups } from './rollups';
import { inventoryParams, UPSERT_INVENTORY, type InventoryRow } from './inventory';
import type { InventoryAccumulator } from './inventory-accumulator';
import { REQUEST_COLUMNS, type StoredHit } from './stored-hit';
import { pgSafeJson } from './pg-safe-json';
import { websiteCounts } from './website-counters';
import { COLLECTOR_HISTORY_CHANNEL } from './cache-invalidation';
import { historyAnnouncements } from './history-announcements';
import { isoTimestamp as iso } from './copy-text';

// Keys live in daily partitions: a key counts as seen if it is in today's or yesterday's (UTC).
const INSERT_KEYS = `
  insert into public.collector_idempotency_keys (website_id, idempotency_key, seen_on)
  select t.w, t.k, x.today
  from unnest($1::uuid[], $2::text[]) as t(w, k), (select (now() at time zone 'utc')::date as today) as x
  where not exists (
    select 1 from public.collector_idempotency_keys y
    where y.website_id = t.w and y.idempotency_key = t.k and y.seen_on = x.today - 1)
  on conflict do nothing
  returning website_id, idempotency_key`;

// The log rows go in with COPY (text format): the cheapest way into Postgres for a batch of wide
// rows. Before, a JSON document taken apart by json_to_recordset was most of Postgres's work per hit.
// Each hit's line was encoded when it was validated (StoredHit.copyLine).
const COPY_REQUESTS = `copy public.collected_requests (${REQUEST_COLUMNS.join(', ')}) from stdin`;

// Counts the batch's requests and answers each organization's new total with its plan's limit as
// of now, so requests over the limit can be taken back in the same transaction. The row lock
// serializes every process's batches of an organization: the database decides, not a ledger.
const COUNT_USAGE = `
  counted as (
    insert into public.organization_usage as u (organization_id, month, monthly_requests, updated_at)
    select o, m, n, now() from unnest($1::uuid[], $2::date[], $3::bigint[]) as t(o, m, n)
    on conflict (organization_id, month) do update set monthly_requests = u.monthly_requests + excluded.monthly_requests, updated_at = now()
    returning u.organization_id, u.month, u.monthly_requests),
  totals as (
    select c.organization_id, c.month::text as month, c.monthly_requests::bigint as total, p.monthly_requests::bigint as request_limit
    from counted c
    join public.organizations o on o.id = c.organization_id
    left join public.subscription_plan_limits p on p.plan = tracklint_private.effective_plan(o))`;

const UPSERT_USAGE = `with ${COUNT_USAGE} select organization_id, month, total, request_limit from totals`;

const UNCOUNT_USAGE = `
  update public.organization_usage u set monthly_requests = u.monthly_requests - t.n, updated_at = now()
  from unnest($1::uuid[], $2::date[], $3::bigint[]) as t(o, m, n)
  where u.organization_id = t.o and u.month = t.m`;

const DELETE_REQUESTS = `
  delete from public.collected_requests r using unnest($1::uuid[], $2::timestamptz[]) as t(id, at)
  where r.id = t.id and r.received_at = t.at`;

// A request taken back must not count as seen: its retry would be answered as a stored duplicate.
const DELETE_KEYS = `
  delete from public.collector_idempotency_keys k using unnest($1::uuid[], $2::text[]) as t(w, key)
  where k.website_id = t.w and k.idempotency_key = t.key and k.seen_on = (now() at time zone 'utc')::date`;

// A hit from the website's own domain proves traffic arrives, not who owns the domain (issue 26):
// it sets receiving_traffic_at; ownership is verified by DNS, file or meta tag (api/websites.ts).
const VERIFY_WEBSITES = `
  update public.websites set receiving_traffic_at = now()
  where id = any($1::uuid[]) and receiving_traffic_at is null`;

const LOAD_HISTORY = 'select key, value, expires_at from public.collector_history where website_id = $1 and key = any($2::text[]) and expires_at > now()';

export const UPSERT_HISTORY = `
  insert into public.collector_history as h (website_id, key, value, expires_at, updated_at)
  select w, k, v, e, now() from unnest($1::uuid[], $2::text[], $3::jsonb[], $4::timestamptz[]) as t(w, k, v, e)
  on conflict (website_id, key) do update set value = excluded.value, expires_at = excluded.expires_at, updated_at = now()`;

const UPSERT_USAGE_EVENTS = `
  insert into public.organization_usage_events as x (organization_id, month, kind, limit_value, refused_requests, first_occurred_at, last_occurred_at)
  select o, m, 'monthly_requests_limit_reached', l, n, f, la
  from unnest($1::uuid[], $2::date[], $3::bigint[], $4::bigint[], $5::timestamptz[], $6::timestamptz[]) as t(o, m, l, n, f, la)
  where exists (select 1 from public.organizations g where g.id = t.o)
  on conflict (organization_id, month, kind) do update set
    refused_requests = x.refused_requests + excluded.refused_requests,
    limit_value = excluded.limit_value,
    last_occurred_at = greatest(x.last_occurred_at, excluded.last_occurred_at)`;

// The batch's counts in one statement: monthly usage first (the organization's row lock), then,
// only if no organization is over its limit, the hourly rollups (per website, and summed per
// organization in key order, so concurrent batches lock its rows in the same order) and the website
// counters. With no usage to add (a batch counted first, see writeCountingFirst) it writes those alone. The
// aggregate in `within` reads every usage row, so all of them are locked before any rollup row.
// Over a limit nothing but the usage is written, and the caller rolls the transaction back.
const COUNT_WITHIN_LIMITS = `
  with ${COUNT_USAGE},
  within as (
    select coalesce(bool_and(not coalesce(request_limit >= 0 and total > request_limit, false)), true) as ok from totals),
  site_rollups as (
    insert into public.website_hourly_rollups as r (organization_id, website_id, hour, dimension, value, count)
    select o, w, h, d, v, n from unnest($4::uuid[], $5::uuid[], $6::timestamptz[], $7::text[], $8::text[], $9::bigint[]) as t(o, w, h, d, v, n), within
    where within.ok
    on conflict (website_id, hour, dimension, value) do update set count = r.count + excluded.count),
  org_rollups as (
    insert into public.organization_hourly_rollups as r (organization_id, hour, dimension, value, count)
    select o, h, d, v, sum(n) from unnest($4::uuid[], $6::timestamptz[], $7::text[], $8::text[], $9::bigint[]) as t(o, h, d, v, n), within
    where within.ok
    group by o, h, d, v order by o, h, d, v
    on conflict (organization_id, hour, dimension, value) do update set count = r.count + excluded.count),
  counters as (
    insert into public.website_hit_counters as c (organization_id, website_id, bucket, outcome, reason, count)
    select o, w, b, k, r, n from unnest($10::uuid[], $11::uuid[], $12::timestamptz[], $13::text[], $14::text[], $15::bigint[]) as t(o, w, b, k, r, n), within
    where within.ok and exists (select 1 from public.websites s where s.id = t.w)
    on conflict (website_id, bucket, outcome, reason) do update set count = c.count + excluded.count)
  select organization_id, month, total, request_limit from totals`;

// The same upsert, announcing the keys in the same round trip: other collector processes drop
// what they cached of these records (cache-invalidation.ts). Notifications are sent at commit, and
// only if it commits.
const UPSERT_AND_ANNOUNCE_HISTORY = `
  with upserted as (${UPSERT_HISTORY})
  select pg_notify('${COLLECTOR_HISTORY_CHANNEL}', p) from unnest($5::text[]) as p`;

// Locks the batch's websites against deletion until commit: a website deleted meanwhile (its data
// is deleted with it) gets none of this batch's rows, even while the collector's cache still knows it.
const LIVE_WEBSITES = `select id from public.websites where id = any($1::uuid[]) order by id for key share`;

// Named statements are parsed and planned once per connection and their plans reused: a batch
// runs about ten statements, and parsing and planning each anew cost Postgres ~5 µs per stored hit.
const statementNames = new Map<string, string>();
function statement(text: string, values: unknown[]): pg.QueryConfig<unknown[]> {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `tracklint_collector_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return { name, text, values };
}

async function copyRequests(client: pg.PoolClient, hits: readonly StoredHit[]): Promise<void> {
  const stream = client.query(copyFrom(COPY_REQUESTS));
  stream.end(Buffer.concat(hits.map((h) => h.copyLine)));
  await finished(stream);
}

interface UsageTotal {
  organization_id: string;
  month: string;
  total: string;
  request_limit: string | null;
}

/**
 * Indexes (into hits) of the stored hits beyond each organization's monthly limit, given the
 * totals after this batch was counted: the batch's last ones, so earlier hits keep their place.
 * An unlimited (-1) or unknown plan takes nothing back (admission already refused unknown plans).
 */
export function overLimit(
  hits: readonly StoredHit[],
  kept: readonly number[],
  counted: ReadonlyArray<{ organizationId: string; month: string; count: number }>,
  totals: readonly UsageTotal[],
): number[] {
  const out: number[] = [];
  for (const t of totals) {
    if (t.request_limit === null) continue;
    const limit = Number(t.request_limit);
    if (limit < 0) continue;
    const n = counted.find((c) => c.organizationId === t.organization_id && c.month === t.month)?.count ?? 0;
    const before = Number(t.total) - n;
    let excess = n - Math.max(0, limit - before);
    for (let j = kept.length - 1; j >= 0 && excess > 0; j--) {
      const h = hits[kept[j]!]!;
      if (h.organizationId === t.organization_id && utcMonth(h.receivedAtMs) === t.month) {
        out.push(kept[j]!);
        excess -= 1;
      }
    }
  }
  return out;
}

/** A write error after which the batch may have been stored: only a retry (deduplicated by key) can tell. */
export interface CommitUncertain extends Error {
  commitUncertain?: boolean;
}

/** Postgres errors that mean "the database is not reachable right now", worth retrying. */
export function isTransientDbError(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | undefined;
  const code = e?.code ?? '';
  if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH'].includes(code)) return true;
  // 08: connection exceptions; 57P01-03: admin shutdown, crash shutdown, cannot connect now; 53: insufficient resources;
  // 40001/40P01: serialization failure, deadlock.
  if (/^(08|53|57P0)/.test(code) || code === '40001' || code === '40P01') return true;
  return /Connection terminated|connection error|Client has encountered a connection error|timeout exceeded when trying to connect/i.test(e?.message ?? '');
}

/** True when an insert failed because no partition covers a row (maintenance fell behind). */
export function isMissingPartitionError(err: unknown): boolean {
  return (err as { code?: string } | undefined)?.code === '23514' && /no partition/i.test((err as Error).message);
}

/**
 * The Postgres sink: one transaction per batch, multi-row inserts through unnest() arrays
 * (one round trip per table), rollups and usage aggregated in memory and upserted once.
 */
export interface PgSinkOptions {
  /** This process's id in history announcements (it ignores its own); absent: nothing is announced. */
  announceHistoryAs?: string;
  /**
   * Where the stored hits of each committed batch are counted for the traffic inventory (issue 25),
   * to be written later outside the batch's transaction; absent: nothing is inventoried.
   */
  inventory?: InventoryAccumulator;
}

/** Writes inventory counters with the additive upsert, on a connection of the pool (the accumulator's flush). */
export function pgInventoryWrite(pool: pg.Pool): (rows: InventoryRow[]) => Promise<void> {
  return async (rows) => {
    if (rows.length > 0) await pool.query(statement(UPSERT_INVENTORY, inventoryParams(rows)));
  };
}

/** What storing a batch's rows settled: the hits stored (indexes into batch.hits), and why the others were not. */
interface StoredRows {
  /** The batch, without websites deleted meanwhile among those to verify. */
  batch: SinkBatch;
  kept: number[];
  duplicates: Set<number>;
  gone: Set<number>;
}

/**
 * Runs one attempt at a batch in a transaction of its own: commits what `work` wrote, or rolls back
 * when it returns null (or throws). A connection that fails mid-transaction is discarded.
 */
async function inBatchTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T | null>): Promise<T | null> {
  const client = await pool.connect();
  let broken = false;
  // A connection that dies between two statements emits 'error' on the checked-out client;
  // without a listener that would crash the process. The statement in progress fails anyway.
  const onError = () => {
    broken = true;
  };
  client.on('error', onError);
  try {
    await client.query('begin');
    const result = await work(client);
    if (result === null) {
      await client.query('rollback');
      return null;
    }
    try {
      await client.query('commit');
    } catch (err) {
      // The connection broke while committing: the transaction may or may not have committed.
      if (isTransientDbError(err)) (err as CommitUncertain).commitUncertain = true;
      throw err;
    }
    return result;
  } catch (err) {
    broken = isTransientDbError(err);
    await client.query('rollback').catch(() => {
      broken = true;
    });
    throw err;
  } finally {
    client.off('error', onError);
    // A connection that failed mid-transaction is discarded rather than returned to the pool.
    client.release(broken ? true : undefined);
  }
}

/** The batch's request rows: without hits of websites deleted meanwhile, nor copies of hits stored before (by idempotency key). */
async function storeRequests(client: pg.PoolClient, input: SinkBatch): Promise<StoredRows> {
  let batch = input;
  const duplicates = inBatchDuplicates(batch.hits);
  const gone = new Set<number>();
  const websiteIds = [...new Set(batch.hits.map((h) => h.websiteId))];
  if (websiteIds.length > 0) {
    const live = new Set((await client.query<{ id: string }>(statement(LIVE_WEBSITES, [websiteIds]))).rows.map((r) => r.id));
    batch.hits.forEach((h, i) => {
      if (!live.has(h.websiteId)) {
        gone.add(i);
        duplicates.delete(i);
      }
    });
    if (live.size < websiteIds.length) batch = { ...batch, verifyWebsiteIds: batch.verifyWebsiteIds.filter((id) => live.has(id)) };
  }
  const keyed = batch.hits.map((h, i) => ({ h, i })).filter(({ h, i }) => h.idempotencyKey !== null && !duplicates.has(i) && !gone.has(i));
  if (keyed.length > 0) {
    const res = await client.query<{ website_id: string; idempotency_key: string }>(statement(INSERT_KEYS, [keyed.map(({ h }) => h.websiteId), keyed.map(({ h }) => h.idempotencyKey)]));
    const fresh = new Set(res.rows.map((r) => `${r.website_id}|${r.idempotency_key}`));
    for (const { h, i } of keyed) if (!fresh.has(`${h.websiteId}|${h.idempotencyKey}`)) duplicates.add(i);
  }
  const kept = batch.hits.flatMap((_, i) => (duplicates.has(i) || gone.has(i) ? [] : [i]));
  if (kept.length > 0) await copyRequests(client, kept.map((i) => batch.hits[i]!));
  return { batch, kept, duplicates, gone };
}

/** Counts the stored hits' monthly usage and takes back (deletes and uncounts) those beyond a limit; returns their indexes. */
async function countUsageTakingBackExcess(client: pg.PoolClient, batch: SinkBatch, kept: readonly number[]): Promise<Set<number>> {
  const overQuota = new Set<number>();
  if (kept.length === 0) return overQuota;
  const usage = usageIncrements(kept.map((i) => batch.hits[i]!));
  const totals = await client.query<UsageTotal>(statement(UPSERT_USAGE, usageParams(usage)));
  for (const i of overLimit(batch.hits, kept, usage, totals.rows)) overQuota.add(i);
  if (overQuota.size === 0) return overQuota;
  const taken = [...overQuota].map((i) => batch.hits[i]!);
  await client.query(statement(DELETE_REQUESTS, [taken.map((h) => h.id), taken.map((h) => iso(h.receivedAtMs))]));
  const keyed = taken.filter((h) => h.idempotencyKey !== null);
  if (keyed.length > 0) await client.query(statement(DELETE_KEYS, [keyed.map((h) => h.websiteId), keyed.map((h) => h.idempotencyKey)]));
  await client.query(statement(UNCOUNT_USAGE, usageParams(usageIncrements(taken))));
  return overQuota;
}

/**
 * The rows and UPSERT_HISTORY parameters for history writes given in batch order: the last write of
 * each key wins, and rows are sorted by key so concurrent batches lock them in the same order.
 */
export function historyUpsert(writes: readonly HistoryWrite[]): { rows: HistoryWrite[]; params: unknown[] } {
  const last = new Map<string, HistoryWrite>();
  for (const h of writes) last.set(`${h.websiteId}|${h.key}`, h);
  const rows = [...last.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([, v]) => v);
  return { rows, params: [rows.map((r) => r.websiteId), rows.map((r) => r.key), rows.map((r) => pgSafeJson(JSON.stringify(r.value))), rows.map((r) => iso(r.expiresAtMs))] };
}

/** What travels with the stored hits: websites they verify, their history and quota refusals (their inventory is counted after commit). */
async function writeAlongside(client: pg.PoolClient, batch: SinkBatch, kept: readonly number[], options: PgSinkOptions): Promise<void> {
  // Only the history of hits that are stored (in batch order, so the last write of a key wins).
  const history = kept.flatMap((i) => batch.historyByHit[i] ?? []);
  if (batch.verifyWebsiteIds.length > 0) await client.query(statement(VERIFY_WEBSITES, [batch.verifyWebsiteIds]));
  if (history.length > 0) {
    const { rows, params } = historyUpsert(history);
    if (options.announceHistoryAs === undefined) await client.query(statement(UPSERT_HISTORY, params));
    else await client.query(statement(UPSERT_AND_ANNOUNCE_HISTORY, [...params, historyAnnouncements(options.announceHistoryAs, rows)]));
  }
  if (batch.refusals.length > 0) {
    const r = [...batch.refusals].sort((a, b) => (a.organizationId < b.organizationId ? -1 : 1));
    await client.query(statement(UPSERT_USAGE_EVENTS, [r.map((x) => x.organizationId), r.map((x) => x.month), r.map((x) => x.limit), r.map((x) => x.refused), r.map((x) => iso(x.firstAt)), r.map((x) => iso(x.lastAt))]));
  }
}

/** A batch's outcome, with the hits it stored (counted in the inventory once it commits). */
interface Written {
  result: SinkResult;
  stored: StoredHit[];
}

/**
 * The fast attempt: counts last, so the organization's usage row (the hottest lock) is held for one
 * statement and the commit. Null (rolled back) when the batch would cross a monthly limit.
 */
async function writeCountingLast(pool: pg.Pool, input: SinkBatch, options: PgSinkOptions): Promise<Written | null> {
  return inBatchTransaction(pool, async (client) => {
    const { batch, kept, duplicates, gone } = await storeRequests(client, input);
    await writeAlongside(client, batch, kept, options);
    const hits = kept.map((i) => batch.hits[i]!);
    const usage = usageIncrements(hits);
    const roll = aggregateRollups(hits);
    const counts = websiteCounts(hits, batch.websiteRefusals ?? []);
    if (usage.length > 0 || roll.length > 0 || counts.length > 0) {
      const totals = await client.query<UsageTotal>(statement(COUNT_WITHIN_LIMITS, [...usageParams(usage), ...rollupParams(roll), ...counterParams(counts)]));
      if (overLimit(batch.hits, kept, usage, totals.rows).length > 0) return null;
    }
    return { result: { duplicates, gone, overQuota: new Set<number>() }, stored: hits };
  });
}

/** The attempt after a batch crossed a limit: counts the usage first and takes back the hits beyond it; always settles the batch. */
async function writeCountingFirst(pool: pg.Pool, input: SinkBatch, options: PgSinkOptions): Promise<Written> {
  const result = await inBatchTransaction(pool, async (client) => {
    const { batch, kept: stored, duplicates, gone } = await storeRequests(client, input);
    const overQuota = await countUsageTakingBackExcess(client, batch, stored);
    const kept = stored.filter((i) => !overQuota.has(i));
    await writeAlongside(client, batch, kept, options);
    const hits = kept.map((i) => batch.hits[i]!);
    // The counts last: their rows are the hottest locks, so hold them for the shortest time. The
    // usage was counted first: the same statement with no usage writes the rollups and counters.
    const roll = aggregateRollups(hits);
    const counts = websiteCounts(hits, batch.websiteRefusals ?? []);
    if (roll.length > 0 || counts.length > 0) await client.query(statement(COUNT_WITHIN_LIMITS, [...usageParams([]), ...rollupParams(roll), ...counterParams(counts)]));
    return { result: { duplicates, gone, overQuota }, stored: hits };
  });
  return result!;
}

const usageParams = (usage: ReturnType<typeof usageIncrements>) => [usage.map((u) => u.organizationId), usage.map((u) => u.month), usage.map((u) => u.count)];
const rollupParams = (roll: ReturnType<typeof aggregateRollups>) => [
  roll.map((r) => r.organizationId),
  roll.map((r) => r.websiteId),
  roll.map((r) => r.hour),
  roll.map((r) => r.dimension),
  roll.map((r) => r.value),
  roll.map((r) => r.count),
];
const counterParams = (counts: ReturnType<typeof websiteCounts>) => [
  counts.map((c) => c.organizationId),
  counts.map((c) => c.websiteId),
  counts.map((c) => iso(c.bucketMs)),
  counts.map((c) => c.outcome),
  counts.map((c) => c.reason),
  counts.map((c) => c.count),
];

export function createPgSink(pool: pg.Pool, options: PgSinkOptions = {}): CollectorSink {
  return {
    async write(batch: SinkBatch): Promise<SinkResult> {
      // Most batches stay within every monthly limit: count them last, so the organization's usage
      // row (which serializes its batches) is locked for one statement and the commit. A batch that
      // crosses a limit is rolled back and written again counting first, taking back the excess.
      const written = (await writeCountingLast(pool, batch, options)) ?? (await writeCountingFirst(pool, batch, options));
      // Committed: only now do its stored hits count in the inventory (a rolled-back attempt never does).
      if (options.inventory) await options.inventory.committed(written.stored);
      return written.result;
    },

    async loadHistory(websiteId, keys): Promise<Map<string, HistoryRead>> {
      const out = new Map<string, HistoryRead>();
      if (keys.length === 0) return out;
      const { rows } = await pool.query<{ key: string; value: Record<string, unknown>; expires_at: Date }>(statement(LOAD_HISTORY, [websiteId, keys]));
      for (const r of rows) out.set(r.key, { value: r.value, expiresAtMs: r.expires_at.getTime() });
      return out;
    },

    async ensurePartitions(daysAhead) {
      const { rows } = await pool.query<{ n: number }>('select public.collector_ensure_partitions($1) as n', [daysAhead]);
      return rows[0]?.n ?? 0;
    },

    async applyRetention() {
      const { rows } = await pool.query<{ r: unknown }>('select public.collector_apply_retention() as r');
      return rows[0]?.r;
    },
  };
}
