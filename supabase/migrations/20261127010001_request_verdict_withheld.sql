-- Issue 22: a verdict says what ran. On a plan without the advanced tier, the collector also runs
-- the withheld built-in rules and stores only a summary of what they would have found, so the log,
-- the drawer and the dashboard never show a plain PASS on a hit the engine knows is broken.

-- Tables -------------------------------------------------------------------------------------------

-- `json`, like events and issues: written once per hit, only ever read whole (no query looks inside).
-- Adding a nullable column without a default is a catalogue change only: no partition is rewritten.
alter table public.collected_requests add column withheld json;
comment on column public.collected_requests.withheld is 'What the checks the plan did not run would have found: { tiers, checks, findings: [{ family, severity, count }] } (counts only, never the findings themselves). Null when every built-in tier ran.';

-- Rollups count, per hour, the hits judged without the withheld tiers (verdict/not_run) and those of
-- them that did not fail although the withheld checks found an error-level problem
-- (verdict/hidden_failure), for the dashboard's pass rate.
alter table public.website_hourly_rollups drop constraint website_hourly_rollups_dimension_check;
alter table public.website_hourly_rollups add constraint website_hourly_rollups_dimension_check
  check (dimension in ('requests', 'status', 'format', 'event_name', 'rule', 'severity', 'verdict'));
alter table public.organization_hourly_rollups drop constraint organization_hourly_rollups_dimension_check;
alter table public.organization_hourly_rollups add constraint organization_hourly_rollups_dimension_check
  check (dimension in ('requests', 'status', 'format', 'event_name', 'rule', 'severity', 'verdict'));

-- Row-level security is unchanged: the column is read under the log's existing policy.
