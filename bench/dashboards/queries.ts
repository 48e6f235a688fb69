/**
 * The queries the dashboards issue, each exactly as the renderer's data layer issues it (the
 * renderer's own fetch functions through supabase-js, signed in as a member, so RLS applies), and
 * the alert evaluator's queries as the server runs them.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { fetchAlertRules } from '../../src/renderer/data/alerts/alert-rules-query';
import { fetchAlerts } from '../../src/renderer/data/alerts/alerts-query';
import { fetchUsageStatus } from '../../src/renderer/data/billing/usage-status-query';
import { fetchRequestDetail } from '../../src/renderer/data/requests/request-detail-query';
import { DEFAULT_FILTERS, type RequestFilters } from '../../src/renderer/data/requests/request-filters';
import { fetchRequestPage } from '../../src/renderer/data/requests/requests-query';
import { periodWindow, type Period } from '../../src/renderer/data/rollups/periods';
import { ruleFailureWindow } from '../../src/renderer/pages/alerts/derive-alerts';
import { fetchRollupSeries, fetchRollupSeriesByWebsite } from '../../src/renderer/data/rollups/rollups-query';
import type { RollupDimension } from '../../src/renderer/data/rollups/types';
import { fetchUsageEvents } from '../../src/renderer/data/rollups/usage-events-query';
import { fetchRefusedByWebsite } from '../../src/renderer/data/websites/refused-by-website-query';
import { fetchRefusedHits } from '../../src/renderer/data/websites/refused-hits-query';
import { fetchWebsites } from '../../src/renderer/data/websites/websites-query';
import { observeEventMissing } from '../../src/server/alerts/kinds/event-missing';
import { observeFailureRate } from '../../src/server/alerts/kinds/failure-rate';
import { observeNoHits } from '../../src/server/alerts/kinds/no-hits';
import { observeRefusedHits } from '../../src/server/alerts/kinds/refused-hits';
import { observeRuleFailing } from '../../src/server/alerts/kinds/rule-failing';
import { observeUsage } from '../../src/server/alerts/kinds/usage';
import { observeVolumeDrop } from '../../src/server/alerts/kinds/volume-drop';

export interface MeasuredQuery {
  page: 'dashboard' | 'analytics' | 'requests' | 'websites' | 'alerts' | 'evaluator';
  name: string;
  /** Runs as the signed-in member through the data API; false: the server's own pool (the evaluator). */
  asMember: boolean;
  run: () => Promise<unknown>;
}

// The pages' own dimension lists (DashboardPage.tsx, AnalyticsPage.tsx).
const DASHBOARD_DIMENSIONS: readonly RollupDimension[] = ['requests', 'status', 'severity', 'rule', 'event_name'];
const ANALYTICS_DIMENSIONS: readonly RollupDimension[] = ['requests', 'status', 'format', 'event_name', 'rule', 'severity'];

export interface QueryContext {
  client: SupabaseClient;
  pool: pg.Pool;
  organizationId: string;
  /** The busiest website (what a website-scoped page shows). */
  websiteId: string;
  /** A request, a client id and a user id that exist in the last 24 hours, for lookups. */
  sample: { requestId: string; clientId: string; userId: string };
  /** A rule most requests break, and one few do. */
  commonRuleId: string;
  rareRuleId: string;
  /** An event name few requests carry. */
  rareEventName: string;
}

