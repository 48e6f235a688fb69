-- Alerts that reach people: per-website hit counters (stored, failed, refused by reason), alert
-- channels (email, Slack, webhooks), alert rules (defaults with every website, custom ones on
-- plans with custom_alerts), alerts with their lifecycle, and the delivery log. The server's
-- evaluator (src/server/alerts) reads the rollups and counters every minute and writes alerts and
-- deliveries; people read them through RLS and act through the functions below.

-- == hit counters ==============================================================================
create table public.website_hit_counters (
  organization_id uuid not null,
  website_id uuid not null references public.websites(id) on delete cascade,
  bucket timestamptz not null,
  outcome text not null check (outcome in ('stored', 'failed', 'refused')),
  reason text not null default '',
  count bigint not null check (count >= 0),
  primary key (website_id, bucket, outcome, reason)
);
comment on table public.website_hit_counters is 'Hits per website per five minutes: stored, failed validation, and refused by the collector (with the drop reason). Written with every collector batch; read by the alert evaluator and the website pages. Kept eight days.';
comment on column public.website_hit_counters.bucket is 'Start of the five-minute bucket (UTC) the hits were received in.';
comment on column public.website_hit_counters.outcome is 'stored: kept in the log; failed: stored with status fail (a subset of stored); refused: not stored, see reason.';
comment on column public.website_hit_counters.reason is 'For refused hits, the collector''s drop reason (measurement_id_mismatch, origin_not_allowed, quota_exceeded, not_ga4, …); empty otherwise.';
create index website_hit_counters_org_bucket_idx on public.website_hit_counters (organization_id, bucket desc);

