-- The collector's keys (issue 8, section 6). The site key is public: it is in every page's script
-- tag, so it only admits browser hits from the website's origins. Measurement Protocol needs a
-- secret: an organization API key, or a per-website Measurement Protocol secret created here (like
-- GA4's per-stream API secrets). And every website has a hits-per-minute limit derived from its
-- plan, counted in Postgres so it holds across server processes.

-- ============================================================================
-- Tables
-- ============================================================================

create table public.website_mp_secrets (
  id uuid primary key default gen_random_uuid(),
  website_id uuid not null references public.websites(id) on delete cascade,
  organization_id uuid not null references public.organizations(id) on delete cascade,
  name text not null check (char_length(btrim(name)) between 1 and 100),
  -- The secret's first characters, shown in lists so people can tell secrets apart.
  secret_prefix text not null,
  -- Hex SHA-256 of the whole secret. Never readable through the data API.
  secret_hash text not null unique check (secret_hash ~ '^[0-9a-f]{64}$'),
  created_by uuid references auth.users(id) on delete set null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
comment on table public.website_mp_secrets is 'Measurement Protocol secrets of a website (api_secret=tlmp_…), stored hashed and shown once. Owners and admins create, list and revoke them; the collector accepts them on /mp/collect and /debug/mp/collect.';
create index website_mp_secrets_website_idx on public.website_mp_secrets (website_id, created_at desc);

alter table public.subscription_plan_limits
  add column max_hits_per_minute int not null default 100 check (max_hits_per_minute >= -1);
comment on column public.subscription_plan_limits.max_hits_per_minute is 'Hits one website may send per minute (-1 unlimited). Keeps a forger holding the public site key from burning the monthly quota in minutes.';
-- About 1% of the monthly allowance per minute at most (free: 100 minutes of flooding to use a month),
-- and far above what real sites send on each plan.
update public.subscription_plan_limits set max_hits_per_minute = case plan
  when 'free' then 100
  when 'starter' then 1000
  when 'pro' then 6000
  when 'enterprise' then 600000
end;

create table public.collector_rate_buckets (
  website_id uuid not null,
  minute timestamptz not null,
  -- Hits handed out to server processes for this minute; each process spends its share locally.
  granted int not null default 0 check (granted >= 0),
  primary key (website_id, minute)
);
comment on table public.collector_rate_buckets is 'Per-website, per-minute hit allowance shared by every collector process: processes claim slices of the plan''s max_hits_per_minute here. Server only; rows older than an hour are pruned.';

-- ============================================================================
-- Functions
-- ============================================================================

create or replace function public.create_mp_secret(target_website_id uuid, secret_name text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  site public.websites;
  secret text;
  created public.website_mp_secrets;
begin
  select * into site from public.websites w where w.id = target_website_id;
  if site.id is null or not public.has_org_role(site.organization_id, 'viewer') then
    raise exception 'Website not found' using errcode = 'P0002';
  end if;
  if not public.has_org_role(site.organization_id, 'admin') then
    raise exception 'Only owners and admins can create Measurement Protocol secrets' using errcode = '42501';
  end if;
  if secret_name is null or char_length(btrim(secret_name)) not between 1 and 100 then
    raise exception 'Give the secret a name of 1 to 100 characters' using errcode = '22023', detail = 'name';
  end if;
  if (select count(*) from public.website_mp_secrets s where s.website_id = site.id and s.revoked_at is null) >= 20 then
    raise exception 'A website can have at most 20 active Measurement Protocol secrets. Revoke one you no longer use first.' using errcode = 'P0001';
  end if;
  -- 256 random bits from two v4 UUIDs (gen_random_uuid uses the strong random source).
  secret := 'tlmp_' || replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');
  insert into public.website_mp_secrets (website_id, organization_id, name, secret_prefix, secret_hash, created_by)
  values (site.id, site.organization_id, btrim(secret_name), left(secret, 13), encode(sha256(convert_to(secret, 'UTF8')), 'hex'), auth.uid())
  returning * into created;
  return jsonb_build_object('id', created.id, 'website_id', created.website_id, 'name', created.name,
    'secret_prefix', created.secret_prefix, 'created_at', created.created_at, 'secret', secret);
end
$$;
comment on function public.create_mp_secret(uuid, text) is 'Creates a Measurement Protocol secret for a website (owners and admins) and returns it once; only its hash is kept.';

create or replace function public.revoke_mp_secret(secret_id uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  org uuid;
begin
  select s.organization_id into org from public.website_mp_secrets s where s.id = secret_id;
  if org is null or not public.has_org_role(org, 'viewer') then
    raise exception 'Measurement Protocol secret not found' using errcode = 'P0002';
  end if;
  if not public.has_org_role(org, 'admin') then
    raise exception 'Only owners and admins can revoke Measurement Protocol secrets' using errcode = '42501';
  end if;
  update public.website_mp_secrets set revoked_at = coalesce(revoked_at, now()) where id = secret_id;
end
$$;
comment on function public.revoke_mp_secret(uuid) is 'Revokes a website''s Measurement Protocol secret; the collector stops accepting it within its cache time (30 s).';

create or replace function public.website_mp_secrets_before_write() returns trigger
language plpgsql set search_path = '' as $$
begin
  -- The organization always follows the website, so policies on organization_id cannot be fooled.
  select w.organization_id into new.organization_id from public.websites w where w.id = new.website_id;
  if new.organization_id is null then
    raise exception 'Website not found' using errcode = '23503';
  end if;
  return new;
end
$$;
comment on function public.website_mp_secrets_before_write() is 'Derives a secret''s organization from its website.';
revoke execute on function public.website_mp_secrets_before_write() from public, anon, authenticated;
create trigger website_mp_secrets_before_write before insert or update on public.website_mp_secrets
  for each row execute function public.website_mp_secrets_before_write();

create or replace function public.collector_claim_hits(target_website_id uuid, bucket timestamptz, wanted int, per_minute int) returns int
language plpgsql volatile security definer set search_path = '' as $$
declare
  before_claim int;
begin
  if wanted <= 0 then
    return 0;
  end if;
  if per_minute = -1 then
    return wanted;
  end if;
  insert into public.collector_rate_buckets as b (website_id, minute, granted)
  values (target_website_id, bucket, 0)
  on conflict (website_id, minute) do nothing;
  -- The row lock serialises processes claiming for one website and minute.
  select b.granted into before_claim from public.collector_rate_buckets b
  where b.website_id = target_website_id and b.minute = bucket for update;
  update public.collector_rate_buckets b set granted = least(per_minute, before_claim + wanted)
  where b.website_id = target_website_id and b.minute = bucket;
  return greatest(0, least(per_minute, before_claim + wanted) - before_claim);
end
$$;
comment on function public.collector_claim_hits(uuid, timestamptz, int, int) is 'Hands a collector process up to wanted hits of a website''s allowance for one minute (per_minute total across processes); returns how many it got.';

create or replace function public.collector_prune_rate_buckets() returns int
language plpgsql volatile security definer set search_path = '' as $$
declare
  n int;
begin
  delete from public.collector_rate_buckets where minute < now() - interval '1 hour';
  get diagnostics n = row_count;
  return n;
end
$$;
comment on function public.collector_prune_rate_buckets() is 'Deletes rate-limit buckets older than an hour.';

revoke execute on function public.create_mp_secret(uuid, text), public.revoke_mp_secret(uuid) from public, anon;
grant execute on function public.create_mp_secret(uuid, text), public.revoke_mp_secret(uuid) to authenticated, service_role;
revoke execute on function public.collector_claim_hits(uuid, timestamptz, int, int), public.collector_prune_rate_buckets() from public, anon, authenticated;
grant execute on function public.collector_claim_hits(uuid, timestamptz, int, int), public.collector_prune_rate_buckets() to service_role;

-- ============================================================================
-- Row-level security
-- ============================================================================

alter table public.website_mp_secrets enable row level security;
alter table public.collector_rate_buckets enable row level security;

revoke all on public.website_mp_secrets, public.collector_rate_buckets from anon, authenticated;
-- Column grant: the hash stays out of reach even for admins.
grant select (id, website_id, organization_id, name, secret_prefix, created_by, created_at, last_used_at, revoked_at)
  on public.website_mp_secrets to authenticated;
grant all on public.website_mp_secrets, public.collector_rate_buckets to service_role;

create policy "Admins can list their websites' Measurement Protocol secrets" on public.website_mp_secrets
  for select to authenticated using (public.has_org_role(organization_id, 'admin'));
-- collector_rate_buckets: no policy on purpose; only the server reads and writes it.
