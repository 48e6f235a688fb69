import type { DecodedEvent, DecodedRequest, ValidationResult } from '../../shared/ga4/types';
import { pgSafeJson } from './pg-safe-json';

/** How a hit reached Tracklint. */
export type HitSource = 'tracker' | 'gtag_direct' | 'measurement_protocol';

/** One validated hit, ready for the sink: exactly the columns of collected_requests, plus its issues. */
export interface StoredHit {
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
  issuesJson: string;
  /** Distinct rule ids of the findings, sorted: the log's rule filter reads them. */
  ruleIds: string[];
  url: string;
  body: string | null;
  userAgent: string | null;
}

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
}

export function toStoredHit(id: string, env: HitEnvelope, req: DecodedRequest, result: ValidationResult): StoredHit {
  const issues = result.issues;
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
    issuesJson: pgSafeJson(
      JSON.stringify(
        issues.map((i) => ({ ruleId: i.ruleId, severity: i.severity, family: i.family, path: i.path, message: i.message, eventIndex: i.eventIndex, eventName: i.eventName })),
      ),
    ),
    ruleIds: distinctSorted(issueRuleIds),
    url: pgSafe(env.url),
    body: env.body === null ? null : pgSafe(env.body),
    userAgent: env.userAgent === null ? null : pgSafe(env.userAgent),
  };
}
