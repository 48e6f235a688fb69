-- Tenancy hardening (issue 8, section 5): helpers answer only about the caller's organizations,
-- only owners touch owners, reactivating a member respects the plan's limit, the email teammates
-- see is the account's own, and deleting a website or an organization deletes what the collector
-- stored for it in the same transaction.

-- ============================================================================
-- Internal helpers (not reachable through the data API)
-- ============================================================================

-- Limit checks inside triggers must work for callers who are not members yet (accepting an
-- invitation), so the unrestricted versions live where the API roles cannot call them.
create schema if not exists tracklint_private;
comment on schema tracklint_private is 'Helpers for triggers and security-definer functions only. No API role has usage on it.';
revoke all on schema tracklint_private from public, anon, authenticated;

create or replace function tracklint_private.plan_limit(org_id uuid, metric text) returns bigint
language sql stable set search_path = '' as $$
  select case metric
    when 'monthly_requests' then p.monthly_requests
    when 'websites' then p.max_websites
    when 'team_members' then p.max_team_members
    when 'custom_rules' then p.max_custom_rules
  end
  from public.organizations o join public.subscription_plan_limits p on p.plan = o.plan
  where o.id = org_id
$$;
comment on function tracklint_private.plan_limit(uuid, text) is 'The organization''s limit for a metric under its plan (-1 unlimited, null when unknown), for any organization: internal use only.';

create or replace function tracklint_private.current_usage(org_id uuid, metric text) returns bigint
language sql stable set search_path = '' as $$
  select case metric
    when 'monthly_requests' then coalesce((select u.monthly_requests from public.organization_usage u
                                           where u.organization_id = org_id and u.month = date_trunc('month', now() at time zone 'utc')::date), 0)
    when 'websites' then (select count(*) from public.websites w where w.organization_id = org_id)
    when 'team_members' then (select count(*) from public.user_organizations m where m.organization_id = org_id and m.status = 'active')
    when 'custom_rules' then (select count(*) from public.custom_rules r where r.organization_id = org_id)
  end
$$;
comment on function tracklint_private.current_usage(uuid, text) is 'Current usage of a metric by any organization: internal use only.';

create or replace function tracklint_private.is_within_limit(org_id uuid, metric text) returns boolean
language sql stable set search_path = '' as $$
  select coalesce(l = -1 or u < l, false)
  from (select tracklint_private.plan_limit(org_id, metric) as l, tracklint_private.current_usage(org_id, metric) as u) x
$$;
comment on function tracklint_private.is_within_limit(uuid, text) is 'Whether one more unit of metric fits the plan of any organization: internal use only.';

create or replace function tracklint_private.require_member(org_id uuid) returns void
language plpgsql stable set search_path = '' as $$
begin
  if not (public.is_service_role() or public.has_org_role(org_id, 'viewer')) then
    raise exception 'Access denied to organization: you are not a member of it' using errcode = '42501';
  end if;
end
$$;
comment on function tracklint_private.require_member(uuid) is 'Raises 42501 unless the caller is the server or an active member of the organization.';

-- ============================================================================
-- Limit helpers: members only
-- ============================================================================

create or replace function public.plan_limit(org_id uuid, metric text) returns bigint
language plpgsql stable security definer set search_path = '' as $$
begin
  perform tracklint_private.require_member(org_id);
  return tracklint_private.plan_limit(org_id, metric);
end
$$;
comment on function public.plan_limit(uuid, text) is 'The organization''s limit for a metric under its plan (-1 unlimited). Members only; others get 42501.';

create or replace function public.current_usage(org_id uuid, metric text) returns bigint
language plpgsql stable security definer set search_path = '' as $$
begin
  perform tracklint_private.require_member(org_id);
  return tracklint_private.current_usage(org_id, metric);
end
$$;
comment on function public.current_usage(uuid, text) is 'Current usage of a metric by an organization. Members only; others get 42501.';

create or replace function public.is_within_limit(org_id uuid, metric text) returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  perform tracklint_private.require_member(org_id);
  return tracklint_private.is_within_limit(org_id, metric);
