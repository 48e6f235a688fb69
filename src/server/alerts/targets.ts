import type { AlertKind } from './observation';

/**
 * The enabled rules of one kind, each applied to every active website it covers (all the
 * organization's websites, or its one website). Custom (non-default) rules count only while the
 * plan has custom_alerts; suspended organizations are not evaluated. $1 is the evaluation time.
 */
export function targetsCte(kind: AlertKind): string {
  return `targets as (
    select r.id as rule_id, r.organization_id, r.name as rule_name, r.severity, r.params,
           w.id as website_id, coalesce(nullif(btrim(w.name), ''), w.domain) as website_name
    from public.alert_rules r
    join public.organizations o on o.id = r.organization_id
    join public.websites w on w.organization_id = r.organization_id and (r.website_id is null or w.id = r.website_id)
    where r.enabled and r.kind = '${kind}' and w.is_active and w.created_at <= $1::timestamptz
      and o.suspended_at is null
      and (r.is_default or public.plan_rank(tracklint_private.effective_plan(o)) >= public.plan_rank(public.feature_required_plan('custom_alerts')))
  )`;
}

/** SQL for the start of the five-minute counter bucket that a time falls in. */
export function bucketFloor(expr: string): string {
  return `to_timestamp(floor(extract(epoch from (${expr})) / 300) * 300)`;
}
