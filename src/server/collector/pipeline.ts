import type { Logger } from '../logger';
import type { ValidationResult } from '../../shared/ga4/types';
import type { Drop, DropReason, StepResult } from './drop-reasons';
import { drop, pass, refuse } from './drop-reasons';
import { gtagClientId, type ClientRateLimiter } from './client-rate-limit';
import type { DebugResponse } from './engine-adapter';
import type { IngestObserver } from './ingest-observer';
import { checkOrigin, type OriginCheck } from './origin';
import { quotaDrop, type QuotaLedger } from './quota';
import type { WebsiteRateLimiter } from './rate-limit';
import type { HitSource, RequestRef } from './stored-hit';
import type { AdmittedHit, HitValidator } from './validation';
import type { RawHit } from './wire';
import type { BatchWriter, WriteOutcome } from './writer';
import { MP_SECRET_PREFIX, isPlausibleSiteKey, type CollectorWebsite, type WebsiteDirectory } from './websites';

export type { AdmittedHit };

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

/** Names each ingested request within this process (its hits share the custom-rule cap per request, validation.ts). */
let nextRequestId = 1;

const refused = (d: Drop): HitResult => ({ status: 'refused', reason: d.reason, error: d.message });


/** Where admitted hits go: the batch writer (the pipeline only enqueues and asks for an early flush). */
export type AdmissionQueue = Pick<BatchWriter<AdmittedHit>, 'tryEnqueue' | 'flushSoon'>;

export interface PipelineParts {
  directory: WebsiteDirectory;
  quota: QuotaLedger;
  /** Decodes and validates (in this thread or another): the writer's validate step and the debug endpoint's final step. */
  validator: HitValidator;
  queue: AdmissionQueue;
  /** Counts hits received and refused (metrics, the website's refused-hits figures). */
  observer: IngestObserver;
  log: Logger;
  /** The per-website hits-per-minute limit; without one, hits are not rate limited. */
  rateLimiter?: WebsiteRateLimiter;
  /** Each client's share of that limit, for hits sent with the public site key. */
  clientLimiter?: ClientRateLimiter;
}

/** One request's hits on their way through the admission steps, for a website already known. */
export interface Admission {
  ctx: IngestContext;
  website: CollectorWebsite;
  origin: OriginCheck;
  /** The hits still going on, each with its index in the request. */
  hits: Array<{ index: number; hit: RawHit }>;
  /** The results of hits refused one by one so far, by index in the request. */
  results: Array<HitResult | undefined>;
  /** Hits the website's rate step refused one by one: a quota refusal of the rest is then answered per hit too (mixed reasons). */
  overRate: number;
}

/** An admission step: the request goes on (possibly with fewer hits, the others refused one by one) or is refused whole. */
export type AdmissionStep = (admission: Admission) => StepResult<Admission> | Promise<StepResult<Admission>>;

const fail = <T>(d: Drop): StepResult<T> => ({ ok: false, drop: d });

const STORAGE_UNAVAILABLE = 'Storage is temporarily unavailable; send the hit again shortly.';
const UNKNOWN_SITE_KEY = "Unknown site key. Copy the tracker snippet from your website's settings in Tracklint.";

/**
 * The ingestion pipeline as named steps, each returning the request (possibly with fewer hits) or a
 * drop with a reason from the closed DropReason list:
 *   identify (resolveApiKey → resolveWebsite) → checkOrigin → checkClientRate → checkRate →
 *   checkQuota → enqueue, then in the writer: validate (decode → checkMeasurementId → rules, see
 *   validation.ts) → store (per batch).
 * The debug endpoint runs identify and then validates through the same validator (`inspect`).
 * Counting is left to the observer, which every refusal goes through.
 */
export class IngestPipeline {
  /** The steps between a known website and the queue, in order. */
  private readonly admissionSteps: AdmissionStep[] = [
    (a) => this.checkOrigin(a),
    (a) => this.checkClientRate(a),
    (a) => this.checkRate(a),
    (a) => this.checkQuota(a),
  ];

  constructor(private readonly parts: PipelineParts) {}

  /**
   * Runs the request steps for every hit of one HTTP request and waits until the admitted ones
   * are durably stored (or refused).
   */
  async ingest(ctx: IngestContext, hits: RawHit[]): Promise<IngestResult> {
    this.parts.observer.received(hits.length);
    const site = await this.identify(ctx);
    if (!site.ok) return this.refuseRequest(undefined, site.drop, hits.length, ctx);
    let admission: Admission = {
      ctx,
      website: site.value,
      origin: { allowed: true, fromSiteDomain: false },
      hits: hits.map((hit, index) => ({ index, hit })),
      results: new Array<HitResult | undefined>(hits.length),
      overRate: 0,
    };
    for (const step of this.admissionSteps) {
      const next = await step(admission);
      if (!next.ok) return this.refuseRequest(admission.website, next.drop, admission.hits.length, ctx);
      admission = next.value;
    }
    return this.enqueue(admission);
  }

