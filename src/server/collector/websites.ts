import { createHash } from 'node:crypto';
import { UNANNOUNCED_TRUST_MS } from './cache-invalidation';
import type pg from 'pg';

/** What the collector needs to know about a website, resolved from its site key. */
export interface CollectorWebsite {
  id: string;
  organizationId: string;
  domain: string;
  measurementIds: string[];
  isActive: boolean;
  /** The organization was suspended by an operator: its hits are refused. */
  suspended?: boolean;
  verified: boolean;
  plan: string;
  /** The website has EU/EEA visitors: the stricter consent rules apply. */
  euTraffic: boolean;
  /** ISO 4217 codes the site sells in (empty: any valid code). */
  currencies: string[];
  /** Per-website overrides of catalogue rules (website_rule_settings), by rule id. */
  ruleOverrides: Record<string, { enabled: boolean; severity: 'error' | 'warning' | 'info' | null }>;
  /** The organization's enabled custom rules that apply to this website (all websites or this one). */
  customRules: Array<{ id: string; name: string; severity: 'error' | 'warning' | 'info'; definition: unknown }>;
  /** The plan's max_hits_per_minute for one website (-1 or absent: unlimited). */
  hitsPerMinute?: number;
  /**
   * The latest published version of the tracking plan the website follows (its document, with the
   * plan's severities and registered custom definitions), or null: no plan, none published, or
   * the organization's plan lacks tracking_plans.
   */
  trackingPlan?: unknown;
}

/** The organization's monthly request allowance as read with the website. */
export interface UsageSnapshot {
  organizationId: string;
  /** -1 unlimited; null when the plan is unknown (then requests are refused, as the spec says). */
  limit: number | null;
  used: number;
  month: string;
}

export interface WebsiteDirectoryOptions {
  /** How long a found website is trusted before it is read again. */
  ttlMs?: number;
  /** How long an unknown key is remembered, so a flood of bad keys does not reach Postgres. */
  negativeTtlMs?: number;
  maxEntries?: number;
  now?: () => number;
  /**
   * Whether changes are being announced to this process (LISTEN, see cache-invalidation.ts). While
   * they are not, a cached lookup is trusted for one second only.
   */
  changesAnnounced?: () => boolean;
}

export type ApiKeyResolution = { ok: true; siteKey: string } | { ok: false; problem: 'invalid_api_key' | 'no_website_for_measurement_id' };

/** Organization API keys (any website of the organization, chosen by measurement id). */
export const API_KEY_PREFIX = 'tlk_';
/** Per-website Measurement Protocol secrets (website_mp_secrets). */
export const MP_SECRET_PREFIX = 'tlmp_';

/** Whether an api_secret is one of Tracklint's secrets (rather than, say, the public site key). */
export function isCollectorSecret(value: string | undefined): value is string {
  return value !== undefined && (value.startsWith(API_KEY_PREFIX) || value.startsWith(MP_SECRET_PREFIX));
}

export interface WebsiteDirectory {
  /** The website for a site key, or null when no website has it. */
  lookup(siteKey: string): Promise<CollectorWebsite | null>;
  /**
   * The site key a Measurement Protocol secret stands for: an organization API key's website with
   * this measurement id, or a website secret's own website.
   */
  resolveApiKey(apiKey: string, measurementId: string | undefined): Promise<ApiKeyResolution>;
  /** Marks a website verified in the cache after the database recorded it. */
  markVerified(websiteId: string): void;
  /** Forgets every cached website and key resolution (something they depend on changed). */
  clear(): void;
}

interface Entry {
  website: CollectorWebsite | null;
  expiresAt: number;
  loadedAt: number;
}


export type UsageListener = (usage: UsageSnapshot) => void;

