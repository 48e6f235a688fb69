-- Drift alerts (issue 25): a rule kind that compares each website's traffic, from the hourly
-- inventory counters, with its published tracking plan and its own usual volume (the same hour
-- of the same weekday over recent weeks). Evaluated by the alerts evaluator like every kind.

alter table public.alert_rules drop constraint alert_rules_kind_check;
alter table public.alert_rules add constraint alert_rules_kind_check
  check (kind in ('failure_rate', 'rule_failing', 'volume_drop', 'no_hits', 'event_missing', 'refused_hits', 'usage', 'tracking_drift'));
comment on column public.alert_rules.kind is 'failure_rate, rule_failing, volume_drop, no_hits, event_missing, refused_hits, usage or tracking_drift; see public.alert_rule_params_problem for each kind''s parameters.';

-- The same checks as before (including rule_failing's include_info, 20261127010002), plus tracking_drift's parameters.
create or replace function public.alert_rule_params_problem(rule_kind text, params jsonb) returns text
language plpgsql immutable set search_path = '' as $$
declare
begin
  -- Each numeric parameter: present (or defaulted by the evaluator) and in range.
  if rule_kind = 'failure_rate' then
    if coalesce((params ->> 'threshold_pct')::numeric, 20) not between 1 and 100 then return 'threshold_pct must be between 1 and 100'; end if;
    if coalesce((params ->> 'window_minutes')::numeric, 60) not between 5 and 1440 then return 'window_minutes must be between 5 and 1440'; end if;
    if coalesce((params ->> 'min_requests')::numeric, 20) not between 1 and 1000000 then return 'min_requests must be between 1 and 1000000'; end if;
  elsif rule_kind = 'rule_failing' then
    if params ? 'rule_id' and jsonb_typeof(params -> 'rule_id') not in ('string', 'null') then return 'rule_id must be a rule id or null'; end if;
    if coalesce((params ->> 'min_count')::numeric, 1) not between 1 and 1000000 then return 'min_count must be between 1 and 1000000'; end if;
    if coalesce((params ->> 'window_hours')::numeric, 1) not between 1 and 24 then return 'window_hours must be between 1 and 24'; end if;
    if params ? 'include_info' and jsonb_typeof(params -> 'include_info') <> 'boolean' then return 'include_info must be true or false'; end if;
  elsif rule_kind = 'volume_drop' then
    if coalesce((params ->> 'min_share_pct')::numeric, 50) not between 1 and 99 then return 'min_share_pct must be between 1 and 99'; end if;
    if coalesce((params ->> 'min_baseline')::numeric, 20) not between 1 and 100000000 then return 'min_baseline must be at least 1'; end if;
  elsif rule_kind = 'no_hits' then
    if coalesce((params ->> 'minutes')::numeric, 60) not between 5 and 10080 then return 'minutes must be between 5 and 10080'; end if;
  elsif rule_kind = 'event_missing' then
    if coalesce(btrim(params ->> 'event_name'), '') = '' or char_length(params ->> 'event_name') > 100 then return 'event_name is required (up to 100 characters)'; end if;
    if coalesce((params ->> 'hours')::numeric, 24) not between 1 and 168 then return 'hours must be between 1 and 168'; end if;
    if coalesce((params ->> 'lookback_days')::numeric, 7) not between 1 and 7 then return 'lookback_days must be between 1 and 7'; end if;
  elsif rule_kind = 'refused_hits' then
    if params ? 'reasons' and jsonb_typeof(params -> 'reasons') <> 'array' then return 'reasons must be a list of refusal reasons'; end if;
    if coalesce((params ->> 'threshold')::numeric, 10) not between 1 and 100000000 then return 'threshold must be at least 1'; end if;
    if coalesce((params ->> 'window_minutes')::numeric, 60) not between 5 and 1440 then return 'window_minutes must be between 5 and 1440'; end if;
  elsif rule_kind = 'tracking_drift' then
    if coalesce((params ->> 'weeks')::numeric, 4) not between 1 and 8 then return 'weeks must be between 1 and 8'; end if;
    if coalesce((params ->> 'min_baseline')::numeric, 20) not between 1 and 100000000 then return 'min_baseline must be at least 1'; end if;
    if coalesce((params ->> 'min_share_pct')::numeric, 50) not between 1 and 99 then return 'min_share_pct must be between 1 and 99'; end if;
    if coalesce((params ->> 'max_share_pct')::numeric, 300) not between 101 and 100000 then return 'max_share_pct must be between 101 and 100000'; end if;
    if coalesce((params ->> 'min_hits')::numeric, 10) not between 1 and 1000000 then return 'min_hits must be between 1 and 1000000'; end if;
  elsif rule_kind = 'usage' then
    if params ? 'thresholds' and (jsonb_typeof(params -> 'thresholds') <> 'array'
        or exists (select 1 from jsonb_array_elements_text(params -> 'thresholds') t where t not in ('0.8', '0.9', '1'))) then
      return 'thresholds must be a list of 0.8, 0.9 and 1';
    end if;
    if params ? 'metrics' and (jsonb_typeof(params -> 'metrics') <> 'array'
        or exists (select 1 from jsonb_array_elements_text(params -> 'metrics') m where m not in ('monthly_requests', 'websites', 'team_members', 'custom_rules'))) then
      return 'metrics must be a list of monthly_requests, websites, team_members and custom_rules';
    end if;
  end if;
  return null;
exception when invalid_text_representation then
  return 'numeric parameters must be numbers';
end
$$;
comment on function public.alert_rule_params_problem(text, jsonb) is 'What is wrong with an alert rule''s parameters for its kind, or null when they are valid. Missing parameters take the defaults shown here.';


-- The drift evaluator reads every website's event counters of a few hours (the last, the current,
-- and the same hour in the weeks before) by hour: a partial index keeps that to the event rows.
create index tracking_inventory_hourly_events_by_hour_idx on public.tracking_inventory_hourly (hour, website_id, event_name) include (hits) where scope = 'event';
