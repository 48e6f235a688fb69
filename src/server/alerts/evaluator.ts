import type { Database, SqlClient } from '../db/database';
import { HOUR_MS } from './clock';
import { observeAll } from './observe-all';
import type { Observation } from './observation';

export interface EvaluationResult {
  at: string;
  /** False when another process had already evaluated this period. */
  evaluated: boolean;
  observed: number;
  opened: string[];
  kept: string[];
  resolved: string[];
  /** Deliveries queued for sending by this evaluation (new ones and any left pending without a job). */
  queued: string[];
  durationMs: number;
}

/** Queues send jobs for deliveries inside the caller's transaction, so committed deliveries always have a job. */
export type EnqueueDeliveries = (client: SqlClient, deliveryIds: string[]) => Promise<void>;

const keyOf = (ruleId: string, websiteId: string | null, subject: string) => `${ruleId}|${websiteId ?? ''}|${subject}`;

const INSERT_ALERT = `
  insert into public.alerts (organization_id, rule_id, website_id, subject, kind, severity, status, title, summary, details, link, opened_at, last_evaluated_at)
  values ($1, $2, $3, $4, $5, $6, 'open', $7, $8, $9, $10, $11, $11)
  on conflict do nothing
  returning id`;

const KEEP_ALERT = `
  update public.alerts set severity = $2, title = $3, summary = $4, details = $5, link = $6, last_evaluated_at = $7
  where id = $1 and status <> 'resolved'`;

const RESOLVE_ALERT = `
  update public.alerts set status = 'resolved', resolved_at = $2, resolution = 'auto', summary = $3, details = $4, last_evaluated_at = $2
  where id = $1 and status <> 'resolved'
  returning id`;

// Deliveries that have no send job: queued by resolve_alert, or whose job was lost (older than any retry backoff).
const UNQUEUED = `
  select id from public.alert_deliveries
  where status = 'pending' and (queued_at is null or queued_at < now() - interval '30 minutes')
  order by created_at limit 1000`;

// From 08:00 UTC, once per channel and day (the unique index decides across processes).
const QUEUE_DIGESTS = `
  insert into public.alert_deliveries (organization_id, channel_id, event, digest_day)
  select c.organization_id, c.id, 'digest', ($1::timestamptz at time zone 'utc')::date
  from public.alert_channels c join public.organizations o on o.id = c.organization_id
  where c.kind = 'email' and c.daily_digest and c.enabled and o.suspended_at is null
    and extract(hour from ($1::timestamptz at time zone 'utc')) >= 8
  on conflict do nothing
  returning id`;

/**
 * One evaluation at time `at`: observes every rule, opens an alert for each firing condition that
 * has none (one unresolved alert per rule, website and subject), refreshes the open ones, resolves
 * those whose condition cleared, and queues notifications for what opened or resolved, all in one
 * transaction. With `claim`, the period is recorded first and a period already recorded (by
 * another server process) is skipped, so each minute is evaluated once.
 */
export async function evaluateAlerts(db: Database, at: Date, enqueue: EnqueueDeliveries, options: { claim?: boolean } = {}): Promise<EvaluationResult> {
  const started = Date.now();
  const result: EvaluationResult = { at: at.toISOString(), evaluated: false, observed: 0, opened: [], kept: [], resolved: [], queued: [], durationMs: 0 };
  await db.transaction(async (client) => {
    // Two evaluations never interleave (a slow one and the next minute's on another process).
    await client.query(`select pg_advisory_xact_lock(hashtext('tracklint.alerts.evaluate'))`);
    if (options.claim) {
      const claimed = await client.query('insert into public.alert_evaluation_runs (period) values ($1) on conflict do nothing returning period', [at]);
      if (claimed.rowCount === 0) return;
    }
    result.evaluated = true;
    const observations = await observeAll(client, at);
    result.observed = observations.length;
    const { rows: unresolved } = await client.query<{ id: string; rule_id: string; website_id: string | null; subject: string }>(
      `select id, rule_id, website_id, subject from public.alerts where status <> 'resolved'`,
    );
    const open = new Map(unresolved.map((a) => [keyOf(a.rule_id, a.website_id, a.subject), a.id]));
    const deliveries: string[] = [];
    for (const o of observations) {
      const existing = open.get(keyOf(o.ruleId, o.websiteId, o.subject));
      if (o.firing && existing) {
        await client.query(KEEP_ALERT, [existing, o.severity, o.title, o.summary, o.details, o.link, at]);
        result.kept.push(existing);
      } else if (o.firing) {
        const id = await openAlert(client, o, at);
        if (id) {
          result.opened.push(id);
          deliveries.push(...(await notify(client, id, 'opened')));
        }
      } else if (existing) {
        const resolved = await client.query(RESOLVE_ALERT, [existing, at, o.summary, o.details]);
        if (resolved.rowCount) {
          result.resolved.push(existing);
          deliveries.push(...(await notify(client, existing, 'resolved')));
        }
      }
    }
    // A rule turned off watches nothing: its alerts close without notifying anyone.
    await client.query(
      `update public.alerts a set status = 'resolved', resolved_at = $1, resolution = 'auto' from public.alert_rules r
       where r.id = a.rule_id and not r.enabled and a.status <> 'resolved'`,
      [at],
    );
    deliveries.push(...(await client.query<{ id: string }>(QUEUE_DIGESTS, [at])).rows.map((r) => r.id));
    const stale = (await client.query<{ id: string }>(UNQUEUED)).rows.map((r) => r.id);
    const queued = [...new Set([...deliveries, ...stale])];
    if (queued.length > 0) {
      await enqueue(client, queued);
      await client.query('update public.alert_deliveries set queued_at = now() where id = any($1::uuid[])', [queued]);
    }
    result.queued = queued;
    // Counters older than the longest window (a week's baseline and a day before it) are not read again.
    if (at.getTime() % HOUR_MS < 60_000) await client.query(`delete from public.website_hit_counters where bucket < $1::timestamptz - interval '8 days'`, [at]);
    if (options.claim) {
      await client.query('update public.alert_evaluation_runs set finished_at = now(), targets = $2, opened = $3, resolved = $4, duration_ms = $5 where period = $1', [
        at,
        result.observed,
        result.opened.length,
        result.resolved.length,
        Date.now() - started,
      ]);
    }
  });
  result.durationMs = Date.now() - started;
  return result;
}

async function openAlert(client: SqlClient, o: Observation, at: Date): Promise<string | null> {
  const { rows } = await client.query<{ id: string }>(INSERT_ALERT, [
    o.organizationId,
    o.ruleId,
    o.websiteId,
    o.subject,
    o.kind,
    o.severity,
    o.title,
    o.summary,
    o.details,
    o.link,
    at,
  ]);
  return rows[0]?.id ?? null;
}

async function notify(client: SqlClient, alertId: string, event: 'opened' | 'resolved'): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>('select public.queue_alert_notifications($1, $2) as id', [alertId, event]);
  return rows.map((r) => r.id);
}
