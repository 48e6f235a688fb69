-- Supabase's conventions for a self-hosted Postgres: the API roles, the auth schema and its helpers.
-- On a hosted Supabase project all of this already exists, so every statement is guarded and
-- this migration changes nothing there.

-- == roles ==================================================================
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
end
$$;

grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to service_role;
alter default privileges in schema public grant all on sequences to service_role;
alter default privileges in schema public grant execute on functions to anon, authenticated, service_role;

-- == auth schema (GoTrue's tables, only the columns Tracklint's auth service uses) ==
do $$
begin
  if exists (select 1 from pg_namespace where nspname = 'auth') then
    return;  -- hosted Supabase: GoTrue owns the auth schema
  end if;

  create schema auth;

  create table auth.users (
    instance_id uuid,
    id uuid primary key default gen_random_uuid(),
    aud varchar(255) not null default 'authenticated',
    role varchar(255) not null default 'authenticated',
    email varchar(255) unique,
    encrypted_password varchar(255) not null default '',
    email_confirmed_at timestamptz,
    confirmation_token varchar(255),
    confirmation_sent_at timestamptz,
    recovery_token varchar(255),
    recovery_sent_at timestamptz,
    email_change varchar(255),
    last_sign_in_at timestamptz,
    raw_app_meta_data jsonb not null default '{}'::jsonb,
    raw_user_meta_data jsonb not null default '{}'::jsonb,
    is_super_admin boolean,
    banned_until timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  );
  comment on table auth.users is 'Accounts of the auth service (GoTrue-compatible). Passwords are stored as scrypt hashes.';

  create table auth.sessions (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references auth.users(id) on delete cascade,
    aal text not null default 'aal1',
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    not_after timestamptz
  );
  comment on table auth.sessions is 'One row per sign-in; refresh tokens belong to a session and signing out ends it.';

  create table auth.refresh_tokens (
    id bigserial primary key,
    token varchar(255) not null unique,
    user_id uuid not null references auth.users(id) on delete cascade,
    session_id uuid not null references auth.sessions(id) on delete cascade,
    revoked boolean not null default false,
    parent varchar(255),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  );
  comment on table auth.refresh_tokens is 'Refresh tokens, stored as SHA-256 hashes. Each is used once: refreshing revokes it and issues a child.';
  create index refresh_tokens_session_idx on auth.refresh_tokens(session_id);

  create table auth.one_time_tokens (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references auth.users(id) on delete cascade,
    token_type text not null check (token_type in ('signup', 'recovery', 'magiclink', 'invite', 'email_change')),
    token_hash text not null unique,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null
  );
  comment on table auth.one_time_tokens is 'Email link and OTP tokens, stored hashed, each valid once until it expires.';

  execute $f$
    create function auth.uid() returns uuid language sql stable as $b$
      select nullif(coalesce(current_setting('request.jwt.claim.sub', true),
                             current_setting('request.jwt.claims', true)::jsonb ->> 'sub'), '')::uuid
    $b$
  $f$;
  execute $f$
    create function auth.role() returns text language sql stable as $b$
      select nullif(coalesce(current_setting('request.jwt.claim.role', true),
                             current_setting('request.jwt.claims', true)::jsonb ->> 'role'), '')::text
    $b$
  $f$;
  execute $f$
    create function auth.jwt() returns jsonb language sql stable as $b$
      select coalesce(nullif(current_setting('request.jwt.claims', true), ''), '{}')::jsonb
    $b$
  $f$;
  execute $f$
    create function auth.email() returns text language sql stable as $b$
      select auth.jwt() ->> 'email'
    $b$
  $f$;

  grant usage on schema auth to anon, authenticated, service_role;
  grant execute on function auth.uid(), auth.role(), auth.jwt(), auth.email() to anon, authenticated, service_role;
end
$$;
