-- Indexes for the requests log's filters that the organization/website time indexes cannot answer
-- quickly when few rows match (measured by `npm run bench:dashboards` on 10 million requests):
--  * the search box matches a client id or a user id exactly (RequestsPage, request-filters.ts);
--    without these it read every request of the range;
--  * a status few requests have (e.g. "pass" on a site that fails everywhere) read the whole range.
-- The rule and event-name filters are array containments, which Postgres cannot answer from an
-- index under row-level security (@> is not LEAKPROOF, so it may not run before the policy):
-- they walk the time index instead, and have no GIN index to maintain (see bench/README.md).
-- Created on every daily partition, present and future.

create index collected_requests_org_client_idx on public.collected_requests (organization_id, client_id, received_at desc);
create index collected_requests_org_user_idx on public.collected_requests (organization_id, user_id, received_at desc) where user_id is not null;
create index collected_requests_org_status_idx on public.collected_requests (organization_id, status, received_at desc);
