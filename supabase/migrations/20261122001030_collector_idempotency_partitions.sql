-- Idempotency keys by day: at collector volumes a table pruned with DELETE grows dead rows as fast
-- as it takes new ones. Daily partitions are dropped whole instead. A key is looked up in today's
-- and yesterday's partitions, which covers every retry a sender makes (the tracker retries within
-- seconds). The keys are transient, so the old table is replaced, not migrated.

-- == tables =================================================================
drop table public.collector_idempotency_keys;

create table public.collector_idempotency_keys (
  website_id uuid not null,
  idempotency_key text not null,
  seen_on date not null,
  primary key (website_id, idempotency_key, seen_on)
) partition by range (seen_on);
comment on table public.collector_idempotency_keys is 'Keys of recently stored hits (today and yesterday, UTC), so a hit retried after a lost acknowledgement is stored once. Daily partitions, dropped after two days. Server only.';

-- == row-level security =====================================================
alter table public.collector_idempotency_keys enable row level security;
revoke all on public.collector_idempotency_keys from anon, authenticated;
grant all on public.collector_idempotency_keys to service_role;

-- == partition maintenance ==================================================
create or replace function public.collector_ensure_partitions(days_ahead int default 3) returns int
language plpgsql security definer set search_path = '' as $$
declare
  d date;
  created int := 0;
  parent text;
  part text;
begin
  -- From yesterday (late hits around midnight) to days_ahead days from now, in UTC.
  for d in select generate_series((now() at time zone 'utc')::date - 1, (now() at time zone 'utc')::date + days_ahead, interval '1 day')::date loop
    foreach parent in array array['collected_requests', 'collected_request_issues'] loop
      part := parent || '_p' || to_char(d, 'YYYYMMDD');
      if to_regclass('collector_partitions.' || part) is null then
        -- toast_tuple_target at its maximum: typical rows (2-6 KB) stay inline and uncompressed,
        -- which spares the CPU pglz would spend on every insert (this build has no lz4).
        execute format(
          'create table collector_partitions.%I partition of public.%I for values from (%L) to (%L) with (toast_tuple_target = 8160)',
          part, parent, (d::timestamp at time zone 'utc'), ((d + 1)::timestamp at time zone 'utc'));
        -- Reads go through the parent's policies; RLS on the partition too, in case one is ever exposed.
        execute format('alter table collector_partitions.%I enable row level security', part);
        created := created + 1;
      end if;
    end loop;
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
comment on function public.collector_ensure_partitions(int) is 'Creates the daily partitions of the requests log, its issues and the idempotency keys from yesterday to days_ahead days ahead (UTC). The collector calls it at start and hourly.';

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
  -- Whole days past their use: drop the partitions (cheap, no dead rows). The log and issues are
  -- kept for the longest plan retention, idempotency keys for two days.
  for r in
    select c.relname, i.inhparent = 'public.collector_idempotency_keys'::regclass as is_keys from pg_inherits i
    join pg_class c on c.oid = i.inhrelid
    join pg_namespace ns on ns.oid = c.relnamespace
    where ns.nspname = 'collector_partitions'
      and i.inhparent in ('public.collected_requests'::regclass, 'public.collected_request_issues'::regclass, 'public.collector_idempotency_keys'::regclass)
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
    delete from public.collected_request_issues x using public.organizations o
      where o.id = x.organization_id and o.plan = r.plan and x.received_at < now() - make_interval(days => r.retention_days);
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
comment on function public.collector_apply_retention() is 'Applies each plan''s retention_days to the requests log, issues and rollups (drops whole partitions past the longest retention), drops idempotency-key partitions after two days and prunes expired history.';

revoke execute on function public.collector_ensure_partitions(int), public.collector_apply_retention() from public, anon, authenticated;
grant execute on function public.collector_ensure_partitions(int), public.collector_apply_retention() to service_role;

select public.collector_ensure_partitions(3);
