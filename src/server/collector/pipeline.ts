import type { Logger } from '../logger';
import type { ValidationResult } from '../../shared/ga4/types';
import type { Drop, DropReason, StepResult } from './drop-reasons';
import { drop, pass, refuse } from './drop-reasons';
import { gtagClientId, type ClientRateLimiter } from './client-rate-limit';
import type { MetricsRecorder } from './metrics';
import { checkOrigin, type OriginCheck } from './origin';
import { quotaDrop, type QuotaLedger } from './quota';
import type { WebsiteRateLimiter } from './rate-limit';
import type { HitEnvelope, HitSource } from './stored-hit';
import type { HitValidator } from './validation';
import type { RefusalCounter } from './website-counters';
import type { RawHit } from './wire';
import type { BatchWriter, QueuedHit, WriteOutcome } from './writer';
import { MP_SECRET_PREFIX, isPlausibleSiteKey, type CollectorWebsite, type WebsiteDirectory } from './websites';

/** Where a request came from, as the HTTP layer saw it. */
export interface IngestContext {
  siteKey: string | undefined;
  /** An organization API key (Measurement Protocol api_secret starting with tlk_); the website is then found by measurement id. */
  apiKey?: string;
  measurementId?: string;
  source: HitSource;
  origin?: string;
  referer?: string;
  userAgent?: string;
  /** The sender's address (the per-client share of the rate limit). */
  clientAddress?: string;
  receivedAtMs: number;
}

export type HitResult =
  | { status: 'stored' | 'duplicate'; id: string; validation: ValidationResult['status']; issues: number }
  | { status: 'refused'; reason: DropReason; error: string };

/** The whole request was refused (nothing stored), or each hit has its own result. */
export type IngestResult = { refused: Drop } | { refused?: undefined; results: HitResult[] };

/** A hit between admission and storage (decoded and validated by the writer's validate step). */
export interface AdmittedHit {
  website: CollectorWebsite;
  method: string;
  envelope: HitEnvelope;
}

const refused = (d: Drop): HitResult => ({ status: 'refused', reason: d.reason, error: d.message });

export interface PipelineParts {
  directory: WebsiteDirectory;
  quota: QuotaLedger;
  /** Decodes and validates admitted hits (in this thread or another). */
  validator: HitValidator;
  metrics: MetricsRecorder;
  log: Logger;
  /** Refusals per website (for alerts and the website's refused-hits figures). */
  refusals?: RefusalCounter;
  /** The per-website hits-per-minute limit; without one, hits are not rate limited. */
  rateLimiter?: WebsiteRateLimiter;
  /** Each client's share of that limit, for hits sent with the public site key. */
  clientLimiter?: ClientRateLimiter;
}

/**
 * The ingestion pipeline as named steps. In the request: resolveWebsite → checkOrigin →
 * checkRate → checkQuota → enqueue. In the writer: validate (as hits arrive: decode →
 * checkMeasurementId → rules, see validation.ts) → store (per batch).
 * Each step passes the hit on or drops it with a reason from the closed DropReason list.
 */
export class IngestPipeline {
  writer!: BatchWriter<AdmittedHit>;

  constructor(private readonly parts: PipelineParts) {}

  // -- steps in the request ------------------------------------------------------------------

  /** Counts a request refused before the pipeline could read its hits (too large, malformed). */
  refusedUnread(d: Drop): void {
    this.parts.metrics.received(1);
    this.parts.metrics.dropped(d.reason);
  }

