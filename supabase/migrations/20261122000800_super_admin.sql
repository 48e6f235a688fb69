-- The super-admin area's own accounts, sessions, MFA challenges and audit trail.
--
-- Who is a super admin: an auth.users account with a row in public.super_admins. We do not use
-- auth.users.role = 'super_admin': that column is the Postgres role every access token carries
-- (the data API switches to it), so a different value would break the account's normal sign-in.
-- The row also holds the MFA state, which belongs to the super-admin login, not to GoTrue.
--
-- Only the server touches these tables (as the database owner, or service_role). RLS is on with
-- no policies, and anon/authenticated hold no privileges, so the data API refuses them outright.

-- == tables ==================================================================
create table public.super_admins (
  user_id uuid primary key references auth.users(id) on delete cascade,
  mfa_enabled boolean not null default false,
  mfa_secret_encrypted text,
  mfa_enabled_at timestamptz,
  mfa_last_used_step bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint super_admins_mfa_needs_secret check (not mfa_enabled or mfa_secret_encrypted is not null)
);
comment on table public.super_admins is 'System administrators: auth users allowed into /super-admin, with their MFA state. Created or promoted by the operator CLI (scripts/create-super-admin.mjs).';
comment on column public.super_admins.mfa_secret_encrypted is 'TOTP secret sealed with AES-256-GCM under a key derived (HKDF) from the server''s JWT secret: "v1.<iv>.<tag>.<ciphertext>" in base64url. A database dump alone does not reveal it.';
comment on column public.super_admins.mfa_last_used_step is 'The 30-second TOTP step of the last accepted code; a code is accepted only for a later step, so a seen code cannot be replayed.';

create table public.super_admin_sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.super_admins(user_id) on delete cascade,
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  ip_address text,
  reported_ip_address text,
  user_agent text,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
comment on table public.super_admin_sessions is 'Signed-in super-admin sessions. Only the SHA-256 of the opaque session token is stored; a session ends at expires_at or when revoked (sign-out).';
comment on column public.super_admin_sessions.ip_address is 'The connection''s address as the server saw it.';
comment on column public.super_admin_sessions.reported_ip_address is 'The address the client said it had (login ipAddress); informational only, never trusted.';
create index super_admin_sessions_user_idx on public.super_admin_sessions(user_id);

create table public.super_admin_mfa_challenges (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.super_admins(user_id) on delete cascade,
  ip_address text not null,
  failed_attempts integer not null default 0,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
comment on table public.super_admin_mfa_challenges is 'Pending MFA verifications: a login with the right password for an MFA-enabled super admin opens one; verify-mfa consumes it once, from the same address, before it expires.';
create index super_admin_mfa_challenges_user_idx on public.super_admin_mfa_challenges(user_id);

create table public.super_admin_audit_log (
  id bigint generated always as identity primary key,
  event text not null check (event in (
    'login_succeeded', 'login_failed', 'login_rate_limited', 'mfa_required', 'mfa_succeeded',
    'mfa_failed', 'mfa_enabled', 'mfa_setup_failed', 'logout'
  )),
  user_id uuid references auth.users(id) on delete set null,
  email text,
  ip_address text,
  reported_ip_address text,
  user_agent text,
  detail jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
comment on table public.super_admin_audit_log is 'Every super-admin login, failure, rate-limit refusal, MFA event and sign-out. Failed attempts per email and address here also drive the login rate limit.';
create index super_admin_audit_log_attempts_idx on public.super_admin_audit_log(email, ip_address, created_at);
create index super_admin_audit_log_user_idx on public.super_admin_audit_log(user_id, created_at);

-- == triggers ================================================================
create function public.super_admins_touch_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;
comment on function public.super_admins_touch_updated_at() is 'Keeps super_admins.updated_at set by the database on every change.';
revoke execute on function public.super_admins_touch_updated_at() from public, anon, authenticated;

create trigger super_admins_touch_updated_at before update on public.super_admins
  for each row execute function public.super_admins_touch_updated_at();

-- == row-level security ======================================================
-- No policies on purpose: nobody but the server reads or writes these tables.
alter table public.super_admins enable row level security;
alter table public.super_admin_sessions enable row level security;
alter table public.super_admin_mfa_challenges enable row level security;
alter table public.super_admin_audit_log enable row level security;

revoke all on public.super_admins, public.super_admin_sessions, public.super_admin_mfa_challenges, public.super_admin_audit_log
  from public, anon, authenticated;
grant all on public.super_admins, public.super_admin_sessions, public.super_admin_mfa_challenges, public.super_admin_audit_log
  to service_role;
