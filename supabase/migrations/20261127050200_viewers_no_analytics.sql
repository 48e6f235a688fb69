-- Safety round two (issue 26): viewers cannot view analytics (spec, section 6), and the database
-- now says so too. The requests log and its hourly rollups were readable by every active member,
-- viewers included, through the data API; only the UI hid them. They are now readable from the
-- member role up, decided by has_org_role like every other policy, computed once per query.

-- ============================================================================
-- Functions
-- ============================================================================

create or replace function public.analytics_org_ids() returns uuid[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(m.organization_id), '{}')
  from public.user_organizations m
  where m.user_id = (select auth.uid())
    and public.has_org_role(m.organization_id, 'member')
$$;
comment on function public.analytics_org_ids() is 'The organizations whose analytics (requests log, rollups) the caller may read: exactly those for which has_org_role(org_id, ''member'') holds; viewers are left out. For policies, evaluated once per query.';
revoke execute on function public.analytics_org_ids() from public, anon;
grant execute on function public.analytics_org_ids() to authenticated, service_role;

-- ============================================================================
-- RLS policies
-- ============================================================================

drop policy "Members can read their organization's requests log" on public.collected_requests;
create policy "Members above viewer can read their organization's requests log" on public.collected_requests
  for select to authenticated using (organization_id = any ((select public.analytics_org_ids())::uuid[]));

drop policy "Members can read their organization's hourly rollups" on public.website_hourly_rollups;
create policy "Members above viewer can read their organization's hourly rollups" on public.website_hourly_rollups
  for select to authenticated using (organization_id = any ((select public.analytics_org_ids())::uuid[]));

drop policy "Members can read their organization's hourly rollups" on public.organization_hourly_rollups;
create policy "Members above viewer can read their organization's hourly rollups" on public.organization_hourly_rollups
  for select to authenticated using (organization_id = any ((select public.analytics_org_ids())::uuid[]));
