-- Plan-change requests: on a server without Stripe, an owner asks for a plan and the server's
-- super admins approve it (the console's change-plan action applies it) or decline it.
-- Owners create and read their organization's requests; only the server (the console, as the
-- database owner) decides them, and each decision is in the super-admin audit log.

-- ============================================================================
-- Tables
-- ============================================================================

create table public.plan_change_requests (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations(id) on delete cascade,
  requested_plan text not null check (requested_plan in ('free', 'starter', 'pro', 'enterprise')),
  current_plan text not null check (current_plan in ('free', 'starter', 'pro', 'enterprise')),
  message text check (message is null or char_length(message) <= 1000),
  status text not null default 'open' check (status in ('open', 'approved', 'declined')),
  requested_by uuid references auth.users(id) on delete set null,
  requested_by_email text,
  decided_by_email text,
  decision_reason text check (decision_reason is null or char_length(decision_reason) <= 500),
  decided_at timestamptz,
  created_at timestamptz not null default now(),
  check ((status = 'open') = (decided_at is null))
);
comment on table public.plan_change_requests is 'An owner''s request to change the organization''s plan on a server without Stripe. Owners create and read them; super admins approve (applying the plan) or decline them in the console.';
create unique index plan_change_requests_one_open_idx on public.plan_change_requests (organization_id) where status = 'open';
comment on index public.plan_change_requests_one_open_idx is 'One open request per organization.';
create index plan_change_requests_org_created_idx on public.plan_change_requests (organization_id, created_at desc);
create index plan_change_requests_open_created_idx on public.plan_change_requests (created_at) where status = 'open';

-- ============================================================================
-- Triggers
-- ============================================================================

create or replace function public.plan_change_requests_before_insert() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  org_plan text;
begin
  select o.plan into org_plan from public.organizations o where o.id = new.organization_id;
  if org_plan is null then
    raise exception 'No such organization' using errcode = '23503';
  end if;
  -- The database, not the client, says who asked, when, from which plan, and that it is open.
  if not public.is_service_role() then
    new.requested_by := auth.uid();
    new.status := 'open';
    new.decided_by_email := null;
    new.decision_reason := null;
    new.decided_at := null;
    new.created_at := now();
  end if;
  new.current_plan := org_plan;
  new.requested_by_email := (select u.email from auth.users u where u.id = new.requested_by);
  if new.requested_plan = org_plan then
    raise exception 'The organization is already on the % plan', new.requested_plan using errcode = '23514';
  end if;
  if exists (select 1 from public.plan_change_requests r where r.organization_id = new.organization_id and r.status = 'open') then
    raise exception 'This organization already has an open plan change request' using errcode = '23505';
  end if;
  return new;
end;
$$;
comment on function public.plan_change_requests_before_insert() is 'Sets requester, time, current plan and status on a new request; refuses a request for the current plan and a second open request.';
create trigger plan_change_requests_before_insert before insert on public.plan_change_requests
  for each row execute function public.plan_change_requests_before_insert();

-- ============================================================================
-- Row-level security
-- ============================================================================

alter table public.plan_change_requests enable row level security;
revoke all on public.plan_change_requests from anon, authenticated;
grant select on public.plan_change_requests to authenticated;
grant insert (organization_id, requested_plan, message) on public.plan_change_requests to authenticated;
grant all on public.plan_change_requests to service_role;

create policy "Owners can read their organization's plan change requests" on public.plan_change_requests
  for select to authenticated using (public.has_org_role(organization_id, 'owner'));
create policy "Owners can ask for a plan change for their organization" on public.plan_change_requests
  for insert to authenticated with check (public.has_org_role(organization_id, 'owner'));

-- ============================================================================
-- Audit: a declined request is a console action of its own (an approval is a change_plan).
-- ============================================================================

alter table public.super_admin_actions drop constraint if exists super_admin_actions_action_check;
alter table public.super_admin_actions add constraint super_admin_actions_action_check check (action in (
  'organization.change_plan', 'organization.extend_trial', 'organization.suspend', 'organization.reactivate',
  'organization.delete', 'organization.decline_plan_request', 'user.resend_confirmation', 'user.send_password_reset',
  'user.sign_out_everywhere', 'user.ban', 'user.unban', 'user.delete', 'rule.change_default'
));
