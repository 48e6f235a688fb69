import type { ConsentInfo, DecodedEvent, PageInfo, ParamValue } from '../../../shared/ga4';
import type { StoredEvent, StoredIssue } from '../../data/requests/types';
import type { Severity } from '../../../shared/ga4';

/** One event as the event view shows it, from a fully decoded request or from the stored compact form. */
export interface EventView {
  index: number;
  name: string;
  params: Array<[string, ParamValue]>;
  items: Array<Record<string, ParamValue>>;
  userProperties: Array<[string, ParamValue]>;
  keyEvent: boolean;
  /** Only when the request could be decoded again in full. */
  consent?: ConsentInfo;
  page?: PageInfo;
}

const NOT_SET = '(not set)';

export function eventViewsFromDecoded(events: readonly DecodedEvent[]): EventView[] {
  return events.map((ev) => ({
    index: ev.index,
    name: ev.name || NOT_SET,
    params: Object.entries(ev.params),
    items: ev.items,
    userProperties: Object.entries(ev.userProperties).map(([k, p]) => [k, p.value] as [string, ParamValue]),
    keyEvent: ev.conversion,
    consent: ev.consent,
    page: ev.page,
  }));
}

export function eventViewsFromStored(events: readonly StoredEvent[]): EventView[] {
  return events.map((ev, index) => ({
    index,
    name: ev.name || NOT_SET,
    params: Object.entries(ev.params ?? {}),
    items: ev.items ?? [],
    userProperties: Object.entries(ev.user_properties ?? {}),
    keyEvent: ev.key_event === true,
  }));
}

/** A parameter value as text: strings verbatim, everything else as JSON. */
export function formatParamValue(value: ParamValue | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

const SEVERITY_ORDER: readonly Severity[] = ['error', 'warning', 'info'];

/** Findings grouped by severity (errors first), each group in its original order; empty groups left out. */
export function groupIssuesBySeverity<T extends Pick<StoredIssue, 'severity'>>(issues: readonly T[]): Array<{ severity: Severity; issues: T[] }> {
  return SEVERITY_ORDER.map((severity) => ({ severity, issues: issues.filter((i) => i.severity === severity) })).filter((g) => g.issues.length > 0);
}

/** Columns of an items table: the usual GA4 item fields first, then any other field in first-seen order. */
export function itemColumns(items: ReadonlyArray<Record<string, ParamValue>>): string[] {
  const preferred = ['item_id', 'item_name', 'price', 'quantity', 'item_brand', 'item_category', 'item_variant', 'coupon', 'discount'];
  const seen = new Set<string>();
  for (const item of items) for (const key of Object.keys(item)) seen.add(key);
  return [...preferred.filter((k) => seen.has(k)), ...[...seen].filter((k) => !preferred.includes(k))];
}
