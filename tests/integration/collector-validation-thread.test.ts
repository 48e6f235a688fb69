import { randomUUID } from 'node:crypto';
import type { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { UPSERT_HISTORY, historyUpsert } from '../../src/server/collector/pg-sink';
import type { HistoryWrite } from '../../src/server/collector/sink';
import type { HitEnvelope } from '../../src/server/collector/stored-hit';
import type { ValidationInput } from '../../src/server/collector/validation';
import { ValidationThread } from '../../src/server/collector/validation-thread';
import type { CollectorWebsite } from '../../src/server/collector/websites';
import { createForwardingLogger } from '../../src/server/logger';
import { sql } from '../support/clients';
import { testWebsite } from '../unit/server/collector/helpers';

/*
 * The validation thread on its own, against the test database: what it answers, and what happens
 * to hits being validated when the thread dies (they are retried, never refused or lost).
 */
const logged: string[] = [];
const log = createForwardingLogger((entry) => {
  if (entry.level === 'warn' || entry.level === 'error') logged.push(entry.message);
});
const threads: ValidationThread[] = [];
afterEach(async () => {
  await Promise.all(threads.splice(0).map((t) => t.stop()));
});

const website = (over: Partial<CollectorWebsite> = {}): CollectorWebsite =>
  testWebsite({ id: randomUUID(), organizationId: randomUUID(), measurementIds: ['G-THREAD01'], verified: true, ...over });

let seq = 0;
function purchase(site: CollectorWebsite, tid = 'G-THREAD01'): ValidationInput {
  seq += 1;
  const envelope: HitEnvelope = {
    receivedAtMs: Date.now(),
    organizationId: site.organizationId,
    websiteId: site.id,
    idempotencyKey: null,
    source: 'tracker',
    originHost: 'shop.example.com',
    url: `https://www.google-analytics.com/g/collect?v=2&tid=${tid}&cid=${seq}.2&sid=1700000000&sct=1&en=purchase&cu=EUR&ep.transaction_id=T-${site.id}&epn.value=10&pr1=idSKU1~nmShirt~pr10~qt1`,
    body: null,
    userAgent: null,
  };
  return { seq, website: site, method: 'POST', envelope };
}

/** What the writer stores beside a kept hit: its history records (pg-sink's own upsert). */
async function persistHistory(writes: HistoryWrite[]) {
  await sql(UPSERT_HISTORY, historyUpsert(writes).params);
}

function start() {
  const thread = new ValidationThread({ connectionString: inject('databaseUrl'), processId: randomUUID(), history: {} }, log);
  threads.push(thread);
  return thread;
}

describe('validation thread', () => {
  it('decodes and validates with the website\'s settings and history, and refuses what it cannot store', async () => {
    const thread = start();
    const site = website();
    const [a, b] = await thread.validate([purchase(site), purchase(site, 'G-NOTOURS1')]);
    expect(a!.refusal).toBeUndefined();
    expect(b!.refusal?.reason).toBe('measurement_id_mismatch');
    // The same transaction again (the first was kept): the thread's history remembers it. Kept
    // means stored, history included, as the writer does it: the thread's listener may connect
    // only now (under load), and a (re)connection reads every persisted record again.
    thread.settle(a!.seq, true);
    await persistHistory(a!.refusal === undefined ? a!.historyWrites : []);
    const [c] = await thread.validate([purchase(site)]);
    expect(c!.refusal === undefined && c!.stored.issueRuleIds).toContain('ecom.duplicate_transaction');
    // A changed website (re-read from Postgres: a new object) is validated with its new settings.
    const [d] = await thread.validate([purchase({ ...site, measurementIds: ['G-OTHER001'] })]);
    expect(d!.refusal?.reason).toBe('measurement_id_mismatch');
  });

  it('takes back the history of a hit that was not stored', async () => {
    const thread = start();
    const site = website();
    const [a] = await thread.validate([purchase(site)]);
    thread.settle(a!.seq, false);
    const [b] = await thread.validate([purchase(site)]);
    expect(b!.refusal === undefined && b!.stored.issueRuleIds).not.toContain('ecom.duplicate_transaction');
  });

  it('fails the hits in flight as retryable when the thread dies, and starts a new thread for the next ones', async () => {
    const thread = start();
    const site = website();
    await thread.validate([purchase(site)]);
    const inFlight = thread.validate(Array.from({ length: 200 }, () => purchase(site)));
    // Only a test reaches for the worker: nothing else may end it.
    await (thread as unknown as { worker: Worker }).worker.terminate();
    await expect(inFlight).rejects.toMatchObject({ retryable: true });
    expect(logged.some((m) => m.includes('validation thread exited'))).toBe(true);
    const [again] = await thread.validate([purchase(site)]);
    expect(again!.refusal).toBeUndefined();
  });
});
