-- Reading the big tables checked membership once per row: the policies called
-- has_org_role(organization_id, 'viewer'), a security definer function Postgres cannot inline, so
-- every row a query looked at ran its own lookup in user_organizations (a 24-hour requests count
-- over 330,000 rows ran 330,000 lookups). Wrapping that call in (select …) does not help here,
-- as its argument is the row's column. The policies below compare the row's organization with the
-- caller's organizations, computed once per query (an InitPlan), which also lets Postgres use the
-- (organization_id, …) indexes with it. The check itself is unchanged: an active membership.

-- The rule stays in has_org_role: this only lists the caller's memberships and asks it about each
-- (a handful of calls per query instead of one per row).
create or replace function public.readable_org_ids() returns uuid[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(m.organization_id), '{}')
  from public.user_organizations m
  where m.user_id = (select auth.uid())
    and public.has_org_role(m.organization_id, 'viewer')
$$;
comment on function public.readable_org_ids() is 'The organizations the caller may read: exactly those for which has_org_role(org_id, ''viewer'') holds. For policies, as organization_id = any ((select public.readable_org_ids())::uuid[]), evaluated once per query.';
comment on function public.has_org_role(uuid, text) is 'The one place that decides whether the calling user has at least min_role in org_id (above viewer only with a seat on the effective plan). Every policy calls it, directly or, for the big read-only tables, through readable_org_ids().';
revoke execute on function public.readable_org_ids() from public, anon;
grant execute on function public.readable_org_ids() to authenticated, service_role;

drop policy "Members can read their organization's requests log" on public.collected_requests;
create policy "Members can read their organization's requests log" on public.collected_requests
  for select to authenticated using (organization_id = any ((select public.readable_org_ids())::uuid[]));

drop policy "Members can read their organization's hourly rollups" on public.website_hourly_rollups;
create policy "Members can read their organization's hourly rollups" on public.website_hourly_rollups
  for select to authenticated using (organization_id = any ((select public.readable_org_ids())::uuid[]));

drop policy "Members can read their websites' hit counters" on public.website_hit_counters;
create policy "Members can read their websites' hit counters" on public.website_hit_counters
  for select to authenticated using (organization_id = any ((select public.readable_org_ids())::uuid[]));

drop policy "Members can read their organization's usage events" on public.organization_usage_events;
create policy "Members can read their organization's usage events" on public.organization_usage_events
  for select to authenticated using (organization_id = any ((select public.readable_org_ids())::uuid[]));

drop policy "Members can read their organization's alerts" on public.alerts;
create policy "Members can read their organization's alerts" on public.alerts
  for select to authenticated using (organization_id = any ((select public.readable_org_ids())::uuid[]));

drop policy "Members can read their organization's alert rules" on public.alert_rules;
create policy "Members can read their organization's alert rules" on public.alert_rules
  for select to authenticated using (organization_id = any ((select public.readable_org_ids())::uuid[]));
