-- Safety round two (issue 26): one 14-day trial per person.
--
-- A paid plan chosen at creation starts a 14-day trial without a card. Creating organization
-- after organization restarted it each time; now each user gets one trial, recorded here by user
-- id (and kept when the organization is deleted, so deleting and re-creating does not renew it).

-- ============================================================================
-- Tables
-- ============================================================================

create table if not exists public.trial_grants (
  user_id uuid primary key,
  organization_id uuid,
  granted_at timestamptz not null default now()
);
comment on table public.trial_grants is 'Who has started their one free trial (server-only; survives the organization it was started for).';
alter table public.trial_grants enable row level security;
revoke all on public.trial_grants from anon, authenticated;
grant select, insert, update, delete on public.trial_grants to service_role;

-- ============================================================================
-- Triggers
-- ============================================================================

create or replace function public.organizations_one_trial_per_person() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if public.is_service_role() or new.trial_ends_at is null then
    return new;
  end if;
  insert into public.trial_grants (user_id, organization_id) values (new.created_by, new.id)
  on conflict (user_id) do nothing;
  if not found then
    raise exception 'Your free trial has already been used: create this organization on the free plan and upgrade it from Billing'
      using errcode = 'P0001';
  end if;
  return new;
end
$$;
comment on function public.organizations_one_trial_per_person() is 'Refuses a second paid-plan trial for the same user; runs after organizations_before_insert has set trial_ends_at.';

-- Named to fire after organizations_before_insert (same timing, triggers fire in name order).
create trigger organizations_one_trial_per_person before insert on public.organizations
  for each row execute function public.organizations_one_trial_per_person();

-- Trials started before this migration count.
insert into public.trial_grants (user_id, organization_id, granted_at)
select distinct on (o.created_by) o.created_by, o.id, o.created_at
  from public.organizations o
 where o.created_by is not null and o.trial_ends_at is not null
 order by o.created_by, o.created_at
on conflict (user_id) do nothing;
