-- Tracking plans (issue 25): what each website should send, versioned, and the GA4 custom
-- definitions registered in its property.
--
-- A plan belongs to an organization and is assigned to any number of its websites (agencies run
-- one plan on many shops). Its content lives in versions: exactly one draft per plan, edited row
-- by row through the data API, and published versions that are never edited, only superseded.
-- Publishing freezes the draft into a JSON document (what the collector and the diffs read) and
-- opens a new draft copied from it. Members read; owners and admins edit and publish (the same
-- role rule as custom rules). Every change is written to tracking_plan_audit.
--
-- Feature gating: 'tracking_plans' (plans, the plan check and drift) needs pro; 'event_inventory'
-- (the inventory from traffic) needs starter. src/shared/plans.ts mirrors feature_required_plan.

-- ============================================================================
-- Features
-- ============================================================================

create or replace function public.feature_required_plan(feature_name text) returns text
language sql immutable set search_path = '' as $$
  select case
    when feature_name in ('basic_monitoring', 'basic_alerts', 'basic_reporting', 'basic_rules') then 'free'
    when feature_name in ('advanced_rules', 'team_collaboration', 'multiple_websites', 'custom_alerts', 'event_inventory') then 'starter'
    when feature_name in ('custom_rules', 'api_access', 'white_label', 'priority_support', 'sso_integration',
                          'advanced_analytics', 'unlimited_websites', 'unlimited_team_members', 'tracking_plans') then 'pro'
    else 'starter'  -- unknown features default to starter
  end
$$;
comment on function public.feature_required_plan(text) is 'The spec''s feature-to-plan map plus event_inventory (starter) and tracking_plans (pro); mirrors src/shared/plans.ts.';

-- ============================================================================
-- Tables
-- ============================================================================

create table public.tracking_plans (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations(id) on delete cascade,
  name text not null check (char_length(btrim(name)) between 1 and 120),
  description text check (description is null or char_length(description) <= 2000),
  -- Severity per finding kind, e.g. {"plan.unplanned_parameter": "info"}; absent kinds keep their default.
  severities jsonb not null default '{}'::jsonb check (
    jsonb_typeof(severities) = 'object'
    and not jsonb_path_exists(severities, '$.keyvalue() ? (!(@.value == "error" || @.value == "warning" || @.value == "info" || @.value == "off"))')
    and not jsonb_path_exists(severities, '$.keyvalue() ? (!(@.key like_regex "^plan\\.(unplanned_event|unplanned_parameter|missing_required_parameter|parameter_type|value_not_allowed|deprecated_event|unregistered_dimension)$"))')),
  created_by uuid references auth.users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (organization_id, name)
);
comment on table public.tracking_plans is 'An organization''s tracking plan: the events, parameters and user properties its websites should send. Content lives in tracking_plan_versions.';

create table public.tracking_plan_websites (
  website_id uuid primary key references public.websites(id) on delete cascade,
  plan_id uuid not null references public.tracking_plans(id) on delete cascade,
  organization_id uuid not null references public.organizations(id) on delete cascade,
  created_at timestamptz not null default now()
);
comment on table public.tracking_plan_websites is 'Which plan guards which website: a website follows at most one plan, a plan guards any number of its organization''s websites.';
create index tracking_plan_websites_plan_idx on public.tracking_plan_websites(plan_id);

create table public.tracking_plan_versions (
  id uuid primary key default gen_random_uuid(),
  plan_id uuid not null references public.tracking_plans(id) on delete cascade,
  organization_id uuid not null references public.organizations(id) on delete cascade,
  status text not null default 'draft' check (status in ('draft', 'published')),
  -- 1, 2, 3… in publishing order; null while a draft.
  number int check ((status = 'draft') = (number is null)),
  -- The frozen plan (tracking_plan_document) of a published version; null while a draft.
  document jsonb check ((status = 'draft') = (document is null)),
  published_by uuid references auth.users(id) on delete set null,
  published_at timestamptz,
  created_at timestamptz not null default now(),
  unique (plan_id, number)
);
comment on table public.tracking_plan_versions is 'Versions of a plan: one draft (edited) and the published ones (immutable, with who published them and when).';
create unique index tracking_plan_versions_one_draft on public.tracking_plan_versions(plan_id) where status = 'draft';

