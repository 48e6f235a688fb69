import type { DecodedEvent, DecodedRequest, ValidationResult } from '../../shared/ga4/types';
import type { VerdictResult } from '../../shared/ga4/verdict';
import { copyField, copyTextArray, isoTimestamp } from './copy-text';
import { pgSafeJson } from './pg-safe-json';
import { inventoryEntriesOf } from '../../shared/ga4/plan/inventory';
import { isPlanViolation } from '../../shared/ga4/plan/types';

/** How a hit reached Tracklint. */
export type HitSource = 'tracker' | 'gtag_direct' | 'measurement_protocol';

/** One validated hit as its log row: exactly the columns of collected_requests, plus its issues' rule ids. */
export interface StoredRow {
  id: string;
  receivedAtMs: number;
  organizationId: string;
  websiteId: string;
  idempotencyKey: string | null;
  format: 'gtag' | 'mp';
  endpoint: string;
  method: string;
  source: HitSource;
  measurementId: string | null;
  clientId: string | null;
  userId: string | null;
  originHost: string | null;
  eventNames: string[];
  status: ValidationResult['status'];
  counts: ValidationResult['counts'];
  /** JSON text (already serialized once, so the sink does not do it again). */
  eventsJson: string;
  /**
   * The rule id of each finding, in order (the findings themselves are in issuesJson): the hit waits
   * for its batch to commit, and keeping the engine's Issue objects that long made them survive GC.
   */
  issueRuleIds: string[];
  /** The rule id of each plan violation (a plan.* finding above info), for the rollups; usually empty. */
  planViolationRuleIds: readonly string[];
  issuesJson: string;
  /** Distinct rule ids of the findings, sorted: the log's rule filter reads them. */
  ruleIds: string[];
  /** What the plan's withheld checks would have found (WithheldSummary as JSON), or null when every tier ran. */
  withheldJson: string | null;
  /** For the rollups: every tier ran, some did not, or some did not and would have found an error-level problem. */
  withheldState: WithheldState;
  url: string;
  body: string | null;
  userAgent: string | null;
  /** The hit's inventory entries (shared/ga4/plan/inventory.ts), counted hourly when the batch is stored. */
  inventory: string[];
}

/** `inventory: false`: the hit adds nothing to the traffic inventory (the bench measures its cost this way). */
export interface StoredHitOptions {
  inventory?: boolean;
}

/** How much of the catalogue judged a hit (issue 22: a verdict says what ran). */
export type WithheldState = 'all_ran' | 'not_run' | 'would_fail';

/** Postgres text and jsonb cannot hold NUL; a hostile or broken sender must not fail a whole batch. */
export function pgSafe(s: string): string {
  return s.includes('\u0000') ? s.replaceAll('\u0000', '\uFFFD') : s;
}

/** Decoded events in the stored shape: name, params, and items / user properties only when present. */
export function compactEvents(events: readonly DecodedEvent[]): string {
  const out = events.map((ev) => {
    const e: Record<string, unknown> = { name: ev.name ?? null, params: ev.params };
    if (ev.items.length > 0) e.items = ev.items;
    const ups = Object.keys(ev.userProperties);
    if (ups.length > 0) e.user_properties = Object.fromEntries(ups.map((k) => [k, ev.userProperties[k]!.value]));
    if (ev.conversion) e.key_event = true;
    return e;
  });
  return pgSafeJson(JSON.stringify(out));
}

/** Most hits violate no plan: they share one empty list. */
const NONE: readonly string[] = Object.freeze([]);

function planViolationRuleIds(issues: VerdictResult['issues']): readonly string[] {
  let out: string[] | undefined;
  for (const i of issues) if (isPlanViolation(i)) (out ??= []).push(pgSafe(i.ruleId));
  return out ?? NONE;
}

function distinctSorted(ids: readonly string[]): string[] {
  return ids.length === 0 ? [] : [...new Set(ids)].sort();
}

export interface HitEnvelope {
  receivedAtMs: number;
  organizationId: string;
  websiteId: string;
  idempotencyKey: string | null;
  source: HitSource;
  originHost: string | null;
  url: string;
  body: string | null;
  userAgent: string | null;
  /** The HTTP request the hit came in (its hits share one custom-rule cap, see validation.ts). */
  request?: RequestRef;
}

/** Names one HTTP request of this process, and how many of its hits were admitted. */
export interface RequestRef {
  id: number;
  hits: number;
}

