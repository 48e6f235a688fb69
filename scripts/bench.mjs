#!/usr/bin/env node
// npm run bench: drives the collector over loopback with realistic tracker batches for a fixed
// time at a fixed concurrency, then the same load against a bare node:http endpoint, and prints
// accepted hits per second, p50/p99 latency and errors for both, their ratio, and the server's
// longest event-loop stall while the collector was under load. At the end it
// checks in Postgres that every acknowledged hit is durably stored, and that every hit sent was
// stored or refused. Before that, in the same run, the floor (issue 28): the same server and pipeline
// with the engine's work replaced by lookups (bench/floor-engine.ts, storage identical), on a fresh
// database of its own; the collector's throughput over the floor's is the ratio issue 28 targets
// (>= 0.8). After the real variant's main run (and its bare run), on the same processes and
// database, the cost of the traffic inventory and of the tracking plan check (issue 25, below).
// Every figure is printed with the machine (CPU model, cores, Node).
//
// BENCH_FLOOR=0 skips the floor.
// Options (environment): BENCH_SECONDS (default 12), BENCH_CONCURRENCY (32), BENCH_BATCH (20 hits per request, the tracker's largest batch).
// Issue 25: after the real variant's main run, the cost of the traffic inventory and the tracking
// plan check, in the same run: BENCH_ROUNDS (default 3) rounds of BENCH_SECONDS per variant,
// alternating, on two extra processes: B without the inventory, C with it; on C the plain website,
// a website whose plan was created from its own traffic (the corpus satisfies it) and one whose
// plan the corpus violates. The budget line is C with the fit plan against B without a plan.
// BENCH_PLAN=0 skips it, and so does BENCH_RATE; the floor never runs it.
// BENCH_RATE=5000: fixed-rate (open-loop) mode: requests start on a schedule of that many hits per
// second whatever the answers take, so p50/p99 are the latency at that load (the bare endpoint gets
// the same schedule); at most BENCH_CONCURRENCY x 8 requests are outstanding.
// BENCH_WORKERS=2: a second collector process on the same database; requests alternate between
// the two (the bare endpoint stays one process).
// BENCH_NODE_FLAGS: the collector processes' Node flags instead of the server's own
// (scripts/server-node-flags.mjs); BENCH_NODE_FLAGS= (empty) runs them with Node's defaults.
// BENCH_INVENTORY_FLUSH_MS (default 1000): how often the collector processes write the traffic
// inventory's counters (COLLECTOR_INVENTORY_FLUSH_MS; production's is 5000). Issue 25's segments
// wait that long and half a second more after their load before reading the CPU figures, so each
// segment pays for the flush of what it counted. BENCH_PROF_DIR: where BENCH_PROF=1 writes the
// processes' CPU profiles (default /tmp/tl/prof).
// The collector runs bundled by esbuild as `npm run build:server` bundles the server, so it runs the
// code production runs; BENCH_TSX=1 runs the TypeScript through tsx instead (CPU profiles then name
// the source files; tsx keeps function names with a defineProperty per closure created, which
// costs the collector several percent).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import readline from 'node:readline';
import pg from 'pg';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';
import { VALIDATION_WORKER_ENTRY, bundleForNode } from './bundle-for-node.mjs';
import { machineLine } from '../bench/machine.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 12);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const BATCH = Number(process.env.BENCH_BATCH ?? 20);
const RATE = process.env.BENCH_RATE ? Number(process.env.BENCH_RATE) : null;
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);
// The floor (issue 28): the same pipeline with the engine's work taken away, measured first in the same run.
const FLOOR = process.env.BENCH_FLOOR !== '0';
// Issue 28's targets, all measured in one run.
const TARGET_FLOOR_RATIO = 0.8;
const TARGET_LOOP_P99_MS = 20;
const TARGET_LOOP_MAX_MS = 50;
// Shared by the collector processes, so the service-role key works on each.
const JWT_SECRET = randomBytes(32).toString('hex');
const WARMUP_SECONDS = 2;
const INVENTORY_FLUSH_MS = Number(process.env.BENCH_INVENTORY_FLUSH_MS ?? 1000);
const PROF_DIR = process.env.BENCH_PROF_DIR ?? '/tmp/tl/prof';
// BENCH_VISITS=n: each visitor sends n requests in a row (default 1: every request a new visitor), so
// the history of returning visitors is read and written as with real traffic.
const VISITS = Math.max(1, Number(process.env.BENCH_VISITS ?? 1));
// BENCH_ROUTE=sticky (with BENCH_WORKERS > 1): every request of a visitor goes to the same process,
// as consistent hashing on the website key at the load balancer does for each website's traffic
// (README, "Deployment"); the default alternates the processes request by request.
const STICKY = process.env.BENCH_ROUTE === 'sticky';
// Issue 25: unless BENCH_PLAN=0 (or a fixed rate), the run also compares the traffic inventory and
// the tracking plan check with neither, BENCH_ROUNDS times (default 3) per variant.
const COMPARE = process.env.BENCH_PLAN !== '0' && !RATE;
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));