create table public.tracking_plan_events (
  id uuid primary key default gen_random_uuid(),
  version_id uuid not null references public.tracking_plan_versions(id) on delete cascade,
  organization_id uuid not null references public.organizations(id) on delete cascade,
  name text not null check (name ~ '^[A-Za-z][A-Za-z0-9_]{0,39}$'),
  description text check (description is null or char_length(description) <= 2000),
  status text not null default 'planned' check (status in ('planned', 'live', 'deprecated')),
  owner text check (owner is null or char_length(owner) <= 200),
  triggers text check (triggers is null or char_length(triggers) <= 2000),
  unique (version_id, name)
);
comment on table public.tracking_plan_events is 'An event a plan version expects: name, description, status (planned, live, deprecated), owner and where it should fire.';

create table public.tracking_plan_parameters (
  id uuid primary key default gen_random_uuid(),
  version_id uuid not null references public.tracking_plan_versions(id) on delete cascade,
  organization_id uuid not null references public.organizations(id) on delete cascade,
  -- The event it belongs to; null for user properties.
  event_id uuid references public.tracking_plan_events(id) on delete cascade,
  scope text not null check (scope in ('event', 'item', 'user')),
  name text not null check (name ~ '^[A-Za-z][A-Za-z0-9_]{0,39}$'),
  type text not null check (type in ('string', 'integer', 'number', 'boolean')),
  required boolean not null default false,
  allowed_values text[] check (allowed_values is null or cardinality(allowed_values) <= 500),
  pattern text check (pattern is null or char_length(pattern) <= 500),
  minimum numeric,
  maximum numeric,
  max_length int check (max_length is null or max_length between 1 and 1000),
  description text check (description is null or char_length(description) <= 2000),
  check ((scope = 'user') = (event_id is null)),
  check (minimum is null or maximum is null or minimum <= maximum)
);
comment on table public.tracking_plan_parameters is 'A parameter a plan version expects: on an event (scope event), on its items (scope item) or as a user property (scope user), with its type, whether it is required and its allowed values.';
create unique index tracking_plan_parameters_unique on public.tracking_plan_parameters(version_id, event_id, scope, name) nulls not distinct;
create index tracking_plan_parameters_event_idx on public.tracking_plan_parameters(event_id);

create table public.tracking_plan_custom_definitions (
  id uuid primary key default gen_random_uuid(),
  plan_id uuid not null references public.tracking_plans(id) on delete cascade,
  organization_id uuid not null references public.organizations(id) on delete cascade,
  kind text not null check (kind in ('dimension', 'metric')),
  scope text not null check (scope in ('event', 'user', 'item')),
  parameter_name text not null check (parameter_name ~ '^[A-Za-z][A-Za-z0-9_]{0,39}$'),
  display_name text check (display_name is null or char_length(display_name) <= 82),
  unique (plan_id, kind, scope, parameter_name)
);
comment on table public.tracking_plan_custom_definitions is 'Custom dimensions and metrics registered in the GA4 property (imported from its list), so a parameter sent but not registered can be named.';

create table public.tracking_plan_audit (
  id bigint generated always as identity primary key,
  organization_id uuid not null references public.organizations(id) on delete cascade,
  plan_id uuid references public.tracking_plans(id) on delete set null,
  actor uuid references auth.users(id) on delete set null,
  action text not null,
  subject text not null,
  subject_id uuid,
  detail jsonb not null default '{}'::jsonb,
  at timestamptz not null default now()
);
comment on table public.tracking_plan_audit is 'Every change to a tracking plan, its versions, events, parameters, custom definitions and website assignments: who, when, what (written by triggers only).';
create index tracking_plan_audit_plan_idx on public.tracking_plan_audit(plan_id, at desc);