const LOOKUP_SQL = `
  -- The effective plan: a lapsed trial or subscription falls back to free, and websites past its
  -- limit are paused (read-only) until the plan covers them again.
  select w.id, w.organization_id, w.domain, w.measurement_ids,
         w.is_active and tracklint_private.website_within_plan(w.id) as is_active,
         -- The collector's "verified" is "receiving traffic" (set by its first hit from the domain).
         case when w.receiving_traffic_at is null then 'pending' else 'verified' end as verification_status,
         tracklint_private.effective_plan(o) as plan,
         w.eu_traffic, w.currencies, o.suspended_at is not null as suspended,
         -- Operators' defaults for everyone first; the website's own settings win over them.
         (select coalesce(jsonb_object_agg(g.rule_id, jsonb_build_object('enabled', g.enabled, 'severity', g.severity)), '{}'::jsonb)
            from public.rule_global_settings g)
         || (select coalesce(jsonb_object_agg(s.rule_id, jsonb_build_object('enabled', s.enabled, 'severity', s.severity)), '{}'::jsonb)
            from public.website_rule_settings s where s.website_id = w.id) as rule_overrides,
         p.monthly_requests as request_limit, p.max_hits_per_minute,
         coalesce(u.monthly_requests, 0) as used,
         to_char(date_trunc('month', now() at time zone 'utc'), 'YYYY-MM-DD') as month,
         (select coalesce(jsonb_agg(jsonb_build_object('id', r.id, 'name', r.name, 'severity', r.severity, 'definition', r.definition) order by r.created_at), '[]'::jsonb)
            from public.custom_rules r
            where r.organization_id = w.organization_id and (r.website_id is null or r.website_id = w.id) and r.enabled) as custom_rules,
         -- The published plan it follows (issue 25); triggers on the plan tables clear this cache.
         (select v.document || jsonb_build_object('severities', tp.severities, 'customDefinitions',
                   (select coalesce(jsonb_agg(jsonb_build_object('kind', d.kind, 'scope', d.scope, 'parameterName', d.parameter_name) order by d.kind, d.scope, d.parameter_name), '[]'::jsonb)
                      from public.tracking_plan_custom_definitions d where d.plan_id = tp.id))
            from public.tracking_plan_websites tw
            join public.tracking_plans tp on tp.id = tw.plan_id
            join lateral (select x.document from public.tracking_plan_versions x
                          where x.plan_id = tp.id and x.status = 'published' order by x.number desc limit 1) v on true
            where tw.website_id = w.id
              and public.plan_rank(tracklint_private.effective_plan(o)) >= public.plan_rank(public.feature_required_plan('tracking_plans'))) as tracking_plan
  from public.websites w
  join public.organizations o on o.id = w.organization_id
  left join public.subscription_plan_limits p on p.plan = tracklint_private.effective_plan(o)
  left join public.organization_usage u on u.organization_id = o.id and u.month = date_trunc('month', now() at time zone 'utc')::date
  where w.site_key = $1`;

/** Site keys are 32 hex characters today; anything far from that is refused without a query. */
const SITE_KEY_RE = /^[A-Za-z0-9_-]{8,128}$/;

export function isPlausibleSiteKey(key: string): boolean {
  return SITE_KEY_RE.test(key);
}

/** One row of LOOKUP_SQL. */
interface WebsiteRow {
  id: string;
  organization_id: string;
  domain: string;
  measurement_ids: string[];
  is_active: boolean;
  suspended: boolean;
  verification_status: string;
  plan: string;
  request_limit: string | null;
  used: string;
  month: string;
  custom_rules: CollectorWebsite['customRules'];
  eu_traffic: boolean;
  currencies: string[];
  rule_overrides: CollectorWebsite['ruleOverrides'];
  max_hits_per_minute: number | null;
  tracking_plan: unknown;
}

function websiteOf(row: WebsiteRow): CollectorWebsite {
  return {
    id: row.id,
    organizationId: row.organization_id,
    domain: row.domain,
    measurementIds: row.measurement_ids ?? [],
    isActive: row.is_active,
    suspended: row.suspended,
    verified: row.verification_status === 'verified',
    plan: row.plan,
    customRules: row.custom_rules ?? [],
    euTraffic: row.eu_traffic === true,
    currencies: row.currencies ?? [],
    ruleOverrides: row.rule_overrides ?? {},
    hitsPerMinute: row.max_hits_per_minute ?? -1,
    trackingPlan: row.tracking_plan ?? null,
  };
}

/** A website's Measurement Protocol secret (by hash): its website's site key. */
async function loadMpSecret(pool: pg.Pool, hash: string): Promise<ApiKeyResolution> {
  const { rows } = await pool.query<{ id: string; site_key: string }>(
    `select s.id, w.site_key from public.website_mp_secrets s join public.websites w on w.id = s.website_id
     where s.secret_hash = $1 and s.revoked_at is null`,
    [hash],
  );
  const row = rows[0];
  if (!row) return { ok: false, problem: 'invalid_api_key' };
  void pool.query('update public.website_mp_secrets set last_used_at = now() where id = $1', [row.id]).catch(() => {});
  return { ok: true, siteKey: row.site_key };
}

