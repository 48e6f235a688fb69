#!/usr/bin/env node
// npm run bench: drives the collector over loopback with realistic tracker batches for a fixed
// time at a fixed concurrency, then the same load against a bare node:http endpoint, and prints
// accepted hits per second, p50/p99 latency and errors for both, their ratio, and the server's
// longest event-loop stall while the collector was under load. At the end it
// checks in Postgres that every acknowledged hit is durably stored.
//
// Options (environment): BENCH_SECONDS (default 12), BENCH_CONCURRENCY (32), BENCH_BATCH (20 hits per request, the tracker's largest batch).
// Issue 25: after the main run, the cost of the traffic inventory and the tracking plan check, in the
// same run: BENCH_ROUNDS (default 2) rounds of BENCH_SECONDS per variant, alternating: a process
// without the inventory, the plain website, a website whose plan was created from its own traffic
// (the corpus satisfies it) and one whose plan the corpus violates. BENCH_PLAN=0 skips it.
// BENCH_RATE=5000: fixed-rate (open-loop) mode: requests start on a schedule of that many hits per
// second whatever the answers take, so p50/p99 are the latency at that load (the bare endpoint gets
// the same schedule); at most BENCH_CONCURRENCY x 8 requests are outstanding.
// BENCH_WORKERS=2: a second collector process on the same database; requests alternate between
// the two (the bare endpoint stays one process).
// BENCH_NODE_FLAGS: the collector processes' Node flags instead of the server's own
// (scripts/server-node-flags.mjs); BENCH_NODE_FLAGS= (empty) runs them with Node's defaults.
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

const SECONDS = Number(process.env.BENCH_SECONDS ?? 12);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const BATCH = Number(process.env.BENCH_BATCH ?? 20);
const RATE = process.env.BENCH_RATE ? Number(process.env.BENCH_RATE) : null;
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);
// Shared by the collector processes, so the service-role key works on each.
const JWT_SECRET = randomBytes(32).toString('hex');
const WARMUP_SECONDS = 2;
// Issue 25: unless BENCH_PLAN=0 (or a fixed rate), the run also compares the traffic inventory and
// the tracking plan check with neither, BENCH_ROUNDS times (default 2) per variant.
const COMPARE = process.env.BENCH_PLAN !== '0' && !RATE;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

const CLOCK_TICK_MS = 10; // USER_HZ is 100 on Linux

/** User + system CPU time of a process (all its threads, so V8's GC helpers too), in ms; 0 once it is gone. */
function cpuMsOf(pid, part = 'all') {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const user = Number(fields[11]);
    const system = Number(fields[12]);
    return (part === 'system' ? system : part === 'user' ? user : user + system) * CLOCK_TICK_MS;
  } catch {
    return 0;
  }
}

/** CPU time (ms) of each process of the embedded Postgres (its postmaster and every process it started that still runs), by pid. */
function postgresCpuByPid(pidFile, part = 'all') {
  let postmaster;
  try {
    postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  } catch {
    return null; // not Linux, or an external database
  }
  const byPid = new Map([[String(postmaster), cpuMsOf(postmaster, part)]]);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === postmaster) byPid.set(entry, cpuMsOf(entry, part));
    } catch {
      // gone meanwhile
    }
  }
  return byPid;
}

/**
 * CPU time (ms) the embedded Postgres spent since `before` (postgresCpuByPid): per process still
 * running, what it added; a process started meanwhile counts whole. A process that ended meanwhile
 * (a backend, an autovacuum worker) is left out: its time can no longer be read, and subtracting
 * its earlier total made the figure negative.
 */
function postgresCpuSince(pidFile, before, part = 'all') {
  if (before === null) return null;
  const now = postgresCpuByPid(pidFile, part);
  if (now === null) return null;
  let ms = 0;
  for (const [pid, t] of now) ms += t - (before.get(pid) ?? 0);
  return ms;
}

const NODE_FLAGS = process.env.BENCH_NODE_FLAGS === undefined ? SERVER_NODE_FLAGS : process.env.BENCH_NODE_FLAGS.split(' ').filter(Boolean);

/** Garbage collections of the collector processes while `gc.measuring` (from --trace-gc; pauses are main-thread wall time). */
const gc = { measuring: false, scavenges: 0, scavengeMs: 0, longestMs: 0, fullGcs: 0, fullGcMs: 0 };
const GC_LINE = /: (Scavenge|Mark-Compact)\b[^,]*, ([0-9.]+) \/ [0-9.]+ ms/;

async function bundledServer() {
  // The collector's validation thread (COLLECTOR_VALIDATION_THREAD=true) is started from the file beside it.
  await bundleForNode(VALIDATION_WORKER_ENTRY, 'validation-worker');
  return bundleForNode('bench/collector-server.ts', 'collector-server');
}
const SERVER_ENTRY = process.env.BENCH_TSX ? ['--import', 'tsx', 'bench/collector-server.ts'] : [await bundledServer()];