end
$$;
comment on function public.is_within_limit(uuid, text) is 'Whether one more unit of metric is allowed by the organization''s plan. Members only; others get 42501.';

revoke execute on function public.plan_limit(uuid, text), public.current_usage(uuid, text), public.is_within_limit(uuid, text) from public, anon;
grant execute on function public.plan_limit(uuid, text), public.current_usage(uuid, text), public.is_within_limit(uuid, text) to authenticated, service_role;

-- The limit trigger and invitations check any organization's limit (an invitee is not a member yet).
create or replace function public.enforce_plan_limit() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  metric text := tg_argv[0];
  label text := tg_argv[1];
begin
  -- Serialises concurrent inserts for one organization so two requests cannot both take the last slot.
  perform pg_advisory_xact_lock(hashtextextended(new.organization_id::text || metric, 0));
  if not tracklint_private.is_within_limit(new.organization_id, metric) then
    raise exception '% limit reached for your plan. Upgrade to add more.', label using errcode = 'P0001';
  end if;
  return new;
end
$$;
comment on function public.enforce_plan_limit() is 'Refuses a new website, member or custom rule when the plan''s limit is reached.';

create or replace function public.create_invitation(org_id uuid, invitee_email text, invitee_role text, invitation_token_hash text)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  normalized_email text := lower(btrim(invitee_email));
  created public.invitations;
begin
  if not public.has_org_role(org_id, 'admin') then
    raise exception 'Only owners and admins can invite members' using errcode = '42501';
  end if;
  if normalized_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    raise exception 'A valid email address is required' using errcode = '22023';
  end if;
  if invitee_role not in ('admin', 'member', 'viewer') then
    raise exception 'Role must be admin, member or viewer' using errcode = '22023';
  end if;
  if exists (select 1 from public.user_organizations m join auth.users u on u.id = m.user_id
             where m.organization_id = org_id and lower(u.email) = normalized_email) then
    raise exception 'This user is already a member of the organization' using errcode = '23505';
  end if;
  if not tracklint_private.is_within_limit(org_id, 'team_members') then
    raise exception 'Team member limit reached for your plan. Upgrade to add more.' using errcode = 'P0001';
  end if;
  -- A new invitation to the same address replaces the pending one (and its link).
  delete from public.invitations i where i.organization_id = org_id and lower(i.email) = normalized_email and i.accepted_at is null;
  insert into public.invitations (organization_id, email, role, token_hash, invited_by)
  values (org_id, normalized_email, invitee_role, invitation_token_hash, auth.uid())
  returning * into created;
  return jsonb_build_object('id', created.id, 'organization_id', created.organization_id, 'email', created.email,
    'role', created.role, 'expires_at', created.expires_at, 'created_at', created.created_at);
end
$$;
comment on function public.create_invitation(uuid, text, text, text) is 'Admins invite an email address with a role; the token arrives hashed and is emailed by the app API.';

-- Trigger functions are never called directly; nobody but the database needs EXECUTE on them.
do $$
declare
  f regprocedure;
begin
  for f in
    select p.oid::regprocedure from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' and p.prorettype = 'trigger'::regtype
  loop
    execute format('revoke execute on function %s from public, anon, authenticated', f);
  end loop;
end
$$;

-- ============================================================================
-- Owners: only owners remove, suspend or change them
-- ============================================================================

create or replace function public.memberships_guard_owners() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  org uuid := coalesce(old.organization_id, new.organization_id);
  org_exists boolean;
  remaining int;
