-- Plans, their limits and features, invoices and the billing summary.
-- Members may read plan data; only the service role writes it (billing runs on the server).

-- == tables =================================================================
create table public.subscription_plan_limits (
  plan text primary key check (plan in ('free', 'starter', 'pro', 'enterprise')),
  display_name text not null,
  monthly_price numeric(10, 2) not null check (monthly_price >= 0),
  is_active boolean not null default true,
  monthly_requests bigint not null check (monthly_requests >= -1),
  max_websites int not null check (max_websites >= -1),
  max_team_members int not null check (max_team_members >= -1),
  max_custom_rules int not null check (max_custom_rules >= -1),
  retention_days int not null check (retention_days > 0),
  updated_at timestamptz not null default now()
);
comment on table public.subscription_plan_limits is 'Price and limits of each plan; -1 means unlimited. Public for the pricing page; written only by the service role.';

insert into public.subscription_plan_limits
  (plan, display_name, monthly_price, monthly_requests, max_websites, max_team_members, max_custom_rules, retention_days) values
  ('free',       'Free',           0,     10000,   1,   1,   0,   7),
  ('starter',    'Starter',       29,    250000,   5,   5,   0,  30),
  ('pro',        'Pro',           99,   2000000,  -1,  -1,  50,  90),
  ('enterprise', 'Enterprise',   499,        -1,  -1,  -1,  -1, 365);

create table public.billing_invoices (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations(id) on delete cascade,
  stripe_invoice_id text unique,
  amount_due numeric(10, 2) not null default 0,
  amount_paid numeric(10, 2) not null default 0,
  currency text not null default 'usd',
  status text not null default 'open' check (status in ('draft', 'open', 'paid', 'void', 'uncollectible')),
  period_start timestamptz,
  period_end timestamptz,
  hosted_invoice_url text,
  created_at timestamptz not null default now()
);
comment on table public.billing_invoices is 'Invoices per organization, written by the billing integration (service role). Owners read them.';
create index billing_invoices_org_created_idx on public.billing_invoices(organization_id, created_at desc);

-- == row-level security =====================================================
alter table public.subscription_plan_limits enable row level security;
alter table public.billing_invoices enable row level security;

grant select on public.subscription_plan_limits to anon, authenticated;
grant select on public.billing_invoices to authenticated;
grant all on public.subscription_plan_limits, public.billing_invoices to service_role;

create policy "Anyone can read active plans" on public.subscription_plan_limits
  for select to anon, authenticated using (is_active);
create policy "Owners can read their organization's invoices" on public.billing_invoices
  for select to authenticated using (public.has_org_role(organization_id, 'owner'));

-- == views ==================================================================
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
  (select max(i.created_at) from public.billing_invoices i where i.organization_id = o.id) as last_invoice_at
from public.organizations o
left join public.subscription_plan_limits p on p.plan = o.plan
where public.has_org_role(o.id, 'owner');
comment on view public.organization_billing_summary is 'Billing at a glance per organization; only its owners see a row.';
grant select on public.organization_billing_summary to authenticated, service_role;

-- == functions ==============================================================
create or replace function public.plan_rank(plan text) returns int
language sql immutable set search_path = '' as $$
  select case plan when 'free' then 0 when 'starter' then 1 when 'pro' then 2 when 'enterprise' then 3 else 0 end
$$;
comment on function public.plan_rank(text) is 'Orders plans free < starter < pro < enterprise.';

create or replace function public.feature_required_plan(feature_name text) returns text
language sql immutable set search_path = '' as $$
  select case
    when feature_name in ('basic_monitoring', 'basic_alerts', 'basic_reporting', 'basic_rules') then 'free'
    when feature_name in ('advanced_rules', 'team_collaboration', 'multiple_websites', 'custom_alerts') then 'starter'
    when feature_name in ('custom_rules', 'api_access', 'white_label', 'priority_support', 'sso_integration',
                          'advanced_analytics', 'unlimited_websites', 'unlimited_team_members') then 'pro'
    else 'starter'  -- unknown features default to starter
  end
$$;
comment on function public.feature_required_plan(text) is 'The spec''s feature-to-plan map; mirrors src/shared/plans.ts.';

create or replace function public.organization_has_feature(org_id uuid, feature_name text) returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce((
    select public.plan_rank(o.plan) >= public.plan_rank(public.feature_required_plan(feature_name))
    from public.organizations o
    where o.id = org_id and (public.is_service_role() or public.has_org_role(o.id, 'viewer'))
  ), false)
$$;
comment on function public.organization_has_feature(uuid, text) is 'Whether the organization''s plan includes a feature. Non-members always get false.';
revoke execute on function public.organization_has_feature(uuid, text) from public, anon;
grant execute on function public.organization_has_feature(uuid, text) to authenticated, service_role;
