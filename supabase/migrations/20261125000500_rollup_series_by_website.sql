-- The alerts page's live signals compare each website's rule findings of the last hour with the 24
-- hours before. They downloaded every hourly rule row of every website for 25 hours (about 20,000
-- rows for 20 websites, 161 ms at p95 in bench:dashboards); summed per website into the two
-- windows in Postgres they are two rows per website and rule.

create or replace function public.rollup_series_by_website(org_id uuid, bucket_starts timestamptz[], until timestamptz, dimensions text[])
returns table (website_id uuid, bucket timestamptz, dimension text, value text, count bigint)
language sql stable set search_path = '' as $$
  select r.website_id, bucket_starts[width_bucket(r.hour, bucket_starts)], r.dimension, r.value, sum(r.count)::bigint
  from public.website_hourly_rollups r
  where r.organization_id = org_id and r.hour >= bucket_starts[1] and r.hour < until and r.dimension = any (dimensions)
  group by 1, 2, 3, 4
$$;
comment on function public.rollup_series_by_website(uuid, timestamptz[], timestamptz, text[]) is 'rollup_series per website: each website''s hourly rollups summed into the given buckets (ascending start times) up to until. The alerts page''s live signals read it.';
revoke execute on function public.rollup_series_by_website(uuid, timestamptz[], timestamptz, text[]) from public, anon;
grant execute on function public.rollup_series_by_website(uuid, timestamptz[], timestamptz, text[]) to authenticated, service_role;
