-- Invitations to join an organization. Created and accepted through the app API (service role),
-- which checks the inviter's role; admins can list their organization's pending invitations.

create table public.invitations (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations(id) on delete cascade,
  email text not null check (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  role text not null default 'member' check (role in ('admin', 'member', 'viewer')),
  token_hash text not null unique,
  invited_by uuid references auth.users(id) on delete set null,
  expires_at timestamptz not null default now() + interval '7 days',
  accepted_at timestamptz,
  accepted_by uuid references auth.users(id) on delete set null,
  created_at timestamptz not null default now()
);
comment on table public.invitations is 'Pending and accepted invitations. The token is stored as a SHA-256 hash; the clear token exists only in the email.';
create unique index invitations_pending_email_idx on public.invitations(organization_id, lower(email)) where accepted_at is null;

alter table public.invitations enable row level security;
grant select on public.invitations to authenticated;
grant all on public.invitations to service_role;

create policy "Admins can read their organization's invitations" on public.invitations
  for select to authenticated using (public.has_org_role(organization_id, 'admin'));