const CLOCK_TICK_MS = 10; // USER_HZ is 100 on Linux

/**
 * User + system CPU time of a process (all its threads, so V8's GC helpers too), in ms; 0 once it
 * is gone. `reaped`: plus that of its children that exited and were waited for (Postgres backends
 * that ended during the run, counted in the postmaster's).
 */
function cpuMsOf(pid, part = 'all', reaped = false) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const user = Number(fields[11]) + (reaped ? Number(fields[13]) : 0);
    const system = Number(fields[12]) + (reaped ? Number(fields[14]) : 0);
    return (part === 'system' ? system : part === 'user' ? user : user + system) * CLOCK_TICK_MS;
  } catch {
    return 0;
  }
}

/**
 * CPU time (ms) of the embedded Postgres: its postmaster, every process it started that still runs,
 * and those that ended and were reaped. Differences of two readings are what the main runs and
 * issue 25's segments print.
 */
function postgresCpuMs(pidFile, part = 'all') {
  let postmaster;
  try {
    postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  } catch {
    return null; // not Linux, or an external database
  }
  // Backends that exited meanwhile would take their CPU time with them (figures went negative).
  let total = cpuMsOf(postmaster, part, true);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === postmaster) total += cpuMsOf(entry, part);
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

const NODE_FLAGS = process.env.BENCH_NODE_FLAGS === undefined ? SERVER_NODE_FLAGS : process.env.BENCH_NODE_FLAGS.split(' ').filter(Boolean);

/** Garbage collections of the collector processes while `gc.measuring` (from --trace-gc; pauses are main-thread wall time). */
const freshGc = () => ({ measuring: false, scavenges: 0, scavengeMs: 0, longestMs: 0, fullGcs: 0, fullGcMs: 0 });
let gc = freshGc(); // one per measured variant
const GC_LINE = /: (Scavenge|Mark-Compact)\b[^,]*, ([0-9.]+) \/ [0-9.]+ ms/;

async function bundledServer() {
  // The collector's validation thread (COLLECTOR_VALIDATION_THREAD=true) is started from the file beside it.
  await bundleForNode(VALIDATION_WORKER_ENTRY, 'validation-worker');
  return bundleForNode('bench/collector-server.ts', 'collector-server');
}
const SERVER_ENTRY = process.env.BENCH_TSX ? ['--import', 'tsx', 'bench/collector-server.ts'] : [await bundledServer()];