  /** The debug endpoint: the same identification (with a secret), then the validator answers instead of storing. Nothing is counted. */
  async inspect(ctx: IngestContext, hit: RawHit): Promise<StepResult<DebugResponse>> {
    let website: CollectorWebsite | null = null;
    if (ctx.apiKey !== undefined) {
      const site = await this.identify(ctx);
      if (!site.ok) return site;
      website = site.value;
    }
    const response = await this.parts.validator.debug({ website, method: hit.method, url: hit.url, body: hit.body ?? '', userAgent: ctx.userAgent ?? '', receivedAtMs: ctx.receivedAtMs });
    return pass(response);
  }

  /** Counts a request refused before the pipeline could read its hits (too large, malformed). */
  refusedUnread(d: Drop): void {
    this.parts.observer.received(1);
    this.parts.observer.refused(undefined, d.reason, 1, Date.now());
  }

  /**
   * Measurement Protocol sent with the public site key (or no secret): refused. When the key is a
   * website's, the refusal is counted for that website, so its page says why its hits are missing.
   */
  async refuseWithoutSecret(siteKey: string | undefined, nowMs: number): Promise<Drop> {
    const d = drop('api_secret_required', "Measurement Protocol needs a secret: the site key is public. Create a Measurement Protocol secret on the website's page in Tracklint and send it as api_secret.");
    this.parts.observer.received(1);
    const website = siteKey && isPlausibleSiteKey(siteKey) ? await this.parts.directory.lookup(siteKey).catch(() => null) : null;
    this.parts.observer.refused(website ?? undefined, d.reason, 1, nowMs);
    return d;
  }

  private refuseRequest(website: CollectorWebsite | undefined, d: Drop, n: number, ctx: IngestContext): IngestResult {
    this.parts.observer.refused(website, d.reason, n, ctx.receivedAtMs);
    return { refused: d };
  }

  /** Refuses some hits of the request one by one; the others go on. */
  private refuseEach(a: Admission, hits: Admission['hits'], d: Drop): void {
    if (hits.length === 0) return;
    for (const { index } of hits) a.results[index] = refused(d);
    this.parts.observer.refused(a.website, d.reason, hits.length, a.ctx.receivedAtMs);
  }

  // -- identification --------------------------------------------------------------------------

  /** The website a request is for: by its secret (Measurement Protocol), else by its site key. */
  async identify(ctx: IngestContext): Promise<StepResult<CollectorWebsite>> {
    if (ctx.apiKey === undefined) return this.resolveWebsite(ctx.siteKey);
    const resolved = await this.resolveApiKey(ctx.apiKey, ctx.measurementId);
    return resolved.ok ? this.resolveWebsite(resolved.value) : resolved;
  }

  async resolveWebsite(siteKey: string | undefined): Promise<StepResult<CollectorWebsite>> {
    if (!siteKey) return refuse('missing_site_key', 'Missing site key: add ?site=YOUR_SITE_KEY (your website\'s site key) to the collector URL.');
    if (!isPlausibleSiteKey(siteKey)) return refuse('unknown_site_key', UNKNOWN_SITE_KEY);
    let website: CollectorWebsite | null;
    try {
      website = await this.parts.directory.lookup(siteKey);
    } catch (err) {
      this.parts.log.warn({ error: err instanceof Error ? err.message : String(err) }, 'collector: website lookup failed');
      return refuse('storage_unavailable', STORAGE_UNAVAILABLE);
    }
    if (!website) return refuse('unknown_site_key', UNKNOWN_SITE_KEY);
    if (!website.isActive) return refuse('website_inactive', 'This website is inactive in Tracklint; activate it to collect hits again.');
    if (website.suspended) return refuse('organization_suspended', 'This organization is suspended in Tracklint; its hits are not collected. Contact support to reactivate it.');
    return pass(website);
  }

  /**
   * Measurement Protocol with a secret: a website secret's own website, or an organization API key's
   * website with this measurement id. Passes on the website's site key.
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
      return refuse('storage_unavailable', STORAGE_UNAVAILABLE);
    }
  }

  // -- admission steps -------------------------------------------------------------------------

  /** A browser's hits must come from the website's domain; the check also says whether they may verify it. */
  checkOrigin(a: Admission): StepResult<Admission> {
    const check = checkOrigin(a.website.domain, a.ctx.origin, a.ctx.referer);
    if (!check.allowed)
      return refuse('origin_not_allowed', `Hits from ${check.host} are not allowed for this website; only ${a.website.domain} and its subdomains may send them.`);
    return pass({ ...a, origin: check });
  }

