-- The requests log is read per organization as well as per website (the log page can show every
-- website of the organization): index both paths, newest first.

-- == indexes ================================================================
create index collected_requests_org_time_idx on public.collected_requests (organization_id, received_at desc);

-- Rule filters run per organization, optionally narrowed to a website (a filter on top): one
-- index serves both, instead of a per-website one that organization-wide filters cannot use.
drop index public.collected_request_issues_rule_idx;
create index collected_request_issues_org_rule_idx on public.collected_request_issues (organization_id, rule_id, received_at desc);
