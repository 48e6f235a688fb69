-- Organizations, their members and user profiles: the tenancy core.
-- Every table has row-level security; every policy asks public.has_org_role().

-- == tables =================================================================
create table public.organizations (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 1 and 100),
  slug text not null unique check (slug ~ '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$'),
  plan text not null default 'free' check (plan in ('free', 'starter', 'pro', 'enterprise')),
  settings jsonb not null default '{}'::jsonb,
  subscription_status text not null default 'active'
    check (subscription_status in ('active', 'trialing', 'past_due', 'canceled', 'incomplete', 'unpaid')),
  stripe_customer_id text,
  stripe_subscription_id text,
  current_period_end timestamptz,
  trial_ends_at timestamptz,
  plan_variant text,
  created_by uuid references auth.users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.organizations is 'Tenants. Members read their organizations; admins edit name, slug and settings; plan and billing fields change only through the service role.';

create table public.user_organizations (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users(id) on delete cascade,
  organization_id uuid not null references public.organizations(id) on delete cascade,
  role text not null default 'member' check (role in ('owner', 'admin', 'member', 'viewer')),
  status text not null default 'active' check (status in ('active', 'invited', 'suspended')),
  permissions text[] not null default '{}',
  joined_at timestamptz not null default now(),
  unique (user_id, organization_id)
);
comment on table public.user_organizations is 'Membership of users in organizations, with their role. Only active memberships grant access.';
create index user_organizations_org_idx on public.user_organizations(organization_id);

create table public.user_profiles (
  id uuid primary key references auth.users(id) on delete cascade,
  full_name text,
  email text,
  current_organization_id uuid references public.organizations(id) on delete set null,
  updated_at timestamptz not null default now()
);
comment on table public.user_profiles is 'Per-user profile: display name and the organization the user last worked in.';

-- == membership helper ======================================================
create or replace function public.org_role_rank(role text) returns int
language sql immutable set search_path = '' as $$
  select case role when 'owner' then 4 when 'admin' then 3 when 'member' then 2 when 'viewer' then 1 else 0 end
$$;
comment on function public.org_role_rank(text) is 'Ranks organization roles: owner > admin > member > viewer.';

create or replace function public.has_org_role(org_id uuid, min_role text default 'viewer') returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.user_organizations m
    where m.organization_id = org_id
      and m.user_id = (select auth.uid())
      and m.status = 'active'
      and public.org_role_rank(m.role) >= public.org_role_rank(min_role)
  )
$$;
comment on function public.has_org_role(uuid, text) is 'The one place that decides whether the calling user has at least min_role in org_id. Every policy calls it.';

create or replace function public.shares_org_with(other_user uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.user_organizations mine
    join public.user_organizations theirs on theirs.organization_id = mine.organization_id
    where mine.user_id = (select auth.uid()) and mine.status = 'active'
      and theirs.user_id = other_user
  )
$$;
comment on function public.shares_org_with(uuid) is 'Whether the calling user is an active member of an organization other_user belongs to (to show teammates'' names).';

-- == triggers ===============================================================
create or replace function public.touch_updated_at() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.updated_at := now();
  return new;
end
$$;
comment on function public.touch_updated_at() is 'Sets updated_at on every update, so clients cannot forge it.';

create or replace function public.is_service_role() returns boolean
language sql stable set search_path = '' as $$
  -- current_user cannot tell: inside security definer functions it is the owner. What tells is
  -- the request: the service-role key's claims, or no request claims at all (the server's own
  -- privileged connection, migrations, an operator's psql session).
  select coalesce(auth.role(), '') = 'service_role'
      or coalesce(nullif(current_setting('request.jwt.claims', true), ''), '{}') = '{}'
$$;
comment on function public.is_service_role() is 'True for the server''s privileged paths (service-role key, or no request claims), which may change billing fields.';

create or replace function public.organizations_before_insert() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if not public.is_service_role() or new.created_by is null then
    new.created_by := auth.uid();
  end if;
  if new.created_by is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  new.plan := coalesce(nullif(new.plan, ''), 'free');
  new.subscription_status := 'active';
  new.created_at := now();
  new.updated_at := now();
  -- Paid plans start with a 14-day trial; free has none.
  new.trial_ends_at := case when new.plan = 'free' then null else now() + interval '14 days' end;
  if not public.is_service_role() then
    new.stripe_customer_id := null;
    new.stripe_subscription_id := null;
    new.current_period_end := null;
  end if;
  if exists (select 1 from public.organizations o where o.slug = new.slug) then
    raise exception 'Organization slug already exists' using errcode = '23505';
  end if;
  return new;
end
$$;
comment on function public.organizations_before_insert() is 'Sets created_by, status, timestamps and the trial from the database, never from the client.';