  async resolveWebsite(siteKey: string | undefined): Promise<StepResult<CollectorWebsite>> {
    if (!siteKey) return refuse('missing_site_key', 'Missing site key: add ?site=YOUR_SITE_KEY (your website\'s site key) to the collector URL.');
    if (!isPlausibleSiteKey(siteKey)) return refuse('unknown_site_key', 'Unknown site key. Copy the tracker snippet from your website\'s settings in Tracklint.');
    let website: CollectorWebsite | null;
    try {
      website = await this.parts.directory.lookup(siteKey);
    } catch (err) {
      this.parts.log.warn({ error: err instanceof Error ? err.message : String(err) }, 'collector: website lookup failed');
      return refuse('storage_unavailable', 'Storage is temporarily unavailable; send the hit again shortly.');
    }
    if (!website) return refuse('unknown_site_key', 'Unknown site key. Copy the tracker snippet from your website\'s settings in Tracklint.');
    if (!website.isActive) return refuse('website_inactive', 'This website is inactive in Tracklint; activate it to collect hits again.');
    if (website.suspended) return refuse('organization_suspended', 'This organization is suspended in Tracklint; its hits are not collected. Contact support to reactivate it.');
    return pass(website);
  }

  /**
   * Measurement Protocol with a secret: a website secret's own website, or an organization API key's
   * website with this measurement id.
   */
  async resolveApiKey(apiKey: string, measurementId: string | undefined): Promise<StepResult<string>> {
    const websiteSecret = apiKey.startsWith(MP_SECRET_PREFIX);
    if (!websiteSecret && !measurementId) return refuse('missing_measurement_id', 'Missing measurement_id: with an API key as api_secret, add &measurement_id=G-XXXXXXX so Tracklint knows the website.');
    try {
      const r = await this.parts.directory.resolveApiKey(apiKey, measurementId);
      if (r.ok) return pass(r.siteKey);
      if (r.problem === 'invalid_api_key')
        return websiteSecret
          ? refuse('invalid_api_key', 'Invalid or revoked Measurement Protocol secret. Create one on the website\'s page in Tracklint.')
          : refuse('invalid_api_key', 'Invalid or revoked API key. Create a key in Tracklint under API Keys.');
      return refuse('no_website_for_measurement_id', `No website of this organization has measurement ID ${measurementId}. Add it to the website's settings in Tracklint.`);
    } catch (err) {
      this.parts.log.warn({ error: err instanceof Error ? err.message : String(err) }, 'collector: API key lookup failed');
      return refuse('storage_unavailable', 'Storage is temporarily unavailable; send the hit again shortly.');
    }
  }

  /**
   * Measurement Protocol sent with the public site key (or no secret): refused. When the key is a
   * website's, the refusal is counted for that website, so its page says why its hits are missing.
   */
  async refuseWithoutSecret(siteKey: string | undefined, nowMs: number): Promise<Drop> {
    const d = drop('api_secret_required', "Measurement Protocol needs a secret: the site key is public. Create a Measurement Protocol secret on the website's page in Tracklint and send it as api_secret.");
    this.parts.metrics.received(1);
    this.parts.metrics.dropped(d.reason);
    if (siteKey && isPlausibleSiteKey(siteKey) && this.parts.refusals) {
      const website = await this.parts.directory.lookup(siteKey).catch(() => null);
      if (website) {
        this.parts.refusals.add(website.organizationId, website.id, d.reason, 1, nowMs);
        this.writer.flushSoon();
      }
    }
    return d;
  }

  /** Takes n hits from the website's per-minute allowance; returns how many may go on. */
  async checkRate(website: CollectorWebsite, n: number, nowMs: number): Promise<number> {
    if (!this.parts.rateLimiter || website.hitsPerMinute === undefined || website.hitsPerMinute < 0) return n;
    return this.parts.rateLimiter.take(website.id, website.hitsPerMinute, n, nowMs);
  }

  rateDrop(website: CollectorWebsite): Drop {
    return drop(
      'rate_limited',
      `Too many hits for this website: its plan allows ${(website.hitsPerMinute ?? 0).toLocaleString('en-US')} per minute. Hits are accepted again from the next minute.`,
    );
  }