begin
  select exists (select 1 from public.organizations o where o.id = org) into org_exists;
  if tg_op = 'UPDATE' then
    if new.user_id is distinct from old.user_id or new.organization_id is distinct from old.organization_id then
      raise exception 'Membership user and organization cannot be changed' using errcode = '42501';
    end if;
    if (new.role = 'owner') <> (old.role = 'owner') and not public.is_service_role()
       and not public.has_org_role(org, 'owner') then
      raise exception 'Only an owner can change owner roles' using errcode = '42501';
    end if;
  end if;
  -- However many owners there are, an admin cannot remove, suspend or otherwise change one.
  -- (Deleting the organization cascades here after the organization row is gone.)
  if old.role = 'owner' and org_exists and not public.is_service_role() and not public.has_org_role(org, 'owner')
     and (tg_op = 'DELETE' or row(new.role, new.status, new.permissions) is distinct from row(old.role, old.status, old.permissions)) then
    raise exception 'Only an owner can remove, suspend or change an owner' using errcode = '42501';
  end if;
  if old.role = 'owner' and old.status = 'active'
     and (tg_op = 'DELETE' or new.role <> 'owner' or new.status <> 'active') and org_exists then
    select count(*) into remaining from public.user_organizations m
    where m.organization_id = org and m.role = 'owner' and m.status = 'active' and m.id <> old.id;
    if remaining = 0 then
      raise exception 'An organization must keep at least one owner' using errcode = 'P0001';
    end if;
  end if;
  return coalesce(new, old);
end
$$;
comment on function public.memberships_guard_owners() is 'Only owners remove, suspend or change owners (whatever their number); nobody removes or demotes the last owner.';

-- ============================================================================
-- Reactivation respects the plan's member limit
-- ============================================================================

create or replace function public.memberships_reactivation_limit() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  -- Same lock as the insert trigger, so a reactivation and an acceptance cannot both take the last seat.
  perform pg_advisory_xact_lock(hashtextextended(new.organization_id::text || 'team_members', 0));
  if not tracklint_private.is_within_limit(new.organization_id, 'team_members') then
    raise exception 'Team member limit reached for your plan: reactivating this member would exceed it. Upgrade, or remove a member first.'
      using errcode = 'P0001';
  end if;
  return new;
end
$$;
comment on function public.memberships_reactivation_limit() is 'Refuses making a suspended or invited membership active again when the plan''s team member limit is already reached.';
revoke execute on function public.memberships_reactivation_limit() from public, anon, authenticated;

create trigger user_organizations_reactivation_limit before update of status on public.user_organizations
  for each row when (old.status <> 'active' and new.status = 'active')
  execute function public.memberships_reactivation_limit();

-- ============================================================================
-- Profiles: the email teammates see is the account's, names cannot copy a teammate
-- ============================================================================

create or replace function tracklint_private.comparable_name(name text) returns text
language sql immutable set search_path = '' as $$
  -- Invisible characters (soft hyphen, zero-width and direction marks) would let two names look the same.
  select lower(regexp_replace(btrim(regexp_replace(normalize(name, NFKC), '[\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2064\uFEFF]', '', 'g')), '\s+', ' ', 'g'))
$$;
comment on function tracklint_private.comparable_name(text) is 'A display name folded for comparison: Unicode NFKC, invisible characters removed, lower case, single spaces.';

create or replace function public.user_profiles_guard() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  taken text;
begin
  if new.current_organization_id is not null
     and new.current_organization_id is distinct from (case when tg_op = 'UPDATE' then old.current_organization_id end)
     and not public.is_service_role()
     and not exists (select 1 from public.user_organizations m
                     where m.user_id = new.id and m.organization_id = new.current_organization_id and m.status = 'active') then
    raise exception 'Access denied to organization' using errcode = '42501';
  end if;
  -- Whatever the client sends, teammates see the address the account signs in with.
  select u.email into new.email from auth.users u where u.id = new.id;
  if new.full_name is not null and (tg_op = 'INSERT' or new.full_name is distinct from old.full_name) and not public.is_service_role() then
    new.full_name := nullif(btrim(new.full_name), '');
    if new.full_name ~ '@' then
      raise exception 'Your name cannot contain "@": teammates would take it for an email address' using errcode = '22023', detail = 'full_name';
    end if;
    select p.full_name into taken from public.user_profiles p
    where p.id <> new.id and p.full_name is not null
      and tracklint_private.comparable_name(p.full_name) = tracklint_private.comparable_name(new.full_name)
      and exists (select 1 from public.user_organizations mine join public.user_organizations theirs on theirs.organization_id = mine.organization_id
                  where mine.user_id = new.id and theirs.user_id = p.id)
    limit 1;
    if taken is not null then
      raise exception 'A teammate is already called "%". Choose a name your team can tell apart.', taken using errcode = '23505', detail = 'full_name';
    end if;
  end if;
  new.updated_at := now();
  return new;
