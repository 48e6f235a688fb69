-- Per-website rule settings: turn a catalogue rule off or change its severity, and the tenant
-- facts some rules need (EU traffic, expected currencies). The collector compiles them into the
-- engine's RuleSettings.

alter table public.websites
  add column eu_traffic boolean not null default false,
  add column currencies text[] not null default '{}'
    check (array_to_string(currencies, ',') ~ '^([A-Z]{3}(,[A-Z]{3}){0,19})?$');
comment on column public.websites.eu_traffic is 'Whether the site serves visitors in the EU/EEA, which turns on the stricter consent rules.';
comment on column public.websites.currencies is 'ISO 4217 codes the site sells in; e-commerce rules flag other currencies. Empty: any valid code.';

create table public.website_rule_settings (
  website_id uuid not null references public.websites(id) on delete cascade,
  organization_id uuid not null references public.organizations(id) on delete cascade,
  rule_id text not null check (rule_id ~ '^[a-z_]+\.[a-z0-9_]+$'),
  enabled boolean not null default true,
  severity text check (severity in ('error', 'warning', 'info')),
  updated_by uuid references auth.users(id) on delete set null,
  updated_at timestamptz not null default now(),
  primary key (website_id, rule_id)
);
comment on table public.website_rule_settings is 'Overrides of catalogue rules per website: disabled, or a different severity. No row means the rule''s defaults.';

create or replace function public.website_rule_settings_before_write() returns trigger
language plpgsql set search_path = '' as $$
begin
  -- The organization always follows the website, so policies on organization_id cannot be fooled.
  select w.organization_id into new.organization_id from public.websites w where w.id = new.website_id;
  if new.organization_id is null then
    raise exception 'Website not found' using errcode = '23503';
  end if;
  new.updated_by := auth.uid();
  new.updated_at := now();
  return new;
end
$$;
comment on function public.website_rule_settings_before_write() is 'Derives organization_id from the website and stamps who changed the setting.';
create trigger website_rule_settings_before_write before insert or update on public.website_rule_settings
  for each row execute function public.website_rule_settings_before_write();

alter table public.website_rule_settings enable row level security;
grant select, insert, update, delete on public.website_rule_settings to authenticated;
grant all on public.website_rule_settings to service_role;

create policy "Members can read their websites' rule settings" on public.website_rule_settings
  for select to authenticated using (public.has_org_role(organization_id, 'viewer'));
create policy "Admins can add rule settings" on public.website_rule_settings
  for insert to authenticated with check (public.has_org_role(organization_id, 'admin'));
create policy "Admins can change rule settings" on public.website_rule_settings
  for update to authenticated using (public.has_org_role(organization_id, 'admin')) with check (public.has_org_role(organization_id, 'admin'));
create policy "Admins can remove rule settings" on public.website_rule_settings
  for delete to authenticated using (public.has_org_role(organization_id, 'admin'));
