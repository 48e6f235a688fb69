-- Issue 25, drift at scale: the inventory catalog (20261129140000) follows the organization's
-- retention like the hourly counters it summarises: a catalog row whose last_seen is older than
-- the plan's retention_days (or the longest plan's) is deleted by the same job. The function is
-- 20261128140000_tracking_inventory_retention.sql's with the catalog deletes added (counted in
-- deleted_inventory_catalog, so deleted_inventory_counters keeps its meaning).

create or replace function public.collector_apply_retention() returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  longest int;
  r record;
  dropped int := 0;
  deleted bigint := 0;
  inventory_deleted bigint := 0;
  catalog_deleted bigint := 0;
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
    delete from public.organization_hourly_rollups x using public.organizations o
      where o.id = x.organization_id and o.plan = r.plan and x.hour < now() - make_interval(days => r.retention_days);
    delete from public.tracking_inventory_hourly x using public.organizations o
      where o.id = x.organization_id and o.plan = r.plan and x.hour < now() - make_interval(days => r.retention_days);
    get diagnostics n = row_count;
    inventory_deleted := inventory_deleted + n;
    delete from public.tracking_inventory_catalog x using public.organizations o
      where o.id = x.organization_id and o.plan = r.plan and x.last_seen < now() - make_interval(days => r.retention_days);
    get diagnostics n = row_count;
    catalog_deleted := catalog_deleted + n;
  end loop;
  delete from public.website_hourly_rollups where hour < now() - make_interval(days => longest);
  delete from public.organization_hourly_rollups where hour < now() - make_interval(days => longest);
  delete from public.tracking_inventory_hourly where hour < now() - make_interval(days => longest);
  get diagnostics n = row_count;
  inventory_deleted := inventory_deleted + n;
  delete from public.tracking_inventory_catalog where last_seen < now() - make_interval(days => longest);
  get diagnostics n = row_count;
  catalog_deleted := catalog_deleted + n;
  delete from public.collector_history where expires_at < now();
  return jsonb_build_object('dropped_partitions', dropped, 'deleted_requests', deleted, 'deleted_inventory_counters', inventory_deleted, 'deleted_inventory_catalog', catalog_deleted);
end
$$;
comment on function public.collector_apply_retention() is 'Applies each plan''s retention_days to the requests log, the hourly rollups and the traffic inventory''s counters and catalog (drops whole partitions past the longest retention), drops idempotency-key partitions after two days and prunes expired history.';
