-- Issue 25, value sets: the traffic inventory keeps, per website, hour, event and parameter, the
-- distinct short values a parameter arrived with and how often (a currency, a payment_type, a page
-- type), so the drift evaluator can say "a value set changed" from every hit rather than from the
-- three examples a counter keeps. Bounded: at most 20 distinct values of at most 40 characters per
-- parameter and hour (personal data masked by the collector as the examples are); past that the
-- parameter is high-cardinality for the hour (an id, a timestamp, a price as text) and its set is
-- not kept.

-- ============================================================================
-- Tables
-- ============================================================================

create table public.tracking_inventory_values_hourly (
  website_id uuid not null,
  organization_id uuid not null references public.organizations(id) on delete cascade,
  hour timestamptz not null,
  event_name text not null,
  scope text not null check (scope in ('param', 'item', 'user')),
  name text not null,
  -- Masked value -> hits in the hour; '{}' once high_cardinality.
  value_counts jsonb not null default '{}' check (jsonb_typeof(value_counts) = 'object'),
  high_cardinality boolean not null default false,
  -- By parameter first: the drift evaluator reads one parameter's hours over its baseline weeks.
  primary key (website_id, event_name, scope, name, hour),
  -- A value set belongs to its hourly counter: the counter's retention (collector_apply_retention)
  -- and the website's deletion remove it with the counter.
  foreign key (website_id, hour, event_name, scope, name)
    references public.tracking_inventory_hourly (website_id, hour, event_name, scope, name) on delete cascade
);
comment on table public.tracking_inventory_values_hourly is 'Hourly value sets of the parameters a website''s stored hits carried: masked value -> hits, for string values up to 40 characters and at most 20 distinct values per hour (beyond: high_cardinality, no values). Written by the collector with the inventory counter each belongs to; read by the drift evaluator.';

-- ============================================================================
-- Row-level security
-- ============================================================================

alter table public.tracking_inventory_values_hourly enable row level security;
grant select on public.tracking_inventory_values_hourly to authenticated;
grant all on public.tracking_inventory_values_hourly to service_role;

create policy "Members can read their organization's value sets on plans with event_inventory" on public.tracking_inventory_values_hourly
  for select to authenticated using (public.has_org_role(organization_id, 'viewer') and public.organization_has_feature(organization_id, 'event_inventory'));

-- ============================================================================
-- Functions
-- ============================================================================

create or replace function tracklint_private.merge_value_counts(a jsonb, a_high boolean, b jsonb, b_high boolean, max_values int) returns jsonb
language sql immutable set search_path = '' as $$
  select case when a_high or b_high then null else (
    select case when count(*) > max_values then null else coalesce(jsonb_object_agg(x.k, x.n), '{}'::jsonb) end
    from (select e.key as k, sum(e.value::bigint) as n
          from (select * from jsonb_each_text(a) union all select * from jsonb_each_text(b)) e
          group by e.key) x)
  end
$$;
comment on function tracklint_private.merge_value_counts(jsonb, boolean, jsonb, boolean, int) is 'Two hourly value sets added together (hits per value summed); null when either was high-cardinality or the sum has more than max_values values. The collector''s additive upsert: internal use only.';
