-- A suspended organization is read-only everywhere (20261127050300_suspended_read_only.sql): the
-- tracking-plan tables members write (20261127040000_tracking_plans.sql) came in the same release
-- and get the same trigger. The audit table and the inventory are written by the server only.

do $$
declare
  t text;
begin
  foreach t in array array[
    'tracking_plans', 'tracking_plan_websites', 'tracking_plan_versions', 'tracking_plan_events',
    'tracking_plan_parameters', 'tracking_plan_custom_definitions'
  ] loop
    execute format(
      'create trigger %I before insert or update or delete on public.%I for each row execute function public.refuse_writes_while_suspended()',
      t || '_refuse_writes_while_suspended', t);
  end loop;
end
$$;
