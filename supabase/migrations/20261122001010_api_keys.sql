-- Organization API keys, e.g. to authenticate Measurement Protocol requests to the collector
-- (api_secret=tlk_…). Only a SHA-256 hash of each key is stored; the key is shown once, when created.

-- == tables =================================================================
create table public.api_keys (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations(id) on delete cascade,
  name text not null check (char_length(btrim(name)) between 1 and 100),
  -- The key's first characters, shown in lists so people can tell keys apart.
  key_prefix text not null,
  -- Hex SHA-256 of the whole key. Never readable through the data API.
  key_hash text not null unique,
  created_by uuid references auth.users(id) on delete set null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
comment on table public.api_keys is 'API keys of an organization (hashed). Owners and admins create, list and revoke them; the collector accepts them as the Measurement Protocol api_secret.';
create index api_keys_org_idx on public.api_keys (organization_id, created_at desc);

-- == row-level security =====================================================
alter table public.api_keys enable row level security;
revoke all on public.api_keys from anon, authenticated;
-- Column grant: the hash stays out of reach even for admins.
grant select (id, organization_id, name, key_prefix, created_by, created_at, last_used_at, revoked_at) on public.api_keys to authenticated;
grant all on public.api_keys to service_role;

create policy "Admins can list their organization's API keys" on public.api_keys
  for select to authenticated using (public.has_org_role(organization_id, 'admin'));

-- == functions ==============================================================
create or replace function public.create_api_key(org_id uuid, key_name text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  secret text;
  created public.api_keys;
begin
  if not public.has_org_role(org_id, 'admin') then
    raise exception 'Only owners and admins can create API keys' using errcode = '42501';
  end if;
  if not public.organization_has_feature(org_id, 'api_access') then
    raise exception 'API keys need the Pro plan. Upgrade to create one.' using errcode = 'P0001';
  end if;
  if key_name is null or char_length(btrim(key_name)) not between 1 and 100 then
    raise exception 'Give the API key a name of 1 to 100 characters' using errcode = '22023';
  end if;
  -- 256 random bits from two v4 UUIDs (gen_random_uuid uses the strong random source).
  secret := 'tlk_' || replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');
  insert into public.api_keys (organization_id, name, key_prefix, key_hash, created_by)
  values (org_id, btrim(key_name), left(secret, 12), encode(sha256(convert_to(secret, 'UTF8')), 'hex'), auth.uid())
  returning * into created;
  return jsonb_build_object('id', created.id, 'name', created.name, 'key_prefix', created.key_prefix, 'created_at', created.created_at, 'key', secret);
end
$$;
comment on function public.create_api_key(uuid, text) is 'Creates an API key for an organization (owners and admins, plans with api_access) and returns it once; only its hash is kept.';

create or replace function public.revoke_api_key(key_id uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  org uuid;
begin
  select organization_id into org from public.api_keys where id = key_id;
  if org is null or not public.has_org_role(org, 'admin') then
    raise exception 'API key not found' using errcode = 'P0002';
  end if;
  update public.api_keys set revoked_at = coalesce(revoked_at, now()) where id = key_id;
end
$$;
comment on function public.revoke_api_key(uuid) is 'Revokes an API key of an organization the caller administers; the collector stops accepting it within its cache time (30 s).';

revoke execute on function public.create_api_key(uuid, text), public.revoke_api_key(uuid) from public, anon;
grant execute on function public.create_api_key(uuid, text), public.revoke_api_key(uuid) to authenticated, service_role;