-- ============================================================================
-- Triggers
-- ============================================================================

create or replace function tracklint_private.tracking_plans_before_write() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    new.created_by := auth.uid();
    new.created_at := now();
  else
    if new.organization_id is distinct from old.organization_id and not public.is_service_role() then
      raise exception 'A tracking plan cannot move to another organization' using errcode = '42501';
    end if;
    new.created_by := old.created_by;
    new.created_at := old.created_at;
  end if;
  new.updated_at := now();
  return new;
end
$$;
comment on function tracklint_private.tracking_plans_before_write() is 'Sets creator and timestamps; a plan never moves to another organization.';
create trigger tracking_plans_before_write before insert or update on public.tracking_plans
  for each row execute function tracklint_private.tracking_plans_before_write();

create or replace function tracklint_private.tracking_plans_open_draft() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.tracking_plan_versions (plan_id, organization_id) values (new.id, new.organization_id);
  return null;
end
$$;
comment on function tracklint_private.tracking_plans_open_draft() is 'A new plan starts with an empty draft.';
create trigger tracking_plans_open_draft after insert on public.tracking_plans
  for each row execute function tracklint_private.tracking_plans_open_draft();

create or replace function tracklint_private.tracking_plan_websites_before_write() returns trigger
language plpgsql set search_path = '' as $$
declare
  plan_org uuid;
begin
  select p.organization_id into plan_org from public.tracking_plans p where p.id = new.plan_id;
  if not exists (select 1 from public.websites w where w.id = new.website_id and w.organization_id = plan_org) then
    raise exception 'The website does not belong to the plan''s organization' using errcode = '23503';
  end if;
  new.organization_id := plan_org;
  return new;
end
$$;
comment on function tracklint_private.tracking_plan_websites_before_write() is 'A plan guards only its own organization''s websites; the organization is taken from the plan.';
create trigger tracking_plan_websites_before_write before insert or update on public.tracking_plan_websites
  for each row execute function tracklint_private.tracking_plan_websites_before_write();

create or replace function tracklint_private.tracking_plan_versions_guard() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    select p.organization_id into new.organization_id from public.tracking_plans p where p.id = new.plan_id;
    if new.status <> 'draft' and not public.is_service_role() and current_setting('tracklint.publishing', true) is distinct from 'on' then
      raise exception 'Publish a version with publish_tracking_plan' using errcode = '42501';
    end if;
    return new;
  end if;
  if tg_op = 'DELETE' then
    if old.status = 'published' and exists (select 1 from public.tracking_plans p where p.id = old.plan_id) then
      raise exception 'Published tracking plan versions cannot be changed or deleted' using errcode = '42501';
    end if;
    return old;
  end if;
  if old.status = 'published' or current_setting('tracklint.publishing', true) is distinct from 'on' then
    raise exception 'Published tracking plan versions cannot be changed or deleted' using errcode = '42501';
  end if;
  return new;
end
$$;
comment on function tracklint_private.tracking_plan_versions_guard() is 'Published versions are immutable; a draft becomes published only through publish_tracking_plan.';
create trigger tracking_plan_versions_guard before insert or update or delete on public.tracking_plan_versions
  for each row execute function tracklint_private.tracking_plan_versions_guard();

create or replace function tracklint_private.tracking_plan_content_guard() returns trigger
language plpgsql set search_path = '' as $$
declare
  v_status text;
  v_org uuid;
begin
  select v.status, v.organization_id into v_status, v_org from public.tracking_plan_versions v
    where v.id = case when tg_op = 'DELETE' then old.version_id else new.version_id end;
  -- A cascade from a deleted plan or version finds no version: let it through.
  if v_status is null then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  if v_status <> 'draft' then
    raise exception 'Published tracking plan versions cannot be changed; edit the draft' using errcode = '42501';
  end if;
  if tg_op = 'UPDATE' and new.version_id is distinct from old.version_id then
    raise exception 'A plan entry cannot move to another version' using errcode = '42501';
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  new.organization_id := v_org;
  -- Nested: plpgsql resolves new.event_id even when the table test before it is false.
  if tg_table_name = 'tracking_plan_parameters' then
    if (to_jsonb(new) ->> 'event_id') is not null
       and not exists (select 1 from public.tracking_plan_events e where e.id = (to_jsonb(new) ->> 'event_id')::uuid and e.version_id = new.version_id) then
      raise exception 'The parameter''s event is not in the same version' using errcode = '23503';
    end if;
  end if;
  return new;