export function toStoredRow(id: string, env: HitEnvelope, req: DecodedRequest, result: VerdictResult, options: StoredHitOptions = {}): StoredRow {
  const issues = result.issues;
  const withheld = result.withheld;
  const issueRuleIds = issues.map((i) => pgSafe(i.ruleId));
  return {
    id,
    receivedAtMs: env.receivedAtMs,
    organizationId: env.organizationId,
    websiteId: env.websiteId,
    idempotencyKey: env.idempotencyKey,
    format: req.format,
    endpoint: req.endpoint,
    method: req.method,
    source: env.source,
    measurementId: req.measurementId === undefined ? null : pgSafe(req.measurementId),
    clientId: (req.clientId ?? req.appInstanceId) === undefined ? null : pgSafe(String(req.clientId ?? req.appInstanceId)),
    userId: req.userId === undefined ? null : pgSafe(req.userId),
    originHost: env.originHost,
    eventNames: req.events.map((e) => (e.name === undefined || e.name === '' ? '(not set)' : pgSafe(e.name))),
    status: result.status,
    counts: result.counts,
    eventsJson: compactEvents(req.events),
    issueRuleIds,
    planViolationRuleIds: planViolationRuleIds(issues),
    issuesJson: pgSafeJson(
      JSON.stringify(
        issues.map((i) => ({ ruleId: i.ruleId, severity: i.severity, family: i.family, path: i.path, message: i.message, eventIndex: i.eventIndex, eventName: i.eventName, plan: i.plan })),
      ),
    ),
    ruleIds: distinctSorted(issueRuleIds),
    withheldJson: withheld ? JSON.stringify(withheld) : null,
    withheldState: !withheld ? 'all_ran' : withheld.findings.some((f) => f.severity === 'error') ? 'would_fail' : 'not_run',
    url: pgSafe(env.url),
    body: env.body === null ? null : pgSafe(env.body),
    userAgent: env.userAgent === null ? null : pgSafe(env.userAgent),
    inventory: options.inventory === false ? [] : inventoryEntriesOf(req),
  };
}

/** The log's columns, in the order of `requestCopyLine`. */
export const REQUEST_COLUMNS = [
  'id', 'received_at', 'organization_id', 'website_id', 'idempotency_key', 'format', 'endpoint', 'method', 'source',
  'measurement_id', 'client_id', 'user_id', 'origin_host', 'event_count', 'event_names', 'status', 'error_count',
  'warning_count', 'info_count', 'events', 'issues', 'rule_ids', 'url', 'body', 'user_agent', 'withheld',
] as const;

/** One log row as a line of COPY text, columns in REQUEST_COLUMNS order. */
export function requestCopyLine(h: StoredRow): string {
  return (
    `${h.id}\t${isoTimestamp(h.receivedAtMs)}\t${h.organizationId}\t${h.websiteId}\t${copyField(h.idempotencyKey)}\t${h.format}\t` +
    `${copyField(h.endpoint)}\t${copyField(h.method)}\t${h.source}\t${copyField(h.measurementId)}\t${copyField(h.clientId)}\t` +
    `${copyField(h.userId)}\t${copyField(h.originHost)}\t${h.eventNames.length}\t${copyTextArray(h.eventNames)}\t${h.status}\t` +
    `${h.counts.error}\t${h.counts.warning}\t${h.counts.info}\t${copyField(h.eventsJson)}\t${copyField(h.issuesJson)}\t` +
    `${copyTextArray(h.ruleIds)}\t${copyField(h.url)}\t${copyField(h.body)}\t${copyField(h.userAgent)}\t${copyField(h.withheldJson)}\n`
  );
}

/**
 * A validated hit while it waits for its batch: what the writer, the rollups and the counters read,
 * and the log row already encoded as its line of COPY text. Hundreds of hits wait at once; as one
 * byte buffer (outside the JS heap) the ~2 KB row costs the young-generation collections that run
 * meanwhile almost nothing, where its strings and arrays were copied by each of them (bench/README.md,
 * collector, "session 8").
 */
export type StoredHit = Pick<StoredRow, 'id' | 'receivedAtMs' | 'organizationId' | 'websiteId' | 'idempotencyKey' | 'format' | 'eventNames' | 'status' | 'counts' | 'issueRuleIds' | 'planViolationRuleIds' | 'withheldState' | 'inventory'> & {
  /** UTF-8. A Buffer here; a Uint8Array once it crossed from the validation thread (its pooled slabs cloned once per message). */
  copyLine: Uint8Array;
};

export function storedHitOf(row: StoredRow): StoredHit {
  return {
    id: row.id,
    receivedAtMs: row.receivedAtMs,
    organizationId: row.organizationId,
    websiteId: row.websiteId,
    idempotencyKey: row.idempotencyKey,
    format: row.format,
    eventNames: row.eventNames,
    status: row.status,
    counts: row.counts,
    issueRuleIds: row.issueRuleIds,
    planViolationRuleIds: row.planViolationRuleIds,
    withheldState: row.withheldState,
    inventory: row.inventory,
    copyLine: Buffer.from(requestCopyLine(row)),
  };
}

export function toStoredHit(id: string, env: HitEnvelope, req: DecodedRequest, result: VerdictResult, options: StoredHitOptions = {}): StoredHit {
  return storedHitOf(toStoredRow(id, env, req, result, options));
}