/** An organization API key with the collect scope (by hash): the site key of its website with this measurement id. */
async function loadApiKey(pool: pg.Pool, hash: string, measurementId: string): Promise<ApiKeyResolution> {
  const { rows } = await pool.query<{ id: string; site_key: string | null }>(
    `select k.id, (select w.site_key from public.websites w
                   where w.organization_id = k.organization_id and $2 = any(w.measurement_ids)
                   order by w.created_at limit 1) as site_key
     from public.api_keys k where k.key_hash = $1 and k.revoked_at is null and 'collect' = any(k.scopes)`,
    [hash, measurementId],
  );
  const row = rows[0];
  if (!row) return { ok: false, problem: 'invalid_api_key' };
  // Once per cache period, not per request.
  void pool.query('update public.api_keys set last_used_at = now() where id = $1', [row.id]).catch(() => {});
  return row.site_key ? { ok: true, siteKey: row.site_key } : { ok: false, problem: 'no_website_for_measurement_id' };
}

/**
 * Resolves site keys to websites with a short-lived cache, so the hot path reads Postgres once per
 * key per TTL. Concurrent lookups of one key share a single query. Each read also reports the
 * organization's usage, which seeds the quota.
 */
export function createWebsiteDirectory(pool: pg.Pool, onUsage: UsageListener, options: WebsiteDirectoryOptions = {}): WebsiteDirectory {
  const ttl = options.ttlMs ?? 30_000;
  const negativeTtl = options.negativeTtlMs ?? 5_000;
  const max = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const announced = options.changesAnnounced ?? (() => true);
  const fresh = (entry: { expiresAt: number; loadedAt: number }) => {
    const t = now();
    return entry.expiresAt > t && (announced() || t - entry.loadedAt < UNANNOUNCED_TRUST_MS);
  };
  const cache = new Map<string, Entry>();
  const inflight = new Map<string, Promise<CollectorWebsite | null>>();

  // Bumped by clear(): a lookup that started before a change was announced is not cached after it.
  let generation = 0;

  async function load(siteKey: string): Promise<CollectorWebsite | null> {
    const startedIn = generation;
    const { rows } = await pool.query<WebsiteRow>(LOOKUP_SQL, [siteKey]);
    const row = rows[0];
    const website = row ? websiteOf(row) : null;
    if (row) onUsage({ organizationId: row.organization_id, limit: row.request_limit === null ? null : Number(row.request_limit), used: Number(row.used), month: row.month });
    if (startedIn !== generation) return website;
    if (cache.size >= max) cache.delete(cache.keys().next().value as string);
    cache.set(siteKey, { website, expiresAt: now() + (website ? ttl : negativeTtl), loadedAt: now() });
    return website;
  }

  const apiKeys = new Map<string, { result: ApiKeyResolution; expiresAt: number; loadedAt: number }>();

  return {
    async resolveApiKey(apiKey, measurementId) {
      const hash = createHash('sha256').update(apiKey, 'utf8').digest('hex');
      const startedIn = generation;
      const cacheKey = `${hash}|${measurementId ?? ''}`;
      const hit = apiKeys.get(cacheKey);
      if (hit && fresh(hit)) return hit.result;
      const result = apiKey.startsWith(MP_SECRET_PREFIX)
        ? await loadMpSecret(pool, hash)
        : measurementId
          ? await loadApiKey(pool, hash, measurementId)
          : ({ ok: false, problem: 'no_website_for_measurement_id' } as const);
      if (startedIn !== generation) return result;
      if (apiKeys.size >= max) apiKeys.delete(apiKeys.keys().next().value as string);
      apiKeys.set(cacheKey, { result, expiresAt: now() + (result.ok ? ttl : negativeTtl), loadedAt: now() });
      return result;
    },
    async lookup(siteKey) {
      const hit = cache.get(siteKey);
      if (hit && fresh(hit)) return hit.website;
      let pending = inflight.get(siteKey);
      if (!pending) {
        // Stale if error: while Postgres is unreachable, a website seen before keeps being served.
        pending = load(siteKey)
          .catch((err: unknown) => {
            if (hit) return hit.website;
            throw err;
          })
          .finally(() => inflight.delete(siteKey));
        inflight.set(siteKey, pending);
      }
      return pending;
    },
    markVerified(websiteId) {
      for (const entry of cache.values()) if (entry.website?.id === websiteId) entry.website.verified = true;
    },
    clear: () => {
      generation += 1;
      cache.clear();
      inflight.clear();
      apiKeys.clear();
    },
  };
}
