-- Members past the effective plan's seat limit keep reading but cannot change anything (issue 12):
-- when a trial or subscription lapses nobody is removed, the newest members just become read-only
-- until the plan covers them again. Owners always keep their rights.

create or replace function tracklint_private.member_within_plan(org_id uuid, member_id uuid) returns boolean
language sql stable set search_path = '' as $$
  select coalesce((
    select l = -1 or (
      -- Seats go to owners first, then by who joined first.
      select count(*) from public.user_organizations o
      where o.organization_id = org_id and o.status = 'active'
        and (o.role = 'owner' and m.role <> 'owner'
             or (o.role = 'owner') = (m.role = 'owner') and (o.joined_at, o.user_id) < (m.joined_at, m.user_id))
    ) < l
    from public.user_organizations m, lateral (select tracklint_private.plan_limit(org_id, 'team_members') as l) x
    where m.organization_id = org_id and m.user_id = member_id
  ), false)
$$;
comment on function tracklint_private.member_within_plan(uuid, uuid) is 'Whether a member holds one of the seats the organization''s effective plan allows (owners first, then by join date).';

create or replace function public.has_org_role(org_id uuid, min_role text default 'viewer') returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.user_organizations m
    where m.organization_id = org_id
      and m.user_id = (select auth.uid())
      and m.status = 'active'
      and public.org_role_rank(m.role) >= public.org_role_rank(min_role)
      -- Reading is never taken away; changing needs a seat on the current plan.
      and (min_role = 'viewer' or m.role = 'owner' or tracklint_private.member_within_plan(org_id, m.user_id))
  )
$$;
comment on function public.has_org_role(uuid, text) is 'The one place that decides whether the calling user has at least min_role in org_id (above viewer only with a seat on the effective plan). Every policy calls it.';
