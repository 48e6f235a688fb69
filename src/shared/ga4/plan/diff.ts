/** Readable differences between two plan versions, for the version history. */
import { describeParameter } from './document';
import type { PlanEvent, PlanParameter, TrackingPlanDocument } from './types';

export interface PlanChange {
  kind: 'added' | 'removed' | 'changed';
  /** `purchase`, `purchase.value`, `purchase.items.item_id` or `user.tier`. */
  subject: string;
  text: string;
}

function diffParams(prefix: string, before: readonly PlanParameter[] = [], after: readonly PlanParameter[] = [], out: PlanChange[]): void {
  const old = new Map(before.map((p) => [p.name, p]));
  const now = new Map(after.map((p) => [p.name, p]));
  for (const [name, p] of now) {
    const o = old.get(name);
    const subject = `${prefix}.${name}`;
    if (!o) out.push({ kind: 'added', subject, text: `${subject} added (${describeParameter(p)})` });
    else if (describeParameter(o) !== describeParameter(p)) out.push({ kind: 'changed', subject, text: `${subject}: ${describeParameter(o)} → ${describeParameter(p)}` });
  }
  for (const name of old.keys()) if (!now.has(name)) out.push({ kind: 'removed', subject: `${prefix}.${name}`, text: `${prefix}.${name} removed` });
}

export function diffPlans(before: Pick<TrackingPlanDocument, 'events' | 'userProperties'> | null, after: Pick<TrackingPlanDocument, 'events' | 'userProperties'>): PlanChange[] {
  const out: PlanChange[] = [];
  const old = new Map((before?.events ?? []).map((e) => [e.name, e]));
  const now = new Map(after.events.map((e) => [e.name, e]));
  for (const [name, e] of now) {
    const o: PlanEvent | undefined = old.get(name);
    if (!o) {
      out.push({ kind: 'added', subject: name, text: `Event ${name} added (${e.status}, ${(e.parameters?.length ?? 0) + (e.itemParameters?.length ?? 0)} parameters)` });
      continue;
    }
    if (o.status !== e.status) out.push({ kind: 'changed', subject: name, text: `Event ${name}: ${o.status} → ${e.status}` });
    diffParams(name, o.parameters, e.parameters, out);
    diffParams(`${name}.items`, o.itemParameters, e.itemParameters, out);
  }
  for (const name of old.keys()) if (!now.has(name)) out.push({ kind: 'removed', subject: name, text: `Event ${name} removed` });
  diffParams('user', before?.userProperties, after.userProperties, out);
  return out;
}