  checkOrigin(website: CollectorWebsite, ctx: IngestContext): StepResult<OriginCheck> {
    const check = checkOrigin(website.domain, ctx.origin, ctx.referer);
    if (!check.allowed)
      return refuse('origin_not_allowed', `Hits from ${check.host} are not allowed for this website; only ${website.domain} and its subdomains may send them.`);
    return pass(check);
  }

  /** Reserves quota for n hits; returns how many may go on (the rest are refused and recorded). */
  checkQuota(website: CollectorWebsite, n: number, nowMs: number): number {
    const room = this.parts.quota.reserve(website.organizationId, n, nowMs);
    if (room < n) this.parts.quota.refused(website.organizationId, n - room, nowMs);
    return room;
  }

  quotaDrop(website: CollectorWebsite): Drop {
    return quotaDrop(this.parts.quota.limitOf(website.organizationId));
  }

  /**
   * Runs the request steps for every hit of one HTTP request and waits until the admitted ones
   * are durably stored (or refused).
   */
  async ingest(ctx: IngestContext, hits: RawHit[]): Promise<IngestResult> {
    const { metrics } = this.parts;
    metrics.received(hits.length);
    const dropAll = (d: Drop): IngestResult => {
      metrics.dropped(d.reason, hits.length);
      return { refused: d };
    };
    let siteKey = ctx.siteKey;
    if (ctx.apiKey !== undefined) {
      const resolved = await this.resolveApiKey(ctx.apiKey, ctx.measurementId);
      if (!resolved.ok) return dropAll(resolved.drop);
      siteKey = resolved.value;
    }
    const site = await this.resolveWebsite(siteKey);
    if (!site.ok) return dropAll(site.drop);
    const website = site.value;
    // Refusals of a known website are counted per website and written with the next batch.
    const countRefused = (reason: DropReason, n: number) => {
      if (!this.parts.refusals) return;
      this.parts.refusals.add(website.organizationId, website.id, reason, n, ctx.receivedAtMs);
      this.writer.flushSoon();
    };
    const origin = this.checkOrigin(website, ctx);
    if (!origin.ok) {
      countRefused(origin.drop.reason, hits.length);
      return dropAll(origin.drop);
    }

    // A client's share first (site-key hits only: a secret's holder is the tenant), so one source
    // cannot take the website's whole minute; its hits over the share are refused one by one.
    const byClient = this.checkClientRate(website, ctx, hits);
    if (byClient) {
      const kept = hits.filter((_, i) => byClient[i]);
      countRefused('rate_limited', hits.length - kept.length);
      if (kept.length === 0) return dropAll(this.rateDrop(website));
      metrics.dropped('rate_limited', hits.length - kept.length);
      const inner = await this.admitAndStore(website, origin.value, ctx, kept, countRefused);
      if (inner.refused) return { refused: inner.refused };
      let next = 0;
      return { results: hits.map((_, i) => (byClient[i] ? inner.results[next++]! : refused(this.rateDrop(website)))) };
    }
    return this.admitAndStore(website, origin.value, ctx, hits, countRefused);
  }

  /** Each hit's client may send it this minute; undefined when all may (or no client limit applies). */
  checkClientRate(website: CollectorWebsite, ctx: IngestContext, hits: RawHit[]): boolean[] | undefined {
    const perMinute = website.hitsPerMinute;
    if (!this.parts.clientLimiter || ctx.apiKey !== undefined || perMinute === undefined || perMinute < 0) return undefined;
    const admitted = this.parts.clientLimiter.admit(website.id, perMinute, ctx.clientAddress, hits.map((h) => gtagClientId(h.url)), ctx.receivedAtMs);
    return admitted.every(Boolean) ? undefined : admitted;
  }

