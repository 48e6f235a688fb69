import type { AlertRuleKind } from '../../data/alerts/types';
import type { DropReason } from '../../../shared/drop-reasons';

export type ParamField =
  | { key: string; label: string; type: 'number'; default: number; min: number; max: number; suffix?: string }
  | { key: string; label: string; type: 'text'; default: string; placeholder?: string; required?: boolean }
  | { key: string; label: string; type: 'list'; default: string[]; options: Array<{ value: string; label: string }> }
  | { key: string; label: string; type: 'boolean'; default: boolean; description?: string };

export interface KindInfo {
  label: string;
  description: string;
  fields: ParamField[];
}

/** Refusal reasons a customer can act on (the collector's drop reasons that concern one website). */
export const REFUSAL_REASONS = [
  { value: 'measurement_id_mismatch', label: 'Measurement ID not registered' },
  { value: 'origin_not_allowed', label: 'Origin not allowed' },
  { value: 'quota_exceeded', label: 'Monthly limit reached' },
  { value: 'not_ga4', label: 'Not a GA4 request' },
  { value: 'invalid_json', label: 'Invalid JSON' },
  { value: 'body_too_large', label: 'Too large' },
  { value: 'queue_full', label: 'Collector busy' },
] satisfies Array<{ value: DropReason; label: string }>;

/** Each kind's parameters, with the defaults the server applies when one is missing. */
export const KINDS: Record<AlertRuleKind, KindInfo> = {
  failure_rate: {
    label: 'Failure rate',
    description: 'The share of requests that fail validation goes above a percentage.',
    fields: [
      { key: 'threshold_pct', label: 'Alert above', type: 'number', default: 20, min: 1, max: 100, suffix: '%' },
      { key: 'window_minutes', label: 'Over the last', type: 'number', default: 60, min: 5, max: 1440, suffix: 'minutes' },
      { key: 'min_requests', label: 'Only with at least', type: 'number', default: 20, min: 1, max: 1000000, suffix: 'requests' },
    ],
  },
  rule_failing: {
    label: 'A rule fails',
    description:
      'Without a rule ID: critical findings, and warnings that start after none in the 24 hours before; the alert takes the severity of the worst findings. With one: that rule fires at all.',
    fields: [
      { key: 'rule_id', label: 'Rule ID (empty for any new failure)', type: 'text', default: '', placeholder: 'basic.cid_present' },
      { key: 'min_count', label: 'At least', type: 'number', default: 5, min: 1, max: 1000000, suffix: 'findings' },
      { key: 'window_hours', label: 'Within', type: 'number', default: 1, min: 1, max: 24, suffix: 'hours' },
      {
        key: 'include_info',
        label: 'Also alert on information-level findings',
        type: 'boolean',
        default: false,
        description: 'Off: only warnings and critical findings open an alert (critical ones also while they continue).',
      },
    ],
  },
  volume_drop: {
    label: 'Volume drop',
    description: 'Hits of the last hour fall below a share of the same hour last week.',
    fields: [
      { key: 'min_share_pct', label: 'Alert below', type: 'number', default: 50, min: 1, max: 99, suffix: '% of last week' },
      { key: 'min_baseline', label: 'Only when last week had at least', type: 'number', default: 20, min: 1, max: 100000000, suffix: 'hits' },
    ],
  },
  no_hits: {
    label: 'Tracking is down',
    description: 'No hits at all for a while, although the website received some in the day before.',
    fields: [{ key: 'minutes', label: 'No hits for', type: 'number', default: 60, min: 5, max: 10080, suffix: 'minutes' }],
  },
  event_missing: {
    label: 'Event disappears',
    description: 'An event the website sends (such as purchase) is not seen for some hours.',
    fields: [
      { key: 'event_name', label: 'Event name', type: 'text', default: 'purchase', required: true },
      { key: 'hours', label: 'Not seen for', type: 'number', default: 24, min: 1, max: 168, suffix: 'hours' },
      { key: 'lookback_days', label: 'Seen in the days before (up to)', type: 'number', default: 7, min: 1, max: 7, suffix: 'days' },
    ],
  },
  refused_hits: {
    label: 'Refused hits',
    description: 'The collector refuses hits (wrong measurement ID, origin, quota, invalid) above a count.',
    fields: [
      { key: 'reasons', label: 'Reasons (none chosen: any)', type: 'list', default: [], options: REFUSAL_REASONS },
      { key: 'threshold', label: 'At least', type: 'number', default: 10, min: 1, max: 100000000, suffix: 'refused hits' },
      { key: 'window_minutes', label: 'Within', type: 'number', default: 60, min: 5, max: 1440, suffix: 'minutes' },
    ],
  },
  tracking_drift: {
    label: 'Tracking plan drift',
    description:
      'Traffic drifts from the website\'s published tracking plan: a planned event stops or its volume jumps or falls against the same hour of the same weekday in recent weeks; a new event or parameter appears; a parameter vanishes, changes type or takes values outside the plan; a parameter\'s usual values change (a currency now in lower case, a new payment_type, a usual value gone).',
    fields: [
      { key: 'weeks', label: 'Baseline over the last', type: 'number', default: 4, min: 1, max: 8, suffix: 'weeks' },
      { key: 'min_baseline', label: 'Only when the usual hour has at least', type: 'number', default: 20, min: 1, max: 100000000, suffix: 'events' },
      { key: 'min_share_pct', label: 'Alert below', type: 'number', default: 50, min: 1, max: 99, suffix: '% of usual' },
      { key: 'max_share_pct', label: 'Alert above', type: 'number', default: 300, min: 101, max: 100000, suffix: '% of usual' },
      { key: 'min_hits', label: 'Vanished parameter: event seen at least', type: 'number', default: 10, min: 1, max: 1000000, suffix: 'times' },
    ],
  },
  usage: {
    label: 'Usage',
    description: 'Requests, websites, team members or custom rules reach 80%, 90% or 100% of the plan\'s limit.',
    fields: [
      {
        key: 'metrics',
        label: 'Limits',
        type: 'list',
        default: ['monthly_requests'],
        options: [
          { value: 'monthly_requests', label: 'Monthly requests' },
          { value: 'websites', label: 'Websites' },
          { value: 'team_members', label: 'Team members' },
          { value: 'custom_rules', label: 'Custom rules' },
        ],
      },
      {
        key: 'thresholds',
        label: 'Thresholds',
        type: 'list',
        default: ['0.8', '0.9', '1'],
        options: [
          { value: '0.8', label: '80%' },
          { value: '0.9', label: '90%' },
          { value: '1', label: '100%' },
        ],
      },
    ],
  },
};

