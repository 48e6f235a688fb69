-- The rules a logged request broke become an array column of the request itself instead of one
-- collected_request_issues row per finding. Those rows were most of what the
-- collector inserted (about six per hit on real traffic), and the log's rule filter can now run
-- in the same query as every other filter (no list of request ids, no cap on matches).

alter table public.collected_requests add column rule_ids text[] not null default '{}';
comment on column public.collected_requests.rule_ids is 'Distinct rule ids of the request''s findings (details in issues), for the log''s rule filter.';

update public.collected_requests r
set rule_ids = array(select distinct x ->> 'ruleId' from jsonb_array_elements(r.issues) x where x ->> 'ruleId' is not null order by 1)
where jsonb_array_length(r.issues) > 0;

-- No GIN index on rule_ids: under row-level security Postgres cannot use one for `@>` (not
-- LEAKPROOF, so it may not run before the policy), and every insert would pay for it. The rule
-- filter walks the (organization_id, received_at) index (bench/README.md, "Dashboards over volume").

create or replace function public.collector_ensure_partitions(days_ahead int default 3) returns int
language plpgsql security definer set search_path = '' as $$
declare
  d date;
  created int := 0;
  part text;
begin
  -- From yesterday (late hits around midnight) to days_ahead days from now, in UTC.
  for d in select generate_series((now() at time zone 'utc')::date - 1, (now() at time zone 'utc')::date + days_ahead, interval '1 day')::date loop
    part := 'collected_requests_p' || to_char(d, 'YYYYMMDD');
    if to_regclass('collector_partitions.' || part) is null then
      -- toast_tuple_target at its maximum: typical rows (2-6 KB) stay inline and uncompressed,
      -- which spares the CPU pglz would spend on every insert (this build has no lz4).
      execute format(
        'create table collector_partitions.%I partition of public.collected_requests for values from (%L) to (%L) with (toast_tuple_target = 8160)',
        part, (d::timestamp at time zone 'utc'), ((d + 1)::timestamp at time zone 'utc'));
      -- Reads go through the parent's policies; RLS on the partition too, in case one is ever exposed.
      execute format('alter table collector_partitions.%I enable row level security', part);
      created := created + 1;
    end if;
    part := 'collector_idempotency_keys_p' || to_char(d, 'YYYYMMDD');
    if to_regclass('collector_partitions.' || part) is null then
      execute format('create table collector_partitions.%I partition of public.collector_idempotency_keys for values from (%L) to (%L)', part, d, d + 1);
      execute format('alter table collector_partitions.%I enable row level security', part);
      created := created + 1;
    end if;
  end loop;
  return created;
end
$$;
comment on function public.collector_ensure_partitions(int) is 'Creates the daily partitions of the requests log and the idempotency keys from yesterday to days_ahead days ahead (UTC). The collector calls it at start and hourly.';

create or replace function public.collector_apply_retention() returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  longest int;
  r record;
  dropped int := 0;
  deleted bigint := 0;
  n bigint;
  upper_bound timestamptz;
begin
  select max(retention_days) into longest from public.subscription_plan_limits;
  -- Whole days past their use: drop the partitions (cheap, no dead rows). The log is kept for the
  -- longest plan retention, idempotency keys for two days.
  for r in
    select c.relname, i.inhparent = 'public.collector_idempotency_keys'::regclass as is_keys from pg_inherits i
    join pg_class c on c.oid = i.inhrelid
    join pg_namespace ns on ns.oid = c.relnamespace
    where ns.nspname = 'collector_partitions'
      and i.inhparent in ('public.collected_requests'::regclass, 'public.collector_idempotency_keys'::regclass)
  loop
    upper_bound := (to_date(right(r.relname, 8), 'YYYYMMDD') + 1)::timestamp at time zone 'utc';
    if (r.is_keys and upper_bound < now() - interval '2 days')
       or (not r.is_keys and upper_bound < now() - make_interval(days => longest)) then
      execute format('drop table collector_partitions.%I', r.relname);
      dropped := dropped + 1;
    end if;
  end loop;
  -- Shorter plans: delete what is older than the organization's own retention.
  for r in select plan, retention_days from public.subscription_plan_limits where retention_days < longest loop
    delete from public.collected_requests x using public.organizations o
      where o.id = x.organization_id and o.plan = r.plan and x.received_at < now() - make_interval(days => r.retention_days);
    get diagnostics n = row_count;
    deleted := deleted + n;
    delete from public.website_hourly_rollups x using public.organizations o
      where o.id = x.organization_id and o.plan = r.plan and x.hour < now() - make_interval(days => r.retention_days);
  end loop;
  delete from public.website_hourly_rollups where hour < now() - make_interval(days => longest);
  delete from public.collector_history where expires_at < now();
  return jsonb_build_object('dropped_partitions', dropped, 'deleted_requests', deleted);
end
$$;
comment on function public.collector_apply_retention() is 'Applies each plan''s retention_days to the requests log and rollups (drops whole partitions past the longest retention), drops idempotency-key partitions after two days and prunes expired history.';

create or replace function public.websites_forget_collected_data() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  delete from public.collected_requests x where x.website_id = old.id;
  delete from public.website_hourly_rollups x where x.website_id = old.id;
  delete from public.collector_history x where x.website_id = old.id;
  delete from public.collector_idempotency_keys x where x.website_id = old.id;
  return old;
end
$$;
comment on function public.websites_forget_collected_data() is 'Deletes a deleted website''s requests log, rollups, engine history and idempotency keys in the same transaction.';

create or replace function public.organizations_forget_collected_data() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  -- The websites' own triggers ran in the cascade; this catches rows of websites deleted earlier.
  delete from public.collected_requests x where x.organization_id = old.id;
  delete from public.website_hourly_rollups x where x.organization_id = old.id;
  return old;
end
$$;

drop table public.collected_request_issues;
