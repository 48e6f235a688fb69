-- Safety round two (issue 26): a suspended organization is read-only everywhere.
--
-- Suspension (organizations.suspended_at, set by a super admin) stopped the collector, but members
-- kept writing through /rest/v1 and /api: API keys, invitations (whose emails went out), alert
-- channels, websites. One trigger on every table a member can write (directly, or through a
-- security definer function) now refuses the write while the organization is suspended. Reading
-- and exporting stay possible; the server's own paths (service role, the operator console, the
-- collector) are not affected, so an operator can still reactivate, change or delete it.

-- ============================================================================
-- Functions
-- ============================================================================

create or replace function public.refuse_writes_while_suspended() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  row_json jsonb := case when tg_op = 'DELETE' then to_jsonb(old) else to_jsonb(new) end;
  org uuid;
  why text;
begin
  if public.is_service_role() then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  org := case when tg_table_name = 'organizations' then (row_json ->> 'id')::uuid else (row_json ->> 'organization_id')::uuid end;
  select o.suspended_reason into why from public.organizations o where o.id = org and o.suspended_at is not null;
  if found then
    raise exception 'This organization is suspended: it is read-only until Tracklint support reactivates it'
      using errcode = '42501', detail = coalesce(why, ''), hint = 'Reading and exporting still work. Contact support to reactivate it.';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end
$$;
comment on function public.refuse_writes_while_suspended() is 'Refuses, for every caller but the server''s own paths, any insert, update or delete of a row of a suspended organization (errcode 42501, the operator''s reason as detail).';

-- ============================================================================
-- Triggers
-- ============================================================================

do $$
declare
  t text;
begin
  foreach t in array array[
    'organizations', 'user_organizations', 'websites', 'custom_rules', 'invitations', 'api_keys',
    'website_rule_settings', 'website_mp_secrets', 'alert_channels', 'alert_channel_targets',
    'alert_rules', 'alerts'
  ] loop
    execute format(
      'create trigger %I before insert or update or delete on public.%I for each row execute function public.refuse_writes_while_suspended()',
      t || '_refuse_writes_while_suspended', t);
  end loop;
end
$$;
