-- The collector's storage: the requests log and its issues (both partitioned by day), hourly
-- rollups per website, usage refusals, idempotency keys and the history the engine's rules read.
-- Only the server (superuser / service role) writes here; members of the owning organization read
-- the log, the issues, the rollups and the usage events through row-level security.

-- == partitions live outside the API schema =================================
-- Daily partitions are an implementation detail: keeping them out of `public` keeps them out of
-- the data API, so every read goes through the parent tables and their policies.
create schema if not exists collector_partitions;
comment on schema collector_partitions is 'Daily partitions of the collector''s requests log and issues. Not exposed through the data API.';
revoke all on schema collector_partitions from public;

-- == tables =================================================================
create table public.collected_requests (
  id uuid not null,
  received_at timestamptz not null,
  organization_id uuid not null,
  website_id uuid not null,
  -- Chosen by the sender (the tracker, one per mirrored request); null for senders that give none.
  idempotency_key text,
  format text not null check (format in ('gtag', 'mp')),
  endpoint text not null,
  method text not null,
  -- How the copy reached Tracklint: mirrored by the tracker, sent straight to /g/collect, or Measurement Protocol.
  source text not null check (source in ('tracker', 'gtag_direct', 'measurement_protocol')),
  measurement_id text,
  client_id text,
  user_id text,
  origin_host text,
  event_count int not null,
  event_names text[] not null,
  status text not null check (status in ('pass', 'warning', 'fail')),
  error_count int not null,
  warning_count int not null,
  info_count int not null,
  -- Decoded events in a compact form: [{ name, params, items?, user_properties? }].
  events jsonb not null,
  -- The engine's findings: [{ ruleId, severity, family, path, message, eventIndex?, eventName? }].
  issues jsonb not null,
  -- The request as received (URL and body), so it can be decoded again in full.
  url text not null,
  body text,
  user_agent text,
  primary key (id, received_at)
) partition by range (received_at);
comment on table public.collected_requests is 'The requests log: every accepted GA4 request, decoded and validated, partitioned by day. Members of the owning organization read it; only the collector writes it.';
create index collected_requests_website_time_idx on public.collected_requests (website_id, received_at desc);
-- The log page also reads across every website of an organization.
create index collected_requests_org_time_idx on public.collected_requests (organization_id, received_at desc);

create table public.collected_request_issues (
  request_id uuid not null,
  received_at timestamptz not null,
  organization_id uuid not null,
  website_id uuid not null,
  rule_id text not null,
  severity text not null check (severity in ('error', 'warning', 'info')),
  event_index int
) partition by range (received_at);
comment on table public.collected_request_issues is 'One row per finding of a logged request, to filter the log by rule (path and message are in collected_requests.issues). Partitioned by day like collected_requests.';
-- Rule filters run per organization, optionally narrowed to a website: one index serves both.
create index collected_request_issues_org_rule_idx on public.collected_request_issues (organization_id, rule_id, received_at desc);

create table public.website_hourly_rollups (
  organization_id uuid not null,
  website_id uuid not null,
  hour timestamptz not null,
  -- requests: value 'all'; status: pass/warning/fail; format: gtag/mp; event_name: the event; rule: a rule id; severity: error/warning/info.
  dimension text not null check (dimension in ('requests', 'status', 'format', 'event_name', 'rule', 'severity')),
  value text not null,
  count bigint not null check (count >= 0),
  primary key (website_id, hour, dimension, value)
);
comment on table public.website_hourly_rollups is 'Counts per website per UTC hour (requests, by status, format, event name, rule and severity), kept up to date as hits are stored so dashboards never scan the log.';
create index website_hourly_rollups_org_hour_idx on public.website_hourly_rollups (organization_id, hour desc);

create table public.organization_usage_events (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations(id) on delete cascade,
  month date not null,
  kind text not null check (kind in ('monthly_requests_limit_reached')),
  limit_value bigint,
  refused_requests bigint not null default 0 check (refused_requests >= 0),
  first_occurred_at timestamptz not null default now(),
  last_occurred_at timestamptz not null default now(),
  unique (organization_id, month, kind)
);
comment on table public.organization_usage_events is 'Usage events the collector raised, e.g. requests refused because the monthly limit was reached: one row per organization, month and kind, with how many were refused.';

create table public.collector_idempotency_keys (
  website_id uuid not null,
  idempotency_key text not null,
  seen_on date not null,
  primary key (website_id, idempotency_key, seen_on)
) partition by range (seen_on);
comment on table public.collector_idempotency_keys is 'Keys of recently stored hits (today and yesterday, UTC), so a hit retried after a lost acknowledgement is stored once. Daily partitions, dropped after two days. Server only.';

create table public.collector_history (
  website_id uuid not null,
  -- The engine's history key (scoped by measurement id, e.g. `txn|G-XXXX|T-1001`).
  key text not null,
  value jsonb not null,
  expires_at timestamptz not null,
  updated_at timestamptz not null default now(),
  primary key (website_id, key)
);
comment on table public.collector_history is 'What the engine''s history rules remember per website (transaction ids already seen, session and consent state), backing the collector''s bounded in-memory cache. Short-lived records stay in memory only. Server only.';
create index collector_history_expires_idx on public.collector_history (expires_at);

-- == row-level security =====================================================
alter table public.collected_requests enable row level security;
alter table public.collected_request_issues enable row level security;
alter table public.website_hourly_rollups enable row level security;
alter table public.organization_usage_events enable row level security;
alter table public.collector_idempotency_keys enable row level security;
alter table public.collector_history enable row level security;

