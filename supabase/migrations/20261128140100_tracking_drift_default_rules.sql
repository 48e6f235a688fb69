-- Issue 25: a plan's first publication gives each website that follows it a default drift alert
-- rule (tracking_drift, default parameters) on the organization's default email channel (owners
-- and admins), unless the website or the whole organization already has a drift rule. Only the
-- first publication: a customer who deleted the rule afterwards does not get it back with the next
-- version.

create or replace function tracklint_private.tracking_plan_first_publish_drift_rules() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  channel uuid;
  site record;
begin
  select c.id into channel from public.alert_channels c
    where c.organization_id = new.organization_id and c.is_default order by c.created_at limit 1;
  -- Marks the rules as Tracklint's defaults (alert_rules_before_write reads it).
  perform set_config('tracklint.creating_alert_defaults', 'on', true);
  for site in select tw.website_id from public.tracking_plan_websites tw where tw.plan_id = new.plan_id order by tw.website_id loop
    if not exists (select 1 from public.alert_rules r
                   where r.organization_id = new.organization_id and r.kind = 'tracking_drift'
                     and (r.website_id = site.website_id or r.website_id is null)) then
      insert into public.alert_rules (organization_id, website_id, name, kind, params, severity, channel_ids)
      values (new.organization_id, site.website_id, 'Tracking drift from the plan', 'tracking_drift', '{}', 'warning',
              case when channel is null then '{}'::uuid[] else array[channel] end);
    end if;
  end loop;
  perform set_config('tracklint.creating_alert_defaults', '', true);
  return null;
end
$$;
comment on function tracklint_private.tracking_plan_first_publish_drift_rules() is 'On a plan''s first publication, a default tracking_drift alert rule for each website that follows it and has none, on the organization''s default email channel.';
revoke execute on function tracklint_private.tracking_plan_first_publish_drift_rules() from public, anon, authenticated;

create trigger tracking_plan_first_publish_drift_rules after update on public.tracking_plan_versions
  for each row when (old.status = 'draft' and new.status = 'published' and new.number = 1)
  execute function tracklint_private.tracking_plan_first_publish_drift_rules();