-- == channels ==================================================================================
create table public.alert_channels (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations(id) on delete cascade,
  name text not null check (char_length(btrim(name)) between 1 and 100),
  kind text not null check (kind in ('email', 'slack', 'webhook')),
  email_recipients text[] not null default '{}' check (cardinality(email_recipients) <= 20),
  email_members boolean not null default false,
  daily_digest boolean not null default false,
  target_hint text,
  secret_version int not null default 1 check (secret_version >= 1),
  enabled boolean not null default true,
  is_default boolean not null default false,
  created_by uuid references auth.users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.alert_channels is 'Where an organization''s alerts are sent: email (members and/or addresses), a Slack incoming webhook or a generic webhook. Members read, owners and admins manage; Slack and webhooks need the custom_alerts feature.';
comment on column public.alert_channels.email_recipients is 'Email channels: extra addresses that receive the alerts.';
comment on column public.alert_channels.email_members is 'Email channels: also send to the organization''s owners and admins.';
comment on column public.alert_channels.daily_digest is 'Email channels: also a daily summary (after 08:00 UTC) of the organization''s unresolved alerts and those opened in the last day.';
comment on column public.alert_channels.target_hint is 'Slack and webhooks: the target URL''s host and last characters, for recognising it. The URL itself is in alert_channel_targets, encrypted, and is never returned.';
comment on column public.alert_channels.secret_version is 'Webhooks: the signing secret is derived by the server from this channel''s id and version; rotating the secret increments it.';
comment on column public.alert_channels.is_default is 'The email channel created with the organization''s first website (owners and admins).';
create index alert_channels_org_idx on public.alert_channels (organization_id);

create table public.alert_channel_targets (
  channel_id uuid primary key references public.alert_channels(id) on delete cascade,
  organization_id uuid not null references public.organizations(id) on delete cascade,
  url_encrypted text not null,
  updated_at timestamptz not null default now()
);
comment on table public.alert_channel_targets is 'The Slack or webhook URL of a channel, encrypted by the server (AES-256-GCM). No API role may read it; only the server decrypts it to deliver.';

-- == rules =====================================================================================
create table public.alert_rules (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations(id) on delete cascade,
  website_id uuid references public.websites(id) on delete cascade,
  name text not null check (char_length(btrim(name)) between 1 and 120),
  kind text not null check (kind in ('failure_rate', 'rule_failing', 'volume_drop', 'no_hits', 'event_missing', 'refused_hits', 'usage')),
  params jsonb not null default '{}' check (jsonb_typeof(params) = 'object' and pg_column_size(params) <= 2048),
  severity text not null default 'warning' check (severity in ('critical', 'warning', 'info')),
  channel_ids uuid[] not null default '{}' check (cardinality(channel_ids) <= 10),
  enabled boolean not null default true,
  is_default boolean not null default false,
  created_by uuid references auth.users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.alert_rules is 'When to raise an alert, per organization, for all its websites (website_id null) or one. Default rules come with every website (basic_alerts, every plan); other rules need custom_alerts.';
comment on column public.alert_rules.kind is 'failure_rate, rule_failing, volume_drop, no_hits, event_missing, refused_hits or usage; see public.alert_rule_params_problem for each kind''s parameters.';
comment on column public.alert_rules.params is 'The kind''s parameters (thresholds and windows), checked by public.alert_rule_params_problem.';
comment on column public.alert_rules.channel_ids is 'Channels of the same organization that are notified when an alert of this rule opens or resolves.';
comment on column public.alert_rules.is_default is 'Created by Tracklint with a website (or, for usage, with the first website); allowed on every plan.';
create index alert_rules_org_idx on public.alert_rules (organization_id);
create index alert_rules_kind_idx on public.alert_rules (kind) where enabled;

-- == alerts ====================================================================================
create table public.alerts (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations(id) on delete cascade,
  rule_id uuid not null references public.alert_rules(id) on delete cascade,
  website_id uuid references public.websites(id) on delete cascade,
  -- What within the rule the alert is about, so one rule may watch several things: a usage metric
  -- and threshold ('monthly_requests@0.9'), or '' for the rule as a whole.
  subject text not null default '',
  kind text not null,
  severity text not null check (severity in ('critical', 'warning', 'info')),
  status text not null default 'open' check (status in ('open', 'acknowledged', 'resolved')),
  title text not null,
  summary text not null default '',
  details jsonb not null default '{}',
  link text,
  opened_at timestamptz not null,
  last_evaluated_at timestamptz not null,
  acknowledged_at timestamptz,
  acknowledged_by uuid references auth.users(id) on delete set null,
  resolved_at timestamptz,
  resolved_by uuid references auth.users(id) on delete set null,
  resolution text check (resolution in ('auto', 'manual')),
  check ((status = 'resolved') = (resolved_at is not null))
);
comment on table public.alerts is 'Raised alerts: open, then acknowledged (by whom, when), then resolved automatically when the condition clears or by hand. At most one unresolved alert per rule, website and subject. Written by the server; people act through acknowledge_alert and resolve_alert.';
comment on column public.alerts.subject is 'What within the rule the alert is about (a usage metric and threshold), or empty.';
comment on column public.alerts.details is 'The numbers behind the alert at the last evaluation (counts, rates, baseline, window).';
comment on column public.alerts.link is 'Path of the requests log filtered to the requests that caused the alert.';
comment on column public.alerts.resolution is 'auto: the evaluator saw the condition clear; manual: resolved by resolved_by.';
create unique index alerts_one_unresolved_idx on public.alerts (rule_id, coalesce(website_id, '00000000-0000-0000-0000-000000000000'::uuid), subject) where status <> 'resolved';
create index alerts_org_opened_idx on public.alerts (organization_id, opened_at desc);

-- == deliveries ================================================================================
create table public.alert_deliveries (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations(id) on delete cascade,
  alert_id uuid references public.alerts(id) on delete cascade,
  channel_id uuid not null references public.alert_channels(id) on delete cascade,
  event text not null check (event in ('opened', 'resolved', 'test', 'digest')),
  digest_day date,
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  attempts int not null default 0 check (attempts >= 0),
  max_attempts int not null default 5 check (max_attempts >= 1),
  last_status_code int,
  last_error text,
  attempt_log jsonb not null default '[]' check (jsonb_typeof(attempt_log) = 'array'),
  queued_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  sent_at timestamptz
);
comment on table public.alert_deliveries is 'One notification of one channel about one alert event (opened, resolved, or a test): its status, attempts and the status code of each attempt. Written by the server and the alert functions; members read it.';
comment on column public.alert_deliveries.queued_at is 'When a send job was queued for it; null until then (deliveries queued by resolve_alert are picked up by the next evaluation, within a minute).';
comment on column public.alert_deliveries.attempt_log is 'Every attempt: {at, status_code, error}. Errors never contain the target URL or secret.';
create index alert_deliveries_org_created_idx on public.alert_deliveries (organization_id, created_at desc);
create index alert_deliveries_pending_idx on public.alert_deliveries (created_at) where status = 'pending';
create index alert_deliveries_alert_idx on public.alert_deliveries (alert_id);
-- One digest per channel and day, whichever server process queues it.
create unique index alert_deliveries_one_digest_idx on public.alert_deliveries (channel_id, digest_day) where event = 'digest';
comment on column public.alert_deliveries.digest_day is 'For daily digests: the day (UTC) it summarises up to 08:00.';

-- == evaluation runs ===========================================================================
create table public.alert_evaluation_runs (
  period timestamptz primary key,
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  targets int,
  opened int,
  resolved int,
  duration_ms int
);
comment on table public.alert_evaluation_runs is 'One row per evaluated minute: the server process that inserts it evaluates that minute, so with several processes each minute is evaluated once. Server only.';

-- == checks and triggers =======================================================================
create or replace function public.alert_rule_params_problem(rule_kind text, params jsonb) returns text
language plpgsql immutable set search_path = '' as $$
declare
begin
  -- Each numeric parameter: present (or defaulted by the evaluator) and in range.
  if rule_kind = 'failure_rate' then
    if coalesce((params ->> 'threshold_pct')::numeric, 20) not between 1 and 100 then return 'threshold_pct must be between 1 and 100'; end if;
    if coalesce((params ->> 'window_minutes')::numeric, 60) not between 5 and 1440 then return 'window_minutes must be between 5 and 1440'; end if;
    if coalesce((params ->> 'min_requests')::numeric, 20) not between 1 and 1000000 then return 'min_requests must be between 1 and 1000000'; end if;
  elsif rule_kind = 'rule_failing' then
    if params ? 'rule_id' and jsonb_typeof(params -> 'rule_id') not in ('string', 'null') then return 'rule_id must be a rule id or null'; end if;
    if coalesce((params ->> 'min_count')::numeric, 1) not between 1 and 1000000 then return 'min_count must be between 1 and 1000000'; end if;
    if coalesce((params ->> 'window_hours')::numeric, 1) not between 1 and 24 then return 'window_hours must be between 1 and 24'; end if;
  elsif rule_kind = 'volume_drop' then
    if coalesce((params ->> 'min_share_pct')::numeric, 50) not between 1 and 99 then return 'min_share_pct must be between 1 and 99'; end if;
    if coalesce((params ->> 'min_baseline')::numeric, 20) not between 1 and 100000000 then return 'min_baseline must be at least 1'; end if;
  elsif rule_kind = 'no_hits' then
    if coalesce((params ->> 'minutes')::numeric, 60) not between 5 and 10080 then return 'minutes must be between 5 and 10080'; end if;
  elsif rule_kind = 'event_missing' then
    if coalesce(btrim(params ->> 'event_name'), '') = '' or char_length(params ->> 'event_name') > 100 then return 'event_name is required (up to 100 characters)'; end if;
    if coalesce((params ->> 'hours')::numeric, 24) not between 1 and 168 then return 'hours must be between 1 and 168'; end if;
    if coalesce((params ->> 'lookback_days')::numeric, 7) not between 1 and 7 then return 'lookback_days must be between 1 and 7'; end if;
  elsif rule_kind = 'refused_hits' then
    if params ? 'reasons' and jsonb_typeof(params -> 'reasons') <> 'array' then return 'reasons must be a list of refusal reasons'; end if;
    if coalesce((params ->> 'threshold')::numeric, 10) not between 1 and 100000000 then return 'threshold must be at least 1'; end if;
    if coalesce((params ->> 'window_minutes')::numeric, 60) not between 5 and 1440 then return 'window_minutes must be between 5 and 1440'; end if;
  elsif rule_kind = 'usage' then
    if params ? 'thresholds' and (jsonb_typeof(params -> 'thresholds') <> 'array'
        or exists (select 1 from jsonb_array_elements_text(params -> 'thresholds') t where t not in ('0.8', '0.9', '1'))) then
      return 'thresholds must be a list of 0.8, 0.9 and 1';
    end if;
    if params ? 'metrics' and (jsonb_typeof(params -> 'metrics') <> 'array'
        or exists (select 1 from jsonb_array_elements_text(params -> 'metrics') m where m not in ('monthly_requests', 'websites', 'team_members', 'custom_rules'))) then
      return 'metrics must be a list of monthly_requests, websites, team_members and custom_rules';
    end if;
  end if;
  return null;
exception when invalid_text_representation then
  return 'numeric parameters must be numbers';
end
$$;
comment on function public.alert_rule_params_problem(text, jsonb) is 'What is wrong with an alert rule''s parameters for its kind, or null when they are valid. Missing parameters take the defaults shown here.';

create or replace function public.alert_rules_before_write() returns trigger
language plpgsql set search_path = '' as $$
declare
  problem text;
begin
  if tg_op = 'INSERT' then
    new.created_by := auth.uid();
    new.created_at := now();
    -- Only Tracklint's own defaults (created by create_default_alert_rules) are default rules.
    new.is_default := coalesce(current_setting('tracklint.creating_alert_defaults', true), '') = 'on';
  else
    if new.organization_id is distinct from old.organization_id then
      raise exception 'An alert rule cannot move to another organization' using errcode = '42501';
    end if;
    new.created_by := old.created_by;
    new.created_at := old.created_at;
    new.is_default := old.is_default;
  end if;
  new.updated_at := now();
  problem := public.alert_rule_params_problem(new.kind, new.params);
  if problem is not null then
    raise exception 'Invalid alert rule: %', problem using errcode = '22023';
  end if;
  if new.kind = 'usage' and new.website_id is not null then
    raise exception 'Usage alert rules apply to the whole organization, not one website' using errcode = '22023';
  end if;
  if new.website_id is not null and not exists (select 1 from public.websites w where w.id = new.website_id and w.organization_id = new.organization_id) then
    raise exception 'The website does not belong to this organization' using errcode = '23503';
  end if;
  if exists (select 1 from unnest(new.channel_ids) c(id) where not exists (
      select 1 from public.alert_channels ch where ch.id = c.id and ch.organization_id = new.organization_id)) then
    raise exception 'Every channel must belong to this organization' using errcode = '23503';
  end if;
  return new;
end
$$;
comment on function public.alert_rules_before_write() is 'Checks an alert rule''s parameters, website and channels (same organization); sets creator, timestamps and is_default (only Tracklint''s defaults).';
create trigger alert_rules_before_write before insert or update on public.alert_rules
  for each row execute function public.alert_rules_before_write();

create or replace function public.alert_channels_before_write() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    new.created_by := auth.uid();
    new.created_at := now();
    new.is_default := coalesce(current_setting('tracklint.creating_alert_defaults', true), '') = 'on';
    new.secret_version := 1;
  else
    if new.organization_id is distinct from old.organization_id or new.kind is distinct from old.kind then
      raise exception 'A channel cannot change organization or kind; create a new one' using errcode = '42501';
    end if;
    new.created_by := old.created_by;
    new.created_at := old.created_at;
    new.is_default := old.is_default;
    -- Only rotate_alert_channel_secret moves the version, and only forward.
    if new.secret_version < old.secret_version then new.secret_version := old.secret_version; end if;
  end if;
  new.updated_at := now();
  if exists (select 1 from unnest(new.email_recipients) e(addr) where e.addr !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or char_length(e.addr) > 254) then
    raise exception 'Every recipient must be an email address' using errcode = '22023';
  end if;
  if new.kind <> 'email' and (cardinality(new.email_recipients) > 0 or new.email_members or new.daily_digest) then
    raise exception 'Only email channels have recipients' using errcode = '22023';
  end if;
  return new;
end
$$;
comment on function public.alert_channels_before_write() is 'Checks recipients; sets creator, timestamps and is_default; a channel keeps its organization and kind.';
create trigger alert_channels_before_write before insert or update on public.alert_channels
  for each row execute function public.alert_channels_before_write();

-- == row-level security ========================================================================
alter table public.website_hit_counters enable row level security;
alter table public.alert_channels enable row level security;
alter table public.alert_channel_targets enable row level security;
alter table public.alert_rules enable row level security;
alter table public.alerts enable row level security;
alter table public.alert_deliveries enable row level security;
alter table public.alert_evaluation_runs enable row level security;

revoke all on public.website_hit_counters, public.alert_channels, public.alert_channel_targets, public.alert_rules,
  public.alerts, public.alert_deliveries, public.alert_evaluation_runs from anon, authenticated;
grant select on public.website_hit_counters, public.alerts, public.alert_deliveries to authenticated;
grant select, insert, update, delete on public.alert_rules to authenticated;
-- Channels: no column holds a secret (targets live in alert_channel_targets), but is_default,
-- secret_version and the hint are the server's to set.
grant select, delete on public.alert_channels to authenticated;
grant insert (organization_id, name, kind, email_recipients, email_members, daily_digest, enabled) on public.alert_channels to authenticated;
grant update (name, email_recipients, email_members, daily_digest, enabled) on public.alert_channels to authenticated;
grant all on public.website_hit_counters, public.alert_channels, public.alert_channel_targets, public.alert_rules,
  public.alerts, public.alert_deliveries, public.alert_evaluation_runs to service_role;

create policy "Members can read their websites' hit counters" on public.website_hit_counters
  for select to authenticated using (public.has_org_role(organization_id, 'viewer'));

create policy "Members can read their organization's alert channels" on public.alert_channels
  for select to authenticated using (public.has_org_role(organization_id, 'viewer'));
create policy "Admins can add email channels, and Slack and webhooks with custom_alerts" on public.alert_channels
  for insert to authenticated with check (public.has_org_role(organization_id, 'admin')
    and (kind = 'email' or public.organization_has_feature(organization_id, 'custom_alerts')));
create policy "Admins can change alert channels" on public.alert_channels
  for update to authenticated using (public.has_org_role(organization_id, 'admin')) with check (public.has_org_role(organization_id, 'admin'));
create policy "Admins can delete alert channels" on public.alert_channels
  for delete to authenticated using (public.has_org_role(organization_id, 'admin'));

create policy "Members can read their organization's alert rules" on public.alert_rules
  for select to authenticated using (public.has_org_role(organization_id, 'viewer'));
create policy "Admins can create alert rules on plans with custom_alerts" on public.alert_rules
  for insert to authenticated with check (public.has_org_role(organization_id, 'admin') and public.organization_has_feature(organization_id, 'custom_alerts'));
create policy "Admins can change alert rules" on public.alert_rules
  for update to authenticated using (public.has_org_role(organization_id, 'admin')) with check (public.has_org_role(organization_id, 'admin'));
create policy "Admins can delete alert rules" on public.alert_rules
  for delete to authenticated using (public.has_org_role(organization_id, 'admin'));

create policy "Members can read their organization's alerts" on public.alerts
  for select to authenticated using (public.has_org_role(organization_id, 'viewer'));
create policy "Members can read their organization's alert deliveries" on public.alert_deliveries
  for select to authenticated using (public.has_org_role(organization_id, 'viewer'));

-- == functions for people ======================================================================
create or replace function public.set_alert_channel_target(channel_id uuid, url_encrypted text, url_hint text) returns void
language plpgsql security definer set search_path = '' as $$
declare
  ch public.alert_channels;
begin
  select * into ch from public.alert_channels c where c.id = set_alert_channel_target.channel_id;
  if ch.id is null or not (public.is_service_role() or public.has_org_role(ch.organization_id, 'viewer')) then
    raise exception 'Channel not found' using errcode = 'P0002';
  end if;
  if not (public.is_service_role() or public.has_org_role(ch.organization_id, 'admin')) then
    raise exception 'Only owners and admins can change alert channels' using errcode = '42501';
  end if;
  if ch.kind = 'email' then
    raise exception 'Email channels have no URL' using errcode = '22023';
  end if;
  if not public.organization_has_feature(ch.organization_id, 'custom_alerts') then
    raise exception 'Slack and webhook channels need a plan with custom alerts' using errcode = '42501';
  end if;
  insert into public.alert_channel_targets (channel_id, organization_id, url_encrypted, updated_at)
  values (ch.id, ch.organization_id, url_encrypted, now())
  on conflict on constraint alert_channel_targets_pkey do update set url_encrypted = excluded.url_encrypted, updated_at = now();
  update public.alert_channels c set target_hint = left(url_hint, 80), updated_at = now() where c.id = ch.id;
end
$$;
comment on function public.set_alert_channel_target(uuid, text, text) is 'Stores a Slack or webhook channel''s URL, encrypted by the server, and its display hint (owners and admins, plans with custom_alerts). The server''s /api/alerts/channels routes call it; the URL is never readable again.';
revoke execute on function public.set_alert_channel_target(uuid, text, text) from public, anon;
grant execute on function public.set_alert_channel_target(uuid, text, text) to authenticated, service_role;

create or replace function public.rotate_alert_channel_secret(channel_id uuid) returns int
language plpgsql security definer set search_path = '' as $$
declare
  ch public.alert_channels;
begin
  select * into ch from public.alert_channels c where c.id = rotate_alert_channel_secret.channel_id;
  if ch.id is null or not (public.is_service_role() or public.has_org_role(ch.organization_id, 'viewer')) then
    raise exception 'Channel not found' using errcode = 'P0002';
  end if;
  if not (public.is_service_role() or public.has_org_role(ch.organization_id, 'admin')) then
    raise exception 'Only owners and admins can change alert channels' using errcode = '42501';
  end if;
  update public.alert_channels c set secret_version = c.secret_version + 1 where c.id = ch.id returning c.secret_version into ch.secret_version;
  return ch.secret_version;
end
$$;
comment on function public.rotate_alert_channel_secret(uuid) is 'Invalidates a webhook channel''s signing secret (owners and admins); the server shows the new one once.';
revoke execute on function public.rotate_alert_channel_secret(uuid) from public, anon;
grant execute on function public.rotate_alert_channel_secret(uuid) to authenticated, service_role;

create or replace function public.acknowledge_alert(alert_id uuid) returns public.alerts
language plpgsql security definer set search_path = '' as $$
declare
  a public.alerts;
begin
  select * into a from public.alerts x where x.id = acknowledge_alert.alert_id for update;
  if a.id is null or not public.has_org_role(a.organization_id, 'viewer') then
    raise exception 'Alert not found' using errcode = 'P0002';
  end if;
  if not public.has_org_role(a.organization_id, 'admin') then
    raise exception 'Only owners and admins can acknowledge alerts' using errcode = '42501';
  end if;
  if a.status <> 'open' then
    raise exception 'Only an open alert can be acknowledged (this one is %)', a.status using errcode = 'P0001';
  end if;
  update public.alerts x set status = 'acknowledged', acknowledged_at = now(), acknowledged_by = auth.uid()
  where x.id = a.id returning * into a;
  return a;
end
$$;
comment on function public.acknowledge_alert(uuid) is 'Marks an open alert as acknowledged by the caller (owners and admins). It still resolves automatically when the condition clears.';
revoke execute on function public.acknowledge_alert(uuid) from public, anon;
grant execute on function public.acknowledge_alert(uuid) to authenticated;

create or replace function public.queue_alert_notifications(alert_id uuid, alert_event text) returns setof uuid
language sql security definer set search_path = '' as $$
  -- Channels of the alert's rule that are enabled and allowed on the plan (Slack and webhooks need custom_alerts).
  with a as (
    select x.id, x.organization_id, r.channel_ids from public.alerts x join public.alert_rules r on r.id = x.rule_id where x.id = queue_alert_notifications.alert_id
  ), ins as (
    insert into public.alert_deliveries (organization_id, alert_id, channel_id, event)
    select a.organization_id, a.id, ch.id, alert_event
    from a join public.alert_channels ch on ch.id = any(a.channel_ids) and ch.organization_id = a.organization_id
    join public.organizations o on o.id = a.organization_id
    where ch.enabled and (ch.kind = 'email' or public.plan_rank(o.plan) >= public.plan_rank(public.feature_required_plan('custom_alerts')))
    returning id
  )
  select id from ins
$$;
comment on function public.queue_alert_notifications(uuid, text) is 'Queues one pending delivery per channel of the alert''s rule and returns their ids (the server''s dispatcher sends them). Server and alert functions only.';
revoke execute on function public.queue_alert_notifications(uuid, text) from public, anon, authenticated;
grant execute on function public.queue_alert_notifications(uuid, text) to service_role;

create or replace function public.resolve_alert(alert_id uuid) returns public.alerts
language plpgsql security definer set search_path = '' as $$
declare
  a public.alerts;
begin
  select * into a from public.alerts x where x.id = resolve_alert.alert_id for update;
  if a.id is null or not public.has_org_role(a.organization_id, 'viewer') then
    raise exception 'Alert not found' using errcode = 'P0002';
  end if;
  if not public.has_org_role(a.organization_id, 'admin') then
    raise exception 'Only owners and admins can resolve alerts' using errcode = '42501';
  end if;
  if a.status = 'resolved' then
    raise exception 'This alert is already resolved' using errcode = 'P0001';
  end if;
  update public.alerts x set status = 'resolved', resolved_at = now(), resolved_by = auth.uid(), resolution = 'manual'
  where x.id = a.id returning * into a;
  perform public.queue_alert_notifications(a.id, 'resolved');
  return a;
end
$$;
comment on function public.resolve_alert(uuid) is 'Resolves an alert by hand (owners and admins) and queues the resolve notifications. If the condition still holds, the next evaluation opens a new alert.';
revoke execute on function public.resolve_alert(uuid) from public, anon;
grant execute on function public.resolve_alert(uuid) to authenticated;

-- == default rules with every website ==========================================================
create or replace function public.create_default_alert_rules(org_id uuid, site_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  channel uuid;
begin
  perform set_config('tracklint.creating_alert_defaults', 'on', true);
  select c.id into channel from public.alert_channels c where c.organization_id = org_id and c.is_default order by c.created_at limit 1;
  if channel is null then
    insert into public.alert_channels (organization_id, name, kind, email_members)
    values (org_id, 'Email to owners and admins', 'email', true) returning id into channel;
  end if;
  insert into public.alert_rules (organization_id, website_id, name, kind, params, severity, channel_ids) values
    (org_id, site_id, 'Failure rate above 20%', 'failure_rate', '{"threshold_pct": 20, "window_minutes": 60, "min_requests": 20}', 'critical', array[channel]),
    (org_id, site_id, 'A rule starts failing', 'rule_failing', '{"rule_id": null, "min_count": 5, "window_hours": 1}', 'warning', array[channel]),
    (org_id, site_id, 'Tracking is down: no hits for 60 minutes', 'no_hits', '{"minutes": 60}', 'critical', array[channel]),
    (org_id, site_id, 'Hits below half of the same hour last week', 'volume_drop', '{"min_share_pct": 50, "min_baseline": 20}', 'warning', array[channel]),
    (org_id, site_id, 'Hits refused by the collector', 'refused_hits', '{"reasons": [], "threshold": 10, "window_minutes": 60}', 'warning', array[channel]);
  if not exists (select 1 from public.alert_rules r where r.organization_id = org_id and r.kind = 'usage' and r.is_default) then
    insert into public.alert_rules (organization_id, website_id, name, kind, params, severity, channel_ids) values
      (org_id, null, 'Usage near or over the plan''s limits', 'usage', '{"thresholds": [0.8, 0.9, 1], "metrics": ["monthly_requests"]}', 'warning', array[channel]);
  end if;
  perform set_config('tracklint.creating_alert_defaults', '', true);
end
$$;
comment on function public.create_default_alert_rules(uuid, uuid) is 'The default alert rules of a new website (failure rate, rule starts failing, no hits, volume drop, refused hits), the organization''s usage rule, and the default email channel to owners and admins.';
revoke execute on function public.create_default_alert_rules(uuid, uuid) from public, anon, authenticated;

create or replace function public.websites_after_insert_alert_rules() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform public.create_default_alert_rules(new.organization_id, new.id);
  return null;
end
$$;
comment on function public.websites_after_insert_alert_rules() is 'Gives every new website the default alert rules.';
create trigger websites_after_insert_alert_rules after insert on public.websites
  for each row execute function public.websites_after_insert_alert_rules();

-- Websites that existed before alert rules get the defaults too.
select public.create_default_alert_rules(w.organization_id, w.id) from public.websites w order by w.created_at;