create or replace function public.organizations_after_insert() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  begin
    insert into public.user_organizations (user_id, organization_id, role, status, permissions)
    values (new.created_by, new.id, 'owner', 'active', array['*']);
  exception when others then
    -- The statement fails as a whole, so the organization row is rolled back with it.
    raise exception 'Failed to set up organization ownership' using errcode = 'P0001';
  end;
  insert into public.user_profiles (id, current_organization_id)
  values (new.created_by, new.id)
  on conflict (id) do update set current_organization_id = coalesce(public.user_profiles.current_organization_id, excluded.current_organization_id);
  return new;
end
$$;
comment on function public.organizations_after_insert() is 'Makes the creator the owner (permissions *) in the same transaction; if that fails the organization is not created.';

create or replace function public.organizations_before_update() returns trigger
language plpgsql set search_path = '' as $$
begin
  if not public.is_service_role() then
    if new.plan is distinct from old.plan
       or new.subscription_status is distinct from old.subscription_status
       or new.stripe_customer_id is distinct from old.stripe_customer_id
       or new.stripe_subscription_id is distinct from old.stripe_subscription_id
       or new.current_period_end is distinct from old.current_period_end
       or new.trial_ends_at is distinct from old.trial_ends_at
       or new.plan_variant is distinct from old.plan_variant then
      raise exception 'Plan and billing fields can only be changed through billing' using errcode = '42501';
    end if;
  end if;
  if new.created_by is distinct from old.created_by or new.created_at is distinct from old.created_at or new.id is distinct from old.id then
    raise exception 'id, created_by and created_at cannot be changed' using errcode = '42501';
  end if;
  if new.slug is distinct from old.slug and exists (select 1 from public.organizations o where o.slug = new.slug and o.id <> new.id) then
    raise exception 'Organization slug already exists' using errcode = '23505';
  end if;
  return new;
end
$$;
comment on function public.organizations_before_update() is 'Keeps billing fields server-only and identity fields immutable.';

create trigger organizations_before_insert before insert on public.organizations
  for each row execute function public.organizations_before_insert();
create trigger organizations_after_insert after insert on public.organizations
  for each row execute function public.organizations_after_insert();
create trigger organizations_before_update before update on public.organizations
  for each row execute function public.organizations_before_update();
create trigger organizations_touch before update on public.organizations
  for each row execute function public.touch_updated_at();

create or replace function public.memberships_guard_owners() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  org uuid := coalesce(old.organization_id, new.organization_id);
  remaining int;
begin
  if tg_op = 'UPDATE' then
    if new.user_id is distinct from old.user_id or new.organization_id is distinct from old.organization_id then
      raise exception 'Membership user and organization cannot be changed' using errcode = '42501';
    end if;
    -- Only owners grant or take away the owner role.
    if (new.role = 'owner') <> (old.role = 'owner') and not public.is_service_role()
       and not public.has_org_role(org, 'owner') then
      raise exception 'Only an owner can change owner roles' using errcode = '42501';
    end if;
  end if;
  if old.role = 'owner' and old.status = 'active'
     and (tg_op = 'DELETE' or new.role <> 'owner' or new.status <> 'active') then
    -- Deleting the organization cascades here; only block when the organization stays.
    if exists (select 1 from public.organizations o where o.id = org) then
      select count(*) into remaining from public.user_organizations m
      where m.organization_id = org and m.role = 'owner' and m.status = 'active' and m.id <> old.id;
      if remaining = 0 then
        raise exception 'An organization must keep at least one owner' using errcode = 'P0001';
      end if;
    end if;
  end if;
  return coalesce(new, old);
end
$$;
comment on function public.memberships_guard_owners() is 'Nobody removes or demotes the last owner; only owners change who is an owner.';

create trigger user_organizations_guard before update or delete on public.user_organizations
  for each row execute function public.memberships_guard_owners();

create or replace function public.user_profiles_guard() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.current_organization_id is not null
     and new.current_organization_id is distinct from (case when tg_op = 'UPDATE' then old.current_organization_id end)
     and not public.is_service_role()
     and not exists (select 1 from public.user_organizations m
                     where m.user_id = new.id and m.organization_id = new.current_organization_id and m.status = 'active') then
    raise exception 'Access denied to organization' using errcode = '42501';
  end if;
  new.updated_at := now();
  return new;
end
$$;
comment on function public.user_profiles_guard() is 'A user can only make an organization current if they are an active member of it.';

create trigger user_profiles_guard before insert or update on public.user_profiles
  for each row execute function public.user_profiles_guard();

create or replace function public.handle_new_auth_user() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.user_profiles (id, full_name, email)
  values (new.id, new.raw_user_meta_data ->> 'full_name', new.email)
  on conflict (id) do nothing;
  return new;
end
$$;
comment on function public.handle_new_auth_user() is 'Creates the profile of every new account.';

create trigger on_auth_user_created after insert on auth.users
  for each row execute function public.handle_new_auth_user();

-- == row-level security =====================================================
alter table public.organizations enable row level security;
alter table public.user_organizations enable row level security;
alter table public.user_profiles enable row level security;

