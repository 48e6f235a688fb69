import type { Database } from '../../../db/database';
import type { CollectorMetrics } from '../../../collector/metrics';
import { auditPageSchema, searchResultsSchema } from '../../../../shared/super-admin-console';
import { containsPattern, listQuery, parseInput } from './inputs';

export interface OverviewSources {
  db: Database;
  collectorMetrics?: () => CollectorMetrics;
  startedAt: Date;
  version: string;
  billingEnabled: boolean;
  mailMode: 'smtp' | 'development mailbox';
}

const num = (v: unknown) => Number(v ?? 0);

/** The operator's first screen: tenants, trials, paying plans, hits, the collector, failing rules, sign-ups. */
export async function dashboard(src: OverviewSources) {
  const q = (text: string) => src.db.pool.query(text).then((r) => r.rows);
  const [counts, plans, hits, hourly, topRules, signups, refusals] = await Promise.all([
    q(`select (select count(*) from public.organizations) as organizations,
              (select count(*) from auth.users) as users,
              (select count(*) from public.websites) as websites,
              (select count(*) from public.organizations o where tracklint_private.billing_state(o) = 'trialing') as active_trials,
              (select count(*) from public.organizations where suspended_at is not null) as suspended`),
    // Paying means a plan that is not in its trial (a sign-up's no-card trial has status active).
    q(`select plan, count(*) as organizations from public.organizations o
        where plan <> 'free' and tracklint_private.billing_state(o) in ('active', 'past_due') group by plan order by plan`),
    q(`select coalesce(sum(count) filter (where hour >= date_trunc('hour', now()) - interval '1 hour'), 0) as last_hour,
              coalesce(sum(count), 0) as last_day
         from public.website_hourly_rollups where dimension = 'requests' and hour >= now() - interval '24 hours'`),
    q(`select hour, sum(count) as hits from public.website_hourly_rollups
        where dimension = 'requests' and hour >= now() - interval '24 hours' group by hour order by hour`),
    q(`select value as rule_id, sum(count) as fired, count(distinct website_id) as websites from public.website_hourly_rollups
        where dimension = 'rule' and hour >= now() - interval '7 days' group by value order by websites desc, fired desc limit 10`),
    q(`select date_trunc('day', created_at)::date as day, count(*) as signups from auth.users
        where created_at >= now() - interval '30 days' group by 1 order by 1`),
    // Every server process's refusals (the counters), not only this process's.
    q(`select coalesce(sum(count) filter (where bucket >= now() - interval '1 hour'), 0) as last_hour, coalesce(sum(count), 0) as last_day
         from public.website_hit_counters where outcome = 'refused' and bucket >= now() - interval '24 hours'`),
  ]);
  const c = counts[0] ?? {};
  const metrics = src.collectorMetrics?.();
  return {
    organizations: num(c.organizations),
    users: num(c.users),
    websites: num(c.websites),
    activeTrials: num(c.active_trials),
    suspended: num(c.suspended),
    payingByPlan: plans.map((p) => ({ plan: String(p.plan), organizations: num(p.organizations) })),
    storedHits: { lastHour: num(hits[0]?.last_hour), lastDay: num(hits[0]?.last_day) },
    refusedHits: { lastHour: num(refusals[0]?.last_hour), lastDay: num(refusals[0]?.last_day) },
    hitsByHour: hourly.map((h) => ({ hour: new Date(h.hour as string).toISOString(), hits: num(h.hits) })),
    collector: metrics
      ? {
          sinceProcessStart: metrics.startedAt,
          received: metrics.hitsReceived,
          stored: metrics.hitsStored,
          refused: Object.values(metrics.dropped).reduce((a, b) => a + b, 0),
          refusedByReason: metrics.dropped,
          queueDepth: metrics.queueDepth,
          queueCapacity: metrics.queueCapacity,
          writeFailures: metrics.batchWriteFailures,
        }
      : null,
    topFailingRules: topRules.map((r) => ({ ruleId: String(r.rule_id), fired: num(r.fired), websites: num(r.websites) })),
    signupsByDay: signups.map((s) => ({ day: String(s.day instanceof Date ? s.day.toISOString().slice(0, 10) : s.day), signups: num(s.signups) })),
  };
}

/** Revenue and subscriptions as recorded from the billing provider (or as set by administrators). */
export async function billingOverview(src: OverviewSources) {
  const q = (text: string) => src.db.pool.query(text).then((r) => r.rows);
  const [byPlan, mrr, trialsEnding, failed, invoices] = await Promise.all([
    // Status as billing sees it (tracklint_private.billing_state): a no-card trial is 'trialing', not 'active'.
    q(`select plan, tracklint_private.billing_state(o) as status, count(*) as organizations from public.organizations o group by 1, 2 order by 1, 2`),
    q(`select coalesce(sum(l.monthly_price), 0) as mrr from public.organizations o join public.subscription_plan_limits l on l.plan = o.plan
        where tracklint_private.billing_state(o) = 'active' and o.plan <> 'free' and o.suspended_at is null`),
    q(`select id, name, slug, plan, trial_ends_at from public.organizations o
        where tracklint_private.billing_state(o) = 'trialing' and trial_ends_at between now() and now() + interval '7 days' order by trial_ends_at limit 100`),
    q(`select o.id, o.name, o.slug, o.plan, o.subscription_status from public.organizations o
        where o.subscription_status in ('past_due', 'unpaid') order by o.name limit 100`),
    q(`select i.*, o.name as organization_name from public.billing_invoices i join public.organizations o on o.id = i.organization_id
        order by i.created_at desc limit 50`),
  ]);
  return {
    billingEnabled: src.billingEnabled,
    monthlyRecurringRevenue: num(mrr[0]?.mrr),
    subscriptions: byPlan.map((r) => ({ plan: String(r.plan), status: String(r.status), organizations: num(r.organizations) })),
    trialsEndingIn7Days: trialsEnding,
    failedPayments: failed,
    recentInvoices: invoices,
  };
}

