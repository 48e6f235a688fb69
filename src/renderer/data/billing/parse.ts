import { USAGE_METRICS, type UsageAlert } from '../../../shared/plans';
import type { UsageNumbers, UsageStatus } from './types';

/** Postgres numeric and bigint columns may arrive as strings; this reads either. */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

function numbers(value: unknown): UsageNumbers {
  const out: UsageNumbers = {};
  if (!value || typeof value !== 'object') return out;
  for (const metric of USAGE_METRICS) {
    const n = toNumber((value as Record<string, unknown>)[metric]);
    if (n !== null) out[metric] = n;
  }
  return out;
}

function isAlert(value: unknown): value is UsageAlert {
  if (!value || typeof value !== 'object') return false;
  const a = value as Record<string, unknown>;
  return (
    (USAGE_METRICS as readonly unknown[]).includes(a.metric) &&
    (a.severity === 'info' || a.severity === 'warning' || a.severity === 'critical') &&
    (a.type === 'approaching_limit' || a.type === 'limit_exceeded')
  );
}

/** Reads rpc get_organization_usage_status (usage may come as `usage` or `current_usage`; spec section 3). */
export function parseUsageStatus(data: unknown): UsageStatus {
  const raw = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  const alerts = Array.isArray(raw.alerts)
    ? raw.alerts.filter(isAlert).map((a) => ({
        ...a,
        current_value: toNumber(a.current_value) ?? 0,
        limit_value: toNumber(a.limit_value) ?? 0,
        percentage_used: toNumber(a.percentage_used) ?? 0,
      }))
    : [];
  return {
    plan: typeof raw.plan === 'string' ? raw.plan : null,
    usage: numbers(raw.usage ?? raw.current_usage),
    limits: numbers(raw.limits),
    alerts,
  };
}
