-- What Tracklint's own auth service needs beyond 20261122000000_supabase_conventions.sql:
-- the sign-in methods of a session (the JWT's amr claim) and PKCE flow state.
-- On hosted Supabase GoTrue owns the auth schema and has its own versions of these, so
-- this file only touches the tables that our conventions migration created.

do $$
begin
  if obj_description('auth.users'::regclass, 'pg_class') is distinct from
     'Accounts of the auth service (GoTrue-compatible). Passwords are stored as scrypt hashes.' then
    return;  -- not our auth schema
  end if;

  -- == tables ================================================================
  alter table auth.sessions add column if not exists amr jsonb not null default '[]'::jsonb;
  comment on column auth.sessions.amr is 'How the user signed in for this session: [{method, timestamp}], copied into every access token''s amr claim.';

  alter table auth.users add column if not exists email_change_sent_at timestamptz;
  comment on column auth.users.email_change_sent_at is 'When the confirmation for a pending email change (email_change) was sent.';

  create table if not exists auth.flow_state (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references auth.users(id) on delete cascade,
    authentication_method text not null,
    code_challenge text not null,
    code_challenge_method text not null check (code_challenge_method in ('s256', 'plain')),
    auth_code_hash text unique,
    auth_code_issued_at timestamptz,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null
  );
  comment on table auth.flow_state is 'PKCE sign-ins in progress: the code challenge sent with signup/otp/recover, then the hashed auth code the email link yields, exchanged once for a session.';
  create index if not exists flow_state_user_method_idx on auth.flow_state(user_id, authentication_method);

  create index if not exists one_time_tokens_user_type_idx on auth.one_time_tokens(user_id, token_type);
  create index if not exists sessions_user_idx on auth.sessions(user_id);
end
$$;