/** Health of each part, the database's size and largest tables, version and uptime. */
export async function systemStatus(src: OverviewSources) {
  const started = performance.now();
  const q = (text: string) => src.db.pool.query(text).then((r) => r.rows);
  const [ping, migrations, size, tables, partitions, evaluation, deliveries] = await Promise.all([
    q('select 1 as ok'),
    q('select name, applied_at from tracklint_meta.migrations order by name'),
    q('select pg_database_size(current_database()) as bytes'),
    q(`select n.nspname || '.' || c.relname as name, pg_total_relation_size(c.oid) as bytes
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p') and n.nspname in ('public', 'auth', 'collector_partitions')
        order by bytes desc limit 10`),
    q(`select count(*) as partitions, min(c.relname) as oldest, max(c.relname) as newest
         from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'collector_partitions' and c.relkind = 'r'`),
    q(`select period, finished_at, duration_ms, opened, resolved from public.alert_evaluation_runs order by period desc limit 1`),
    q(`select count(*) filter (where status = 'pending') as pending, count(*) filter (where status = 'failed') as failed,
              count(*) filter (where status = 'sent') as sent
         from public.alert_deliveries where created_at >= now() - interval '24 hours'`),
  ]);
  const lastRun = evaluation[0];
  const metrics = src.collectorMetrics?.();
  return {
    version: src.version,
    startedAt: src.startedAt.toISOString(),
    uptimeSeconds: Math.round((Date.now() - src.startedAt.getTime()) / 1000),
    database: { ok: ping.length === 1, latencyMs: Math.round(performance.now() - started), sizeBytes: num(size[0]?.bytes), largestTables: tables.map((t) => ({ name: String(t.name), bytes: num(t.bytes) })) },
    migrations: { applied: migrations.length, latest: migrations.at(-1)?.name ?? null },
    collector: metrics ? { queueDepth: metrics.queueDepth, queueCapacity: metrics.queueCapacity, writeFailures: metrics.batchWriteFailures, batchesWritten: metrics.batchesWritten } : null,
    partitions: { count: num(partitions[0]?.partitions), oldest: partitions[0]?.oldest ?? null, newest: partitions[0]?.newest ?? null },
    mail: src.mailMode,
    // The alert evaluator runs every minute (pg-boss): a last run older than a few minutes means the jobs stopped.
    jobs: {
      alertEvaluation: lastRun
        ? { period: new Date(lastRun.period as string).toISOString(), finishedAt: lastRun.finished_at ? new Date(lastRun.finished_at as string).toISOString() : null, durationMs: num(lastRun.duration_ms), opened: num(lastRun.opened), resolved: num(lastRun.resolved) }
        : null,
      deliveriesLast24h: { pending: num(deliveries[0]?.pending), sent: num(deliveries[0]?.sent), failed: num(deliveries[0]?.failed) },
    },
  };
}

/** The audit log of super-admin actions, newest first, paginated, optionally searched. */
export async function auditLog(db: Database, query: Record<string, string>) {
  const q = parseInput(listQuery, query);
  const params: unknown[] = [];
  let where = '';
  if (q.q) {
    params.push(containsPattern(q.q));
    where = 'where actor_email ilike $1 or action ilike $1 or target_label ilike $1 or target_id ilike $1 or reason ilike $1';
  }
  const total = Number((await db.pool.query(`select count(*) as n from public.super_admin_actions ${where}`, params)).rows[0].n);
  const rows = (
    await db.pool.query(`select * from public.super_admin_actions ${where} order by created_at desc, id desc limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`, params)
  ).rows;
  return auditPageSchema.parse({ total, page: q.page, pageSize: q.pageSize, rows });
}

/** Typeahead over users (email, name) and organizations (name, slug): at most 8 of each. */
export async function search(db: Database, text: string) {
  const term = text.trim();
  if (term.length < 2) return searchResultsSchema.parse({ users: [], organizations: [] });
  const like = containsPattern(term.slice(0, 200));
  const [users, organizations] = await Promise.all([
    db.pool.query(
      `select u.id, u.email, p.full_name from auth.users u left join public.user_profiles p on p.id = u.id
        where u.email ilike $1 or p.full_name ilike $1 order by u.email limit 8`,
      [like],
    ),
    db.pool.query(`select id, name, slug, plan from public.organizations where name ilike $1 or slug ilike $1 order by name limit 8`, [like]),
  ]);
  return searchResultsSchema.parse({ users: users.rows, organizations: organizations.rows });
}
