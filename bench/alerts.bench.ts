/**
 * Cost of one alert evaluation (`npx tsx bench/alerts.bench.ts`). A real server (embedded Postgres
 * in a temporary data directory) with BENCH_ORGS organizations × BENCH_SITES websites, each with
 * its default rules (five per website and one usage rule per organization) and a week of data as
 * the collector writes it: hourly rollups (requests, status, three event names, two rules) and
 * five-minute counters (stored, failed, refused) for eight days. Then the evaluator runs
 * BENCH_RUNS times at the same minute (alerts already open are kept, as in steady state) and the
 * median time per evaluation and per website is printed.
 *
 * Drift (issue 25, BENCH_DRIFT=1, the default): each organization also has a published tracking
 * plan (ten events, five parameters each) on all its websites and one tracking_drift rule, and
 * every website has the inventory counters drift reads (the last and current hour, the same hour
 * in each of the four weeks before, and a day before); one website in ten has stopped sending
 * purchase and sends an unplanned event. The drift observer alone is timed too. BENCH_BASE=0
 * skips the week of rollups and counters of the other kinds (for 15,000 websites on a small box).
 *
 * Value sets (BENCH_VALUE_SETS=1; off by default: it seeds 674 hours x 40 parameters per website,
 * 27,000 rows per website in each of two tables): the four string parameters of every event also
 * arrive in every hour of the four weeks before (their counters and their hourly value sets, as a
 * parameter seen around the clock has), so the drift queries read full baselines; one website in
 * ten has a new value in the window.
 *
 * The inventory catalog (tracking_inventory_catalog, one row per website, event, scope and
 * parameter, which drift reads for first and last seen) is built from the seeded hours with
 * tracklint_private.rebuild_inventory_catalog, as the migration backfills it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { observeTrackingDrift, PLANS_SQL, SCHEMA_SQL, VALUE_SET_SQL, VOLUME_SQL, watchedJson } from '../src/server/alerts/kinds/tracking-drift';
import { createLogger } from '../src/server/logger';
import { startServer } from '../src/server/server';
import { machineLine } from './machine.mjs';

const ORGS = Number(process.env.BENCH_ORGS ?? 20);
const SITES = Number(process.env.BENCH_SITES ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const DRIFT = process.env.BENCH_DRIFT !== '0';
const BASE = process.env.BENCH_BASE !== '0';
const VALUE_SETS = process.env.BENCH_VALUE_SETS === '1';
const DRIFT_EVENTS = ['page_view', 'purchase', 'add_to_cart', 'view_item', 'begin_checkout', 'sign_up', 'login', 'search', 'select_item', 'generate_lead'];

/** A published plan per organization on all its websites, a drift rule, and the counters drift reads. */
async function seedDrift(pool: import('pg').Pool, at: Date): Promise<void> {
  await pool.query(`insert into public.tracking_plans (organization_id, name) select o.id, 'Bench plan' from public.organizations o where o.slug like 'bench-%'`);
  await pool.query(`
    insert into public.tracking_plan_events (version_id, name, status)
    select v.id, e, 'live' from public.tracking_plan_versions v cross join unnest($1::text[]) e where v.status = 'draft'`, [DRIFT_EVENTS]);
  await pool.query(`
    insert into public.tracking_plan_parameters (version_id, event_id, scope, name, type, required, allowed_values)
    select e.version_id, e.id, 'event', 'p' || i, case when i = 0 then 'number' else 'string' end, i < 2, case when i = 1 then array['EUR', 'USD'] end
    from public.tracking_plan_events e cross join generate_series(0, 4) i`);
  await pool.query(`insert into public.tracking_plan_websites (website_id, plan_id) select w.id, p.id from public.websites w join public.tracking_plans p on p.organization_id = w.organization_id`);
  await pool.query(`select public.publish_tracking_plan(p.id) from public.tracking_plans p`);
  // Publishing gave every website a default drift rule (20261128140100); the bench keeps measuring one organization-wide rule per organization.
  await pool.query(`delete from public.alert_rules where kind = 'tracking_drift' and is_default`);
  await pool.query(`insert into public.alert_rules (organization_id, name, kind, params) select o.id, 'Drift', 'tracking_drift', '{}' from public.organizations o where o.slug like 'bench-%'`);
  const last = new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000 - 3_600_000);
  // Hours: the current one, the last complete one, a day before, and the same hour 1-4 weeks before.
  await pool.query(
    `
    insert into public.tracking_inventory_hourly (organization_id, website_id, hour, event_name, scope, name, hits, types, examples, first_seen, last_seen)
    select w.organization_id, w.id, h.hour, e, x.scope, x.name, 100, x.types, x.examples, h.hour - interval '30 days', h.hour
    from (select w.*, row_number() over (order by w.id) as n from public.websites w) w
    cross join (select $1::timestamptz + make_interval(hours => k) as hour, k from unnest(array[0, 1, -24, -168, -336, -504, -672]) k) h
    cross join unnest($2::text[]) e
    cross join (values ('event', '', '{}'::text[], '{}'::text[]), ('param', 'p0', '{integer}', '{20}'), ('param', 'p1', '{string}', '{EUR}'),
                       ('param', 'p2', '{string}', '{a}'), ('param', 'p3', '{string}', '{b}'), ('param', 'p4', '{string}', '{c}')) x(scope, name, types, examples)
    where not (w.n % 10 = 0 and e = 'purchase' and h.k in (0, 1))`,
    [last, DRIFT_EVENTS],
  );
  if (VALUE_SETS) {
    // Every hour of the four weeks and the window: the string parameters' counters (those the
    // seven hours above lack) and their value sets, {a: 60, b: 40} on the 100 hits.
    const valueHours = `(select $1::timestamptz + make_interval(hours => k) as hour, k from generate_series(-672, 1) k) h`;
    const sites = `(select w.*, row_number() over (order by w.id) as n from public.websites w) w`;
    await pool.query(
      `insert into public.tracking_inventory_hourly (organization_id, website_id, hour, event_name, scope, name, hits, types, examples, first_seen, last_seen)
       select w.organization_id, w.id, h.hour, e, 'param', x, 100, '{string}', '{a}', h.hour, h.hour
       from ${sites} cross join ${valueHours} cross join unnest($2::text[]) e cross join unnest(array['p1', 'p2', 'p3', 'p4']) x
       where not (w.n % 10 = 0 and e = 'purchase' and h.k in (0, 1))
       on conflict do nothing`,
      [last, DRIFT_EVENTS],
    );
    await pool.query(
      `insert into public.tracking_inventory_values_hourly (organization_id, website_id, hour, event_name, scope, name, value_counts)
       select w.organization_id, w.id, h.hour, e, 'param', x,
              case when w.n % 10 = 0 and h.k >= 0 and x = 'p2' then '{"a": 60, "b": 30, "new": 10}' else '{"a": 60, "b": 40}' end::jsonb
       from ${sites} cross join ${valueHours} cross join unnest($2::text[]) e cross join unnest(array['p1', 'p2', 'p3', 'p4']) x
       where not (w.n % 10 = 0 and e = 'purchase' and h.k in (0, 1))`,
      [last, DRIFT_EVENTS],
    );
  }
  await pool.query(
    `insert into public.tracking_inventory_hourly (organization_id, website_id, hour, event_name, scope, name, hits, first_seen, last_seen)
     select w.organization_id, w.id, $1::timestamptz + interval '1 hour', 'unplanned_event', 'event', '', 12, now(), now()
     from (select w.*, row_number() over (order by w.id) as n from public.websites w) w where w.n % 10 = 0`,
    [last],
  );
  // The catalog the collector keeps with these counters (one row per parameter; the migration's backfill builds it the same way).
  await pool.query('select tracklint_private.rebuild_inventory_catalog(null)');
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tracklint-alerts-bench-'));
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'error', WEB_DIST_DIR: path.join(dataDir, 'no-web'), ALERTS_SCHEDULER: 'false' });
  const server = await startServer(config, createLogger('error'), { alerts: { schedule: false, workers: false } });
  try {
    const pool = server.deps.db.pool;
    const user = await pool.query<{ id: string }>("insert into auth.users (email) values ('alerts-bench@tracklint.test') returning id");
    const started = Date.now();
    for (let o = 0; o < ORGS; o++) {
      const org = await pool.query<{ id: string }>("insert into public.organizations (name, slug, plan, created_by) values ($1, $1, 'enterprise', $2) returning id", [`bench-${o}`, user.rows[0]!.id]);
      for (let s = 0; s < SITES; s++) {
        await pool.query('insert into public.websites (organization_id, name, domain) values ($1, $2, $3)', [org.rows[0]!.id, `Site ${s}`, `s${s}.o${o}.bench.example.com`]);
      }
    }
    // A week of hourly rollups and eight days of five-minute counters for every website.
    if (BASE) await pool.query(`
      insert into public.website_hourly_rollups (organization_id, website_id, hour, dimension, value, count)
      select w.organization_id, w.id, h, d.dimension, d.value, d.n
      from public.websites w
      cross join generate_series(date_trunc('hour', now()) - interval '8 days', date_trunc('hour', now()), interval '1 hour') h
      cross join (values ('requests', 'all', 120), ('status', 'pass', 100), ('status', 'fail', 20), ('event_name', 'page_view', 90),
                         ('event_name', 'add_to_cart', 20), ('event_name', 'purchase', 10), ('rule', 'basic.cid_present', 20), ('rule', 'ecommerce.currency', 5)) d(dimension, value, n)`);
    if (BASE) await pool.query(`
      insert into public.website_hit_counters (organization_id, website_id, bucket, outcome, reason, count)
      select w.organization_id, w.id, b, k.outcome, k.reason, k.n
      from public.websites w
      cross join generate_series(to_timestamp(floor(extract(epoch from now()) / 300) * 300) - interval '8 days', now(), interval '5 minutes') b
      cross join (values ('stored', '', 10), ('failed', '', 2), ('refused', 'origin_not_allowed', 1)) k(outcome, reason, n)`);
    if (DRIFT) await seedDrift(pool, new Date());
    await pool.query('analyze');
    // After setup: rules watch websites created up to the evaluated minute.
    const at = new Date(Math.ceil(Date.now() / 60_000) * 60_000);
    const sizes = await pool.query<{ r: string; c: string; rules: string; inv: string; vs: string; cat: string }>(
      'select (select count(*) from public.website_hourly_rollups) as r, (select count(*) from public.website_hit_counters) as c, (select count(*) from public.alert_rules) as rules, (select count(*) from public.tracking_inventory_hourly) as inv, (select count(*) from public.tracking_inventory_values_hourly) as vs, (select count(*) from public.tracking_inventory_catalog) as cat',
    );
    const times: number[] = [];
    let observed = 0;
    for (let i = 0; i < RUNS; i++) {
      const result = await server.alerts!.evaluate(at);
      times.push(result.durationMs);
      observed = result.observed;
    }
    times.sort((a, b) => a - b);
    // The drift observer alone, as the evaluator runs it (all websites, one transaction each run).
    const driftTimes: number[] = [];
    let drifts = 0;
    for (let i = 0; DRIFT && i < RUNS; i++) {
      const t0 = Date.now();
      const observations = await server.deps.db.transaction((client) => observeTrackingDrift(client, at));
      driftTimes.push(Date.now() - t0);
      drifts = observations.filter((o) => o.firing).length;
    }
    driftTimes.sort((a, b) => a - b);
    // BENCH_EXPLAIN=1: each drift query's execution time and plan, to see where the time goes.
    if (DRIFT && process.env.BENCH_EXPLAIN === '1') {
      const watched = watchedJson((await pool.query(PLANS_SQL, [at])).rows);
      for (const [name, q] of Object.entries({ plans: PLANS_SQL, volume: VOLUME_SQL, schema: SCHEMA_SQL, values: VALUE_SET_SQL })) {
        const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${q}`, q === PLANS_SQL ? [at] : [at, watched]);
        console.error(`== ${name}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
      }
    }
    const median = times[Math.floor(times.length / 2)]!;
    const websites = ORGS * SITES;
    console.log(
      JSON.stringify({
        machine: machineLine(),
        websites,
        rules: Number(sizes.rows[0]!.rules),
        observations: observed,
        rollupRows: Number(sizes.rows[0]!.r),
        counterRows: Number(sizes.rows[0]!.c),
        setupSeconds: Math.round((Date.now() - started) / 100) / 10,
        evaluationMs: { median, min: times[0], max: times[times.length - 1], runs: times },
        msPerWebsite: Math.round((median / websites) * 100) / 100,
        ...(DRIFT ? { drift: { inventoryRows: Number(sizes.rows[0]!.inv), valueSetRows: Number(sizes.rows[0]!.vs), catalogRows: Number(sizes.rows[0]!.cat), firing: drifts, observeMs: { median: driftTimes[Math.floor(driftTimes.length / 2)], runs: driftTimes } } } : {}),
      }),
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
