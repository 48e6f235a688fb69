-- Issue 25: the hourly rollups count plan violations (plan.* findings at warning or error
-- severity) in a dimension of their own, `plan_violation` (value: the finding kind). The `rule`
-- dimension counts every finding whatever its severity, so `tracklint check` (through
-- /api/v1/findings/summary) counted info-level plan findings as violations where `tracklint
-- validate` does not.

alter table public.website_hourly_rollups drop constraint website_hourly_rollups_dimension_check;
alter table public.website_hourly_rollups add constraint website_hourly_rollups_dimension_check
  check (dimension in ('requests', 'status', 'format', 'event_name', 'rule', 'severity', 'verdict', 'plan_violation'));
alter table public.organization_hourly_rollups drop constraint organization_hourly_rollups_dimension_check;
alter table public.organization_hourly_rollups add constraint organization_hourly_rollups_dimension_check
  check (dimension in ('requests', 'status', 'format', 'event_name', 'rule', 'severity', 'verdict', 'plan_violation'));
