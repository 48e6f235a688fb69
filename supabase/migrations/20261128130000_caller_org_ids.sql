-- Issue 24 item 3: has_org_role, readable_org_ids and analytics_org_ids each restated "the caller is
-- a user or an API key" and what each may reach. That split now lives in one helper,
-- tracklint_private.caller_org_ids, and the three public functions are redefined on top of it with
-- the same signatures, the same STABLE SECURITY DEFINER settings and the same answers.

-- ============================================================================
-- Functions
-- ============================================================================

create or replace function tracklint_private.caller_org_ids(user_min_role text, key_min_role text, only_org uuid default null)
returns setof uuid
language sql stable set search_path = '' as $$
  -- A user (no api_key_id claim): active memberships at user_min_role or above. Reading is never
  -- taken away; anything above viewer needs a seat on the effective plan (owners always have one).
  select m.organization_id
    from public.user_organizations m
   where (select tracklint_private.request_api_key_id()) is null
     and m.user_id = (select auth.uid())
     and (only_org is null or m.organization_id = only_org)
     and m.status = 'active'
     and public.org_role_rank(m.role) >= public.org_role_rank(user_min_role)
     and (user_min_role = 'viewer' or m.role = 'owner' or tracklint_private.member_within_plan(m.organization_id, m.user_id))
  union all
  -- An API key: its own organization only, not revoked, on a plan with api_access; the read scope
  -- is viewer rights, the write scope admin rights, never owner.
  select k.organization_id
    from public.api_keys k
    join public.organizations o on o.id = k.organization_id
   where k.id = (select tracklint_private.request_api_key_id())
     and (only_org is null or k.organization_id = only_org)
     and k.revoked_at is null
     and case key_min_role
       when 'viewer' then k.scopes && array['read', 'write']::text[]
       when 'member' then 'write' = any(k.scopes)
       when 'admin' then 'write' = any(k.scopes)
       else false
     end
     -- The plan gate read directly: organization_has_feature asks has_org_role, which would recurse.
     and public.plan_rank(tracklint_private.effective_plan(o)) >= public.plan_rank(public.feature_required_plan('api_access'))
$$;
comment on function tracklint_private.caller_org_ids(text, text, uuid) is 'The one place that splits callers into users and API keys: the organizations the caller reaches at user_min_role (a user) or key_min_role (an API key), optionally only only_org. has_org_role, readable_org_ids and analytics_org_ids are built on it. Internal: called by those security-definer functions only.';

create or replace function public.has_org_role(org_id uuid, min_role text default 'viewer') returns boolean
language sql stable security definer set search_path = '' as $$
  -- A null org_id reaches nothing (caller_org_ids reads null as "every organization").
  select org_id is not null and exists (select 1 from tracklint_private.caller_org_ids(min_role, min_role, org_id))
$$;
comment on function public.has_org_role(uuid, text) is 'The one place that decides whether the caller has at least min_role in org_id. A user: by active membership (above viewer only with a seat on the effective plan). An API key (claim api_key_id): the key''s organization only, not revoked, plan with api_access, read scope = viewer, write scope = admin, never owner. Every policy calls it. Built on tracklint_private.caller_org_ids.';

create or replace function public.readable_org_ids() returns uuid[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(id), '{}') from tracklint_private.caller_org_ids('viewer', 'viewer') as id
$$;
comment on function public.readable_org_ids() is 'The organizations the caller (user or API key) may read: exactly those for which has_org_role(org_id, ''viewer'') holds. For policies, as organization_id = any ((select public.readable_org_ids())::uuid[]), evaluated once per query.';

create or replace function public.analytics_org_ids() returns uuid[]
language sql stable security definer set search_path = '' as $$
  -- Users from member up (viewers are left out); a key with the read or write scope.
  select coalesce(array_agg(id), '{}') from tracklint_private.caller_org_ids('member', 'viewer') as id
$$;
comment on function public.analytics_org_ids() is 'The organizations whose analytics (requests log, rollups) the caller may read. A user: those where has_org_role(org_id, ''member'') holds (viewers are left out). An API key: its own organization when it has the read or write scope (has_org_role(org_id, ''viewer'') for keys). For policies, evaluated once per query.';

-- Only the security-definer functions above call it (they run as its owner).
revoke execute on function tracklint_private.caller_org_ids(text, text, uuid) from public, anon, authenticated;