end
$$;
comment on function tracklint_private.tracking_plan_content_guard() is 'Events and parameters change only in a draft; their organization is the version''s.';
create trigger tracking_plan_events_guard before insert or update or delete on public.tracking_plan_events
  for each row execute function tracklint_private.tracking_plan_content_guard();
create trigger tracking_plan_parameters_guard before insert or update or delete on public.tracking_plan_parameters
  for each row execute function tracklint_private.tracking_plan_content_guard();

create or replace function tracklint_private.tracking_plan_custom_definitions_before_write() returns trigger
language plpgsql set search_path = '' as $$
begin
  select p.organization_id into new.organization_id from public.tracking_plans p where p.id = new.plan_id;
  return new;
end
$$;
comment on function tracklint_private.tracking_plan_custom_definitions_before_write() is 'A custom definition''s organization is its plan''s.';
create trigger tracking_plan_custom_definitions_before_write before insert or update on public.tracking_plan_custom_definitions
  for each row execute function tracklint_private.tracking_plan_custom_definitions_before_write();

-- Audit: one row per changed row, written with the definer's rights (clients cannot write it).
create or replace function tracklint_private.tracking_plan_audit_row() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  r jsonb := to_jsonb(case when tg_op = 'DELETE' then old else new end);
  plan uuid;
begin
  plan := case tg_table_name
    when 'tracking_plans' then (r ->> 'id')::uuid
    when 'tracking_plan_websites' then (r ->> 'plan_id')::uuid
    when 'tracking_plan_versions' then (r ->> 'plan_id')::uuid
    when 'tracking_plan_custom_definitions' then (r ->> 'plan_id')::uuid
    else (select v.plan_id from public.tracking_plan_versions v where v.id = (r ->> 'version_id')::uuid)
  end;
  -- A deleted organization takes its plans and their audit with it.
  if not exists (select 1 from public.organizations o where o.id = (r ->> 'organization_id')::uuid) then
    return null;
  end if;
  -- A whole plan being deleted is audited once, on the plan row.
  if tg_op = 'DELETE' and tg_table_name <> 'tracking_plans' and not exists (select 1 from public.tracking_plans p where p.id = plan) then
    return null;
  end if;
  insert into public.tracking_plan_audit (organization_id, plan_id, actor, action, subject, subject_id, detail)
  values ((r ->> 'organization_id')::uuid, case when tg_op = 'DELETE' and tg_table_name = 'tracking_plans' then null else plan end,
          auth.uid(), lower(tg_op), tg_table_name, coalesce((r ->> 'id')::uuid, (r ->> 'website_id')::uuid),
          case when tg_op = 'UPDATE' then jsonb_build_object('before', to_jsonb(old) - 'document', 'after', to_jsonb(new) - 'document') else r - 'document' end);
  return null;
end
$$;
comment on function tracklint_private.tracking_plan_audit_row() is 'Writes one tracking_plan_audit row per inserted, updated or deleted plan row.';
create trigger tracking_plans_audit after insert or update or delete on public.tracking_plans
  for each row execute function tracklint_private.tracking_plan_audit_row();
create trigger tracking_plan_websites_audit after insert or update or delete on public.tracking_plan_websites
  for each row execute function tracklint_private.tracking_plan_audit_row();
create trigger tracking_plan_versions_audit after insert or update or delete on public.tracking_plan_versions
  for each row execute function tracklint_private.tracking_plan_audit_row();
create trigger tracking_plan_events_audit after insert or update or delete on public.tracking_plan_events
  for each row execute function tracklint_private.tracking_plan_audit_row();
