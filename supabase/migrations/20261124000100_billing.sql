-- Billing that holds (issue 12): one function decides which plan's features and limits apply to an
-- organization right now (its effective plan), every gate uses it, clients cannot choose the
-- Enterprise plan or set billing fields, and Stripe's webhook events are stored once each.

-- ============================================================================
-- Columns and tables
-- ============================================================================

alter table public.organizations
  add column past_due_since timestamptz,
  add column cancel_at_period_end boolean not null default false,
  -- Stripe's `created` time of the newest subscription event applied: an older event that arrives
  -- later (Stripe does not guarantee order) changes nothing.
  add column billing_synced_at timestamptz;
comment on column public.organizations.past_due_since is 'When the subscription became past_due; the plan holds for the grace period after it.';
comment on column public.organizations.billing_synced_at is 'Stripe time of the newest subscription event applied; older events are ignored.';

alter table public.subscription_plan_limits add column stripe_price_id text unique;
comment on column public.subscription_plan_limits.stripe_price_id is 'The Stripe Price of the plan''s monthly subscription (STRIPE_PRICE_<PLAN> overrides it).';

alter table public.billing_invoices
  add column number text,
  add column invoice_pdf text;

-- Each Stripe event id once: a replayed event is acknowledged and changes nothing.
create table public.billing_events (
  id text primary key,
  type text not null,
  stripe_created timestamptz not null,
  organization_id uuid references public.organizations(id) on delete set null,
  received_at timestamptz not null default now()
);
comment on table public.billing_events is 'Stripe webhook events already handled (by event id). Server only.';
alter table public.billing_events enable row level security;
grant all on public.billing_events to service_role;

-- One reminder of each kind per trial or invoice.
create table public.billing_notifications (
  organization_id uuid not null references public.organizations(id) on delete cascade,
  kind text not null check (kind in ('trial_ending', 'trial_ended', 'payment_failed')),
  reference text not null,
  sent_at timestamptz not null default now(),
  primary key (organization_id, kind, reference)
);
comment on table public.billing_notifications is 'Billing emails already sent (trial ending, trial ended, payment failed), one per trial or invoice. Server only.';
alter table public.billing_notifications enable row level security;
grant all on public.billing_notifications to service_role;

-- ============================================================================
-- The effective plan
-- ============================================================================

create or replace function tracklint_private.billing_grace_period() returns interval
language sql immutable set search_path = '' as $$ select interval '7 days' $$;
comment on function tracklint_private.billing_grace_period() is 'How long a past_due subscription keeps its plan.';

create or replace function tracklint_private.billing_state(o public.organizations) returns text
language sql stable set search_path = '' as $$
  select case
    when o.plan = 'free' then 'free'
    when o.subscription_status = 'canceled' then 'canceled'
    when o.subscription_status = 'unpaid' then 'unpaid'
    when o.subscription_status = 'past_due' then
      case when coalesce(o.past_due_since, now()) + tracklint_private.billing_grace_period() > now() then 'past_due' else 'past_due_expired' end
    -- A trial without a subscription (sign-up, or extended by an operator) ends at trial_ends_at.
    when o.trial_ends_at is not null and (o.stripe_subscription_id is null or o.subscription_status in ('trialing', 'incomplete')) then
      case when o.trial_ends_at > now() then 'trialing' else 'trial_ended' end
    when o.subscription_status = 'incomplete' then 'incomplete'
    else 'active'
  end
$$;
comment on function tracklint_private.billing_state(public.organizations) is
  'free, trialing, trial_ended, active, past_due (within grace), past_due_expired, canceled, unpaid or incomplete.';

create or replace function tracklint_private.effective_plan(o public.organizations) returns text
language sql stable set search_path = '' as $$
  select case when tracklint_private.billing_state(o) in ('free', 'trialing', 'active', 'past_due') then o.plan else 'free' end
$$;
comment on function tracklint_private.effective_plan(public.organizations) is
  'The plan whose features and limits apply now: the paid plan while trialing, active or within the past-due grace period; free otherwise. Nothing is deleted when it falls back.';

-- A settled invoice (paid, void, uncollectible) never goes back to open: Stripe may deliver an
-- older `invoice.finalized` after `invoice.paid`.
create or replace function tracklint_private.invoice_status_rank(status text) returns int
language sql immutable set search_path = '' as $$
  select case status when 'draft' then 0 when 'open' then 1 when 'uncollectible' then 2 else 3 end
$$;

-- ============================================================================
-- Every gate reads the effective plan
-- ============================================================================

