-- Public API v1 (issue 27): API keys with scopes and an optional website restriction, how row-level
-- security sees a key, the per-key rate-limit counters shared by every server process, and the
-- audit trail of writes made through the API.
--
-- How RLS sees a key. A request authenticated with an API key runs as the `authenticated` role with
-- claims {"role":"authenticated","api_key_id":"<id>"} and NO `sub`: the key is not its creator, so
-- it never inherits the creator's memberships in other organizations. has_org_role() (the one
-- helper every policy calls) gains a second branch for such claims: it looks the key up itself
-- (security definer) and answers from the key's organization, its revocation, its scopes (read ->
-- viewer rights, write -> admin rights, never owner) and the plan's api_access feature. The server
-- checks the same things first to give precise errors; the database decides again on every row.
-- A key limited to some websites is held to them by restrictive policies on every table with a
-- website column the API reads or writes.

-- ============================================================================
-- Tables
-- ============================================================================

alter table public.api_keys
  -- Keys made before scopes existed authenticated only the collector: they stay collect keys.
  add column scopes text[] not null default '{collect}'
    check (cardinality(scopes) between 1 and 3 and scopes <@ array['read', 'write', 'collect']::text[]),
  -- null: every website of the organization.
  add column website_ids uuid[] check (website_ids is null or cardinality(website_ids) between 1 and 100);
comment on column public.api_keys.scopes is 'What the key may do: read (API reads, viewer rights), write (API writes, admin rights; implies read), collect (Measurement Protocol api_secret).';
comment on column public.api_keys.website_ids is 'The websites the key is limited to; null for all of the organization''s websites.';
grant select (scopes, website_ids) on public.api_keys to authenticated;

create table public.api_rate_windows (
  subject text not null check (char_length(subject) <= 100),
  window_start timestamptz not null,
  count int not null default 0 check (count >= 0),
  primary key (subject, window_start)
);
comment on table public.api_rate_windows is 'Requests per API subject (a key or a user) per one-minute window, shared by every server process. Server only; windows older than an hour are pruned.';