create trigger tracking_plan_parameters_audit after insert or update or delete on public.tracking_plan_parameters
  for each row execute function tracklint_private.tracking_plan_audit_row();
create trigger tracking_plan_custom_definitions_audit after insert or update or delete on public.tracking_plan_custom_definitions
  for each row execute function tracklint_private.tracking_plan_audit_row();

-- The collector caches each website's published plan; any change to what it reads tells every
-- collector process to drop its cache (20261124000300_collector_cache_notify.sql).
create trigger collector_cache_tracking_plans_changed after insert or update or delete on public.tracking_plans
  for each row execute function tracklint_private.notify_collector_cache();
create trigger collector_cache_tracking_plan_websites_changed after insert or update or delete on public.tracking_plan_websites
  for each row execute function tracklint_private.notify_collector_cache();
create trigger collector_cache_tracking_plan_versions_changed after update on public.tracking_plan_versions
  for each row when (new.status = 'published') execute function tracklint_private.notify_collector_cache();
create trigger collector_cache_tracking_plan_custom_definitions_changed after insert or update or delete on public.tracking_plan_custom_definitions
  for each row execute function tracklint_private.notify_collector_cache();

-- ============================================================================
-- Row-level security
-- ============================================================================

alter table public.tracking_plans enable row level security;
alter table public.tracking_plan_websites enable row level security;
alter table public.tracking_plan_versions enable row level security;
alter table public.tracking_plan_events enable row level security;
alter table public.tracking_plan_parameters enable row level security;
alter table public.tracking_plan_custom_definitions enable row level security;
alter table public.tracking_plan_audit enable row level security;

grant select, insert, update, delete on public.tracking_plans, public.tracking_plan_websites,
  public.tracking_plan_events, public.tracking_plan_parameters, public.tracking_plan_custom_definitions to authenticated;
grant select, insert on public.tracking_plan_versions to authenticated;
grant select on public.tracking_plan_audit to authenticated;
grant all on public.tracking_plans, public.tracking_plan_websites, public.tracking_plan_versions, public.tracking_plan_events,
  public.tracking_plan_parameters, public.tracking_plan_custom_definitions, public.tracking_plan_audit to service_role;

create policy "Members can read their organization's tracking plans" on public.tracking_plans
  for select to authenticated using (public.has_org_role(organization_id, 'viewer'));
create policy "Admins can create tracking plans on plans with tracking_plans" on public.tracking_plans
  for insert to authenticated with check (public.has_org_role(organization_id, 'admin') and public.organization_has_feature(organization_id, 'tracking_plans'));
create policy "Admins can update tracking plans" on public.tracking_plans
  for update to authenticated using (public.has_org_role(organization_id, 'admin')) with check (public.has_org_role(organization_id, 'admin'));
create policy "Admins can delete tracking plans" on public.tracking_plans
  for delete to authenticated using (public.has_org_role(organization_id, 'admin'));

create policy "Members can read which plan guards which website" on public.tracking_plan_websites
  for select to authenticated using (public.has_org_role(organization_id, 'viewer'));
create policy "Admins can assign plans to websites" on public.tracking_plan_websites
  for insert to authenticated with check (public.has_org_role(organization_id, 'admin'));
create policy "Admins can reassign plans" on public.tracking_plan_websites
  for update to authenticated using (public.has_org_role(organization_id, 'admin')) with check (public.has_org_role(organization_id, 'admin'));
create policy "Admins can unassign plans" on public.tracking_plan_websites
  for delete to authenticated using (public.has_org_role(organization_id, 'admin'));

create policy "Members can read their organization's plan versions" on public.tracking_plan_versions
  for select to authenticated using (public.has_org_role(organization_id, 'viewer'));
create policy "Admins can open a draft" on public.tracking_plan_versions
  for insert to authenticated with check (public.has_org_role(organization_id, 'admin'));

create policy "Members can read their organization's planned events" on public.tracking_plan_events
  for select to authenticated using (public.has_org_role(organization_id, 'viewer'));
