/**
 * The server side of `npm run bench`: a real Tracklint server (embedded Postgres in a temporary
 * data directory) with one enterprise organization and website, plus a bare node:http endpoint
 * that reads the body and answers 200, for the ratio. Prints one JSON line with what the load
 * generator needs, then serves until it receives SIGTERM.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { createLogger } from '../src/server/logger';
import { startServer } from '../src/server/server';
import type { Pool } from 'pg';
import { parseCaptureFile } from '../src/shared/ga4';
import { createFloorEngine } from './floor-engine';

const DOMAIN = 'bench.example.com';

/** A server on loopback with its own data directory; without `databaseUrl`, its own embedded Postgres. */
function benchConfig(dataDir: string, databaseUrl?: string) {
  return loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    JWT_SECRET: process.env.BENCH_JWT_SECRET,
    LOG_LEVEL: 'error',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    COLLECTOR_VALIDATION_THREAD: process.env.COLLECTOR_VALIDATION_THREAD,
    COLLECTOR_INVENTORY_FLUSH_MS: process.env.COLLECTOR_INVENTORY_FLUSH_MS,
  });
}

/**
 * BENCH_FLOOR=1: the floor of `npm run bench` (bench/floor-engine.ts): the same server and
 * pipeline with the engine's work replaced by lookups. The engine is injected in this thread, so
 * the floor refuses the validation thread.
 */
function serverOptions(collector: { inventory?: boolean } = {}): Parameters<typeof startServer>[2] {
  if (process.env.BENCH_FLOOR !== '1') return { collector };
  if (process.env.COLLECTOR_VALIDATION_THREAD === 'true') throw new Error('BENCH_FLOOR=1 runs the engine in the collector thread; unset COLLECTOR_VALIDATION_THREAD');
  return { collector: { ...collector, engine: createFloorEngine() } };
}

/**
 * BENCH_JOIN_DATABASE_URL set: a further collector process on the first one's database (the
 * BENCH_WORKERS=2 run, or with BENCH_INVENTORY=0 the process without the traffic inventory that the
 * driver compares with); it seeds nothing and prints only its URL.
 */
