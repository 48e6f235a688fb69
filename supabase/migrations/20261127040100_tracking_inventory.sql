-- The inventory of what each website's traffic sends (issue 25): hourly counters per website,
-- event and parameter, maintained by the collector's storage step with each stored batch (never
-- by scanning the request log), and the "create the plan from traffic" proposal built from them.

-- ============================================================================
-- Tables
-- ============================================================================

create table public.tracking_inventory_hourly (
  website_id uuid not null references public.websites(id) on delete cascade,
  organization_id uuid not null references public.organizations(id) on delete cascade,
  hour timestamptz not null,
  event_name text not null,
  -- event: the event itself (name is ''); param: an event parameter; item: an item parameter; user: a user property.
  scope text not null check (scope in ('event', 'param', 'item', 'user')),
  name text not null,
  hits bigint not null check (hits >= 0),
  -- Types seen: string, integer, number, boolean, other.
  types text[] not null default '{}',
  -- A few distinct example values, personal data masked by the collector.
  examples text[] not null default '{}',
  first_seen timestamptz not null,
  last_seen timestamptz not null,
  primary key (website_id, hour, event_name, scope, name)
);
comment on table public.tracking_inventory_hourly is 'Hourly counters of every event, event parameter, item parameter and user property a website''s stored hits carried: hits, types seen, masked examples, first and last seen. Written by the collector only.';
create index tracking_inventory_hourly_recent_idx on public.tracking_inventory_hourly(website_id, event_name, scope, name, hour desc);

-- ============================================================================
-- Row-level security
-- ============================================================================

alter table public.tracking_inventory_hourly enable row level security;
grant select on public.tracking_inventory_hourly to authenticated;
grant all on public.tracking_inventory_hourly to service_role;

create policy "Members can read their organization's event inventory on plans with event_inventory" on public.tracking_inventory_hourly
  for select to authenticated using (public.has_org_role(organization_id, 'viewer') and public.organization_has_feature(organization_id, 'event_inventory'));

-- ============================================================================
-- Functions
-- ============================================================================

create or replace function public.tracking_inventory(target_website_id uuid, days int default 7)
returns table (event_name text, scope text, name text, hits bigint, event_hits bigint, share numeric, types text[], examples text[], first_seen timestamptz, last_seen timestamptz)
language sql stable set search_path = '' as $$
  -- Runs as the caller: RLS on tracking_inventory_hourly decides what it may read.
  with rows as (
    select i.event_name, i.scope, i.name, sum(i.hits) as hits, min(i.first_seen) as first_seen, max(i.last_seen) as last_seen,
           array(select distinct t from public.tracking_inventory_hourly j, unnest(j.types) t
                 where j.website_id = target_website_id and j.event_name = i.event_name and j.scope = i.scope and j.name = i.name
                   and j.hour >= date_trunc('hour', now()) - make_interval(days => days) order by t) as types,
           (array(select distinct x from public.tracking_inventory_hourly j, unnest(j.examples) x
                  where j.website_id = target_website_id and j.event_name = i.event_name and j.scope = i.scope and j.name = i.name
                    and j.hour >= date_trunc('hour', now()) - make_interval(days => days) order by x))[1:5] as examples
    from public.tracking_inventory_hourly i
    where i.website_id = target_website_id and i.hour >= date_trunc('hour', now()) - make_interval(days => least(greatest(days, 1), 92))
    group by i.event_name, i.scope, i.name)
  select r.event_name, r.scope, r.name, r.hits, e.hits as event_hits,
         case when e.hits > 0 then round(r.hits::numeric / e.hits, 4) end as share,
         r.types, r.examples, r.first_seen, r.last_seen
  from rows r left join rows e on e.event_name = r.event_name and e.scope = 'event'
  order by r.event_name, r.scope, r.name
$$;
comment on function public.tracking_inventory(uuid, int) is 'A website''s inventory over the last days (1 to 92): per event and parameter, hits, the share of the event''s hits that carry it, types seen, examples, first and last seen. Runs as the caller.';

create or replace function public.tracking_plan_draft_from_traffic(plan_id uuid, source_website_id uuid, days int default 7) returns jsonb
language plpgsql security invoker set search_path = '' as $$
declare
  draft uuid;
  added_events int;
  added_params int;
