/**
 * Dashboards over volume (`npm run bench:dashboards`, issue 14). A real server with its embedded
 * Postgres in a temporary data directory, one enterprise organization with 20 websites and
 * BENCH_HITS (default 10,000,000) stored hits over the last 30 days with the corpus's findings,
 * plus the rollups, counters and usage the collector keeps alongside. Then every query behind the
 * dashboard, analytics, websites, alerts and requests-log pages runs as a signed-in member through
 * supabase-js (RLS applies), and every query of the alert evaluator as the server runs it:
 * BENCH_RUNS times each (default 20, round-robin) after two warm-up rounds. Prints p50/p95 per query and the plan of the
 * slowest one (EXPLAIN ANALYZE, BUFFERS, under the member's role and claims).
 *
 * BENCH_DATA_DIR=dir keeps the generated database there and reuses it on the next run (new
 * migrations are applied at start), so fixes can be measured on the same data.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import ws from 'ws';
import { hashPassword } from '../src/server/auth/password';
import { EMAIL_PROVIDER_APP_METADATA } from '../src/server/auth/users';
import { loadConfig } from '../src/server/config';
import { createLogger } from '../src/server/logger';
import { startServer } from '../src/server/server';
import { DAY_MS, dayTasks, loadAggregates, loadDay, loadSites, loadTemplates, SPAN_DAYS, type GenerationPlan } from './dashboards/generate';
import { explain, timeAll, type Timing } from './dashboards/measure';
import { dashboardQueries, type QueryContext } from './dashboards/queries';
import { corpusTemplates } from './dashboards/templates';
import { machineLine } from './machine.mjs';

const HITS = Number(process.env.BENCH_HITS ?? 10_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const SITES = 20;
const PASSWORD = 'bench-member-password-9';
const MEMBER_EMAIL = 'member@dashboards-bench.test';
const MARKER = 'dashboards-bench.json';

interface Dataset {
  organizationId: string;
  websiteIds: string[];
  hits: number;
  generatedAt: string;
  generationSeconds: number;
}

async function seed(pool: pg.Pool): Promise<Dataset> {
  const started = Date.now();
  const owner = await pool.query<{ id: string }>("insert into auth.users (email) values ('owner@dashboards-bench.test') returning id");
  const org = await pool.query<{ id: string }>(
    "insert into public.organizations (name, slug, plan, created_by) values ('Dashboards bench', 'dashboards-bench', 'enterprise', $1) returning id",
    [owner.rows[0]!.id],
  );
  const organizationId = org.rows[0]!.id;
  const websiteIds: string[] = [];
  for (let s = 0; s < SITES; s++) {
    const site = await pool.query<{ id: string }>('insert into public.websites (organization_id, name, domain) values ($1, $2, $3) returning id', [organizationId, `Site ${s}`, `s${s}.bench.example.com`]);
    websiteIds.push(site.rows[0]!.id);
  }
  // The member the queries run as: a plain member (not the owner), signed in with a password.
  const member = await pool.query<{ id: string }>(
    'insert into auth.users (email, encrypted_password, email_confirmed_at, raw_app_meta_data) values ($1, $2, now(), $3) returning id',
    [MEMBER_EMAIL, await hashPassword(PASSWORD), JSON.stringify(EMAIL_PROVIDER_APP_METADATA)],
  );
  await pool.query("insert into public.user_organizations (user_id, organization_id, role, status) values ($1, $2, 'member', 'active')", [member.rows[0]!.id, organizationId]);

  const endMs = Date.now();
  const plan: GenerationPlan = { organizationId, websiteIds, hits: HITS, startMs: endMs - SPAN_DAYS * DAY_MS, endMs };
  const templates = corpusTemplates(path.resolve(process.cwd(), 'tests/fixtures/ga4/shared-corpus/hits'), endMs);
  await loadTemplates(pool, templates);
  await loadSites(pool, websiteIds);
  const tasks = dayTasks(plan);
  // Two loaders: one per core.
  let next = 0;
  const loader = async () => {
    for (let t = tasks[next++]; t; t = tasks[next++]) {
      const t0 = Date.now();
      const how = await loadDay(pool, plan, t, templates.length);
      console.error(`  ${t.day.toISOString().slice(0, 10)}: ${(t.hi - t.lo).toLocaleString('en')} rows ${how} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
  };
  await Promise.all([loader(), loader()]);
  await loadAggregates(pool, plan, templates.length);
  await pool.query('vacuum analyze');
  return { organizationId, websiteIds, hits: HITS, generatedAt: new Date(endMs).toISOString(), generationSeconds: Math.round((Date.now() - started) / 1000) };
}

async function signIn(url: string, anonKey: string): Promise<SupabaseClient> {
  const store = new Map<string, string>();
  const client = createClient(url, anonKey, {
    realtime: { transport: ws as unknown as typeof WebSocket },
    auth: {
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v), removeItem: (k) => void store.delete(k) },
    },
  });
  const { error } = await client.auth.signInWithPassword({ email: MEMBER_EMAIL, password: PASSWORD });
  if (error) throw error;
  return client;
}

async function context(pool: pg.Pool, client: SupabaseClient, data: Dataset): Promise<QueryContext> {
  // The busiest website, and lookups that exist in the last 24 hours (newest first, as a user would paste them).
  const busiest = (await pool.query<{ id: string }>('select s.id from bench.sites s order by s.idx desc limit 1')).rows[0]!.id;
  const sample = (
    await pool.query<{ id: string; client_id: string; user_id: string }>(
      "select id, client_id, user_id from public.collected_requests where received_at > now() - interval '24 hours' and user_id is not null order by received_at desc limit 1",
    )
  ).rows[0]!;
  const rules = (await pool.query<{ value: string }>("select value from bench.template_dims where dimension = 'rule' group by value order by count(*) desc, value")).rows;
  const events = (await pool.query<{ value: string }>("select value from bench.template_dims where dimension = 'event_name' group by value order by count(*), value")).rows;
  return {
    client,
    pool,
    organizationId: data.organizationId,
    websiteId: busiest,
    sample: { requestId: sample.id, clientId: sample.client_id, userId: sample.user_id },
    commonRuleId: rules[0]!.value,
    rareRuleId: rules[rules.length - 1]!.value,
    rareEventName: events.find((e) => /^[a-z_]+$/.test(e.value))!.value,
  };
}

const fmt = (ms: number) => ms.toFixed(1).padStart(8);

function printTable(timings: readonly Timing[]) {
  console.log(`\n${'page'.padEnd(10)} ${'query'.padEnd(40)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)}`);
  for (const t of timings) {
    const flag = (t.p95 > 100 ? '  > 100 ms' : '') + (t.runs < RUNS ? ` (${t.runs} runs)` : '') + (t.error ? `  error: ${t.error}` : '');
    console.log(`${t.query.page.padEnd(10)} ${t.query.name.padEnd(40)} ${fmt(t.p50)} ${fmt(t.p95)} ${fmt(t.max)}${flag}`);
  }
}

async function main() {
  const keep = process.env.BENCH_DATA_DIR;
  const dataDir = keep ? path.resolve(keep) : mkdtempSync(path.join(os.tmpdir(), 'tracklint-dashboards-bench-'));
  if (keep) mkdirSync(dataDir, { recursive: true });
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'error', WEB_DIST_DIR: path.join(dataDir, 'no-web'), ALERTS_SCHEDULER: 'false' });
  const server = await startServer(config, createLogger('error'), { alerts: { schedule: false, workers: false } });
  try {
    const pool = server.deps.db.pool;
    const markerPath = path.join(dataDir, MARKER);
    let data: Dataset;
    if (existsSync(markerPath)) {
      data = JSON.parse(readFileSync(markerPath, 'utf8')) as Dataset;
      console.error(`reusing ${data.hits.toLocaleString('en')} hits generated at ${data.generatedAt} in ${dataDir}`);
      await pool.query('analyze');
    } else {
      console.error(`generating ${HITS.toLocaleString('en')} hits over ${SPAN_DAYS} days in ${dataDir}`);
      data = await seed(pool);
      writeFileSync(markerPath, JSON.stringify(data));
      console.error(`generated in ${data.generationSeconds} s`);
    }
    const sizes = (
      await pool.query<{ requests: string; rollups: string; counters: string; bytes: string }>(
        `select (select count(*) from public.collected_requests) as requests, (select count(*) from public.website_hourly_rollups) as rollups,
                (select count(*) from public.website_hit_counters) as counters, pg_size_pretty(pg_database_size(current_database())) as bytes`,
      )
    ).rows[0]!;
    const client = await signIn(server.url.replace('localhost', '127.0.0.1'), server.deps.jwt.anonKey);
    const ctx = await context(pool, client, data);
    const timings = await timeAll(dashboardQueries(ctx), RUNS, 2, (t) =>
      console.error(`  ${t.query.page} / ${t.query.name}: p50 ${t.p50.toFixed(1)} ms, p95 ${t.p95.toFixed(1)} ms${t.error ? ` (${t.error})` : ''}`),
    );
    console.log(`\nDashboards bench: ${Number(sizes.requests).toLocaleString('en')} requests, ${Number(sizes.rollups).toLocaleString('en')} rollup rows, ${Number(sizes.counters).toLocaleString('en')} counter rows, database ${sizes.bytes}; generation ${data.generationSeconds} s; ${RUNS} runs per query; ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} load`);
    console.log(machineLine());
    printTable(timings);
    const slowest = [...timings].sort((a, b) => b.p95 - a.p95)[0]!;
    console.log(`\nSlowest: ${slowest.query.page} / ${slowest.query.name} (p95 ${slowest.p95.toFixed(1)} ms)\n`);
    console.log(await explain(pool, slowest.query));
    const over = timings.filter((t) => t.p95 > 100);
    console.log(over.length === 0 ? '\nEvery query has p95 <= 100 ms.' : `\n${over.length} of ${timings.length} queries have p95 > 100 ms.`);
    await client.auth.signOut();
  } finally {
    await server.stop();
    if (!keep) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