grant select, insert, update, delete on public.organizations to authenticated;
grant select, update, delete on public.user_organizations to authenticated;
grant select, insert, update on public.user_profiles to authenticated;
grant all on public.organizations, public.user_organizations, public.user_profiles to service_role;

create policy "Members can read their organizations" on public.organizations
  for select to authenticated using (public.has_org_role(id, 'viewer'));
create policy "Signed-in users can create organizations they own" on public.organizations
  for insert to authenticated with check (created_by = (select auth.uid()));
create policy "Admins can update their organization" on public.organizations
  for update to authenticated using (public.has_org_role(id, 'admin')) with check (public.has_org_role(id, 'admin'));
create policy "Owners can delete their organization" on public.organizations
  for delete to authenticated using (public.has_org_role(id, 'owner'));

create policy "Users can read their own memberships" on public.user_organizations
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Members can read their organization's members" on public.user_organizations
  for select to authenticated using (public.has_org_role(organization_id, 'viewer'));
create policy "Admins can change members' roles" on public.user_organizations
  for update to authenticated using (public.has_org_role(organization_id, 'admin')) with check (public.has_org_role(organization_id, 'admin'));
create policy "Admins can remove members and members can leave" on public.user_organizations
  for delete to authenticated using (public.has_org_role(organization_id, 'admin') or user_id = (select auth.uid()));

create policy "Users can read their own profile and teammates' profiles" on public.user_profiles
  for select to authenticated using (id = (select auth.uid()) or public.shares_org_with(id));
create policy "Users can create their own profile" on public.user_profiles
  for insert to authenticated with check (id = (select auth.uid()));
create policy "Users can update their own profile" on public.user_profiles
  for update to authenticated using (id = (select auth.uid())) with check (id = (select auth.uid()));

-- == functions ==============================================================
create or replace function public.complete_user_signup(user_id uuid, org_name text, org_slug text, org_plan text default 'free')
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  existing uuid;
  created uuid;
  plan text := coalesce(nullif(btrim(org_plan), ''), 'free');
begin
  if not public.is_service_role() and (auth.uid() is null or auth.uid() <> user_id) then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  if org_name is null or btrim(org_name) = '' then
    raise exception 'Organization name is required' using errcode = '22023';
  end if;
  if plan not in ('free', 'starter', 'pro', 'enterprise') then
    raise exception 'Unknown plan: %', plan using errcode = '22023';
  end if;
  -- Idempotent: a user who already owns an organization is done.
  select m.organization_id into existing from public.user_organizations m
  where m.user_id = complete_user_signup.user_id and m.role = 'owner' order by m.joined_at limit 1;
  if existing is not null then
    return jsonb_build_object('status', 'already exists', 'organization_id', existing);
  end if;
  insert into public.organizations (name, slug, plan, created_by)
  values (btrim(org_name), lower(btrim(org_slug)), plan, complete_user_signup.user_id)
  returning id into created;
  update public.user_profiles set full_name = coalesce(full_name, (select u.raw_user_meta_data ->> 'full_name' from auth.users u where u.id = complete_user_signup.user_id))
  where id = complete_user_signup.user_id;
  return jsonb_build_object('status', 'created', 'organization_id', created);
end
$$;
comment on function public.complete_user_signup(uuid, text, text, text) is 'Creates the signing-up user''s first organization with them as owner. Calling it again returns status ''already exists''.';
revoke execute on function public.complete_user_signup(uuid, text, text, text) from public, anon;
grant execute on function public.complete_user_signup(uuid, text, text, text) to authenticated, service_role;

create or replace function public.check_organization_slug(slug text) returns boolean
language sql stable security definer set search_path = '' as $$
  select not exists (select 1 from public.organizations o where o.slug = lower(btrim(check_organization_slug.slug)))
$$;
comment on function public.check_organization_slug(text) is 'Whether a slug is still free, for the sign-up and create-organization forms.';
grant execute on function public.check_organization_slug(text) to anon, authenticated;

create or replace function public.create_organization(org_name text, org_slug text, org_plan text default 'free')
returns public.organizations language plpgsql security definer set search_path = '' as $$
declare
  created public.organizations;
begin
  if auth.uid() is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  if coalesce(nullif(btrim(org_plan), ''), 'free') not in ('free', 'starter', 'pro', 'enterprise') then
    raise exception 'Unknown plan: %', org_plan using errcode = '22023';
  end if;
  insert into public.organizations (name, slug, plan, created_by)
  values (btrim(org_name), lower(btrim(org_slug)), coalesce(nullif(btrim(org_plan), ''), 'free'), auth.uid())
  returning * into created;
  return created;
end
$$;
comment on function public.create_organization(text, text, text) is 'Creates an organization owned by the caller and returns it (a plain insert cannot return it: the owner link is made by a trigger after the row).';
revoke execute on function public.create_organization(text, text, text) from public, anon;
grant execute on function public.create_organization(text, text, text) to authenticated;

revoke execute on function public.has_org_role(uuid, text) from anon;
revoke execute on function public.shares_org_with(uuid) from anon;