  /**
   * A client's share of the website's minute, before the website's own limit (site-key hits only: a
   * secret's holder is the tenant), so one source cannot take the whole minute; its hits over the
   * share are refused one by one.
   */
  checkClientRate(a: Admission): StepResult<Admission> {
    const perMinute = a.website.hitsPerMinute;
    if (!this.parts.clientLimiter || a.ctx.apiKey !== undefined || perMinute === undefined || perMinute < 0) return pass(a);
    const admitted = this.parts.clientLimiter.admit(a.website.id, perMinute, a.ctx.clientAddress, a.hits.map(({ hit }) => gtagClientId(hit.url)), a.ctx.receivedAtMs);
    if (admitted.every(Boolean)) return pass(a);
    if (!admitted.some(Boolean)) return fail(this.rateDrop(a.website));
    this.refuseEach(a, a.hits.filter((_, i) => !admitted[i]), this.rateDrop(a.website));
    return pass({ ...a, hits: a.hits.filter((_, i) => admitted[i]) });
  }

  /**
   * Takes the hits from the website's per-minute allowance; those over it are refused. Before the
   * quota: hits over the minute's rate must not use up the month's allowance.
   */
  async checkRate(a: Admission): Promise<StepResult<Admission>> {
    const perMinute = a.website.hitsPerMinute;
    if (!this.parts.rateLimiter || perMinute === undefined || perMinute < 0) return pass(a);
    const allowed = await this.parts.rateLimiter.take(a.website.id, perMinute, a.hits.length, a.ctx.receivedAtMs);
    if (allowed === 0) return fail(this.rateDrop(a.website));
    this.refuseEach(a, a.hits.slice(allowed), this.rateDrop(a.website));
    return pass({ ...a, hits: a.hits.slice(0, allowed), overRate: a.overRate + a.hits.length - allowed });
  }

  /** Reserves the organization's monthly quota for the hits; those over it are refused and recorded as a usage event. */
  checkQuota(a: Admission): StepResult<Admission> {
    const { organizationId } = a.website;
    const n = a.hits.length;
    const room = this.parts.quota.reserve(organizationId, n, a.ctx.receivedAtMs);
    if (room < n) {
      this.parts.quota.refused(organizationId, n - room, a.ctx.receivedAtMs);
      this.parts.queue.flushSoon();
    }
    const d = quotaDrop(this.parts.quota.limitOf(organizationId));
    if (room === 0 && a.overRate === 0) return fail(d);
    this.refuseEach(a, a.hits.slice(room), d);
    return pass({ ...a, hits: a.hits.slice(0, room) });
  }

  private rateDrop(website: CollectorWebsite): Drop {
    return drop(
      'rate_limited',
      `Too many hits for this website: its plan allows ${(website.hitsPerMinute ?? 0).toLocaleString('en-US')} per minute. Hits are accepted again from the next minute.`,
    );
  }

  // -- the last step in the request ------------------------------------------------------------

  /** Queues the admitted hits and waits for each one's fate; a full (or closing) queue refuses them all. */
  private async enqueue(a: Admission): Promise<IngestResult> {
    if (a.hits.length > 0) {
      const { website, origin, ctx } = a;
      // The admitted hits of one request share its custom-rule cap (validation.ts, RequestBudgets).
      const request: RequestRef = { id: nextRequestId++, hits: a.hits.length };
      const queued = this.parts.queue.tryEnqueue(
        a.hits.map(({ hit }) => ({
          admitted: admittedHit(website, origin, ctx, hit, request),
          organizationId: website.organizationId,
          websiteId: website.id,
          verifies: origin.fromSiteDomain && !website.verified,
        })),
      );
      if (queued === 'full' || queued === 'shutting_down') {
        this.parts.quota.settle(website.organizationId, a.hits.length, 0);
        this.refuseEach(a, a.hits, queued === 'full' ? drop('queue_full', 'The collector is busy; send the hits again in a second.') : drop('shutting_down', 'The collector is restarting; send the hits again in a second.'));
      } else {
        const outcomes = await Promise.all(queued);
        outcomes.forEach((o, i) => (a.results[a.hits[i]!.index] = hitResult(o)));
      }
    }
    return { results: a.results as HitResult[] };
  }
}

function admittedHit(website: CollectorWebsite, origin: OriginCheck, ctx: IngestContext, hit: RawHit, request: RequestRef): AdmittedHit {
  return {
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
      request,
    },
  };
}

function hitResult(o: WriteOutcome): HitResult {
  return o.kind === 'stored' ? { status: o.duplicate ? 'duplicate' : 'stored', id: o.hit.id, validation: o.hit.status, issues: o.hit.issueRuleIds.length } : refused(o.drop);
}
