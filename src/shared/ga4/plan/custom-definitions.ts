/**
 * The custom dimensions and metrics registered in a GA4 property, as the GA4 Admin API lists them
 * (`properties.customDimensions.list` / `properties.customMetrics.list`, or both in one object):
 *
 *   { "customDimensions": [{ "parameterName": "plan_tier", "displayName": "Plan tier", "scope": "EVENT" }],
 *     "customMetrics":    [{ "parameterName": "points", "displayName": "Points", "scope": "EVENT", "measurementUnit": "STANDARD" }] }
 */
import { PLAN_LIMITS, PLAN_NAME_RE } from './document';
import type { PlanCustomDefinition } from './types';

/** GA4's limits on a standard property. */
export const GA4_CUSTOM_DEFINITION_LIMITS = { eventDimensions: 50, userDimensions: 25, itemDimensions: 10, metrics: 50 } as const;

export type CustomDefinitionsResult = { ok: true; definitions: PlanCustomDefinition[] } | { ok: false; errors: string[] };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const DIMENSION_FIELDS = ['name', 'parameterName', 'displayName', 'description', 'scope', 'disallowAdsPersonalization'];
const METRIC_FIELDS = ['name', 'parameterName', 'displayName', 'description', 'scope', 'measurementUnit', 'restrictedMetricType'];

export function parseGa4CustomDefinitions(text: string): CustomDefinitionsResult {
  if (text.length > PLAN_LIMITS.fileBytes) return { ok: false, errors: [`the file is larger than ${PLAN_LIMITS.fileBytes.toLocaleString('en-US')} bytes`] };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, errors: ['the custom definition list is not valid JSON'] };
  }
  if (!isRecord(value)) return { ok: false, errors: ['the custom definition list must be a JSON object with customDimensions and/or customMetrics'] };
  const errors: string[] = [];
  for (const k of Object.keys(value)) if (k !== 'customDimensions' && k !== 'customMetrics' && k !== 'nextPageToken') errors.push(`unknown field "${k}"`);
  const out: PlanCustomDefinition[] = [];
  const seen = new Set<string>();
  const read = (list: unknown, kind: 'dimension' | 'metric') => {
    if (list === undefined) return;
    const field = kind === 'dimension' ? 'customDimensions' : 'customMetrics';
    if (!Array.isArray(list) || list.length > PLAN_LIMITS.customDefinitions) return void errors.push(`${field} must be a list of at most ${PLAN_LIMITS.customDefinitions}`);
    list.forEach((d, i) => {
      const at = `${field}[${i}]`;
      if (!isRecord(d)) return void errors.push(`${at} must be an object`);
      for (const k of Object.keys(d)) if (!(kind === 'dimension' ? DIMENSION_FIELDS : METRIC_FIELDS).includes(k)) errors.push(`${at}: unknown field "${k}"`);
      const scope = typeof d.scope === 'string' ? d.scope.toLowerCase() : '';
      if (kind === 'dimension' ? !['event', 'user', 'item'].includes(scope) : scope !== 'event') errors.push(`${at}.scope must be ${kind === 'dimension' ? 'EVENT, USER or ITEM' : 'EVENT'}`);
      if (typeof d.parameterName !== 'string' || !PLAN_NAME_RE.test(d.parameterName)) errors.push(`${at}.parameterName must be a GA4 parameter name`);
      if (d.displayName !== undefined && (typeof d.displayName !== 'string' || d.displayName.length > 82)) errors.push(`${at}.displayName must be text of at most 82 characters`);
      if (typeof d.parameterName !== 'string') return;
      const key = `${kind}|${scope}|${d.parameterName}`;
      if (seen.has(key)) errors.push(`${at}: "${d.parameterName}" is registered twice`);
      seen.add(key);
      out.push({ kind, scope: scope as PlanCustomDefinition['scope'], parameterName: d.parameterName, ...(typeof d.displayName === 'string' ? { displayName: d.displayName } : {}) });
    });
  };
  read(value.customDimensions, 'dimension');
  read(value.customMetrics, 'metric');
  if (value.customDimensions === undefined && value.customMetrics === undefined) errors.push('the file has neither customDimensions nor customMetrics');
  return errors.length > 0 ? { ok: false, errors: errors.slice(0, 50) } : { ok: true, definitions: out };
}

/** Where a property stands against GA4's limits, with a warning from 80%. */
export function customDefinitionLimits(defs: readonly PlanCustomDefinition[]): Array<{ kind: string; used: number; limit: number; warning: string | null }> {
  const count = (f: (d: PlanCustomDefinition) => boolean) => defs.filter(f).length;
  const L = GA4_CUSTOM_DEFINITION_LIMITS;
  return [
    { kind: 'event-scoped custom dimensions', used: count((d) => d.kind === 'dimension' && d.scope === 'event'), limit: L.eventDimensions },
    { kind: 'user-scoped custom dimensions', used: count((d) => d.kind === 'dimension' && d.scope === 'user'), limit: L.userDimensions },
    { kind: 'item-scoped custom dimensions', used: count((d) => d.kind === 'dimension' && d.scope === 'item'), limit: L.itemDimensions },
    { kind: 'custom metrics', used: count((d) => d.kind === 'metric'), limit: L.metrics },
  ].map((x) => ({ ...x, warning: x.used >= x.limit * 0.8 ? `${x.used} of ${x.limit} ${x.kind} used: the property is near GA4's limit` : null }));
}
