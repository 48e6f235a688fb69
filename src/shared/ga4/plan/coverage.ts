/** How traffic covers a plan: the page's coverage line. */
import type { PlanCustomDefinition, TrackingPlanDocument } from './types';

export interface InventoryItem {
  event_name: string;
  scope: string;
  name: string;
  hits: number;
}

export interface PlanCoverage {
  planned: number;
  seen: number;
  missing: string[];
  unplannedEvents: string[];
  /** Parameters sent that GA4 does not have a custom definition for (only when definitions are registered). */
  unregistered: string[];
}

const AUTOMATIC = new Set(['session_start', 'first_visit', 'user_engagement']);
const STANDARD = new Set(['currency', 'value', 'items', 'transaction_id', 'tax', 'shipping', 'coupon', 'payment_type', 'method', 'search_term', 'engagement_time_msec', 'session_id', 'debug_mode', 'page_location', 'page_referrer', 'page_title']);

export function planCoverage(plan: Pick<TrackingPlanDocument, 'events'>, inventory: readonly InventoryItem[], definitions: readonly PlanCustomDefinition[] = []): PlanCoverage {
  const seenEvents = new Set(inventory.filter((i) => i.scope === 'event' && i.hits > 0).map((i) => i.event_name));
  const planned = plan.events.filter((e) => e.status !== 'deprecated').map((e) => e.name);
  const plannedSet = new Set(plan.events.map((e) => e.name));
  const registered = new Set(definitions.filter((d) => d.scope === 'event').map((d) => d.parameterName));
  const unregistered =
    definitions.length === 0 ? [] : [...new Set(inventory.filter((i) => i.scope === 'param' && !STANDARD.has(i.name) && !registered.has(i.name)).map((i) => i.name))].sort();
  return {
    planned: planned.length,
    seen: planned.filter((n) => seenEvents.has(n)).length,
    missing: planned.filter((n) => !seenEvents.has(n)),
    unplannedEvents: [...seenEvents].filter((n) => !plannedSet.has(n) && !AUTOMATIC.has(n)).sort(),
    unregistered,
  };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "41 of 45 planned events seen in the last 7 days; 3 unplanned events; 2 parameters sent but not registered in GA4" */
export function coverageSentence(c: PlanCoverage, days: number): string {
  return `${c.seen} of ${c.planned} planned events seen in the last ${days} days; ${plural(c.unplannedEvents.length, 'unplanned event', 'unplanned events')}; ${plural(c.unregistered.length, 'parameter', 'parameters')} sent but not registered in GA4`;
}
