/**
 * Faults during a burst of hits: Postgres stops and starts again; the server process is killed.
 * Each test runs its own Postgres (and server), so stopping them does not disturb other tests.
 * The promise under test: every acknowledged hit is stored exactly once, every other hit got an
 * error answer (or no answer, when the process died), and re-sending unacknowledged hits with
 * their idempotency keys converges to exactly the hits sent, none twice.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/server/db/embedded';
import { createLogger } from '../../src/server/logger';
import { startSecondServer } from '../support/second-server';

const log = createLogger('silent');
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

/** A Postgres of the test's own that it can stop and start again on the same port and data. */
async function ownPostgres() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tracklint-faults-'));
  const port = await freePort();
  let db: EmbeddedDatabase | undefined = await startEmbeddedPostgres(dir, port, log);
  const handle = {
    connectionString: db.connectionString,
    async stop() {
      await db?.stop();
      db = undefined;
    },
    async start() {
      db = await startEmbeddedPostgres(dir, port, log);
    },
  };
  cleanups.push(async () => {
    await handle.stop().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  });
  return handle;
}

async function query<T extends pg.QueryResultRow>(connectionString: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** An organization (unlimited plan) with one website, written as the superuser. */
async function seedWebsite(connectionString: string): Promise<{ id: string; siteKey: string }> {
  const user = await query<{ id: string }>(connectionString, "insert into auth.users (email) values ($1) returning id", [`faults-${Date.now()}@example.test`]);
  const org = await query<{ id: string }>(connectionString, "insert into public.organizations (name, slug, plan, created_by) values ('Faults', $1, 'enterprise', $2) returning id", [`faults-${Date.now().toString(36)}`, user[0]!.id]);
  const site = await query<{ id: string; site_key: string }>(connectionString, "insert into public.websites (organization_id, name, domain) values ($1, 'Faults', 'faults.example.com') returning id, site_key", [org[0]!.id]);
  return { id: site[0]!.id, siteKey: site[0]!.site_key };
}

type Answer = { kind: 'ack' } | { kind: 'refused'; status: number; error: string } | { kind: 'no_answer'; error: string };

/** Sends one hit straight to /g/collect with its idempotency key. */
async function sendHit(baseUrl: string, siteKey: string, key: string, n: number): Promise<Answer> {
  try {
    const res = await fetch(`${baseUrl}/g/collect?site=${siteKey}&v=2&tid=G-FAULTS01&cid=1.${n}&_p=${n}&_s=1&en=page_view&dl=https%3A%2F%2Ffaults.example.com%2F`, {
      method: 'POST',
      headers: { 'idempotency-key': key },
      signal: AbortSignal.timeout(20_000),
    });
    const json = (await res.json()) as { status?: string; error?: string };
    if (res.status === 200 && (json.status === 'stored' || json.status === 'duplicate')) return { kind: 'ack' };
    return { kind: 'refused', status: res.status, error: json.error ?? '' };
  } catch (err) {
    return { kind: 'no_answer', error: err instanceof Error ? err.message : String(err) };
  }
}

/** Sends `total` hits from `workers` concurrent senders, calling `during` once `triggerAfter` are acknowledged. */
async function burst(baseUrl: () => string, siteKey: string, total: number, triggerAfter: number, during: () => Promise<void>) {
  const run = Date.now().toString(36);
  const keys = Array.from({ length: total }, (_, i) => `f${run}x${i.toString(36).padStart(5, '0')}`);
  const answers = new Map<string, Answer>();
  let next = 0;
  let acks = 0;
  let fault: Promise<void> | undefined;
  const workers = Array.from({ length: 16 }, async () => {
    while (next < total) {
      const i = next++;
      const a = await sendHit(baseUrl(), siteKey, keys[i]!, i);
      answers.set(keys[i]!, a);
      if (a.kind === 'ack') acks += 1;
      if (acks >= triggerAfter && !fault) fault = during();
    }
  });
  await Promise.all(workers);
  await fault;
  return { keys, answers };
}

/** Re-sends hits with their keys from 16 senders, as trackers would; every one must be acknowledged. */
async function resend(baseUrl: string, siteKey: string, keys: string[], all: string[]) {
  let next = 0;
  const answers: Answer[] = [];
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < keys.length) {
        const k = keys[next++]!;
        answers.push(await sendHit(baseUrl, siteKey, k, all.indexOf(k)));
      }
    }),
  );
  return answers;
}

async function storedKeys(connectionString: string, websiteId: string): Promise<Map<string, number>> {
  const rows = await query<{ idempotency_key: string; n: string }>(
    connectionString,
    'select idempotency_key, count(*) as n from public.collected_requests where website_id = $1 group by 1',
    [websiteId],
  );
  return new Map(rows.map((r) => [r.idempotency_key, Number(r.n)]));
}

