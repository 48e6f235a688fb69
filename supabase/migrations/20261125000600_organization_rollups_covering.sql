-- rollup_series over every website reads some 34,000 rows for 30 days (20 websites, 10 million
-- hits) and spent most of its time fetching each row from the heap (85 ms under load, 31 ms index-only). With the count in the
-- index the scan is index-only (hours past are all-visible once vacuumed; only the current hour is
-- still being updated). The table is small (one row per organization, hour and value), so the
-- collector's upserts barely notice a second index (they are no longer HOT updates, as count is indexed).
create index organization_hourly_rollups_read_idx on public.organization_hourly_rollups (organization_id, hour) include (dimension, value, count);