end
$$;
comment on function public.user_profiles_guard() is 'Current organization must be one the user belongs to; the shown email is always the account''s; a name may not contain @ or copy a teammate''s.';

create or replace function public.memberships_clear_copied_name() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  -- Someone who joins already named like a member (chosen at sign-up, before the guard could see
  -- the team) loses the name; the team sees their email until they choose another one.
  update public.user_profiles p set full_name = null
  where p.id = new.user_id and p.full_name is not null
    and exists (select 1 from public.user_organizations m join public.user_profiles q on q.id = m.user_id
                where m.organization_id = new.organization_id and m.user_id <> new.user_id and q.full_name is not null
                  and tracklint_private.comparable_name(q.full_name) = tracklint_private.comparable_name(p.full_name));
  return new;
end
$$;
comment on function public.memberships_clear_copied_name() is 'Clears the display name of a user who joins an organization where a member already has that name.';
revoke execute on function public.memberships_clear_copied_name() from public, anon, authenticated;

create trigger user_organizations_clear_copied_name after insert on public.user_organizations
  for each row execute function public.memberships_clear_copied_name();

create or replace function public.sync_profile_email() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.user_profiles set email = new.email where id = new.id and email is distinct from new.email;
  return new;
end
$$;
comment on function public.sync_profile_email() is 'Keeps user_profiles.email equal to the account''s email after an email change.';
revoke execute on function public.sync_profile_email() from public, anon, authenticated;

create trigger on_auth_user_email_changed after update of email on auth.users
  for each row when (old.email is distinct from new.email) execute function public.sync_profile_email();

-- Profiles that already show another address are corrected.
update public.user_profiles p set email = u.email from auth.users u where u.id = p.id and p.email is distinct from u.email;

-- ============================================================================
-- Deleting a website or an organization deletes its collected data now
-- ============================================================================

create or replace function public.websites_forget_collected_data() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  -- organization_id first: it leads the issues index, which has no website_id prefix.
  delete from public.collected_request_issues x where x.organization_id = old.organization_id and x.website_id = old.id;
  delete from public.collected_requests x where x.website_id = old.id;
  delete from public.website_hourly_rollups x where x.website_id = old.id;
  delete from public.collector_history x where x.website_id = old.id;
  delete from public.collector_idempotency_keys x where x.website_id = old.id;
  return old;
end
$$;
comment on function public.websites_forget_collected_data() is 'Deletes a deleted website''s requests log, issues, rollups, engine history and idempotency keys in the same transaction.';
revoke execute on function public.websites_forget_collected_data() from public, anon, authenticated;

create trigger websites_forget_collected_data after delete on public.websites
  for each row execute function public.websites_forget_collected_data();

create or replace function public.organizations_forget_collected_data() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  -- The websites' own triggers ran in the cascade; this catches rows of websites deleted earlier.
  delete from public.collected_request_issues x where x.organization_id = old.id;
  delete from public.collected_requests x where x.organization_id = old.id;
  delete from public.website_hourly_rollups x where x.organization_id = old.id;
  return old;
end
$$;
comment on function public.organizations_forget_collected_data() is 'Deletes everything the collector stored for a deleted organization in the same transaction.';
revoke execute on function public.organizations_forget_collected_data() from public, anon, authenticated;

create trigger organizations_forget_collected_data after delete on public.organizations
  for each row execute function public.organizations_forget_collected_data();

-- Data of websites deleted before this migration.
delete from public.collected_request_issues x where not exists (select 1 from public.websites w where w.id = x.website_id);
delete from public.collected_requests x where not exists (select 1 from public.websites w where w.id = x.website_id);
delete from public.website_hourly_rollups x where not exists (select 1 from public.websites w where w.id = x.website_id);
delete from public.collector_history x where not exists (select 1 from public.websites w where w.id = x.website_id);