describe('Postgres stops during a burst', () => {
  it('stores every acknowledged hit exactly once and answers the rest with an error', async () => {
    const db = await ownPostgres();
    const { server, stop } = await startSecondServer('faults-srv', { DATABASE_URL: db.connectionString }, log, { collector: { writer: { storageTimeoutMs: 1_000, capacity: 500, retryDelayMs: 100 } } });
    cleanups.push(() => stop().catch(() => {}));
    const site = await seedWebsite(db.connectionString);

    const { keys, answers } = await burst(() => server.url, site.siteKey, 1500, 200, async () => {
      await db.stop();
      // Longer than the storage timeout (1 s): hits waiting for the database are refused, not kept waiting.
      await new Promise((r) => setTimeout(r, 2500));
      await db.start();
    });

    const acked = keys.filter((k) => answers.get(k)!.kind === 'ack');
    const refused = keys.filter((k) => answers.get(k)!.kind === 'refused');
    // The server stayed up: every hit got an answer, an acknowledgement or an error; both happened.
    expect(acked.length + refused.length).toBe(keys.length);
    expect(refused.length).toBeGreaterThan(0);
    expect(acked.length).toBeGreaterThan(200);
    for (const k of refused) {
      const a = answers.get(k) as Extract<Answer, { kind: 'refused' }>;
      expect(a.status).toBe(503);
      expect(a.error).toMatch(/busy|unavailable/);
    }
    const stored = await storedKeys(db.connectionString, site.id);
    for (const k of acked) expect(stored.get(k), k).toBe(1);
    for (const k of refused) expect(stored.has(k), k).toBe(false);
    // sent = stored + refused, exactly.
    expect([...stored.values()].reduce((a, b) => a + b, 0) + refused.length).toBe(keys.length);
    const metrics = (await (await fetch(`${server.url}/collector/metrics`, { headers: { apikey: server.deps.jwt.serviceRoleKey } })).json()) as { batchWriteFailures: number };
    // The outage really hit the writer (otherwise this test proves nothing).
    expect(metrics.batchWriteFailures).toBeGreaterThan(0);

    // Re-sending the refused hits (as the tracker does) converges to exactly what was sent.
    expect((await resend(server.url, site.siteKey, refused, keys)).filter((a) => a.kind !== 'ack')).toEqual([]);
    const final = await storedKeys(db.connectionString, site.id);
    expect(final.size).toBe(keys.length);
    expect([...final.values()].every((n) => n === 1)).toBe(true);
  }, 180_000);
});

describe('the server process is killed during a burst', () => {
  it('keeps every acknowledged hit; re-sent unacknowledged hits are stored once', async () => {
    const db = await ownPostgres();
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tracklint-faults-child-'));
    const baseUrl = `http://127.0.0.1:${port}`;
    let child: ChildProcess | undefined;
    const spawnServer = async () => {
      child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
        env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: db.connectionString, LOG_LEVEL: 'error', WEB_DIST_DIR: path.join(dataDir, 'none') },
        stdio: 'ignore',
      });
      for (let i = 0; i < 300; i++) {
        const ok = await fetch(`${baseUrl}/health`).then((r) => r.ok, () => false);
        if (ok) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('server did not start');
    };
    cleanups.push(() => {
      child?.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    });
    await spawnServer();
    const site = await seedWebsite(db.connectionString);

    const { keys, answers } = await burst(() => baseUrl, site.siteKey, 1500, 300, async () => {
      child!.kill('SIGKILL');
      await new Promise((r) => child!.once('exit', r));
    });

    const acked = keys.filter((k) => answers.get(k)!.kind === 'ack');
    const unacked = keys.filter((k) => answers.get(k)!.kind !== 'ack');
    expect(acked.length).toBeGreaterThanOrEqual(300);
    expect(unacked.length).toBeGreaterThan(0);
    const stored = await storedKeys(db.connectionString, site.id);
    for (const k of acked) expect(stored.get(k), k).toBe(1);
    // Hits in flight when the process died may or may not have committed; none is stored twice.
    expect([...stored.values()].every((n) => n === 1)).toBe(true);

    // A new process; the senders re-send every unacknowledged hit with the same key.
    await spawnServer();
    expect((await resend(baseUrl, site.siteKey, unacked, keys)).filter((a) => a.kind !== 'ack')).toEqual([]);
    const final = await storedKeys(db.connectionString, site.id);
    expect(final.size).toBe(keys.length);
    expect([...final.values()].every((n) => n === 1)).toBe(true);
    child!.kill('SIGTERM');
    await new Promise((r) => child!.once('exit', r));
  }, 180_000);
});

describe('graceful shutdown during a burst', () => {
  it('drains the queue before the pool closes: every acknowledged hit is stored, the rest were refused or not answered', async () => {
    const db = await ownPostgres();
    // The test stops the server itself; stop() here only removes its directory (and waits for that stop).
    const { server, stop } = await startSecondServer('faults-stop', { DATABASE_URL: db.connectionString }, log);
    cleanups.push(() => stop().catch(() => {}));
    const site = await seedWebsite(db.connectionString);

    let stopped: Promise<void> | undefined;
    const { keys, answers } = await burst(() => server.url, site.siteKey, 800, 150, async () => {
      stopped = server.stop();
      await stopped;
    });
    await stopped;
    const acked = keys.filter((k) => answers.get(k)!.kind === 'ack');
    const refused = keys.filter((k) => answers.get(k)!.kind === 'refused');
    expect(acked.length).toBeGreaterThanOrEqual(150);
    const stored = await storedKeys(db.connectionString, site.id);
    for (const k of acked) expect(stored.get(k), k).toBe(1);
    for (const k of refused) {
      expect(stored.has(k), k).toBe(false);
      expect((answers.get(k) as Extract<Answer, { kind: 'refused' }>).status).toBe(503);
    }
    // Nothing was stored that the sender was not told about: stopping never drops an accepted hit.
    expect([...stored.keys()].every((k) => answers.get(k)?.kind === 'ack')).toBe(true);
  }, 120_000);
});