export function dashboardQueries(ctx: QueryContext): MeasuredQuery[] {
  const { client, organizationId: org, websiteId } = ctx;
  // As the pages do: the period's chart buckets (UTC days here) summed by rollup_series.
  const rollups = (websiteId: string | null, period: Period, dimensions: readonly RollupDimension[]) => () =>
    fetchRollupSeries(client, { organizationId: org, websiteId, window: periodWindow(period, Date.now()), dimensions });
  // The alerts page's live signals: rule counts per website, the last hour against the 24 before (LiveSignals.tsx).
  const liveSignals = () => fetchRollupSeriesByWebsite(client, { organizationId: org, ...ruleFailureWindow(Date.now()), dimensions: ['rule'] });
  const log = (filters: Partial<RequestFilters>) => () => fetchRequestPage(client, org, { ...DEFAULT_FILTERS, ...filters }, 1);
  const evaluator = (observe: (c: pg.PoolClient, at: Date) => Promise<unknown>) => async () => {
    const c = await ctx.pool.connect();
    try {
      return await observe(c, new Date(Math.floor(Date.now() / 60_000) * 60_000));
    } finally {
      c.release();
    }
  };
  const member = (page: MeasuredQuery['page'], name: string, run: () => Promise<unknown>): MeasuredQuery => ({ page, name, asMember: true, run });
  const server = (name: string, run: () => Promise<unknown>): MeasuredQuery => ({ page: 'evaluator', name, asMember: false, run });
  return [
    member('dashboard', 'rollups 24h, all websites', rollups(null, '24h', DASHBOARD_DIMENSIONS)),
    member('dashboard', 'rollups 24h, one website', rollups(websiteId, '24h', DASHBOARD_DIMENSIONS)),
    member('dashboard', 'rollups 7d, all websites', rollups(null, '7d', DASHBOARD_DIMENSIONS)),
    member('dashboard', 'rollups 30d, all websites', rollups(null, '30d', DASHBOARD_DIMENSIONS)),
    member('dashboard', 'usage status (rpc)', () => fetchUsageStatus(client, org)),
    member('analytics', 'rollups 7d, all websites', rollups(null, '7d', ANALYTICS_DIMENSIONS)),
    member('analytics', 'rollups 30d, all websites', rollups(null, '30d', ANALYTICS_DIMENSIONS)),
    member('analytics', 'rollups 30d, one website', rollups(websiteId, '30d', ANALYTICS_DIMENSIONS)),
    member('analytics', 'usage events', () => fetchUsageEvents(client, org)),
    member('websites', 'websites', () => fetchWebsites(client, org)),
    member('websites', 'refused by website, 24h', () => fetchRefusedByWebsite(client, org)),
    member('websites', 'refused hits, one website', () => fetchRefusedHits(client, websiteId)),
    member('alerts', 'alerts', () => fetchAlerts(client, org)),
    member('alerts', 'live signals: rule rollups 25h', liveSignals),
    member('alerts', 'alert rules', () => fetchAlertRules(client, org)),
    member('requests', 'first page (24h, all websites)', log({})),
    member('requests', 'website', log({ websiteId })),
    member('requests', 'status fail', log({ status: 'fail' })),
    member('requests', 'status pass (none)', log({ status: 'pass' })),
    member('requests', `event ${ctx.rareEventName}`, log({ eventName: ctx.rareEventName })),
    member('requests', `rule ${ctx.commonRuleId}`, log({ ruleId: ctx.commonRuleId })),
    member('requests', `rule ${ctx.rareRuleId}`, log({ ruleId: ctx.rareRuleId })),
    member('requests', `rule ${ctx.rareRuleId}, 30d`, log({ ruleId: ctx.rareRuleId, range: '30d' })),
    member('requests', 'range 7d', log({ range: '7d' })),
    member('requests', 'range 30d', log({ range: '30d' })),
    member('requests', 'range all', log({ range: 'all' })),
    member('requests', 'website + status fail, 30d', log({ websiteId, status: 'fail', range: '30d' })),
    member('requests', 'search client id, 30d', log({ search: ctx.sample.clientId, range: '30d' })),
    member('requests', 'search user id, 30d', log({ search: ctx.sample.userId, range: '30d' })),
    member('requests', 'search request id, 30d', log({ search: ctx.sample.requestId, range: '30d' })),
    member('requests', 'request detail', () => fetchRequestDetail(client, ctx.sample.requestId)),
    server('failure_rate', evaluator(observeFailureRate)),
    server('rule_failing', evaluator(observeRuleFailing)),
    server('volume_drop', evaluator(observeVolumeDrop)),
    server('no_hits', evaluator(observeNoHits)),
    server('event_missing', evaluator(observeEventMissing)),
    server('refused_hits', evaluator(observeRefusedHits)),
    server('usage', evaluator(observeUsage)),
  ];
}