function startServer(extraEnv = {}) {
  const child = spawn(process.execPath, [...NODE_FLAGS, '--trace-gc', ...(process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/tl/prof'] : []), ...SERVER_ENTRY], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, BENCH_JWT_SECRET: JWT_SECRET, ...extraEnv },
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
    const cid = `${run.length}${(visitor++).toString()}.1700000000`;
    let text = '{"v":1,"hits":[';
    for (let i = 0; i < BATCH; i++) {
      const t = templates[hitIndex++ % templates.length];
      text += `${i === 0 ? '' : ','}{"k":"b${run}x${(seq++).toString(36)}"${t.before}${t.after === undefined ? '' : cid + t.after}`;
    }
    return text + ']}';
  }

  function once() {
    const payload = body();
    const url = urls[turn++ % urls.length];
    const started = process.hrtime.bigint();
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
            } else errors[res.statusCode] = (errors[res.statusCode] ?? 0) + 1;
            resolve();
          });
        },
      );
      req.on('error', (err) => {
        errors[err.code ?? 'error'] = (errors[err.code ?? 'error'] ?? 0) + 1;
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
  return { elapsed, requests, accepted, hitsPerSecond: accepted / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors };
}

function line(label, r) {
  const errs = Object.entries(r.errors).map(([k, v]) => `${k}:${v}`).join(' ') || 'none';
  return `${label.padEnd(22)} ${r.hitsPerSecond.toFixed(0).padStart(8)} hits/s  ${(r.requests / r.elapsed).toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms  errors ${errs}`;
}

const { child, info } = await startServer();
const joined = [];
for (let i = 1; i < WORKERS; i++) joined.push(await startServer({ BENCH_JOIN_DATABASE_URL: info.databaseUrl }));
const collectorUrls = [info.url, ...joined.map((j) => j.info.url)];
// Issue 25: two further processes on the same database, alike but for the traffic inventory, for its
// cost (the first process has served more traffic, so it is not the one to compare them with).
const withoutInventory = COMPARE ? await startServer({ BENCH_JOIN_DATABASE_URL: info.databaseUrl, BENCH_INVENTORY: '0' }) : undefined;
const withInventory = COMPARE ? await startServer({ BENCH_JOIN_DATABASE_URL: info.databaseUrl }) : undefined;
const site = (label) => info.sites.find((s) => s.label === label);
const rowsOf = async (db, websiteId) => Number((await db.query('select count(*)::bigint as n from public.collected_requests where website_id = $1', [websiteId])).rows[0].n);
const planFindingsOf = async (db, websiteId) =>
  Number((await db.query("select count(*)::bigint as n from public.collected_requests r, unnest(r.rule_ids) as u(rule_id) where r.website_id = $1 and u.rule_id like 'plan.%'", [websiteId])).rows[0].n);

/**
 * One measured segment: `seconds` of load on one website through some collector processes; the CPU
 * of those processes and of Postgres per hit stored for that website in the meantime.
 */
async function segment(db, variant, seconds) {
  const servers = variant.processes;
  const before = await rowsOf(db, variant.site.id);
  const plansBefore = await planFindingsOf(db, variant.site.id);
  const cpuBefore = { server: servers.reduce((n, c) => n + cpuMsOf(c.pid), 0), postgres: postgresCpuByPid(info.postgresPidFile) };
  const r = await drive(variant.urls, info, seconds, { site: variant.site });
  const server = servers.reduce((n, c) => n + cpuMsOf(c.pid), 0) - cpuBefore.server;
  const postgres = postgresCpuSince(info.postgresPidFile, cpuBefore.postgres);
  const stored = (await rowsOf(db, variant.site.id)) - before;
  const planFindings = (await planFindingsOf(db, variant.site.id)) - plansBefore;
  return { ...r, stored, server, postgres, planFindings };
}

try {
  console.log(
    RATE
      ? `Tracklint collector bench, fixed rate: ${RATE} hits/s offered for ${SECONDS}s per target, ${BATCH} hits per request, ${info.hits.length} distinct corpus hits`
      : `Tracklint collector bench: ${SECONDS}s per target, ${CONCURRENCY} connections, ${BATCH} hits per request, ${info.hits.length} distinct corpus hits`,
  );
  if (WORKERS > 1) console.log(`${WORKERS} collector processes on one database`);
  await drive(collectorUrls, info, WARMUP_SECONDS, { record: false });
  const db = new pg.Client({ connectionString: info.databaseUrl });
  db.on('error', () => {}); // Postgres stopping at the end is not news; a failure shows in the query that met it
  await db.connect();
  if (COMPARE) {
    // The "fit" website's plan is created from its own warm-up traffic, as "create the plan from
    // traffic" does in the app (as the organization's owner), and published; then warmed up again
    // so the collector has compiled it.
    await drive(collectorUrls, info, WARMUP_SECONDS, { record: false, site: site('fit') });
    await db.query('begin');
    await db.query("select set_config('request.jwt.claims', $1, true)", [JSON.stringify({ sub: info.userId, role: 'authenticated' })]);
    const proposed = (await db.query('select public.tracking_plan_draft_from_traffic($1, $2, 1) as r', [site('fit').planId, site('fit').id])).rows[0].r;
    await db.query('select public.publish_tracking_plan($1)', [site('fit').planId]);
    await db.query('commit');
    console.log(`"fit" plan created from the warm-up traffic: ${proposed.events} events, ${proposed.parameters} parameters`);
    await drive(collectorUrls, info, WARMUP_SECONDS, { record: false, site: site('fit') });
  }
  const before = await rowsOf(db, info.websiteId);
  const operator = { apikey: info.serviceRoleKey, authorization: `Bearer ${info.serviceRoleKey}` };
  for (const u of collectorUrls) await fetch(`${u}/health/event-loop`, { headers: operator }); // starts the window at the run
  const servers = [child, ...joined.map((j) => j.child)];
  const cpuBefore = { server: servers.reduce((n, c) => n + cpuMsOf(c.pid), 0), serverSystem: servers.reduce((n, c) => n + cpuMsOf(c.pid, 'system'), 0), postgres: postgresCpuByPid(info.postgresPidFile), postgresSystem: postgresCpuByPid(info.postgresPidFile, 'system'), generator: process.cpuUsage() };
  gc.measuring = true;
  const collector = await drive(collectorUrls, info, SECONDS);
  gc.measuring = false;
  const cpu = {
    server: servers.reduce((n, c) => n + cpuMsOf(c.pid), 0) - cpuBefore.server,
    // Kernel time: mostly loopback socket writes to Postgres and to clients, done in the sender's context.
    serverSystem: servers.reduce((n, c) => n + cpuMsOf(c.pid, 'system'), 0) - cpuBefore.serverSystem,
    postgres: postgresCpuSince(info.postgresPidFile, cpuBefore.postgres),
    postgresSystem: postgresCpuSince(info.postgresPidFile, cpuBefore.postgresSystem, 'system'),
    generator: (() => {
      const u = process.cpuUsage(cpuBefore.generator);
      return (u.user + u.system) / 1000;
    })(),
  };
  const loops = [];
  for (const u of collectorUrls) loops.push(await (await fetch(`${u}/health/event-loop`, { headers: operator })).json());
  // The worst of the processes.
  const eventLoop = loops.reduce((a, b) => (b.maxMs > a.maxMs ? b : a));
  const after = await rowsOf(db, info.websiteId);
  const findings = Number((await db.query('select coalesce(sum(cardinality(rule_ids)), 0)::bigint as n from public.collected_requests where website_id = $1', [info.websiteId])).rows[0].n);
  const metrics = await (await fetch(`${info.url}/collector/metrics`, { headers: { apikey: info.serviceRoleKey } })).json(); // the first process's

  // Issue 25's budget: the inventory and the plan check add at most 10% to the collector's CPU per
  // stored hit. Each variant in turn, ROUNDS times, the order reversed every other round so a
  // change in the machine's load falls on every variant alike.
  const comparisons = [];
  if (COMPARE) {
    const variants = [
      { label: 'no inventory (process B)', site: site('plain'), urls: [withoutInventory.info.url], processes: [withoutInventory.child] },
      { label: 'inventory (process C)', site: site('plain'), urls: [withInventory.info.url], processes: [withInventory.child] },
      { label: 'inventory, no plan', site: site('plain'), urls: collectorUrls, processes: servers },
      { label: 'inventory + fit plan', site: site('fit'), urls: collectorUrls, processes: servers },
      { label: 'inventory + violated plan', site: site('violating'), urls: collectorUrls, processes: servers },
    ];
    // A warm-up round first (not counted): every process and website has compiled and cached what it needs.
    for (const v of variants) await drive(v.urls, info, SECONDS, { record: false, site: v.site });
    const totals = new Map(variants.map((v) => [v.label, { stored: 0, server: 0, postgres: 0, planFindings: 0, runs: [] }]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const v of round % 2 === 0 ? variants : [...variants].reverse()) {
        const r = await segment(db, v, SECONDS);
        const t = totals.get(v.label);
        t.stored += r.stored;
        t.server += r.server;
        t.postgres += r.postgres ?? 0;
        t.planFindings += r.planFindings;
        t.runs.push(r);
      }
    }
    comparisons.push(...variants.map((v) => ({ label: v.label, ...totals.get(v.label) })));
  }
  await db.end();

  const bare = await drive(info.bareUrl, info, SECONDS);
  console.log(line('collector (stored)', collector));
  console.log(line('bare node:http', bare));
  console.log(`ratio collector / bare: ${((collector.hitsPerSecond / bare.hitsPerSecond) * 100).toFixed(1)}%`);
  console.log(`server event-loop delay under load: max ${eventLoop.maxMs} ms, p99 ${eventLoop.p99Ms} ms, mean ${eventLoop.meanMs} ms (over ${(eventLoop.windowMs / 1000).toFixed(1)} s)`);
  console.log(`group commit: ${metrics.batchesWritten} batches, mean ${(metrics.batchedHits / Math.max(1, metrics.batchesWritten)).toFixed(0)} hits, largest ${metrics.maxBatchSize}; write failures ${metrics.batchWriteFailures}`);
  const stored = after - before;
  console.log(`durably stored in Postgres during the run: ${stored} rows (${(stored / collector.elapsed).toFixed(0)}/s), acknowledged: ${collector.accepted}, distinct rules broken per request (in total): ${findings}`);
  // CPU per hit: what a hit costs whatever else the machine is doing (throughput moves with load, this much less).
  const perHit = (ms) => `${((ms * 1000) / Math.max(1, stored)).toFixed(0)} µs`;
  console.log(
    `CPU per stored hit: collector process${servers.length > 1 ? 'es' : ''} ${perHit(cpu.server)} (kernel ${perHit(cpu.serverSystem)}), Postgres ${cpu.postgres === null ? 'n/a' : `${perHit(cpu.postgres)} (kernel ${perHit(cpu.postgresSystem)})`}, load generator ${perHit(cpu.generator)}` +
      ` (${(cpu.server / 1000).toFixed(1)} s + ${cpu.postgres === null ? '?' : (cpu.postgres / 1000).toFixed(1)} s + ${(cpu.generator / 1000).toFixed(1)} s of CPU in ${collector.elapsed.toFixed(1)} s)`,
  );
  console.log(
    `collector GC during the run (node ${NODE_FLAGS.join(' ') || 'defaults'}): ${gc.scavenges} scavenges, ${gc.scavengeMs.toFixed(0)} ms; ${gc.fullGcs} mark-compacts, ${gc.fullGcMs.toFixed(0)} ms; longest pause ${gc.longestMs.toFixed(1)} ms`,
  );
  if (stored !== collector.accepted) {
    console.error(`MISMATCH: ${collector.accepted} acknowledged but ${stored} stored`);
    process.exitCode = 1;
  }
  if (comparisons.length > 0) {
    const us = (ms, n) => (ms * 1000) / Math.max(1, n);
    console.log(`\ntraffic inventory and tracking plan check (issue 25), ${ROUNDS} rounds of ${SECONDS}s per variant, alternating:`);
    for (const c of comparisons) {
      const perRun = c.runs.map((r) => `${us(r.server, r.stored).toFixed(0)}`).join(' / ');
      console.log(
        `  ${c.label.padEnd(26)} ${c.stored.toString().padStart(7)} hits stored  collector ${us(c.server, c.stored).toFixed(0).padStart(4)} µs/hit (rounds ${perRun})  Postgres ${us(c.postgres, c.stored).toFixed(0).padStart(4)} µs/hit  distinct plan rules ${(c.planFindings / Math.max(1, c.stored)).toFixed(2)}/hit`,
      );
    }
    const ratio = (c, b, key) => `${(((us(c[key], c.stored) / us(b[key], b.stored)) - 1) * 100).toFixed(1)}%`;
    const [off, on, noPlan] = comparisons;
    console.log(`  inventory:                       collector ${ratio(on, off, 'server')}, Postgres ${ratio(on, off, 'postgres')} (process C against B)`);
    for (const c of comparisons.slice(3)) {
      console.log(`  ${(c.label.replace('inventory + ', '') + ' check:').padEnd(32)} collector ${ratio(c, noPlan, 'server')}, Postgres ${ratio(c, noPlan, 'postgres')} (against inventory, no plan; budget for both: +10%)`);
    }
    for (const c of comparisons) {
      const acked = c.runs.reduce((n, r) => n + r.accepted, 0);
      if (acked !== c.stored) {
        console.error(`MISMATCH (${c.label}): ${acked} acknowledged but ${c.stored} stored`);
        process.exitCode = 1;
      }
    }
  }
} finally {
  for (const j of [...joined, ...(withoutInventory ? [withoutInventory, withInventory] : [])]) {
    j.child.kill('SIGTERM');
    await new Promise((r) => j.child.once('exit', r));
  }
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}