/** The rule's parameters in words, for the rules table. */
export function describeParams(kind: AlertRuleKind, params: Record<string, unknown>): string {
  return KINDS[kind].fields
    .map((f) => {
      const v = params[f.key] ?? f.default;
      if (f.type === 'list') {
        const list = Array.isArray(v) ? v.map(String) : [];
        return `${f.label.replace(/ \(.*\)$/, '')}: ${list.length ? list.map((x) => f.options.find((o) => o.value === x)?.label ?? x).join(', ') : 'any'}`;
      }
      if (f.type === 'text') return v ? `${f.label.replace(/ \(.*\)$/, '')}: ${String(v)}` : 'any rule';
      if (f.type === 'boolean') return v === true ? 'info findings included' : 'info findings excluded';
      return `${f.label} ${String(v)}${f.suffix ? ` ${f.suffix}` : ''}`.replace(' %', '%');
    })
    .join(' · ');
}

/** Form values (strings from list inputs) back to the parameters the database checks. */
export function paramsFromForm(kind: AlertRuleKind, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of KINDS[kind].fields) {
    const v = values[f.key];
    if (f.type === 'number') out[f.key] = typeof v === 'number' ? v : Number(v ?? f.default);
    else if (f.type === 'text') out[f.key] = typeof v === 'string' && v.trim() ? v.trim() : f.key === 'rule_id' ? null : f.default;
    else if (f.type === 'boolean') out[f.key] = v === true;
    else out[f.key] = (Array.isArray(v) ? v : f.default).map((x) => (f.key === 'thresholds' ? Number(x) : String(x)));
  }
  return out;
}

/** Parameters as form values (numbers as they are, lists as strings). */
export function formFromParams(kind: AlertRuleKind, params: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of KINDS[kind].fields) {
    const v = params[f.key];
    if (f.type === 'list') out[f.key] = Array.isArray(v) ? v.map(String) : f.default;
    else if (f.type === 'text') out[f.key] = typeof v === 'string' ? v : f.key === 'rule_id' ? '' : f.default;
    else if (f.type === 'boolean') out[f.key] = v === true;
    else out[f.key] = typeof v === 'number' ? v : f.default;
  }
  return out;
}
