/**
 * Timing (warm-up, then N runs: p50/p95) and the plan of a query: the SQL the server really ran is
 * captured from the pg driver (the server runs in this process), then explained with ANALYZE and
 * BUFFERS under the same role and JWT claims, inside a transaction that is rolled back.
 */
import pg from 'pg';
import type { MeasuredQuery } from './queries';

export interface Timing {
  query: MeasuredQuery;
  p50: number;
  p95: number;
  max: number;
  runs: number;
  /** The first error, if any run failed (e.g. the statement timeout); failed runs count with the time they took. */
  error?: string;
}

/** A query slower than this on its warm-up runs gets only SLOW_RUNS timed runs, so a full run stays within minutes. */
const SLOW_MS = 2_000;
const SLOW_RUNS = 3;

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

/**
 * Times every query RUNS times, round-robin (each round runs every query once), after `warmup`
 * rounds: a burst of load from elsewhere on the machine then slows one run of many queries instead
 * of every run of one query. A query slower than SLOW_MS on its warm-up gets SLOW_RUNS runs.
 */
export async function timeAll(queries: readonly MeasuredQuery[], runs: number, warmup = 2, onDone?: (t: Timing) => void): Promise<Timing[]> {
  const errors = new Map<MeasuredQuery, string>();
  const once = async (query: MeasuredQuery) => {
    const t0 = performance.now();
    try {
      await query.run();
    } catch (err) {
      if (!errors.has(query)) errors.set(query, err instanceof Error ? err.message : JSON.stringify(err));
    }
    return performance.now() - t0;
  };
  const warm = new Map<MeasuredQuery, number>();
  for (let i = 0; i < warmup; i++) for (const q of queries) warm.set(q, Math.max(warm.get(q) ?? 0, await once(q)));
  const planned = new Map(queries.map((q) => [q, (warm.get(q) ?? 0) > SLOW_MS ? Math.min(runs, SLOW_RUNS) : runs]));
  const samples = new Map<MeasuredQuery, number[]>(queries.map((q) => [q, []]));
  for (let round = 0; round < runs; round++) {
    for (const q of queries) {
      const ms = samples.get(q)!;
      if (ms.length < planned.get(q)!) ms.push(await once(q));
    }
  }
  return queries.map((query) => {
    const ms = samples.get(query)!.sort((a, b) => a - b);
    const error = errors.get(query);
    const t: Timing = { query, p50: percentile(ms, 50), p95: percentile(ms, 95), max: ms[ms.length - 1]!, runs: ms.length, ...(error ? { error } : {}) };
    onDone?.(t);
    return t;
  });
}

interface Statement {
  text: string;
  values: unknown[];
}

type QueryFn = (this: pg.Client, ...args: unknown[]) => unknown;

/** Runs fn and returns every statement sent through the pg driver meanwhile. */
export async function captureStatements(fn: () => Promise<unknown>): Promise<Statement[]> {
  const proto = pg.Client.prototype as unknown as { query: QueryFn };
  const original = proto.query;
  const seen: Statement[] = [];
  proto.query = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args;
    if (typeof first === 'string') seen.push({ text: first, values: Array.isArray(second) ? second : [] });
    else if (first && typeof first === 'object' && 'text' in first) {
      const q = first as { text: string; values?: unknown[] };
      seen.push({ text: q.text, values: q.values ?? [] });
    }
    return original.apply(this, args);
  };
  try {
    await fn();
  } finally {
    proto.query = original;
  }
  return seen;
}

const BOOKKEEPING = /^\s*(begin|commit|rollback|set transaction|select set_config\('role')/i;

/** EXPLAIN (ANALYZE, BUFFERS) of the statements a query ran, under the role and claims it ran with. */
export async function explain(pool: pg.Pool, query: MeasuredQuery): Promise<string> {
  const statements = await captureStatements(query.run);
  const setup = statements.find((s) => /^\s*select set_config\('role'/i.test(s.text));
  const main = statements.filter((s) => !BOOKKEEPING.test(s.text) && !/^\s*(explain|select 1\b)/i.test(s.text));
  const client = await pool.connect();
  const out: string[] = [];
  try {
    for (const s of main) {
      await client.query('begin');
      try {
        if (setup) await client.query(setup.text, setup.values);
        // ANALYZE runs the query to the end, even one the data API's statement timeout cancels.
        await client.query("set local statement_timeout = '120s'");
        const res = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${s.text}`, s.values);
        out.push(`-- ${s.text.replace(/\s+/g, ' ').slice(0, 400)}\n-- params: ${JSON.stringify(s.values).slice(0, 400)}\n${res.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
      } finally {
        await client.query('rollback');
      }
    }
  } finally {
    client.release();
  }
  return out.join('\n\n');
}
