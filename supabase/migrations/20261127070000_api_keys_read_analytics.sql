-- Issue 26 item 7 took the requests log and rollups away from viewers (analytics_org_ids: member
-- and up, users only); issue 27 gave API keys the read scope at viewer rights. A read key exists to
-- read findings, so a key with read or write reaches its own organization's analytics. Website-
-- limited keys stay limited by the restrictive policies of 20261127060000_api_v1_keys.sql.

create or replace function public.analytics_org_ids() returns uuid[]
language sql stable security definer set search_path = '' as $$
  select case when (select tracklint_private.request_api_key_id()) is null then (
    select coalesce(array_agg(m.organization_id), '{}')
    from public.user_organizations m
    where m.user_id = (select auth.uid())
      and public.has_org_role(m.organization_id, 'member')
  ) else (
    select coalesce(array_agg(k.organization_id), '{}')
    from public.api_keys k
    where k.id = (select tracklint_private.request_api_key_id())
      and public.has_org_role(k.organization_id, 'viewer')
  ) end
$$;
comment on function public.analytics_org_ids() is 'The organizations whose analytics (requests log, rollups) the caller may read. A user: those where has_org_role(org_id, ''member'') holds (viewers are left out). An API key: its own organization when it has the read or write scope (has_org_role(org_id, ''viewer'') for keys). For policies, evaluated once per query.';
