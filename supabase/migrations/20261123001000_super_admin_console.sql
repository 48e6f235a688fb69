-- The super-admin console: what operators change (suspensions, rule defaults for everyone) and
-- the audit trail of every change they make. Only the server writes these, as the database
-- owner inside the same transaction as the change it records.

-- ============================================================================
-- Tables
-- ============================================================================

alter table public.organizations
  add column if not exists suspended_at timestamptz,
  add column if not exists suspended_reason text check (suspended_reason is null or char_length(suspended_reason) between 1 and 500);
comment on column public.organizations.suspended_at is 'Set by a super admin: members see a notice and the collector refuses the organization''s hits until it is reactivated.';

create table public.super_admin_actions (
  id bigint generated always as identity primary key,
  actor_id uuid references auth.users(id) on delete set null,
  actor_email text not null,
  action text not null check (action in (
    'organization.change_plan', 'organization.extend_trial', 'organization.suspend', 'organization.reactivate',
    'organization.delete', 'user.resend_confirmation', 'user.send_password_reset', 'user.sign_out_everywhere',
    'user.ban', 'user.unban', 'user.delete', 'rule.change_default'
  )),
  target_type text not null check (target_type in ('organization', 'user', 'rule')),
  target_id text not null,
  target_label text,
  reason text not null check (char_length(btrim(reason)) between 3 and 500),
  before jsonb,
  after jsonb,
  created_at timestamptz not null default now()
);
comment on table public.super_admin_actions is 'Every action a super admin takes on a customer or on the rule catalogue: who, when, target, reason, before and after. Written in the same transaction as the change.';
create index super_admin_actions_created_idx on public.super_admin_actions (created_at desc);
create index super_admin_actions_target_idx on public.super_admin_actions (target_type, target_id, created_at desc);

create table public.rule_global_settings (
  rule_id text primary key check (rule_id ~ '^[a-z]+\.[a-z0-9_]+$'),
  enabled boolean not null default true,
  severity text check (severity is null or severity in ('error', 'warning', 'info')),
  reason text not null,
  updated_by uuid references auth.users(id) on delete set null,
  updated_at timestamptz not null default now()
);
comment on table public.rule_global_settings is 'Operator defaults for built-in rules, for every tenant: a rule switched off for everyone, or a different default severity. A website''s own settings still apply on top.';

-- Searching users and organizations by any part of their name, email or slug.
create schema if not exists extensions;
create extension if not exists pg_trgm with schema extensions;
create index if not exists organizations_name_trgm_idx on public.organizations using gin (name extensions.gin_trgm_ops);
create index if not exists organizations_slug_trgm_idx on public.organizations using gin (slug extensions.gin_trgm_ops);

-- ============================================================================
-- Row-level security
-- ============================================================================

alter table public.super_admin_actions enable row level security;
alter table public.rule_global_settings enable row level security;
revoke all on public.super_admin_actions, public.rule_global_settings from anon, authenticated;
grant all on public.super_admin_actions, public.rule_global_settings to service_role;
-- Customers see which rules Tracklint switched off or re-rated (their rules page says so).
grant select on public.rule_global_settings to authenticated;
create policy "Signed-in users can read the operators' rule defaults" on public.rule_global_settings
  for select to authenticated using (true);
