-- Every stored hit rewrites a few collector_history records (session and consent state). With an
-- index on expires_at, which every rewrite changes, none of those updates could be HOT: each one
-- added entries to both indexes. Without it, and with room left on each page, Postgres updates the
-- records in place (heap-only tuples) and the primary key is the only index to maintain. Expired
-- records are pruned hourly by collector_apply_retention with a sequential scan of a table whose
-- size the TTLs bound.
drop index if exists public.collector_history_expires_idx;
alter table public.collector_history set (fillfactor = 70);

-- The same for the counters every batch increments: only `count` (not indexed) changes.
alter table public.website_hourly_rollups set (fillfactor = 80);
alter table public.website_hit_counters set (fillfactor = 80);
alter table public.organization_usage set (fillfactor = 80);
