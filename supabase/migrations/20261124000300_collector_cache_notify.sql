-- Collector caches across server processes (issue 14): every change that decides how a hit is
-- handled (a website's key, domain or activity, the organization's plan or suspension, a revoked
-- key or secret, rule settings, custom rules, plan limits) notifies 'tracklint_collector_cache'.
-- Each collector process LISTENs and drops its cached lookups, so a change made through any
-- process (or by an operator in SQL) is honoured by all of them at once instead of after the TTL.
-- The collector's own bookkeeping writes (verification, last_used_at) do not notify.

create or replace function tracklint_private.notify_collector_cache() returns trigger
language plpgsql set search_path = '' as $$
begin
  -- One payload per table: Postgres folds identical notifications of one transaction into one.
  perform pg_notify('tracklint_collector_cache', tg_table_name);
  return null;
end
$$;
comment on function tracklint_private.notify_collector_cache() is 'Tells every collector process to drop its cached website, key and settings lookups.';

create trigger collector_cache_websites_changed after insert or delete on public.websites
  for each row execute function tracklint_private.notify_collector_cache();
create trigger collector_cache_websites_updated after update on public.websites
  for each row when (to_jsonb(old) - 'verification_status' - 'verified_at' is distinct from to_jsonb(new) - 'verification_status' - 'verified_at')
  execute function tracklint_private.notify_collector_cache();

create trigger collector_cache_organizations_changed after update or delete on public.organizations
  for each row execute function tracklint_private.notify_collector_cache();

create trigger collector_cache_api_keys_changed after insert or delete on public.api_keys
  for each row execute function tracklint_private.notify_collector_cache();
create trigger collector_cache_api_keys_updated after update on public.api_keys
  for each row when (to_jsonb(old) - 'last_used_at' is distinct from to_jsonb(new) - 'last_used_at')
  execute function tracklint_private.notify_collector_cache();

create trigger collector_cache_mp_secrets_changed after insert or delete on public.website_mp_secrets
  for each row execute function tracklint_private.notify_collector_cache();
create trigger collector_cache_mp_secrets_updated after update on public.website_mp_secrets
  for each row when (to_jsonb(old) - 'last_used_at' is distinct from to_jsonb(new) - 'last_used_at')
  execute function tracklint_private.notify_collector_cache();

create trigger collector_cache_website_rule_settings_changed after insert or update or delete on public.website_rule_settings
  for each row execute function tracklint_private.notify_collector_cache();
create trigger collector_cache_rule_global_settings_changed after insert or update or delete on public.rule_global_settings
  for each row execute function tracklint_private.notify_collector_cache();
create trigger collector_cache_custom_rules_changed after insert or update or delete on public.custom_rules
  for each row execute function tracklint_private.notify_collector_cache();
create trigger collector_cache_plan_limits_changed after insert or update or delete on public.subscription_plan_limits
  for each row execute function tracklint_private.notify_collector_cache();