async function joinExisting(databaseUrl: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tracklint-bench-join-'));
  const server = await startServer(benchConfig(dataDir, databaseUrl), createLogger('error'), serverOptions({ inventory: process.env.BENCH_INVENTORY !== '0' }));
  process.stdout.write(JSON.stringify({ url: server.url.replace('localhost', '127.0.0.1') }) + '\n');
  const stop = async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

/** The hand-written plan of the "violating" website: the corpus's common events with typical parameters, published. */
async function seedViolatingPlan(pool: Pool, planId: string) {
  const draft = (await pool.query<{ id: string }>("select id from public.tracking_plan_versions where plan_id = $1 and status = 'draft'", [planId])).rows[0]!.id;
  for (const name of ['page_view', 'view_item', 'add_to_cart', 'begin_checkout', 'purchase', 'scroll', 'click', 'form_submit', 'login', 'sign_up']) {
    const ev = await pool.query<{ id: string }>("insert into public.tracking_plan_events (version_id, name, status) values ($1, $2, 'live') returning id", [draft, name]);
    await pool.query(
      `insert into public.tracking_plan_parameters (version_id, event_id, scope, name, type, required, allowed_values)
       values ($1, $2, 'event', 'currency', 'string', false, array['EUR', 'USD']), ($1, $2, 'event', 'value', 'number', false, null),
              ($1, $2, 'event', 'transaction_id', 'string', false, null), ($1, $2, 'item', 'item_id', 'string', true, null),
              ($1, $2, 'item', 'price', 'number', false, null), ($1, $2, 'item', 'quantity', 'integer', false, null)`,
      [draft, ev.rows[0]!.id],
    );
  }
  await pool.query('select public.publish_tracking_plan($1)', [planId]);
}

async function main() {
  if (process.env.BENCH_JOIN_DATABASE_URL) return joinExisting(process.env.BENCH_JOIN_DATABASE_URL);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tracklint-bench-'));
  const server = await startServer(benchConfig(dataDir), createLogger('error'), serverOptions());
  const pool = server.deps.db.pool;
  const user = await pool.query<{ id: string }>("insert into auth.users (email) values ('bench@tracklint.test') returning id");
  const org = await pool.query<{ id: string }>("insert into public.organizations (name, slug, plan, created_by) values ('Bench', 'bench', 'enterprise', $1) returning id", [user.rows[0]!.id]);
  const site = await pool.query<{ id: string; site_key: string }>("insert into public.websites (organization_id, name, domain) values ($1, 'Bench', $2) returning id, site_key", [org.rows[0]!.id, DOMAIN]);

  // Issue 25: two more websites of the organization follow tracking plans, so the driver compares
  // the plan check's cost with the plain website's in the same run. "fit": the plan the driver
  // creates from this website's own traffic after the warm-up ("create the plan from traffic"),
  // which the corpus satisfies; "violating": a hand-written plan most corpus hits break (every hit
  // carries several plan.* findings). BENCH_PLAN=0 leaves them out.
  const sites: Array<{ label: string; id: string; siteKey: string; origin: string; planId?: string }> = [{ label: 'plain', id: site.rows[0]!.id, siteKey: site.rows[0]!.site_key, origin: `https://${DOMAIN}` }];
  if (process.env.BENCH_PLAN !== '0') {
    for (const label of ['fit', 'violating']) {
      const domain = `${label}.${DOMAIN}`;
      const w = await pool.query<{ id: string; site_key: string }>('insert into public.websites (organization_id, name, domain) values ($1, $2, $3) returning id, site_key', [org.rows[0]!.id, `Bench ${label}`, domain]);
      const plan = await pool.query<{ id: string }>('insert into public.tracking_plans (organization_id, name) values ($1, $2) returning id', [org.rows[0]!.id, `Bench ${label} plan`]);
      sites.push({ label, id: w.rows[0]!.id, siteKey: w.rows[0]!.site_key, origin: `https://${domain}`, planId: plan.rows[0]!.id });
      await pool.query('insert into public.tracking_plan_websites (website_id, plan_id) values ($1, $2)', [w.rows[0]!.id, plan.rows[0]!.id]);
      if (label === 'violating') await seedViolatingPlan(pool, plan.rows[0]!.id);
    }
  }

  // Realistic hits: every gtag request of the shared corpus (the tracker only mirrors /g/collect).
  const dir = path.resolve(process.cwd(), 'tests/fixtures/ga4/shared-corpus/hits');
  const hits = readdirSync(dir)
    .sort()
    .map((f) => parseCaptureFile(readFileSync(path.join(dir, f), 'utf8'), f))
    .flatMap((r) => (r.ok ? r.captures.map((c) => c.request) : []))
    .filter((r) => r.url.includes('/g/collect'))
    .map((r) => ({ m: r.method, u: r.url, b: typeof r.body === 'string' ? r.body : '' }));

  const bare = http.createServer((req, res) => {
    req.on('data', () => {});
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  const barePort = await new Promise<number>((resolve) => bare.listen(0, '127.0.0.1', () => resolve((bare.address() as { port: number }).port)));

  process.stdout.write(
    JSON.stringify({
      url: server.url.replace('localhost', '127.0.0.1'),
      userId: user.rows[0]!.id,
      sites,
      bareUrl: `http://127.0.0.1:${barePort}`,
      siteKey: site.rows[0]!.site_key,
      websiteId: site.rows[0]!.id,
      serviceRoleKey: server.deps.jwt.serviceRoleKey,
      origin: `https://${DOMAIN}`,
      databaseUrl: (pool.options as { connectionString: string }).connectionString,
      // The embedded Postgres's postmaster.pid: the bench sums the CPU time of its processes.
      postgresPidFile: path.join(dataDir, 'postgres', 'postmaster.pid'),
      hits,
    }) + '\n',
  );

  const stop = async () => {
    bare.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

main().catch((err: unknown) => {
  process.stderr.write(`bench server failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
