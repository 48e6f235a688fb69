/**
 * Fills one organization's requests log with BENCH_HITS rows spread evenly over the last 30 days,
 * plus what the collector writes alongside them (hourly rollups, five-minute counters, monthly
 * usage), all in SQL. Row i is received at start + (i + ½)·step, on website floor(√(h₁(i) mod
 * 400)) (a skewed mix: the busiest of 20 websites gets 10%, the quietest 0.25%), copies corpus
 * template h₂(i) mod T and comes from visitor h₃(i) mod 300,000, where hₖ are Postgres's integer
 * hashes; so the rollups and counters are computed from the same formulas without reading the log.
 *
 * Days before the collector's own partitions are loaded into tables created like
 * `collector_ensure_partitions` creates them, filled without indexes and then attached (building
 * the indexes once is much faster than maintaining them row by row).
 */
import type pg from 'pg';
import type { HitTemplate } from './templates';
import { aggregateRollups } from '../../src/server/collector/rollups';

export const DAY_MS = 86_400_000;
const SPAN_DAYS = 30;
const VISITORS = 300_000;

export interface GenerationPlan {
  organizationId: string;
  websiteIds: string[];
  hits: number;
  startMs: number;
  endMs: number;
}

/** The row-i formulas, shared by the log, the rollups and the counters. */
const SITE = `floor(sqrt((hashint4(i) & 2147483647) % 400))::int`;
const TEMPLATE = (count: number) => `(hashint4(i * 3 + 1) & 2147483647) % ${count}`;
const VISITOR = `(hashint4(i * 7 + 3) & 2147483647) % ${VISITORS}`;
const RECEIVED_AT = `to_timestamp(($1::float8 + (i + 0.5) * $2::float8) / 1000)`;

export async function loadTemplates(pool: pg.Pool, templates: readonly HitTemplate[]): Promise<void> {
  await pool.query(`
    create schema if not exists bench;
    drop table if exists bench.templates, bench.template_dims, bench.sites;
    create table bench.templates (idx int primary key, format text, endpoint text, method text, source text, measurement_id text, origin_host text,
      event_count int, event_names text[], status text, error_count int, warning_count int, info_count int, events json, issues json,
      rule_ids text[], url text, url_cid text, body text, user_agent text);
    -- What each template adds to the hourly rollups, exactly as aggregateRollups counts a hit.
    create table bench.template_dims (idx int, dimension text, value text, n int);
    create table bench.sites (idx int primary key, id uuid not null);`);
  for (const [idx, { hit, urlClientId }] of templates.entries()) {
    await pool.query(
      `insert into bench.templates values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::json, $15::json, $16, $17, $18, $19, $20)`,
      [idx, hit.format, hit.endpoint, hit.method, hit.source, hit.measurementId, hit.originHost, hit.eventNames.length, hit.eventNames, hit.status,
        hit.counts.error, hit.counts.warning, hit.counts.info, hit.eventsJson, hit.issuesJson, hit.ruleIds, hit.url, urlClientId, hit.body, hit.userAgent],
    );
    // The collector's own rollup counting, so the generated rollups match what it would write.
    for (const r of aggregateRollups([hit])) await pool.query('insert into bench.template_dims values ($1, $2, $3, $4)', [idx, r.dimension, r.value, r.count]);
  }
}

export async function loadSites(pool: pg.Pool, websiteIds: readonly string[]): Promise<void> {
  for (const [idx, id] of websiteIds.entries()) await pool.query('insert into bench.sites values ($1, $2)', [idx, id]);
}

interface DayTask {
  day: Date;
  lo: number;
  hi: number;
}

/** The UTC days the rows fall on, with the row range [lo, hi) of each. */
export function dayTasks(plan: GenerationPlan): DayTask[] {
  const step = (plan.endMs - plan.startMs) / plan.hits;
  const tasks: DayTask[] = [];
  for (let d = Math.floor(plan.startMs / DAY_MS) * DAY_MS; d < plan.endMs; d += DAY_MS) {
    const lo = Math.max(0, Math.ceil((d - plan.startMs) / step - 0.5));
    const hi = Math.min(plan.hits, Math.ceil((d + DAY_MS - plan.startMs) / step - 0.5));
    if (hi > lo) tasks.push({ day: new Date(d), lo, hi });
  }
  return tasks;
}

function partitionName(day: Date): string {
  return `collected_requests_p${day.toISOString().slice(0, 10).replaceAll('-', '')}`;
}

