import { drop, type Drop } from './drop-reasons';
import type { UsageSnapshot } from './websites';

/** The refusal of a hit over the organization's monthly limit (null: the plan's limit is unknown). */
export function quotaDrop(limit: number | null): Drop {
  const text =
    limit === null
      ? "Your plan's request limit is unknown, so requests are blocked. Contact support."
      : `Monthly request limit reached for your plan (${limit.toLocaleString('en-US')} requests). Upgrade your plan to collect more.`;
  return drop('quota_exceeded', text);
}

/** The first day of the UTC month of a time, as `YYYY-MM-01`. */
export function utcMonth(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

interface OrgQuota {
  month: string;
  limit: number | null;
  used: number;
  reserved: number;
}

/** Requests refused for quota since the last drain, per organization, to record as usage events. */
export interface QuotaRefusal {
  organizationId: string;
  month: string;
  limit: number | null;
  refused: number;
  firstAt: number;
  lastAt: number;
}

export interface QuotaLedger {
  /** Takes the organization's usage and limit as read from Postgres. */
  observe(snapshot: UsageSnapshot): void;
  /** Reserves up to n requests; returns how many fit under the plan's monthly limit. */
  reserve(organizationId: string, n: number, nowMs: number): number;
  /** Ends reservations: `stored` of them became stored requests, the rest did not. */
  settle(organizationId: string, reserved: number, stored: number): void;
  /** Records requests refused for quota (they become a usage event). */
  refused(organizationId: string, n: number, nowMs: number): void;
  /** Takes the refusals recorded since the last call. */
  drainRefusals(): QuotaRefusal[];
  /** Puts refusals back after a failed write, so they are recorded later. */
  restoreRefusals(list: QuotaRefusal[]): void;
  limitOf(organizationId: string): number | null;
  /** The database refused hits over the limit (another process used the rest): nothing is left this month. */
  exhausted(organizationId: string): void;
}

/**
 * Monthly request quota in memory, seeded from organization_usage whenever a website is (re)read.
 * Hits in flight are reserved, so a burst cannot overshoot the limit while its batch commits; the
 * database stays the source of truth and is re-read every website-cache TTL.
 */
export function createQuotaLedger(): QuotaLedger {
  const orgs = new Map<string, OrgQuota>();
  let refusals = new Map<string, QuotaRefusal>();

  function current(organizationId: string, nowMs: number): OrgQuota | undefined {
    const q = orgs.get(organizationId);
    if (!q) return undefined;
    const month = utcMonth(nowMs);
    if (q.month !== month) {
      q.month = month;
      q.used = 0;
    }
    return q;
  }

  return {
    observe(s) {
      const q = orgs.get(s.organizationId);
      if (!q) orgs.set(s.organizationId, { month: s.month, limit: s.limit, used: s.used, reserved: 0 });
      else {
        q.month = s.month;
        q.limit = s.limit;
        q.used = s.used;
      }
    },
    reserve(organizationId, n, nowMs) {
      const q = current(organizationId, nowMs);
      // Unknown usage or plan: blocked, as the spec requires.
      if (!q || q.limit === null) return 0;
      const room = q.limit === -1 ? n : Math.max(0, Math.min(n, q.limit - q.used - q.reserved));
      q.reserved += room;
      return room;
    },
    settle(organizationId, reserved, stored) {
      const q = orgs.get(organizationId);
      if (!q) return;
      q.reserved = Math.max(0, q.reserved - reserved);
      q.used += stored;
    },
    refused(organizationId, n, nowMs) {
      const month = utcMonth(nowMs);
      const key = `${organizationId}|${month}`;
      const r = refusals.get(key);
      if (r) {
        r.refused += n;
        r.lastAt = nowMs;
      } else refusals.set(key, { organizationId, month, limit: orgs.get(organizationId)?.limit ?? null, refused: n, firstAt: nowMs, lastAt: nowMs });
    },
    drainRefusals() {
      const list = [...refusals.values()];
      refusals = new Map();
      return list;
    },
    restoreRefusals(list) {
      for (const r of list) {
        const key = `${r.organizationId}|${r.month}`;
        const existing = refusals.get(key);
        if (existing) {
          existing.refused += r.refused;
          existing.firstAt = Math.min(existing.firstAt, r.firstAt);
        } else refusals.set(key, { ...r });
      }
    },
    limitOf: (organizationId) => orgs.get(organizationId)?.limit ?? null,
    exhausted(organizationId) {
      const q = orgs.get(organizationId);
      if (q && q.limit !== null && q.limit !== -1) q.used = Math.max(q.used, q.limit);
    },
  };
}