-- Members read; nobody but the server writes (no insert, update or delete grants to API roles).
revoke all on public.collected_requests, public.collected_request_issues, public.website_hourly_rollups,
  public.organization_usage_events, public.collector_idempotency_keys, public.collector_history from anon, authenticated;
grant select on public.collected_requests, public.collected_request_issues, public.website_hourly_rollups,
  public.organization_usage_events to authenticated;
grant all on public.collected_requests, public.collected_request_issues, public.website_hourly_rollups,
  public.organization_usage_events, public.collector_idempotency_keys, public.collector_history to service_role;

create policy "Members can read their organization's requests log" on public.collected_requests
  for select to authenticated using (public.has_org_role(organization_id, 'viewer'));
create policy "Members can read the issues of their organization's requests" on public.collected_request_issues
  for select to authenticated using (public.has_org_role(organization_id, 'viewer'));
create policy "Members can read their organization's hourly rollups" on public.website_hourly_rollups
  for select to authenticated using (public.has_org_role(organization_id, 'viewer'));
create policy "Members can read their organization's usage events" on public.organization_usage_events
  for select to authenticated using (public.has_org_role(organization_id, 'viewer'));

-- == partition maintenance ==================================================
create or replace function public.collector_ensure_partitions(days_ahead int default 3) returns int
language plpgsql security definer set search_path = '' as $$
declare
  d date;
  created int := 0;
  parent text;
  part text;
begin
  -- From yesterday (late hits around midnight) to days_ahead days from now, in UTC.
  for d in select generate_series((now() at time zone 'utc')::date - 1, (now() at time zone 'utc')::date + days_ahead, interval '1 day')::date loop
    foreach parent in array array['collected_requests', 'collected_request_issues'] loop
      part := parent || '_p' || to_char(d, 'YYYYMMDD');
      if to_regclass('collector_partitions.' || part) is null then
        -- toast_tuple_target at its maximum: typical rows (2-6 KB) stay inline and uncompressed,
        -- which spares the CPU pglz would spend on every insert (this build has no lz4).
        execute format(
          'create table collector_partitions.%I partition of public.%I for values from (%L) to (%L) with (toast_tuple_target = 8160)',
          part, parent, (d::timestamp at time zone 'utc'), ((d + 1)::timestamp at time zone 'utc'));
        -- Reads go through the parent's policies; RLS on the partition too, in case one is ever exposed.
        execute format('alter table collector_partitions.%I enable row level security', part);
        created := created + 1;
      end if;
    end loop;
    part := 'collector_idempotency_keys_p' || to_char(d, 'YYYYMMDD');
    if to_regclass('collector_partitions.' || part) is null then
      execute format('create table collector_partitions.%I partition of public.collector_idempotency_keys for values from (%L) to (%L)', part, d, d + 1);
      execute format('alter table collector_partitions.%I enable row level security', part);
      created := created + 1;
    end if;
  end loop;
  return created;
end
$$;
comment on function public.collector_ensure_partitions(int) is 'Creates the daily partitions of the requests log, its issues and the idempotency keys from yesterday to days_ahead days ahead (UTC). The collector calls it at start and hourly.';

create or replace function public.collector_apply_retention() returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  longest int;
  r record;
  dropped int := 0;
  deleted bigint := 0;
  n bigint;
  upper_bound timestamptz;
begin
  select max(retention_days) into longest from public.subscription_plan_limits;
  -- Whole days past their use: drop the partitions (cheap, no dead rows). The log and issues are
  -- kept for the longest plan retention, idempotency keys for two days.
  for r in
    select c.relname, i.inhparent = 'public.collector_idempotency_keys'::regclass as is_keys from pg_inherits i
    join pg_class c on c.oid = i.inhrelid
    join pg_namespace ns on ns.oid = c.relnamespace
    where ns.nspname = 'collector_partitions'
      and i.inhparent in ('public.collected_requests'::regclass, 'public.collected_request_issues'::regclass, 'public.collector_idempotency_keys'::regclass)
  loop
    upper_bound := (to_date(right(r.relname, 8), 'YYYYMMDD') + 1)::timestamp at time zone 'utc';
    if (r.is_keys and upper_bound < now() - interval '2 days')
       or (not r.is_keys and upper_bound < now() - make_interval(days => longest)) then
      execute format('drop table collector_partitions.%I', r.relname);
      dropped := dropped + 1;
    end if;
  end loop;
  -- Shorter plans: delete what is older than the organization's own retention.
  for r in select plan, retention_days from public.subscription_plan_limits where retention_days < longest loop
    delete from public.collected_request_issues x using public.organizations o
      where o.id = x.organization_id and o.plan = r.plan and x.received_at < now() - make_interval(days => r.retention_days);
    delete from public.collected_requests x using public.organizations o
      where o.id = x.organization_id and o.plan = r.plan and x.received_at < now() - make_interval(days => r.retention_days);
    get diagnostics n = row_count;
    deleted := deleted + n;
    delete from public.website_hourly_rollups x using public.organizations o
      where o.id = x.organization_id and o.plan = r.plan and x.hour < now() - make_interval(days => r.retention_days);
  end loop;
  delete from public.website_hourly_rollups where hour < now() - make_interval(days => longest);
  delete from public.collector_history where expires_at < now();
  return jsonb_build_object('dropped_partitions', dropped, 'deleted_requests', deleted);
end
$$;
comment on function public.collector_apply_retention() is 'Applies each plan''s retention_days to the requests log, issues and rollups (drops whole partitions past the longest retention), drops idempotency-key partitions after two days and prunes expired history.';

revoke execute on function public.collector_ensure_partitions(int), public.collector_apply_retention() from public, anon, authenticated;
grant execute on function public.collector_ensure_partitions(int), public.collector_apply_retention() to service_role;

select public.collector_ensure_partitions(3);