create or replace function public.organization_has_feature(org_id uuid, feature_name text) returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce((
    select public.plan_rank(tracklint_private.effective_plan(o)) >= public.plan_rank(public.feature_required_plan(feature_name))
    from public.organizations o
    where o.id = org_id and (public.is_service_role() or public.has_org_role(o.id, 'viewer'))
  ), false)
$$;
comment on function public.organization_has_feature(uuid, text) is 'Whether the organization''s effective plan includes a feature. Non-members always get false.';

create or replace function tracklint_private.plan_limit(org_id uuid, metric text) returns bigint
language sql stable set search_path = '' as $$
  select case metric
    when 'monthly_requests' then p.monthly_requests
    when 'websites' then p.max_websites
    when 'team_members' then p.max_team_members
    when 'custom_rules' then p.max_custom_rules
  end
  from public.organizations o join public.subscription_plan_limits p on p.plan = tracklint_private.effective_plan(o)
  where o.id = org_id
$$;
comment on function tracklint_private.plan_limit(uuid, text) is 'The organization''s limit for a metric under its effective plan (-1 unlimited, null when unknown), for any organization: internal use only.';

create or replace function public.get_organization_usage_status(org_id uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  p public.subscription_plan_limits;
  usage jsonb;
  limits jsonb;
  alerts jsonb;
begin
  if not (public.is_service_role() or public.has_org_role(org_id, 'viewer')) then
    raise exception 'Access denied to organization' using errcode = '42501';
  end if;
  select pl.* into p from public.organizations o join public.subscription_plan_limits pl on pl.plan = tracklint_private.effective_plan(o) where o.id = org_id;
  usage := jsonb_build_object(
    'monthly_requests', public.current_usage(org_id, 'monthly_requests'),
    'websites', public.current_usage(org_id, 'websites'),
    'team_members', public.current_usage(org_id, 'team_members'),
    'custom_rules', public.current_usage(org_id, 'custom_rules'));
  limits := jsonb_build_object(
    'monthly_requests', p.monthly_requests, 'websites', p.max_websites,
    'team_members', p.max_team_members, 'custom_rules', p.max_custom_rules);
  select coalesce(jsonb_agg(a) filter (where a is not null), '[]'::jsonb) into alerts from (
    select public.usage_alert(m, (usage ->> m)::bigint, (limits ->> m)::bigint) as a
    from unnest(array['monthly_requests', 'websites', 'team_members', 'custom_rules']) as m
  ) x;
  return jsonb_build_object(
    'organization_id', org_id, 'plan', p.plan, 'period_start', date_trunc('month', now() at time zone 'utc')::date,
    'usage', usage, 'current_usage', usage, 'limits', limits, 'alerts', alerts);
end
$$;
comment on function public.get_organization_usage_status(uuid) is 'Usage, effective plan limits and usage alerts of an organization, for its members.';

-- Websites past the effective plan's limit (the newest ones) stay readable but cannot be edited,
-- and the collector treats them as paused, until the plan allows them again.
create or replace function tracklint_private.website_within_plan(website_id uuid) returns boolean
language sql stable set search_path = '' as $$
  select coalesce((
    select l = -1 or (select count(*) from public.websites o
                      where o.organization_id = w.organization_id and (o.created_at, o.id) < (w.created_at, w.id)) < l
    from public.websites w, lateral (select tracklint_private.plan_limit(w.organization_id, 'websites') as l) x
    where w.id = website_id
  ), false)
$$;
comment on function tracklint_private.website_within_plan(uuid) is 'Whether a website is among the oldest N the organization''s effective plan allows (always true when unlimited).';

create or replace function public.websites_read_only_past_plan() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if not public.is_service_role() and not tracklint_private.website_within_plan(old.id) then
    raise exception 'This website is read-only: your plan allows % website(s). Upgrade or remove another website to edit it.',
      tracklint_private.plan_limit(old.organization_id, 'websites') using errcode = 'P0001';
  end if;
  return new;
end
$$;
comment on function public.websites_read_only_past_plan() is 'Refuses edits to a website the organization''s effective plan no longer covers (deleting it stays allowed).';
create trigger websites_read_only_past_plan before update on public.websites
  for each row execute function public.websites_read_only_past_plan();

-- ============================================================================
-- What members and owners read
-- ============================================================================

create or replace function public.get_organization_plan_state(org_id uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  o public.organizations;
  state text;
begin
  perform tracklint_private.require_member(org_id);
  select * into o from public.organizations x where x.id = org_id;
  state := tracklint_private.billing_state(o);
  return jsonb_build_object(
    'plan', o.plan,
    'effective_plan', tracklint_private.effective_plan(o),
    'billing_state', state,
    'trial_ends_at', o.trial_ends_at,
    'trial_days_left', case when state = 'trialing' then greatest(0, ceil(extract(epoch from o.trial_ends_at - now()) / 86400))::int end,
    'grace_ends_at', case when o.subscription_status = 'past_due' then coalesce(o.past_due_since, now()) + tracklint_private.billing_grace_period() end,
    'current_period_end', o.current_period_end,
    'cancel_at_period_end', o.cancel_at_period_end);
end
$$;
comment on function public.get_organization_plan_state(uuid) is 'The plan, the effective plan and the billing state of an organization, for its members (banners, badges, gates).';
revoke execute on function public.get_organization_plan_state(uuid) from public, anon;
grant execute on function public.get_organization_plan_state(uuid) to authenticated, service_role;

drop view public.organization_billing_summary;
create view public.organization_billing_summary with (security_invoker = true) as
select
  o.id as organization_id,
  o.plan,
  o.plan_variant,
  o.subscription_status,
  o.trial_ends_at,
  o.current_period_end,
  p.monthly_price,
  (select count(*) from public.billing_invoices i where i.organization_id = o.id) as invoice_count,
  (select coalesce(sum(i.amount_paid), 0) from public.billing_invoices i where i.organization_id = o.id) as total_paid,
  (select max(i.created_at) from public.billing_invoices i where i.organization_id = o.id) as last_invoice_at,
  s.state ->> 'effective_plan' as effective_plan,
  s.state ->> 'billing_state' as billing_state,
  (s.state ->> 'trial_days_left')::int as trial_days_left,
  (s.state ->> 'grace_ends_at')::timestamptz as grace_ends_at,
  o.cancel_at_period_end,
  case when o.plan = 'free' then null else p.monthly_price end as next_amount,
  'usd'::text as currency,
  o.stripe_customer_id is not null as has_billing_account
from public.organizations o
left join public.subscription_plan_limits p on p.plan = o.plan
cross join lateral (select public.get_organization_plan_state(o.id) as state) s
where public.has_org_role(o.id, 'owner');
comment on view public.organization_billing_summary is 'Billing at a glance per organization, with the effective plan and billing state; only its owners see a row.';
grant select on public.organization_billing_summary to authenticated, service_role;

-- ============================================================================
-- Clients choose only free, starter or pro, and never billing fields
-- ============================================================================

create or replace function public.organizations_before_insert() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if not public.is_service_role() or new.created_by is null then
    new.created_by := auth.uid();
  end if;
  if new.created_by is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  new.plan := coalesce(nullif(new.plan, ''), 'free');
  if not public.is_service_role() then
    -- Enterprise is sold by sales: only an operator or a Stripe subscription sets it.
    if new.plan = 'enterprise' then
      raise exception 'The Enterprise plan is sold by our sales team: contact sales' using errcode = '42501';
    end if;
    -- A request that tries to set billing fields is refused rather than silently trimmed.
    if new.plan_variant is not null or new.stripe_customer_id is not null or new.stripe_subscription_id is not null
       or new.current_period_end is not null or new.trial_ends_at is not null or new.past_due_since is not null
       or new.cancel_at_period_end or new.billing_synced_at is not null or new.subscription_status is distinct from 'active' then
      raise exception 'Billing fields (subscription_status, trial_ends_at, plan_variant, Stripe ids, current_period_end) are set by billing, not by clients'
        using errcode = '42501';
    end if;
  end if;
  new.subscription_status := 'active';
  new.created_at := now();
  new.updated_at := now();
  -- Paid plans start with a 14-day trial without a card; free has none.
  new.trial_ends_at := case when new.plan = 'free' then null else now() + interval '14 days' end;
  if exists (select 1 from public.organizations o where o.slug = new.slug) then
    raise exception 'Organization slug already exists' using errcode = '23505';
  end if;
  return new;
end
$$;
comment on function public.organizations_before_insert() is 'Sets created_by, status, timestamps and the trial from the database; clients cannot pick Enterprise or set billing fields.';

create or replace function public.organizations_billing_fields_guard() returns trigger
language plpgsql set search_path = '' as $$
begin
  if not public.is_service_role()
     and (new.past_due_since is distinct from old.past_due_since
          or new.cancel_at_period_end is distinct from old.cancel_at_period_end
          or new.billing_synced_at is distinct from old.billing_synced_at) then
    raise exception 'Plan and billing fields can only be changed through billing' using errcode = '42501';
  end if;
  return new;
end
$$;
comment on function public.organizations_billing_fields_guard() is 'The billing columns added with Stripe are written only by the server, like plan and subscription_status.';
create trigger organizations_billing_fields_guard before update on public.organizations
  for each row execute function public.organizations_billing_fields_guard();