create table public.api_audit_log (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations(id) on delete cascade,
  -- The key that made the change (null when a member's session token did).
  api_key_id uuid references public.api_keys(id) on delete set null,
  user_id uuid references auth.users(id) on delete set null,
  action text not null check (char_length(action) between 1 and 100),
  target_id text check (char_length(target_id) <= 100),
  created_at timestamptz not null default now()
);
comment on table public.api_audit_log is 'Every write made through /api/v1, with the key (or member) that made it. Written by record_api_write in the same transaction as the change; owners and admins read it.';
create index api_audit_log_org_time_idx on public.api_audit_log (organization_id, created_at desc);
create index api_audit_log_key_idx on public.api_audit_log (api_key_id, created_at desc);

-- ============================================================================
-- Functions
-- ============================================================================

create or replace function tracklint_private.request_api_key_id() returns uuid
language sql stable set search_path = '' as $$
  select nullif(nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'api_key_id', '')::uuid
$$;
comment on function tracklint_private.request_api_key_id() is 'The API key a request was authenticated with (claim api_key_id), or null for users and the service role.';

create or replace function tracklint_private.api_key_website_ids() returns uuid[]
language sql stable security definer set search_path = '' as $$
  select k.website_ids from public.api_keys k where k.id = (select tracklint_private.request_api_key_id())
$$;
comment on function tracklint_private.api_key_website_ids() is 'The websites the calling API key is limited to; null when the caller is not a key or the key has no limit. For restrictive policies.';

create or replace function public.has_org_role(org_id uuid, min_role text default 'viewer') returns boolean
language sql stable security definer set search_path = '' as $$
  select case when (select tracklint_private.request_api_key_id()) is null then exists (
    select 1 from public.user_organizations m
    where m.organization_id = org_id
      and m.user_id = (select auth.uid())
      and m.status = 'active'
      and public.org_role_rank(m.role) >= public.org_role_rank(min_role)
      -- Reading is never taken away; changing needs a seat on the current plan.
      and (min_role = 'viewer' or m.role = 'owner' or tracklint_private.member_within_plan(org_id, m.user_id))
  ) else exists (
    select 1 from public.api_keys k join public.organizations o on o.id = k.organization_id
    where k.id = (select tracklint_private.request_api_key_id())
      and k.organization_id = org_id
      and k.revoked_at is null
      and case min_role
        when 'viewer' then k.scopes && array['read', 'write']::text[]
        when 'member' then 'write' = any(k.scopes)
        when 'admin' then 'write' = any(k.scopes)
        else false
      end
      -- The plan gate read directly: organization_has_feature asks has_org_role, which would recurse.
      and public.plan_rank(tracklint_private.effective_plan(o)) >= public.plan_rank(public.feature_required_plan('api_access'))
  ) end
$$;
comment on function public.has_org_role(uuid, text) is 'The one place that decides whether the caller has at least min_role in org_id. A user: by active membership (above viewer only with a seat on the effective plan). An API key (claim api_key_id): the key''s organization only, not revoked, plan with api_access, read scope = viewer, write scope = admin, never owner. Every policy calls it.';

create or replace function public.readable_org_ids() returns uuid[]
language sql stable security definer set search_path = '' as $$
  select case when (select tracklint_private.request_api_key_id()) is null then (
    select coalesce(array_agg(m.organization_id), '{}')
    from public.user_organizations m
    where m.user_id = (select auth.uid())
      and public.has_org_role(m.organization_id, 'viewer')
  ) else (
    select coalesce(array_agg(k.organization_id), '{}')
    from public.api_keys k
    where k.id = (select tracklint_private.request_api_key_id())
      and public.has_org_role(k.organization_id, 'viewer')
  ) end
$$;
comment on function public.readable_org_ids() is 'The organizations the caller (user or API key) may read: exactly those for which has_org_role(org_id, ''viewer'') holds. For policies, as organization_id = any ((select public.readable_org_ids())::uuid[]), evaluated once per query.';

create or replace function public.create_scoped_api_key(org_id uuid, key_name text, key_scopes text[], key_website_ids uuid[] default null) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  secret text;
  created public.api_keys;
begin
  if (select tracklint_private.request_api_key_id()) is not null then
    raise exception 'API keys cannot create API keys' using errcode = '42501';
  end if;
  if not public.has_org_role(org_id, 'admin') then
    raise exception 'Only owners and admins can create API keys' using errcode = '42501';
  end if;
  if not public.organization_has_feature(org_id, 'api_access') then
    raise exception 'API keys need the Pro plan. Upgrade to create one.' using errcode = 'P0001';
  end if;
  if key_name is null or char_length(btrim(key_name)) not between 1 and 100 then
    raise exception 'Give the API key a name of 1 to 100 characters' using errcode = '22023', detail = 'name';
  end if;
  if key_scopes is null or cardinality(key_scopes) not between 1 and 3 or not key_scopes <@ array['read', 'write', 'collect']::text[] then
    raise exception 'Choose the key''s scopes among read, write and collect' using errcode = '22023', detail = 'scopes';
  end if;
  if key_website_ids is not null and (cardinality(key_website_ids) not between 1 and 100 or exists (
      select 1 from unnest(key_website_ids) w(id)
      where not exists (select 1 from public.websites s where s.id = w.id and s.organization_id = org_id))) then
    raise exception 'Limit the key to 1 to 100 websites of this organization' using errcode = '22023', detail = 'website_ids';
  end if;
  -- 256 random bits from two v4 UUIDs (gen_random_uuid uses the strong random source).
  secret := 'tlk_' || replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');
  insert into public.api_keys (organization_id, name, key_prefix, key_hash, created_by, scopes, website_ids)
  values (org_id, btrim(key_name), left(secret, 12), encode(sha256(convert_to(secret, 'UTF8')), 'hex'), auth.uid(),
          (select array_agg(distinct s order by s) from unnest(key_scopes) s),
          (select array_agg(distinct w) from unnest(key_website_ids) w))
  returning * into created;
  return jsonb_build_object('id', created.id, 'name', created.name, 'key_prefix', created.key_prefix, 'created_at', created.created_at,
    'scopes', created.scopes, 'website_ids', created.website_ids, 'key', secret);
end
$$;
comment on function public.create_scoped_api_key(uuid, text, text[], uuid[]) is 'Creates an API key with scopes (read, write, collect) and optionally limited to some websites (owners and admins, plans with api_access) and returns it once; only its hash is kept.';

-- The keys page's old entry point makes what it always made, a collect key, through the one creator.
create or replace function public.create_api_key(org_id uuid, key_name text) returns jsonb
language sql volatile security definer set search_path = '' as $$
  select public.create_scoped_api_key(org_id, key_name, array['collect']::text[], null)
$$;
comment on function public.create_api_key(uuid, text) is 'Creates a collect-scope API key (as before scopes existed) through create_scoped_api_key and returns it once.';

create or replace function public.record_api_write(org_id uuid, write_action text, write_target text) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if not public.has_org_role(org_id, 'member') then
    raise exception 'Not allowed' using errcode = '42501';
  end if;
  insert into public.api_audit_log (organization_id, api_key_id, user_id, action, target_id)
  values (org_id, (select tracklint_private.request_api_key_id()), auth.uid(), left(write_action, 100), left(write_target, 100));
end
$$;
comment on function public.record_api_write(uuid, text, text) is 'Records a write made through /api/v1 with the calling key or user, in the caller''s transaction.';

create or replace function public.api_take_request(rate_subject text, rate_window timestamptz) returns int
language sql volatile security definer set search_path = '' as $$
  insert into public.api_rate_windows as w (subject, window_start, count) values (rate_subject, rate_window, 1)
  on conflict (subject, window_start) do update set count = w.count + 1
  returning count
$$;
comment on function public.api_take_request(text, timestamptz) is 'Counts one API request for a subject in a one-minute window and returns the window''s count so far (atomic across server processes).';

create or replace function public.api_prune_rate_windows() returns int
language plpgsql volatile security definer set search_path = '' as $$
declare
  n int;
begin
  delete from public.api_rate_windows where window_start < now() - interval '1 hour';
  get diagnostics n = row_count;
  return n;
end
$$;
comment on function public.api_prune_rate_windows() is 'Deletes API rate-limit windows older than an hour.';

revoke execute on function tracklint_private.request_api_key_id(), tracklint_private.api_key_website_ids() from public, anon;
grant execute on function tracklint_private.request_api_key_id(), tracklint_private.api_key_website_ids() to authenticated, service_role;
revoke execute on function public.create_scoped_api_key(uuid, text, text[], uuid[]), public.record_api_write(uuid, text, text) from public, anon;
grant execute on function public.create_scoped_api_key(uuid, text, text[], uuid[]), public.record_api_write(uuid, text, text) to authenticated, service_role;
revoke execute on function public.api_take_request(text, timestamptz), public.api_prune_rate_windows() from public, anon, authenticated;
grant execute on function public.api_take_request(text, timestamptz), public.api_prune_rate_windows() to service_role;

-- ============================================================================
-- Row-level security
-- ============================================================================

alter table public.api_rate_windows enable row level security;
alter table public.api_audit_log enable row level security;
revoke all on public.api_rate_windows, public.api_audit_log from anon, authenticated;
grant select on public.api_audit_log to authenticated;
grant all on public.api_rate_windows, public.api_audit_log to service_role;
-- api_rate_windows: no policy on purpose; only the server reads and writes it.
create policy "Admins can read their organization's API audit log" on public.api_audit_log
  for select to authenticated using (public.has_org_role(organization_id, 'admin'));

-- A key limited to some websites sees and changes only those (restrictive: on top of the others).
create policy "A website-limited API key sees only its websites" on public.websites
  as restrictive for all to authenticated
  using ((select tracklint_private.api_key_website_ids()) is null or id = any ((select tracklint_private.api_key_website_ids())::uuid[]))
  with check ((select tracklint_private.api_key_website_ids()) is null or id = any ((select tracklint_private.api_key_website_ids())::uuid[]));
create policy "A website-limited API key reads only its websites' requests" on public.collected_requests
  as restrictive for select to authenticated
  using ((select tracklint_private.api_key_website_ids()) is null or website_id = any ((select tracklint_private.api_key_website_ids())::uuid[]));
create policy "A website-limited API key reads only its websites' rollups" on public.website_hourly_rollups
  as restrictive for select to authenticated
  using ((select tracklint_private.api_key_website_ids()) is null or website_id = any ((select tracklint_private.api_key_website_ids())::uuid[]));
create policy "A website-limited API key sees only its websites' alerts" on public.alerts
  as restrictive for all to authenticated
  using ((select tracklint_private.api_key_website_ids()) is null or website_id = any ((select tracklint_private.api_key_website_ids())::uuid[]))
  with check ((select tracklint_private.api_key_website_ids()) is null or website_id = any ((select tracklint_private.api_key_website_ids())::uuid[]));
create policy "A website-limited API key sees only its websites' alert rules" on public.alert_rules
  as restrictive for all to authenticated
  using ((select tracklint_private.api_key_website_ids()) is null or website_id = any ((select tracklint_private.api_key_website_ids())::uuid[]))
  with check ((select tracklint_private.api_key_website_ids()) is null or website_id = any ((select tracklint_private.api_key_website_ids())::uuid[]));
create policy "A website-limited API key sees only its websites' custom rules" on public.custom_rules
  as restrictive for all to authenticated
  using ((select tracklint_private.api_key_website_ids()) is null or website_id = any ((select tracklint_private.api_key_website_ids())::uuid[]))
  with check ((select tracklint_private.api_key_website_ids()) is null or website_id = any ((select tracklint_private.api_key_website_ids())::uuid[]));
create policy "A website-limited API key sees only its websites' rule settings" on public.website_rule_settings
  as restrictive for all to authenticated
  using ((select tracklint_private.api_key_website_ids()) is null or website_id = any ((select tracklint_private.api_key_website_ids())::uuid[]))
  with check ((select tracklint_private.api_key_website_ids()) is null or website_id = any ((select tracklint_private.api_key_website_ids())::uuid[]));
