/**
 * Cost of one alert evaluation (`npx tsx bench/alerts.bench.ts`). A real server (embedded Postgres
 * in a temporary data directory) with BENCH_ORGS organizations × BENCH_SITES websites, each with
 * its default rules (five per website and one usage rule per organization) and a week of data as
 * the collector writes it: hourly rollups (requests, status, three event names, two rules) and
 * five-minute counters (stored, failed, refused) for eight days. Then the evaluator runs
 * BENCH_RUNS times at the same minute (alerts already open are kept, as in steady state) and the
 * median time per evaluation and per website is printed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { createLogger } from '../src/server/logger';
import { startServer } from '../src/server/server';

const ORGS = Number(process.env.BENCH_ORGS ?? 20);
const SITES = Number(process.env.BENCH_SITES ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

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
    await pool.query(`
      insert into public.website_hourly_rollups (organization_id, website_id, hour, dimension, value, count)
      select w.organization_id, w.id, h, d.dimension, d.value, d.n
      from public.websites w
      cross join generate_series(date_trunc('hour', now()) - interval '8 days', date_trunc('hour', now()), interval '1 hour') h
      cross join (values ('requests', 'all', 120), ('status', 'pass', 100), ('status', 'fail', 20), ('event_name', 'page_view', 90),
                         ('event_name', 'add_to_cart', 20), ('event_name', 'purchase', 10), ('rule', 'basic.cid_present', 20), ('rule', 'ecommerce.currency', 5)) d(dimension, value, n)`);
    await pool.query(`
      insert into public.website_hit_counters (organization_id, website_id, bucket, outcome, reason, count)
      select w.organization_id, w.id, b, k.outcome, k.reason, k.n
      from public.websites w
      cross join generate_series(to_timestamp(floor(extract(epoch from now()) / 300) * 300) - interval '8 days', now(), interval '5 minutes') b
      cross join (values ('stored', '', 10), ('failed', '', 2), ('refused', 'origin_not_allowed', 1)) k(outcome, reason, n)`);
    await pool.query('analyze');
    const sizes = await pool.query<{ r: string; c: string; rules: string }>(
      'select (select count(*) from public.website_hourly_rollups) as r, (select count(*) from public.website_hit_counters) as c, (select count(*) from public.alert_rules) as rules',
    );
    const at = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    const times: number[] = [];
    let observed = 0;
    for (let i = 0; i < RUNS; i++) {
      const result = await server.alerts!.evaluate(at);
      times.push(result.durationMs);
      observed = result.observed;
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    const websites = ORGS * SITES;
    console.log(
      JSON.stringify({
        websites,
        rules: Number(sizes.rows[0]!.rules),
        observations: observed,
        rollupRows: Number(sizes.rows[0]!.r),
        counterRows: Number(sizes.rows[0]!.c),
        setupSeconds: Math.round((Date.now() - started) / 100) / 10,
        evaluationMs: { median, min: times[0], max: times[times.length - 1], runs: times },
        msPerWebsite: Math.round((median / websites) * 100) / 100,
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