  /** The website's rate and quota, then the queue, for hits already past the client's share. */
  private async admitAndStore(
    website: CollectorWebsite,
    origin: OriginCheck,
    ctx: IngestContext,
    hits: RawHit[],
    countRefused: (reason: DropReason, n: number) => void,
  ): Promise<IngestResult> {
    const { metrics } = this.parts;
    const dropAll = (d: Drop): IngestResult => {
      metrics.dropped(d.reason, hits.length);
      return { refused: d };
    };
    // Before the quota: hits over the minute's rate must not use up the month's allowance.
    const allowed = await this.checkRate(website, hits.length, ctx.receivedAtMs);
    if (allowed === 0) {
      countRefused('rate_limited', hits.length);
      return dropAll(this.rateDrop(website));
    }
    if (allowed < hits.length) countRefused('rate_limited', hits.length - allowed);

    const room = this.checkQuota(website, allowed, ctx.receivedAtMs);
    if (room < allowed) this.writer.flushSoon();
    if (room === 0) {
      countRefused('quota_exceeded', allowed);
      if (allowed === hits.length) return dropAll(this.quotaDrop(website));
    }
    if (room > 0 && room < allowed) countRefused('quota_exceeded', allowed - room);

    const results: Array<HitResult | undefined> = new Array(hits.length);
    const admitted: Array<{ index: number; hit: AdmittedHit }> = [];
    hits.forEach((hit, index) => {
      if (index >= room) {
        const d = index >= allowed ? this.rateDrop(website) : this.quotaDrop(website);
        metrics.dropped(d.reason);
        results[index] = refused(d);
        return;
      }
      admitted.push({
        index,
        hit: {
          website,
          method: hit.method,
          envelope: {
            receivedAtMs: ctx.receivedAtMs,
            organizationId: website.organizationId,
            websiteId: website.id,
            idempotencyKey: hit.idempotencyKey,
            source: ctx.source,
            originHost: origin.host ?? null,
            url: hit.url,
            body: hit.body,
            userAgent: ctx.userAgent ?? null,
          },
        },
      });
    });

    if (admitted.length > 0) {
      const queued = this.writer.tryEnqueue(
        admitted.map(({ hit }) => ({ admitted: hit, organizationId: website.organizationId, websiteId: website.id, verifies: origin.fromSiteDomain && !website.verified })),
      );
      if (queued === 'full' || queued === 'shutting_down') {
        this.parts.quota.settle(website.organizationId, admitted.length, 0);
        const d =
          queued === 'full'
            ? drop('queue_full', 'The collector is busy; send the hits again in a second.')
            : drop('shutting_down', 'The collector is restarting; send the hits again in a second.');
        metrics.dropped(d.reason, admitted.length);
        countRefused(d.reason, admitted.length);
        for (const { index } of admitted) results[index] = refused(d);
      } else {
        const outcomes = await Promise.all(queued);
        outcomes.forEach((o: WriteOutcome, i) => {
          const index = admitted[i]!.index;
          results[index] =
            o.kind === 'stored'
              ? { status: o.duplicate ? 'duplicate' : 'stored', id: o.hit.id, validation: o.hit.status, issues: o.hit.issueRuleIds.length }
              : refused(o.drop);
        });
      }
    }
    return { results: results as HitResult[] };
  }

  // -- steps in the writer -------------------------------------------------------------------

  /** The validate step, for one group of hits: decodes and validates those not validated yet. */
  async validate(batch: QueuedHit<AdmittedHit>[]): Promise<void> {
    const todo = batch.filter((h) => h.stored === undefined && h.refusal === undefined);
    if (todo.length === 0) return;
    const outcomes = await this.parts.validator.validate(
      todo.map((h) => ({ seq: h.seq, website: h.admitted.website, method: h.admitted.method, envelope: h.admitted.envelope })),
    );
    outcomes.forEach((o, i) => {
      const h = todo[i]!;
      if (o.refusal !== undefined) h.refusal = o.refusal;
      else {
        h.stored = o.stored;
        h.historyWrites = o.historyWrites;
        h.undoable = o.undoable;
      }
    });
  }
}