create policy "Admins can add planned events" on public.tracking_plan_events
  for insert to authenticated with check (public.has_org_role(organization_id, 'admin'));
create policy "Admins can edit planned events" on public.tracking_plan_events
  for update to authenticated using (public.has_org_role(organization_id, 'admin')) with check (public.has_org_role(organization_id, 'admin'));
create policy "Admins can remove planned events" on public.tracking_plan_events
  for delete to authenticated using (public.has_org_role(organization_id, 'admin'));

create policy "Members can read their organization's planned parameters" on public.tracking_plan_parameters
  for select to authenticated using (public.has_org_role(organization_id, 'viewer'));
create policy "Admins can add planned parameters" on public.tracking_plan_parameters
  for insert to authenticated with check (public.has_org_role(organization_id, 'admin'));
create policy "Admins can edit planned parameters" on public.tracking_plan_parameters
  for update to authenticated using (public.has_org_role(organization_id, 'admin')) with check (public.has_org_role(organization_id, 'admin'));
create policy "Admins can remove planned parameters" on public.tracking_plan_parameters
  for delete to authenticated using (public.has_org_role(organization_id, 'admin'));

create policy "Members can read their organization's registered custom definitions" on public.tracking_plan_custom_definitions
  for select to authenticated using (public.has_org_role(organization_id, 'viewer'));
create policy "Admins can register custom definitions" on public.tracking_plan_custom_definitions
  for insert to authenticated with check (public.has_org_role(organization_id, 'admin'));
create policy "Admins can edit custom definitions" on public.tracking_plan_custom_definitions
  for update to authenticated using (public.has_org_role(organization_id, 'admin')) with check (public.has_org_role(organization_id, 'admin'));
create policy "Admins can remove custom definitions" on public.tracking_plan_custom_definitions
  for delete to authenticated using (public.has_org_role(organization_id, 'admin'));

create policy "Members can read their organization's plan audit" on public.tracking_plan_audit
  for select to authenticated using (public.has_org_role(organization_id, 'viewer'));

-- ============================================================================
-- Functions
-- ============================================================================

create or replace function tracklint_private.tracking_plan_parameter_json(p public.tracking_plan_parameters) returns jsonb
language sql immutable set search_path = '' as $$
  select jsonb_strip_nulls(jsonb_build_object(
    'name', p.name, 'type', p.type, 'required', nullif(p.required, false), 'allowedValues', to_jsonb(p.allowed_values),
    'pattern', p.pattern, 'minimum', p.minimum, 'maximum', p.maximum, 'maxLength', p.max_length, 'description', p.description))
$$;
comment on function tracklint_private.tracking_plan_parameter_json(public.tracking_plan_parameters) is 'One planned parameter as the plan document writes it.';

create or replace function tracklint_private.tracking_plan_parameters_json(event_id uuid, scope text) returns jsonb
language sql stable set search_path = '' as $$
  select coalesce(jsonb_agg(tracklint_private.tracking_plan_parameter_json(p) order by p.name), '[]'::jsonb)
  from public.tracking_plan_parameters p where p.event_id = tracking_plan_parameters_json.event_id and p.scope = tracking_plan_parameters_json.scope
$$;
comment on function tracklint_private.tracking_plan_parameters_json(uuid, text) is 'An event''s planned parameters of one scope (event or item) as the plan document writes them.';

create or replace function public.tracking_plan_document(version_id uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'format', 'tracklint-plan/1',
    'planId', v.plan_id,
    'versionId', v.id,
    'version', v.number,
    'events', coalesce((
      select jsonb_agg(jsonb_strip_nulls(jsonb_build_object(
        'name', e.name, 'description', e.description, 'status', e.status, 'owner', e.owner, 'triggers', e.triggers,
        'parameters', nullif(tracklint_private.tracking_plan_parameters_json(e.id, 'event'), '[]'::jsonb),
        'itemParameters', nullif(tracklint_private.tracking_plan_parameters_json(e.id, 'item'), '[]'::jsonb))) order by e.name)
      from public.tracking_plan_events e where e.version_id = v.id), '[]'::jsonb),
    'userProperties', coalesce((
      select jsonb_agg(tracklint_private.tracking_plan_parameter_json(p) order by p.name)
      from public.tracking_plan_parameters p where p.version_id = v.id and p.scope = 'user'), '[]'::jsonb))
    -- Plan document shape (src/shared/ga4/plan/types.ts): absent rather than false or empty.
  from public.tracking_plan_versions v
  where v.id = tracking_plan_document.version_id and (public.is_service_role() or public.has_org_role(v.organization_id, 'viewer'))