begin
  -- As the caller: RLS lets only owners and admins write the draft, and members read the inventory.
  select v.id into draft from public.tracking_plan_versions v where v.plan_id = tracking_plan_draft_from_traffic.plan_id and v.status = 'draft';
  if draft is null then
    raise exception 'Tracking plan not found' using errcode = 'P0002';
  end if;
  if not public.has_org_role((select p.organization_id from public.tracking_plans p where p.id = tracking_plan_draft_from_traffic.plan_id), 'admin') then
    raise exception 'Only owners and admins can edit a tracking plan' using errcode = '42501';
  end if;
  create temporary table if not exists pg_temp.inventory_proposal on commit drop as
    select * from public.tracking_inventory(source_website_id, days) limit 0;
  truncate pg_temp.inventory_proposal;
  insert into pg_temp.inventory_proposal select * from public.tracking_inventory(source_website_id, days);
  if not exists (select 1 from pg_temp.inventory_proposal) then
    raise exception 'No traffic seen for this website in the last % days', days using errcode = '22023';
  end if;
  -- Events the draft does not have yet, named as GA4 names them; gtag's automatic ones are left out.
  with added as (
    insert into public.tracking_plan_events (version_id, name, status, description)
    select draft, p.event_name, 'live', format('Seen %s times from %s to %s', p.hits, to_char(p.first_seen, 'YYYY-MM-DD'), to_char(p.last_seen, 'YYYY-MM-DD'))
    from pg_temp.inventory_proposal p
    where p.scope = 'event' and p.event_name ~ '^[A-Za-z][A-Za-z0-9_]{0,39}$'
      and p.event_name not in ('session_start', 'first_visit', 'user_engagement')
      and not exists (select 1 from public.tracking_plan_events e where e.version_id = draft and e.name = p.event_name)
    returning 1)
  select count(*) into added_events from added;
  -- Their parameters: the type seen (integer and number together are a number; anything mixed is
  -- text), required when every hit of the event carried it.
  with added as (
    insert into public.tracking_plan_parameters (version_id, event_id, scope, name, type, required, description)
    select draft, e.id, case p.scope when 'param' then 'event' else p.scope end, p.name,
           case when p.types = array['integer'] then 'integer'
                when p.types <@ array['integer', 'number'] and cardinality(p.types) > 0 then 'number'
                when p.types = array['boolean'] then 'boolean'
                else 'string' end,
           p.scope = 'param' and p.share >= 1,
           left(format('Seen on %s%% of %s; e.g. %s', round(coalesce(p.share, 0) * 100), p.event_name, array_to_string(p.examples, ', ')), 2000)
    from pg_temp.inventory_proposal p
    join public.tracking_plan_events e on e.version_id = draft and e.name = p.event_name
    where p.scope in ('param', 'item') and p.name ~ '^[A-Za-z][A-Za-z0-9_]{0,39}$'
      and p.name not in ('engagement_time_msec', 'session_id', 'debug_mode', 'page_location', 'page_referrer', 'page_title')
      and not exists (select 1 from public.tracking_plan_parameters x where x.event_id = e.id and x.scope = case p.scope when 'param' then 'event' else p.scope end and x.name = p.name)
    returning 1)
  select count(*) into added_params from added;
  -- User properties once per plan.
  insert into public.tracking_plan_parameters (version_id, event_id, scope, name, type, required)
  select distinct on (p.name) draft, null::uuid, 'user', p.name,
         case when p.types = array['integer'] then 'integer' when p.types <@ array['integer', 'number'] and cardinality(p.types) > 0 then 'number' else 'string' end, false
  from pg_temp.inventory_proposal p
  where p.scope = 'user' and p.name ~ '^[A-Za-z][A-Za-z0-9_]{0,39}$'
    and not exists (select 1 from public.tracking_plan_parameters x where x.version_id = draft and x.scope = 'user' and x.name = p.name)
  order by p.name;
  return jsonb_build_object('events', added_events, 'parameters', added_params);
end
$$;
comment on function public.tracking_plan_draft_from_traffic(uuid, uuid, int) is 'Proposes a draft from a website''s inventory: adds to the plan''s draft every event, parameter and user property seen in the last days that the draft lacks, with the type seen and required when every hit carried it. The customer then edits or removes each entry and publishes.';

grant execute on function public.tracking_inventory(uuid, int) to authenticated, service_role;
grant execute on function public.tracking_plan_draft_from_traffic(uuid, uuid, int) to authenticated, service_role;
revoke execute on function public.tracking_plan_draft_from_traffic(uuid, uuid, int) from anon, public;
