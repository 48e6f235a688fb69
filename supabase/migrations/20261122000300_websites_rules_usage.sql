-- Websites, custom rules and monthly usage, with the plan limits enforced by the database.

-- == tables =================================================================
create table public.websites (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations(id) on delete cascade,
  name text not null check (char_length(btrim(name)) between 1 and 100),
  domain text not null check (domain ~ '^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$'),
  measurement_ids text[] not null default '{}',
  -- Public identifier the tracker script sends; random (122 bits) and not a secret.
  site_key text not null unique default replace(gen_random_uuid()::text, '-', ''),
  is_active boolean not null default true,
  verification_status text not null default 'pending' check (verification_status in ('pending', 'verified', 'failed')),
  verified_at timestamptz,
  created_by uuid references auth.users(id) on delete set null,
  created_at timestamptz not null default now(),
  unique (organization_id, domain)
);
comment on table public.websites is 'Websites an organization monitors. Members read them; owners and admins manage them within the plan''s max_websites.';
create index websites_org_created_idx on public.websites(organization_id, created_at desc);

create table public.custom_rules (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations(id) on delete cascade,
  website_id uuid references public.websites(id) on delete cascade,
  name text not null check (char_length(btrim(name)) between 1 and 120),
  description text,
  definition jsonb not null,
  severity text not null default 'warning' check (severity in ('error', 'warning', 'info')),
  enabled boolean not null default true,
  created_by uuid references auth.users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.custom_rules is 'Each organization''s own validation rules (declarative JSON conditions), limited by max_custom_rules.';
create index custom_rules_org_idx on public.custom_rules(organization_id);

create table public.organization_usage (
  organization_id uuid not null references public.organizations(id) on delete cascade,
  month date not null,
  monthly_requests bigint not null default 0 check (monthly_requests >= 0),
  updated_at timestamptz not null default now(),
  primary key (organization_id, month)
);
comment on table public.organization_usage is 'Accepted collector requests per organization per calendar month (UTC). Written by the collector only.';

-- == limit enforcement ======================================================
create or replace function public.plan_limit(org_id uuid, metric text) returns bigint
language sql stable security definer set search_path = '' as $$
  select case metric
    when 'monthly_requests' then p.monthly_requests
    when 'websites' then p.max_websites
    when 'team_members' then p.max_team_members
    when 'custom_rules' then p.max_custom_rules
  end
  from public.organizations o join public.subscription_plan_limits p on p.plan = o.plan
  where o.id = org_id
$$;
comment on function public.plan_limit(uuid, text) is 'The organization''s limit for a metric under its plan (-1 unlimited, null when unknown).';

create or replace function public.current_usage(org_id uuid, metric text) returns bigint
language sql stable security definer set search_path = '' as $$
  select case metric
    when 'monthly_requests' then coalesce((select u.monthly_requests from public.organization_usage u
                                           where u.organization_id = org_id and u.month = date_trunc('month', now() at time zone 'utc')::date), 0)
    when 'websites' then (select count(*) from public.websites w where w.organization_id = org_id)
    when 'team_members' then (select count(*) from public.user_organizations m where m.organization_id = org_id and m.status = 'active')
    when 'custom_rules' then (select count(*) from public.custom_rules r where r.organization_id = org_id)
  end
$$;
comment on function public.current_usage(uuid, text) is 'Current usage of a metric by an organization.';

create or replace function public.is_within_limit(org_id uuid, metric text) returns boolean
language sql stable security definer set search_path = '' as $$
  -- Allowed when the limit is -1 or usage is below it; blocked when either is unknown.
  select coalesce(l = -1 or u < l, false)
  from (select public.plan_limit(org_id, metric) as l, public.current_usage(org_id, metric) as u) x
$$;
comment on function public.is_within_limit(uuid, text) is 'Whether one more unit of metric is allowed: limit -1 or usage below the limit; false when data is missing.';

create or replace function public.enforce_plan_limit() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  metric text := tg_argv[0];
  label text := tg_argv[1];
begin
  -- Serialises concurrent inserts for one organization so two requests cannot both take the last slot.
  perform pg_advisory_xact_lock(hashtextextended(new.organization_id::text || metric, 0));
  if not public.is_within_limit(new.organization_id, metric) then
    raise exception '% limit reached for your plan. Upgrade to add more.', label using errcode = 'P0001';
  end if;
  return new;
end
$$;
comment on function public.enforce_plan_limit() is 'Refuses a new website, member or custom rule when the plan''s limit is reached.';

create trigger websites_limit before insert on public.websites
  for each row execute function public.enforce_plan_limit('websites', 'Website');
create trigger custom_rules_limit before insert on public.custom_rules
  for each row execute function public.enforce_plan_limit('custom_rules', 'Custom rule');
create trigger user_organizations_limit before insert on public.user_organizations
  for each row when (new.role <> 'owner') execute function public.enforce_plan_limit('team_members', 'Team member');

create or replace function public.websites_before_write() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.domain := lower(btrim(new.domain));
  if tg_op = 'INSERT' then
    new.created_by := auth.uid();
    new.created_at := now();
    if not public.is_service_role() then
      new.verification_status := 'pending';
      new.verified_at := null;
    end if;
  else
    if new.organization_id is distinct from old.organization_id and not public.is_service_role() then
      raise exception 'A website cannot move to another organization' using errcode = '42501';
    end if;
    if not public.is_service_role() and (new.verification_status is distinct from old.verification_status
        or new.verified_at is distinct from old.verified_at or new.site_key is distinct from old.site_key) then
      raise exception 'Verification is set by Tracklint when the first valid hit arrives' using errcode = '42501';
    end if;
    new.created_by := old.created_by;
    new.created_at := old.created_at;
  end if;
  return new;
end
$$;
comment on function public.websites_before_write() is 'Normalises the domain; verification, site key, creator and organization are set by the database only.';
create trigger websites_before_write before insert or update on public.websites
  for each row execute function public.websites_before_write();

create or replace function public.custom_rules_before_write() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    new.created_by := auth.uid();
    new.created_at := now();
  else
    if new.organization_id is distinct from old.organization_id and not public.is_service_role() then
      raise exception 'A rule cannot move to another organization' using errcode = '42501';
    end if;
    new.created_by := old.created_by;
    new.created_at := old.created_at;
  end if;
  new.updated_at := now();
  if new.website_id is not null and not exists (select 1 from public.websites w where w.id = new.website_id and w.organization_id = new.organization_id) then
    raise exception 'The website does not belong to this organization' using errcode = '23503';
  end if;
  return new;
end
$$;
comment on function public.custom_rules_before_write() is 'Sets creator and timestamps; a rule''s website must belong to the rule''s organization.';
create trigger custom_rules_before_write before insert or update on public.custom_rules
  for each row execute function public.custom_rules_before_write();

-- == row-level security =====================================================
alter table public.websites enable row level security;
alter table public.custom_rules enable row level security;
alter table public.organization_usage enable row level security;

grant select, insert, update, delete on public.websites, public.custom_rules to authenticated;
grant select on public.organization_usage to authenticated;
grant all on public.websites, public.custom_rules, public.organization_usage to service_role;

create policy "Members can read their organization's websites" on public.websites
  for select to authenticated using (public.has_org_role(organization_id, 'viewer'));
create policy "Admins can add websites" on public.websites
  for insert to authenticated with check (public.has_org_role(organization_id, 'admin'));
create policy "Admins can update websites" on public.websites
  for update to authenticated using (public.has_org_role(organization_id, 'admin')) with check (public.has_org_role(organization_id, 'admin'));
create policy "Admins can delete websites" on public.websites
  for delete to authenticated using (public.has_org_role(organization_id, 'admin'));

create policy "Members can read their organization's custom rules" on public.custom_rules
  for select to authenticated using (public.has_org_role(organization_id, 'viewer'));
create policy "Admins can create custom rules on plans with custom_rules" on public.custom_rules
  for insert to authenticated with check (public.has_org_role(organization_id, 'admin') and public.organization_has_feature(organization_id, 'custom_rules'));
create policy "Admins can update custom rules" on public.custom_rules
  for update to authenticated using (public.has_org_role(organization_id, 'admin')) with check (public.has_org_role(organization_id, 'admin'));
create policy "Admins can delete custom rules" on public.custom_rules
  for delete to authenticated using (public.has_org_role(organization_id, 'admin'));

create policy "Members can read their organization's usage" on public.organization_usage
  for select to authenticated using (public.has_org_role(organization_id, 'viewer'));

-- == usage status ===========================================================
create or replace function public.usage_alert(metric text, current_value bigint, limit_value bigint) returns jsonb
language sql immutable set search_path = '' as $$
  -- Spec thresholds: ratio >= 1 is limit_exceeded/critical. Requests warn from 0.8 (info), 0.9 (warning);
  -- websites, team members and custom rules warn from 0.8 (warning).
  select case
    when limit_value is null or limit_value <= 0 then null
    when current_value::numeric / limit_value >= 1 then jsonb_build_object(
      'type', 'limit_exceeded', 'metric', metric, 'current_value', current_value, 'limit_value', limit_value,
      'percentage_used', round(current_value::numeric * 100 / limit_value, 1), 'severity', 'critical')
    when current_value::numeric / limit_value >= 0.8 then jsonb_build_object(
      'type', 'approaching_limit', 'metric', metric, 'current_value', current_value, 'limit_value', limit_value,
      'percentage_used', round(current_value::numeric * 100 / limit_value, 1),
      'severity', case when metric = 'monthly_requests' and current_value::numeric / limit_value < 0.9 then 'info' else 'warning' end)
  end
$$;
comment on function public.usage_alert(text, bigint, bigint) is 'The usage alert for one metric, or null when usage is below 80% or unlimited.';

create or replace function public.get_organization_usage_status(org_id uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  p public.subscription_plan_limits;
  usage jsonb;
  limits jsonb;
  alerts jsonb;
begin
  if not (public.is_service_role() or public.has_org_role(org_id, 'viewer')) then
    raise exception 'Access denied to organization' using errcode = '42501';
  end if;
  select pl.* into p from public.organizations o join public.subscription_plan_limits pl on pl.plan = o.plan where o.id = org_id;
  usage := jsonb_build_object(
    'monthly_requests', public.current_usage(org_id, 'monthly_requests'),
    'websites', public.current_usage(org_id, 'websites'),
    'team_members', public.current_usage(org_id, 'team_members'),
    'custom_rules', public.current_usage(org_id, 'custom_rules'));
  limits := jsonb_build_object(
    'monthly_requests', p.monthly_requests, 'websites', p.max_websites,
    'team_members', p.max_team_members, 'custom_rules', p.max_custom_rules);
  select coalesce(jsonb_agg(a) filter (where a is not null), '[]'::jsonb) into alerts from (
    select public.usage_alert(m, (usage ->> m)::bigint, (limits ->> m)::bigint) as a
    from unnest(array['monthly_requests', 'websites', 'team_members', 'custom_rules']) as m
  ) x;
  return jsonb_build_object(
    'organization_id', org_id, 'plan', p.plan, 'period_start', date_trunc('month', now() at time zone 'utc')::date,
    'usage', usage, 'current_usage', usage, 'limits', limits, 'alerts', alerts);
end
$$;
comment on function public.get_organization_usage_status(uuid) is 'Usage, plan limits and usage alerts of an organization, for its members.';
revoke execute on function public.get_organization_usage_status(uuid) from public, anon;
grant execute on function public.get_organization_usage_status(uuid) to authenticated, service_role;

revoke execute on function public.plan_limit(uuid, text), public.current_usage(uuid, text), public.is_within_limit(uuid, text) from public, anon;
grant execute on function public.is_within_limit(uuid, text) to authenticated, service_role;