function insertRows(target: string, templateCount: number): string {
  return `
    insert into ${target} (id, received_at, organization_id, website_id, idempotency_key, format, endpoint, method, source, measurement_id,
      client_id, user_id, origin_host, event_count, event_names, status, error_count, warning_count, info_count, events, issues, rule_ids, url, body, user_agent)
    select gen_random_uuid(), ${RECEIVED_AT}, $3::uuid, s.id, null, t.format, t.endpoint, t.method, t.source, t.measurement_id,
      v.cid, case when v.n % 10 = 0 then 'user-' || v.n end, t.origin_host, t.event_count, t.event_names, t.status,
      t.error_count, t.warning_count, t.info_count, t.events, t.issues, t.rule_ids,
      case when t.url_cid is null then t.url else replace(t.url, t.url_cid, v.cid) end, t.body, t.user_agent
    from generate_series($4::int, $5::int - 1) i
    cross join lateral (select ${VISITOR} as n) vn
    cross join lateral (select vn.n as n, (1000000000 + vn.n::bigint * 7919 % 900000000)::text || '.' || (1730000000 + vn.n % 2000000)::text as cid) v
    join bench.sites s on s.idx = ${SITE}
    join bench.templates t on t.idx = ${TEMPLATE(templateCount)}`;
}

/** Loads one day's rows. Returns how they went in, for the log. */
export async function loadDay(pool: pg.Pool, plan: GenerationPlan, task: DayTask, templateCount: number): Promise<'attached' | 'inserted'> {
  const step = (plan.endMs - plan.startMs) / plan.hits;
  const params = [plan.startMs, step, plan.organizationId, task.lo, task.hi];
  const name = partitionName(task.day);
  const exists = (await pool.query<{ r: string | null }>('select to_regclass($1)::text as r', [`collector_partitions.${name}`])).rows[0]!.r;
  if (exists) {
    await pool.query(insertRows('public.collected_requests', templateCount), params);
    return 'inserted';
  }
  const next = new Date(task.day.getTime() + DAY_MS);
  const client = await pool.connect();
  try {
    await client.query(`create table collector_partitions.${name} (like public.collected_requests including defaults including constraints) with (toast_tuple_target = 8160)`);
    await client.query(insertRows(`collector_partitions.${name}`, templateCount), params);
    // The partition bound as a check constraint lets ATTACH skip its validation scan.
    await client.query(`alter table collector_partitions.${name} add constraint bench_bound check (received_at >= '${task.day.toISOString()}' and received_at < '${next.toISOString()}')`);
    await client.query(`alter table public.collected_requests attach partition collector_partitions.${name} for values from ('${task.day.toISOString()}') to ('${next.toISOString()}')`);
    await client.query(`alter table collector_partitions.${name} drop constraint bench_bound`);
    await client.query(`alter table collector_partitions.${name} enable row level security`);
  } finally {
    client.release();
  }
  return 'attached';
}

/** Hourly rollups, five-minute counters (last eight days) and monthly usage of the generated rows. */
export async function loadAggregates(pool: pg.Pool, plan: GenerationPlan, templateCount: number): Promise<void> {
  const step = (plan.endMs - plan.startMs) / plan.hits;
  const perRow = `
    select ${SITE} as site, ${TEMPLATE(templateCount)} as tmpl, ${RECEIVED_AT} as at
    from generate_series(0, $3::int - 1) i`;
  await pool.query(
    `insert into public.website_hourly_rollups (organization_id, website_id, hour, dimension, value, count)
     select $4::uuid, s.id, g.hour, d.dimension, d.value, sum(g.n * d.n)
     from (select site, tmpl, date_trunc('hour', at) as hour, count(*) as n from (${perRow}) r group by 1, 2, 3) g
     join bench.sites s on s.idx = g.site
     join bench.template_dims d on d.idx = g.tmpl
     group by s.id, g.hour, d.dimension, d.value`,
    [plan.startMs, step, plan.hits, plan.organizationId],
  );
  // What the collector keeps per organization too (migration 20261125000300).
  await pool.query(
    `insert into public.organization_hourly_rollups (organization_id, hour, dimension, value, count)
     select organization_id, hour, dimension, value, sum(count) from public.website_hourly_rollups where organization_id = $1 group by 1, 2, 3, 4`,
    [plan.organizationId],
  );
  // Counters are kept eight days; a small share of refusals (origin) on the odd websites.
  await pool.query(
    `insert into public.website_hit_counters (organization_id, website_id, bucket, outcome, reason, count)
     select $4::uuid, s.id, g.bucket, k.outcome, k.reason, k.n
     from (select site, to_timestamp(floor(extract(epoch from at) / 300) * 300) as bucket, count(*) as n,
             count(*) filter (where t.status = 'fail') as failed
           from (${perRow}) r join bench.templates t on t.idx = r.tmpl
           where at >= now() - interval '8 days' group by 1, 2) g
     join bench.sites s on s.idx = g.site
     cross join lateral (values ('stored', '', g.n), ('failed', '', g.failed), ('refused', 'origin_not_allowed', case when g.site % 2 = 1 then g.n / 100 else 0 end)) k(outcome, reason, n)
     where k.n > 0`,
    [plan.startMs, step, plan.hits, plan.organizationId],
  );
  await pool.query(
    `insert into public.organization_usage (organization_id, month, monthly_requests)
     select $4::uuid, date_trunc('month', at at time zone 'utc')::date, count(*) from (${perRow}) r group by 2
     on conflict (organization_id, month) do update set monthly_requests = excluded.monthly_requests`,
    [plan.startMs, step, plan.hits, plan.organizationId],
  );
}

export { SPAN_DAYS };