$$;
comment on function public.tracking_plan_document(uuid) is 'A plan version as one JSON document (format tracklint-plan/1): its events with parameters and item parameters, and its user properties. Null for anyone who is not a member of its organization.';

create or replace function public.publish_tracking_plan(plan_id uuid) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  p public.tracking_plans;
  draft public.tracking_plan_versions;
  next_number int;
  new_draft uuid;
begin
  select * into p from public.tracking_plans t where t.id = publish_tracking_plan.plan_id;
  if p.id is null or not (public.is_service_role() or public.has_org_role(p.organization_id, 'viewer')) then
    raise exception 'Tracking plan not found' using errcode = 'P0002';
  end if;
  if not (public.is_service_role() or public.has_org_role(p.organization_id, 'admin')) then
    raise exception 'Only owners and admins can publish a tracking plan' using errcode = '42501';
  end if;
  if not public.organization_has_feature(p.organization_id, 'tracking_plans') and not public.is_service_role() then
    raise exception 'Tracking plans need the Pro plan' using errcode = '42501';
  end if;
  select * into draft from public.tracking_plan_versions v where v.plan_id = p.id and v.status = 'draft' for update;
  if draft.id is null then
    raise exception 'This plan has no draft to publish' using errcode = 'P0002';
  end if;
  if not exists (select 1 from public.tracking_plan_events e where e.version_id = draft.id) then
    raise exception 'A plan needs at least one event before it is published' using errcode = '22023';
  end if;
  select coalesce(max(v.number), 0) + 1 into next_number from public.tracking_plan_versions v where v.plan_id = p.id;
  perform set_config('tracklint.publishing', 'on', true);
  update public.tracking_plan_versions v
    set status = 'published', number = next_number, published_by = auth.uid(), published_at = now(),
        document = jsonb_set(public.tracking_plan_document(draft.id), '{version}', to_jsonb(next_number))
    where v.id = draft.id;
  -- The next draft starts as a copy of what was just published.
  insert into public.tracking_plan_versions (plan_id, organization_id) values (p.id, p.organization_id) returning id into new_draft;
  perform set_config('tracklint.publishing', 'off', true);
  insert into public.tracking_plan_events (version_id, organization_id, name, description, status, owner, triggers)
    select new_draft, e.organization_id, e.name, e.description, e.status, e.owner, e.triggers
    from public.tracking_plan_events e where e.version_id = draft.id;
  insert into public.tracking_plan_parameters (version_id, organization_id, event_id, scope, name, type, required, allowed_values, pattern, minimum, maximum, max_length, description)
    select new_draft, x.organization_id, ne.id, x.scope, x.name, x.type, x.required, x.allowed_values, x.pattern, x.minimum, x.maximum, x.max_length, x.description
    from public.tracking_plan_parameters x
    left join public.tracking_plan_events oe on oe.id = x.event_id
    left join public.tracking_plan_events ne on ne.version_id = new_draft and ne.name = oe.name
    where x.version_id = draft.id;
  return draft.id;
end
$$;
comment on function public.publish_tracking_plan(uuid) is 'Publishes a plan''s draft as its next version (frozen, with who published it and when) and opens a new draft copied from it. Owners and admins on plans with tracking_plans.';

grant execute on function public.tracking_plan_document(uuid) to authenticated, service_role;
grant execute on function public.publish_tracking_plan(uuid) to authenticated, service_role;
revoke execute on function public.publish_tracking_plan(uuid) from anon, public;
