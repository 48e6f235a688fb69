/**
 * The "one tenant stalls every tenant" attack of issue 26, replayed (`npm run bench:attack`).
 *
 * A real server (embedded Postgres in a temporary data directory), one organization on a Pro
 * trial (no card needed) with 50 custom rules of 8 `matches` conditions each (the most the save-time
 * limits allow per rule), one website with a Measurement Protocol secret. Then BENCH_ROUNDS rounds
 * of the attack: one `POST /debug/mp/collect` and one `POST /mp/collect`, each a 60-event body with a
 * 2,000-character parameter per event (about 122 KB), sent BENCH_PARALLEL at a time. The server's
 * own event-loop monitor (`GET /health/event-loop`) is read before and after; the bench prints the
 * longest stall of the event loop during the attack. The rule of issue 26: under 20 ms.
 *
 * The load generator runs in the server's process (it only sends prepared bodies and waits), so the
 * figure is, if anything, pessimistic.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { createLogger } from '../src/server/logger';
import { startServer } from '../src/server/server';
import { machineLine } from './machine.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 4);
const VALIDATION_THREAD = process.env.COLLECTOR_VALIDATION_THREAD;
/** BENCH_ONLY=debug or mp: only that endpoint (to see which one stalls). */
const ONLY = process.env.BENCH_ONLY;

/** Eight `matches` conditions whose NFAs keep many states alive on a long parameter. */
function attackRule(i: number) {
  const patterns = ['(a|b|c|d)*e{1,50}f', '([a-z]{1,20}){1,5}#', '(x?){40}x{40}', '.*a.*b.*c.*d.*e', '([^z]{1,60})+q', '(ab|a)*(ba|b)*c', '(?:[0-9a-f]{2}){1,60}z', '(.{1,40}){1,3}y'];
  return {
    id: `attack-${i}`,
    title: `Attack ${i}`,
    assert: { all: patterns.map((pattern) => ({ field: 'params.p', op: 'matches', pattern })) },
  };
}

function attackBody(): string {
  const long = 'a'.repeat(1990) + 'bcdefgh123';
  const events = Array.from({ length: 60 }, (_, i) => ({ name: `attack_${i}`, params: { p: long, engagement_time_msec: 1, session_id: '1700000000' } }));
  return JSON.stringify({ client_id: '123.456', events });
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tracklint-attack-bench-'));
  const config = loadConfig({
    PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'error', WEB_DIST_DIR: path.join(dataDir, 'no-web'), ALERTS_SCHEDULER: 'false',
    ...(VALIDATION_THREAD ? { COLLECTOR_VALIDATION_THREAD: VALIDATION_THREAD } : {}),
  });
  const server = await startServer(config, createLogger('error'), { alerts: { schedule: false, workers: false } });
  try {
    const pool = server.deps.db.pool;
    const user = await pool.query<{ id: string }>("insert into auth.users (email) values ('attack-bench@tracklint.test') returning id");
    const org = await pool.query<{ id: string; trial_ends_at: Date | null }>(
      "insert into public.organizations (name, slug, plan, created_by) values ('Attacker', 'attacker', 'pro', $1) returning id, trial_ends_at",
      [user.rows[0]!.id],
    );
    const orgId = org.rows[0]!.id;
    const site = await pool.query<{ id: string }>(
      "insert into public.websites (organization_id, name, domain, measurement_ids) values ($1, 'Attacker', 'attacker.example.com', '{G-ATTACK001}') returning id",
      [orgId],
    );
    for (let i = 0; i < 50; i++) {
      await pool.query("insert into public.custom_rules (organization_id, name, definition, severity) values ($1, $2, $3, 'warning')", [orgId, `Attack ${i}`, JSON.stringify(attackRule(i))]);
    }
    const secret = `tlmp_${'0123456789abcdef'.repeat(4)}`;
    await pool.query(
      "insert into public.website_mp_secrets (website_id, organization_id, name, secret_prefix, secret_hash) values ($1, $2, 'bench', left($3, 13), $4)",
      [site.rows[0]!.id, orgId, secret, createHash('sha256').update(secret).digest('hex')],
    );
    const body = attackBody();
    const base = server.url;
    const serviceKey = server.deps.jwt.serviceRoleKey;
    const readLoop = async () => (await (await fetch(`${base}/health/event-loop`, { headers: { authorization: `Bearer ${serviceKey}` } })).json()) as { maxMs: number; p99Ms: number };
    const send = async (p: string) => {
      const res = await fetch(`${base}${p}?measurement_id=G-ATTACK001&api_secret=${secret}`, { method: 'POST', body });
      await res.arrayBuffer();
      return res.status;
    };
    // Warm up (compiles the rules once, as a running server would have), then start the window.
    await send('/debug/mp/collect');
    await send('/mp/collect');
    await new Promise((r) => setTimeout(r, 200));
    await readLoop();
    const statuses = new Map<number, number>();
    const started = performance.now();
    for (let r = 0; r < ROUNDS; r++) {
      const batch = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => send(ONLY === 'debug' || (ONLY !== 'mp' && i % 2 === 0) ? '/debug/mp/collect' : '/mp/collect')));
      for (const s of batch) statuses.set(s, (statuses.get(s) ?? 0) + 1);
    }
    const elapsed = performance.now() - started;
    const loop = await readLoop();
    console.log(`attack: ${ROUNDS} rounds x ${PARALLEL} requests (${(body.length / 1000).toFixed(0)} KB, 60 events, 50 rules x 8 matches), ${elapsed.toFixed(0)} ms`);
    console.log(`answers: ${[...statuses].map(([s, n]) => `${n} x ${s}`).join(', ')}`);
    console.log(`validation thread: ${VALIDATION_THREAD ?? 'default'}`);
    console.log(`max event-loop delay: ${loop.maxMs} ms (p99 ${loop.p99Ms} ms)`);
    console.log(machineLine());
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
