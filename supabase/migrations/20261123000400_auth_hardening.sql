-- Counters for the auth rate limits (rate-limiter-flexible's RateLimiterPostgres layout). In the
-- database, not in memory, so every server process sees the same counts.
create table if not exists auth.rate_limits (
  key varchar(255) primary key,
  points integer not null default 0,
  expire bigint
);
revoke all on auth.rate_limits from public;
create index if not exists rate_limits_expire_idx on auth.rate_limits (expire);