function startServer(extraEnv = {}) {
  const child = spawn(process.execPath, [...NODE_FLAGS, '--trace-gc', ...(process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${PROF_DIR}`] : []), ...SERVER_ENTRY], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, BENCH_JWT_SECRET: JWT_SECRET, COLLECTOR_INVENTORY_FLUSH_MS: String(INVENTORY_FLUSH_MS), ...extraEnv },
  });
  return new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout });
    let ready = false;
    lines.on('line', (line) => {
      if (!ready && line.startsWith('{')) {
        ready = true;
        resolve({ child, info: JSON.parse(line) });
        return;
      }
      const m = GC_LINE.exec(line);
      if (!m || !gc.measuring) return;
      const ms = Number(m[2]);
      if (m[1] === 'Scavenge') {
        gc.scavenges += 1;
        gc.scavengeMs += ms;
      } else {
        gc.fullGcs += 1;
        gc.fullGcMs += ms;
      }
      gc.longestMs = Math.max(gc.longestMs, ms);
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Sends batches back to back from CONCURRENCY connections for `seconds`; counts acknowledged hits. */
async function drive(target, info, seconds, { record = true, site = info } = {}) {
  const urls = (Array.isArray(target) ? target : [target]).map((t) => new URL(t));
  let turn = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: RATE ? CONCURRENCY * 8 : CONCURRENCY });
  const run = `${process.pid.toString(36)}${Date.now().toString(36)}`;
  let seq = 0;
  let hitIndex = 0;
  const latencies = [];
  let accepted = 0;
  let requests = 0;
  // Fault accounting: every hit sent is stored (acknowledged) or refused, exactly.
  let sent = 0;
  let refused = 0;
  const errors = {};
  const deadline = Date.now() + seconds * 1000;

  let visitor = 0;
  // Each corpus hit as JSON text in two pieces around its client id, so a request body is built by
  // concatenation: the generator's CPU counts against the same two cores as the server's.
  const templates = info.hits.map((h) => {
    const marked = JSON.stringify({ m: h.m, u: h.u.replace(/([?&]cid=)[^&]*/, '$1\u0001'), b: h.b });
    const [before, after] = marked.slice(1).split('\\u0001');
    return { before: `,${before}`, after };
  });
  function body() {
    // One request = one visitor's batch: its own client id, so history lookups miss and fill as with real traffic.
    const cid = `${run.length}${Math.floor(visitor++ / VISITS).toString()}.1700000000`;
    let text = '{"v":1,"hits":[';
    for (let i = 0; i < BATCH; i++) {
      const t = templates[hitIndex++ % templates.length];
      text += `${i === 0 ? '' : ','}{"k":"b${run}x${(seq++).toString(36)}"${t.before}${t.after === undefined ? '' : cid + t.after}`;
    }
    return text + ']}';
  }

  function once() {
    const payload = body();
    const url = urls[(STICKY ? Math.floor((visitor - 1) / VISITS) : turn++) % urls.length];
    const started = process.hrtime.bigint();
    sent += BATCH;
    return new Promise((resolve) => {
      const req = http.request(
        { host: url.hostname, port: url.port, path: `/collect/g?site=${site.siteKey}`, method: 'POST', agent, headers: { 'content-type': 'text/plain', origin: site.origin, 'content-length': Buffer.byteLength(payload) } },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            const ms = Number(process.hrtime.bigint() - started) / 1e6;
            requests += 1;
            if (record) latencies.push(ms);
            if (res.statusCode === 200) {
              const json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
              accepted += json.stored === undefined ? BATCH : json.stored + json.duplicates;
              refused += json.refused ?? 0;
            } else {
              errors[res.statusCode] = (errors[res.statusCode] ?? 0) + 1;
              refused += BATCH;
            }
            resolve();
          });
        },
      );
      req.on('error', (err) => {
        errors[err.code ?? 'error'] = (errors[err.code ?? 'error'] ?? 0) + 1;
        refused += BATCH;
        resolve();
      });
      req.end(payload);
    });
  }

  const started = Date.now();
  let skipped = 0;
  if (RATE) {
    // Open loop: request i starts at started + i x (BATCH / RATE) s.
    const intervalMs = (BATCH / RATE) * 1000;
    const pending = new Set();
    for (let i = 0; ; i++) {
      const at = started + i * intervalMs;
      if (at >= deadline) break;
      const wait = at - Date.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      if (pending.size >= CONCURRENCY * 8) {
        skipped += 1; // the server is behind: counted, not queued without end
        continue;
      }
      const p = once().then(() => pending.delete(p));
      pending.add(p);
    }
    await Promise.all(pending);
  } else {
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (Date.now() < deadline) await once();
      }),
    );
  }
  if (skipped) errors.skipped_behind_schedule = skipped;
  const elapsed = (Date.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { elapsed, requests, sent, refused, accepted, hitsPerSecond: accepted / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors };
}

function line(label, r) {
  const errs = Object.entries(r.errors).map(([k, v]) => `${k}:${v}`).join(' ') || 'none';
  return `${label.padEnd(26)} ${r.hitsPerSecond.toFixed(0).padStart(8)} hits/s  ${(r.requests / r.elapsed).toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms  errors ${errs}`;
}


const count = (db, sql, websiteId) => db.query(sql, [websiteId]).then((r) => Number(r.rows[0].n));
const STORED_SQL = 'select count(*)::bigint as n from public.collected_requests where website_id = $1';
const FINDINGS_SQL = 'select coalesce(sum(cardinality(rule_ids)), 0)::bigint as n from public.collected_requests where website_id = $1';

/**
 * One variant, start to end: its own collector process(es) and embedded Postgres, the warm-up, the
 * measured run, then (`withBare`) the bare endpoint under the same load, then (`compare`) issue 25's
 * comparison on the same database. Every figure of the variant is read before its processes stop.
 */
async function measure(extraEnv, { withBare = false, compare = false } = {}) {
  const { child, info } = await startServer(extraEnv);
  const joined = [];
  for (let i = 1; i < WORKERS; i++) joined.push(await startServer({ ...extraEnv, BENCH_JOIN_DATABASE_URL: info.databaseUrl }));
  const collectorUrls = [info.url, ...joined.map((j) => j.info.url)];
  const servers = [child, ...joined.map((j) => j.child)];
  try {
    await drive(collectorUrls, info, WARMUP_SECONDS, { record: false });
    const db = new pg.Client({ connectionString: info.databaseUrl });
    await db.connect();
    const before = await count(db, STORED_SQL, info.websiteId);
    const operator = { apikey: info.serviceRoleKey, authorization: `Bearer ${info.serviceRoleKey}` };
    for (const u of collectorUrls) await fetch(`${u}/health/event-loop`, { headers: operator }); // starts the window at the run
    const cpuBefore = { server: servers.reduce((n, c) => n + cpuMsOf(c.pid), 0), serverSystem: servers.reduce((n, c) => n + cpuMsOf(c.pid, 'system'), 0), postgres: postgresCpuMs(info.postgresPidFile), postgresSystem: postgresCpuMs(info.postgresPidFile, 'system'), generator: process.cpuUsage() };
    gc = freshGc();
    gc.measuring = true;
    const collector = await drive(collectorUrls, info, SECONDS);
    gc.measuring = false;
    const cpu = {
      server: servers.reduce((n, c) => n + cpuMsOf(c.pid), 0) - cpuBefore.server,
      // Kernel time: mostly loopback socket writes to Postgres and to clients, done in the sender's context.
      serverSystem: servers.reduce((n, c) => n + cpuMsOf(c.pid, 'system'), 0) - cpuBefore.serverSystem,
      postgres: cpuBefore.postgres === null ? null : postgresCpuMs(info.postgresPidFile) - cpuBefore.postgres,
      postgresSystem: cpuBefore.postgresSystem === null ? null : postgresCpuMs(info.postgresPidFile, 'system') - cpuBefore.postgresSystem,
      generator: (() => {
        const u = process.cpuUsage(cpuBefore.generator);
        return (u.user + u.system) / 1000;
      })(),
    };
    const loops = [];
    for (const u of collectorUrls) loops.push(await (await fetch(`${u}/health/event-loop`, { headers: operator })).json());
    // The worst of the processes.
    const eventLoop = loops.reduce((a, b) => (b.maxMs > a.maxMs ? b : a));
    const stored = (await count(db, STORED_SQL, info.websiteId)) - before;
    const findings = await count(db, FINDINGS_SQL, info.websiteId);
    await db.end();
    const metrics = await (await fetch(`${info.url}/collector/metrics`, { headers: { apikey: info.serviceRoleKey } })).json(); // the first process's
    // History reads of every process since it started (warm-up included), over the hits they stored.
    const history = { reads: 0, keys: 0, records: 0, stored: 0 };
    for (const u of collectorUrls) {
      const m = u === info.url ? metrics : await (await fetch(`${u}/collector/metrics`, { headers: { apikey: info.serviceRoleKey } })).json();
      history.reads += m.historyReads ?? 0;
      history.keys += m.historyKeysRead ?? 0;
      history.records += m.historyRecordsRead ?? 0;
      history.stored += m.hitsStored;
    }
    const bare = withBare ? await drive(info.bareUrl, info, SECONDS) : null;
    const storage = withBare ? await storedParts(info.databaseUrl, info.websiteId) : null;
    // After the stored parts are read, so the other websites' traffic is not in them.
    const comparison = compare ? await compareInventoryAndPlan(extraEnv, info, collectorUrls) : null;
    return { collector, bare, cpu, eventLoop, stored, findings, metrics, history, storage, comparison, gc: { ...gc }, processes: servers.length, hits: info.hits.length };
  } finally {
    for (const c of [...joined.map((j) => j.child), child]) {
      c.kill('SIGTERM');
      await new Promise((r) => c.once('exit', r));
    }
  }
}

const planFindingsOf = (db, websiteId) =>
  count(db, "select count(*)::bigint as n from public.collected_requests r, unnest(r.rule_ids) as u(rule_id) where r.website_id = $1 and u.rule_id like 'plan.%'", websiteId);

/**
 * Issue 25, one measured segment: `seconds` of load on one website through some collector processes;
 * the CPU of those processes and of Postgres per hit stored for that website in the meantime.
 */
async function segment(db, info, variant, seconds) {
  const servers = variant.processes;
  const before = await count(db, STORED_SQL, variant.site.id);
  const plansBefore = await planFindingsOf(db, variant.site.id);
  const cpuBefore = { server: servers.reduce((n, c) => n + cpuMsOf(c.pid), 0), postgres: postgresCpuMs(info.postgresPidFile) };
  const r = await drive(variant.urls, info, seconds, { site: variant.site });
  // The inventory's counters of this segment are written within INVENTORY_FLUSH_MS: count their flush here.
  await new Promise((resolve) => setTimeout(resolve, INVENTORY_FLUSH_MS + 500));
  const server = servers.reduce((n, c) => n + cpuMsOf(c.pid), 0) - cpuBefore.server;
  const postgres = cpuBefore.postgres === null ? null : postgresCpuMs(info.postgresPidFile) - cpuBefore.postgres;
  const stored = (await count(db, STORED_SQL, variant.site.id)) - before;
  const planFindings = (await planFindingsOf(db, variant.site.id)) - plansBefore;
  return { ...r, stored, server, postgres, planFindings };
}

/**
 * Issue 25's budget: the inventory and the plan check add at most 10% to the collector's CPU per
 * stored hit. Two further processes on the variant's database, alike but for the traffic inventory,
 * for its cost (the variant's own processes have served more traffic, so they are not the ones to
 * compare them with); the variant's processes for the plan check, on the plain, "fit" and
 * "violating" websites. Each variant in turn, ROUNDS times, the order reversed every other round so
 * a change in the machine's load falls on every variant alike.
 */
async function compareInventoryAndPlan(extraEnv, info, collectorUrls) {
  const site = (label) => info.sites.find((s) => s.label === label);
  const extra = [];
  const db = new pg.Client({ connectionString: info.databaseUrl });
  db.on('error', () => {}); // Postgres stopping at the end is not news; a failure shows in the query that met it
  await db.connect();
  try {
    const withoutInventory = await startServer({ ...extraEnv, BENCH_JOIN_DATABASE_URL: info.databaseUrl, BENCH_INVENTORY: '0' });
    extra.push(withoutInventory.child);
    const withInventory = await startServer({ ...extraEnv, BENCH_JOIN_DATABASE_URL: info.databaseUrl });
    extra.push(withInventory.child);
    // The "fit" website's plan is created from its own warm-up traffic, as "create the plan from
    // traffic" does in the app (as the organization's owner), and published; then warmed up again
    // so the collector has compiled it.
    await drive(collectorUrls, info, WARMUP_SECONDS, { record: false, site: site('fit') });
    await db.query('begin');
    await db.query("select set_config('request.jwt.claims', $1, true)", [JSON.stringify({ sub: info.userId, role: 'authenticated' })]);
    const proposed = (await db.query('select public.tracking_plan_draft_from_traffic($1, $2, 1) as r', [site('fit').planId, site('fit').id])).rows[0].r;
    await db.query('select public.publish_tracking_plan($1)', [site('fit').planId]);
    await db.query('commit');
    await drive(collectorUrls, info, WARMUP_SECONDS, { record: false, site: site('fit') });

    // Every variant runs on process B (no inventory) or C (inventory), never on the run's main
    // collector processes: the main ones served the floor and the real run before and differ in
    // warm-up and heap, which moved "the same configuration" by up to 16% between two variants.
    const onB = { urls: [withoutInventory.info.url], processes: [withoutInventory.child] };
    const onC = { urls: [withInventory.info.url], processes: [withInventory.child] };
    const variants = [
      { label: 'no inventory, no plan (B)', site: site('plain'), ...onB },
      { label: 'inventory, no plan (C)', site: site('plain'), ...onC },
      { label: 'inventory + fit plan (C)', site: site('fit'), ...onC },
      { label: 'inventory + violated plan (C)', site: site('violating'), ...onC },
    ];
    // A warm-up round first (not counted): every process and website has compiled and cached what it needs.
    for (const v of variants) await drive(v.urls, info, SECONDS, { record: false, site: v.site });
    const totals = new Map(variants.map((v) => [v.label, { stored: 0, server: 0, postgres: 0, planFindings: 0, runs: [] }]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const v of round % 2 === 0 ? variants : [...variants].reverse()) {
        const r = await segment(db, info, v, SECONDS);
        const t = totals.get(v.label);
        t.stored += r.stored;
        t.server += r.server;
        t.postgres += r.postgres ?? 0;
        t.planFindings += r.planFindings;
        t.runs.push(r);
      }
    }
    return { fitPlan: proposed, variants: variants.map((v) => ({ label: v.label, ...totals.get(v.label) })) };
  } finally {
    await db.end();
    for (const c of extra) {
      c.kill('SIGTERM');
      await new Promise((r) => c.once('exit', r));
    }
  }
}

/** Issue 25's comparison, and false when a variant's fault accounting does not add up. */
function printComparison({ fitPlan, variants }) {
  const us = (ms, n) => (ms * 1000) / Math.max(1, n);
  console.log(`\ntraffic inventory and tracking plan check (issue 25), ${ROUNDS} round${ROUNDS === 1 ? '' : 's'} of ${SECONDS}s per variant, alternating:`);
  console.log(`  "fit" plan created from the warm-up traffic: ${fitPlan.events} events, ${fitPlan.parameters} parameters`);
  for (const c of variants) {
    const perRun = c.runs.map((r) => `${us(r.server, r.stored).toFixed(0)}`).join(' / ');
    console.log(
      `  ${c.label.padEnd(26)} ${c.stored.toString().padStart(7)} hits stored  collector ${us(c.server, c.stored).toFixed(0).padStart(4)} µs/hit (rounds ${perRun})  Postgres ${us(c.postgres, c.stored).toFixed(0).padStart(4)} µs/hit  distinct plan rules ${(c.planFindings / Math.max(1, c.stored)).toFixed(2)}/hit`,
    );
  }
  const ratio = (c, b, key) => `${((us(c[key], c.stored) / us(b[key], b.stored) - 1) * 100).toFixed(1)}%`;
  const [off, on, fit, violated] = variants;
  const pct = (c, b, key) => (us(c[key], c.stored) / us(b[key], b.stored) - 1) * 100;
  console.log(`  inventory:                       collector ${ratio(on, off, 'server')}, Postgres ${ratio(on, off, 'postgres')} (C against B, both without a plan)`);
  console.log(`  fit plan check:                  collector ${ratio(fit, on, 'server')}, Postgres ${ratio(fit, on, 'postgres')} (on C, against no plan)`);
  const both = pct(fit, off, 'server');
  console.log(`  inventory + plan check together: collector ${both.toFixed(1)}%, Postgres ${ratio(fit, off, 'postgres')} (fit plan on C against B without a plan; budget +10% collector: ${both <= 10 ? 'met' : 'NOT met'})`);
  console.log(`  violated plan check:             collector ${ratio(violated, on, 'server')}, Postgres ${ratio(violated, on, 'postgres')} (on C, against no plan; the violations' findings are stored too)`);
  let ok = true;
  for (const c of variants) {
    const acked = c.runs.reduce((n, r) => n + r.accepted, 0);
    const sent = c.runs.reduce((n, r) => n + r.sent, 0);
    const refused = c.runs.reduce((n, r) => n + r.refused, 0);
    if (acked !== c.stored) {
      console.error(`MISMATCH (${c.label}): ${acked} acknowledged but ${c.stored} stored`);
      ok = false;
    }
    if (c.stored + refused !== sent) {
      console.error(`MISMATCH (${c.label}): ${sent} sent but ${c.stored} stored + ${refused} refused`);
      ok = false;
    }
  }
  return ok;
}

// What each stored part of a hit costs Postgres (issue 28, "less stored per hit"), per row of the
// log over the variant's whole life (warm-up included; the database is the variant's own): the
// table's and its indexes' bytes, rows inserted and updated, and index scans and rows fetched (the
// history's reads). Partitions are summed into their parent. Postgres publishes a backend's
// statistics at the latest 10 s after it went idle, so they are read after the bare run (with
// BENCH_SECONDS under 10 some may be missing).
const STORED_PARTS = ['collected_requests', 'collector_idempotency_keys', 'website_hourly_rollups', 'organization_hourly_rollups', 'website_hit_counters', 'organization_usage', 'collector_history', 'tracking_inventory_hourly'];
const PARTS_SQL = `
  with rel as (
    select c.oid, coalesce(p.relname, c.relname)::text as part
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace and n.nspname in ('public', 'collector_partitions')
    left join pg_inherits i on i.inhrelid = c.oid
    left join pg_class p on p.oid = i.inhparent
    where c.relkind = 'r' and coalesce(p.relname, c.relname) = any($1::text[]))
  select rel.part, sum(pg_table_size(rel.oid))::bigint as table_bytes, sum(pg_indexes_size(rel.oid))::bigint as index_bytes,
    sum(s.n_tup_ins)::bigint as inserted, sum(s.n_tup_upd)::bigint as updated, sum(coalesce(s.idx_scan, 0))::bigint as index_scans, sum(coalesce(s.idx_tup_fetch, 0))::bigint as fetched
  from rel join pg_stat_user_tables s on s.relid = rel.oid
  group by rel.part`;

async function storedParts(databaseUrl, websiteId) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const rows = await count(db, STORED_SQL, websiteId);
    const columns = (await db.query("select column_name from information_schema.columns where table_schema = 'public' and table_name = 'collected_requests' order by ordinal_position")).rows.map((r) => r.column_name);
    const sizes = (await db.query(`select ${columns.map((c) => `avg(pg_column_size(${pg.escapeIdentifier(c)}))::float8 as ${pg.escapeIdentifier(c)}`).join(', ')} from public.collected_requests where website_id = $1`, [websiteId])).rows[0];
    const parts = (await db.query(PARTS_SQL, [STORED_PARTS])).rows;
    return { rows, columns: columns.map((c) => ({ name: c, bytes: sizes[c] ?? 0 })), parts };
  } finally {
    await db.end();
  }
}

function printStoredParts(st) {
  const per = (n) => (Number(n) / Math.max(1, st.rows)).toFixed(2);
  console.log(`\nstored per hit of the collector variant (${st.rows} log rows, warm-up included; Postgres's table statistics as published):`);
  for (const p of STORED_PARTS) {
    const r = st.parts.find((x) => x.part === p);
    if (!r) continue;
    console.log(
      `  ${p.padEnd(28)} table ${per(r.table_bytes).padStart(8)} B  indexes ${per(r.index_bytes).padStart(8)} B  rows inserted ${per(r.inserted).padStart(6)}  updated ${per(r.updated).padStart(6)}  index scans ${per(r.index_scans).padStart(6)}  rows fetched ${per(r.fetched).padStart(6)}`,
    );
  }
  const total = st.columns.reduce((n, c) => n + c.bytes, 0);
  console.log(`  log row columns, mean stored bytes (${total.toFixed(0)} B in all): ${[...st.columns].sort((a, b) => b.bytes - a.bytes).map((c) => `${c.name} ${c.bytes.toFixed(0)}`).join(', ')}`);
}

/** CPU per stored hit: what a hit costs whatever else the machine is doing (throughput moves with load, this much less). */
function cpuLine(r) {
  const perHit = (ms) => `${((ms * 1000) / Math.max(1, r.stored)).toFixed(0)} µs`;
  const { cpu } = r;
  return (
    `CPU per stored hit: collector process${r.processes > 1 ? 'es' : ''} ${perHit(cpu.server)} (kernel ${perHit(cpu.serverSystem)}), Postgres ${cpu.postgres === null ? 'n/a' : `${perHit(cpu.postgres)} (kernel ${perHit(cpu.postgresSystem)})`}, load generator ${perHit(cpu.generator)}` +
    ` (${(cpu.server / 1000).toFixed(1)} s + ${cpu.postgres === null ? '?' : (cpu.postgres / 1000).toFixed(1)} s + ${(cpu.generator / 1000).toFixed(1)} s of CPU in ${r.collector.elapsed.toFixed(1)} s)`
  );
}

/** The variant's details, and false when its fault accounting does not add up. */
function report(name, r) {
  const c = r.collector;
  console.log(`\n${name}:`);
  console.log(`  event-loop delay under load: p99 ${r.eventLoop.p99Ms} ms, max ${r.eventLoop.maxMs} ms, mean ${r.eventLoop.meanMs} ms (over ${(r.eventLoop.windowMs / 1000).toFixed(1)} s)`);
  console.log(`  group commit: ${r.metrics.batchesWritten} batches, mean ${(r.metrics.batchedHits / Math.max(1, r.metrics.batchesWritten)).toFixed(0)} hits, largest ${r.metrics.maxBatchSize}; write failures ${r.metrics.batchWriteFailures}`);
  console.log(`  durably stored in Postgres during the run: ${r.stored} rows (${(r.stored / c.elapsed).toFixed(0)}/s), acknowledged: ${c.accepted}, distinct rules broken per request (in total): ${r.findings}`);
  console.log(`  hits sent ${c.sent} = stored ${r.stored} + refused ${c.refused}${r.stored + c.refused === c.sent ? '' : '  MISMATCH'}`);
  console.log(`  ${cpuLine(r)}`);
  const perHit = (n) => (n / Math.max(1, r.history.stored)).toFixed(3);
  console.log(`  history read from Postgres per stored hit (collector metrics, warm-up included): ${perHit(r.history.reads)} queries, ${perHit(r.history.keys)} keys asked, ${perHit(r.history.records)} records found`);
  console.log(
    `  collector GC during the run (node ${NODE_FLAGS.join(' ') || 'defaults'}): ${r.gc.scavenges} scavenges, ${r.gc.scavengeMs.toFixed(0)} ms; ${r.gc.fullGcs} mark-compacts, ${r.gc.fullGcMs.toFixed(0)} ms; longest pause ${r.gc.longestMs.toFixed(1)} ms`,
  );
  let ok = true;
  if (r.stored !== c.accepted) {
    console.error(`MISMATCH (${name}): ${c.accepted} acknowledged but ${r.stored} stored`);
    ok = false;
  }
  if (r.stored + c.refused !== c.sent) {
    console.error(`MISMATCH (${name}): ${c.sent} sent but ${r.stored} stored + ${c.refused} refused`);
    ok = false;
  }
  return ok;
}

const met = (ok) => (ok ? 'met' : 'NOT met');

console.log(
  RATE
    ? `Tracklint collector bench, fixed rate: ${RATE} hits/s offered for ${SECONDS}s per target, ${BATCH} hits per request`
    : `Tracklint collector bench: ${SECONDS}s per target, ${CONCURRENCY} connections, ${BATCH} hits per request`,
);
if (WORKERS > 1) console.log(`${WORKERS} collector processes on one database, ${STICKY ? "each visitor's requests to one process (BENCH_ROUTE=sticky)" : 'requests alternating between them'}`);
if (VISITS > 1) console.log(`${VISITS} requests per visitor`);
console.log(machineLine());
const floor = FLOOR ? await measure({ BENCH_FLOOR: '1' }) : null;
const full = await measure({}, { withBare: true, compare: COMPARE });
console.log(`\n${full.hits} distinct corpus hits; ${machineLine()}`);
if (floor) console.log(line('floor (engine taken away)', floor.collector));
console.log(line('collector (stored)', full.collector));
console.log(line('bare node:http', full.bare));
if (floor) {
  const ratio = full.collector.hitsPerSecond / floor.collector.hitsPerSecond;
  console.log(`ratio collector / floor: ${ratio.toFixed(3)}   target >= ${TARGET_FLOOR_RATIO}  ${met(ratio >= TARGET_FLOOR_RATIO)}`);
}
console.log(`ratio collector / bare: ${((full.collector.hitsPerSecond / full.bare.hitsPerSecond) * 100).toFixed(1)}%`);
console.log(
  `event loop under full load (collector): p99 ${full.eventLoop.p99Ms} ms (target < ${TARGET_LOOP_P99_MS}) ${met(full.eventLoop.p99Ms < TARGET_LOOP_P99_MS)}, max ${full.eventLoop.maxMs} ms (target < ${TARGET_LOOP_MAX_MS}) ${met(full.eventLoop.maxMs < TARGET_LOOP_MAX_MS)}`,
);
let consistent = true;
if (floor) consistent = report('floor (BENCH_FLOOR=1: decode, rules and history reads replaced by lookups; same writer, same rows)', floor) && consistent;
consistent = report('collector (the real pipeline)', full) && consistent;
if (full.storage) printStoredParts(full.storage);
if (full.comparison) consistent = printComparison(full.comparison) && consistent;
if (!consistent) process.exitCode = 1;
