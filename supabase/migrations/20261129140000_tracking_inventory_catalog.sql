-- Issue 25, drift at scale: one catalog row per website, event, scope and parameter, kept current
-- by the collector in the statement that upserts the hourly counters: when it was first and last
-- seen, the types it arrived as, and for short string values the distinct values with their first
-- and last seen. The drift evaluator's "first seen", "seen before publication", "last carried" and
-- "value never seen in the weeks before" questions read this one row instead of every hour of the
-- baseline weeks (bench/README.md: 8 ms per website for the schema query over four weeks of hours).

-- ============================================================================
-- Tables
-- ============================================================================

create table public.tracking_inventory_catalog (
  website_id uuid not null references public.websites(id) on delete cascade,
  organization_id uuid not null references public.organizations(id) on delete cascade,
  event_name text not null,
  scope text not null check (scope in ('event', 'param', 'item', 'user')),
  name text not null,
  first_seen timestamptz not null,
  last_seen timestamptz not null,
  types text[] not null default '{}',
  -- Masked value -> [first seen, last seen] in epoch seconds; '{}' once high_cardinality.
  value_seen jsonb not null default '{}' check (jsonb_typeof(value_seen) = 'object'),
  -- More distinct values than the catalog keeps (CATALOG_VALUE_MAX in src/server/collector/inventory.ts, 50), or an
  -- hour that was high-cardinality: the values are not kept.
  high_cardinality boolean not null default false,
  primary key (website_id, event_name, scope, name)
);
comment on table public.tracking_inventory_catalog is 'Per website, event, scope and parameter: first and last seen, types seen and (short string values, at most 50 distinct) each value''s first and last seen. Kept by the collector with the hourly inventory counters; read by the drift evaluator instead of the hours.';

-- ============================================================================
-- Row-level security
-- ============================================================================

alter table public.tracking_inventory_catalog enable row level security;
grant select on public.tracking_inventory_catalog to authenticated;
grant all on public.tracking_inventory_catalog to service_role;

create policy "Members can read their organization's inventory catalog on plans with event_inventory" on public.tracking_inventory_catalog
  for select to authenticated using (public.has_org_role(organization_id, 'viewer') and public.organization_has_feature(organization_id, 'event_inventory'));

-- ============================================================================
-- Functions
-- ============================================================================

create or replace function tracklint_private.merge_catalog_values(a jsonb, a_high boolean, b jsonb, b_high boolean, max_values int) returns jsonb
language sql immutable set search_path = '' as $$
  select case when a_high or b_high then null else (
    select case when count(*) > max_values then null else coalesce(jsonb_object_agg(x.k, jsonb_build_array(x.f, x.l)), '{}'::jsonb) end
    from (select e.key as k, min((e.value ->> 0)::bigint) as f, max((e.value ->> 1)::bigint) as l
          from (select * from jsonb_each(a) union all select * from jsonb_each(b)) e
          group by e.key) x)
  end
$$;
comment on function tracklint_private.merge_catalog_values(jsonb, boolean, jsonb, boolean, int) is 'Two catalog value sets (value -> [first, last] epoch seconds) merged: earliest first, latest last; null when either was high-cardinality or the union has more than max_values values. The collector''s upsert: internal use only.';

-- ============================================================================
-- Rebuild from the hourly tables (the backfill below; tests that insert past hours directly)
-- ============================================================================

create or replace function tracklint_private.rebuild_inventory_catalog(target_website_id uuid) returns void
language sql volatile set search_path = '' as $$
  delete from public.tracking_inventory_catalog where target_website_id is null or website_id = target_website_id;
  insert into public.tracking_inventory_catalog (website_id, organization_id, event_name, scope, name, first_seen, last_seen, types, value_seen, high_cardinality)
  select g.website_id, g.organization_id, g.event_name, g.scope, g.name, g.first_seen, g.last_seen, g.types,
         case when v.high then '{}'::jsonb else coalesce(v.seen, '{}'::jsonb) end, coalesce(v.high, false)
  from (select i.website_id, min(i.organization_id::text)::uuid as organization_id, i.event_name, i.scope, i.name,
               min(i.first_seen) as first_seen, max(i.last_seen) as last_seen,
               coalesce(array_agg(distinct t order by t) filter (where t is not null), '{}') as types
        from public.tracking_inventory_hourly i left join lateral unnest(i.types) t on true
        where target_website_id is null or i.website_id = target_website_id
        group by i.website_id, i.event_name, i.scope, i.name) g
  left join (
    select x.website_id, x.event_name, x.scope, x.name, bool_or(x.high) or count(x.k) > 50 as high,
           jsonb_object_agg(x.k, jsonb_build_array(x.f, x.l)) filter (where x.k is not null) as seen
    -- Values' first and last seen to the hour: the hourly sets keep no times per value.
    from (select j.website_id, j.event_name, j.scope, j.name, e.key as k, bool_or(j.high_cardinality) as high,
                 min(extract(epoch from j.hour))::bigint as f, max(extract(epoch from j.hour))::bigint + 3599 as l
          from public.tracking_inventory_values_hourly j left join lateral jsonb_each(j.value_counts) e on true
          where target_website_id is null or j.website_id = target_website_id
          group by j.website_id, j.event_name, j.scope, j.name, e.key) x
    group by x.website_id, x.event_name, x.scope, x.name) v
    on v.website_id = g.website_id and v.event_name = g.event_name and v.scope = g.scope and v.name = g.name
$$;
comment on function tracklint_private.rebuild_inventory_catalog(uuid) is 'Recomputes the inventory catalog of one website (null: every website) from its hourly counters and value sets, values'' first and last seen to the hour. The migration''s backfill; tests that insert past hours directly. Internal use only.';

select tracklint_private.rebuild_inventory_catalog(null);
