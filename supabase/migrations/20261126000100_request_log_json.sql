-- The log's decoded events and findings are written once per hit and only ever read whole (the
-- request drawer, exports): no query looks inside them. As `json` Postgres checks the text and
-- keeps it as sent, instead of building a `jsonb` tree for every hit, which was a large part of
-- the collector's cost per hit (bench/README.md, session 5). Key order is now the collector's own.
alter table public.collected_requests
  alter column events type json using events::json,
  alter column issues type json using issues::json;
-- Changing the type rewrites every partition of the log under an exclusive lock: on an installation
-- with a large log, apply this migration in a quiet hour (the collector's writes wait meanwhile).
