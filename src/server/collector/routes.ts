import type { Context } from 'hono';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { clientAddress } from '../http/client-address';
import { readCapped } from '../http/read-capped';
import type { Collector } from './collector';
import { DEBUG_REQUESTS_PER_MINUTE, createDebugRateLimiter, type DebugRateLimiter } from './debug-rate-limit';
import { DROP_STATUS, RETRYABLE_REASONS, drop, pass, refuse, type Drop, type StepResult } from './drop-reasons';
import type { HitResult, IngestContext, IngestResult } from './pipeline';
import type { HitSource } from './stored-hit';
import { trackerScript } from './tracker-script';
import { ValidationUnavailable } from './validation';
import { isCollectorSecret } from './websites';
import { LIMITS, cleanIdempotencyKey, parseTrackerBatch, type RawHit } from './wire';

export interface CollectorRouteOptions {
  /** Public base URL of this server, used in the tracker script; falls back to the request's own origin. */
  publicUrl: () => string;
  /** Only the server operator may read the metrics (service role key as bearer or apikey). */
  isOperator: (c: Context) => Promise<boolean>;
  /** Believe X-Forwarded-For for the client's address (TRUST_PROXY). */
  trustProxy?: boolean;
}


const COLLECT_PATHS = ['/collect/g', '/g/collect', '/mp/collect', '/debug/mp/collect'];

/** Refuses a request whose hits could not be read at all, counting it as one dropped hit. */
function unread(c: Context, collector: Collector, d: Drop) {
  collector.pipeline.refusedUnread(d);
  return refusal(c, d);
}

function refusal(c: Context, d: Drop, extra: Record<string, unknown> = {}) {
  if (RETRYABLE_REASONS.has(d.reason)) c.header('retry-after', '1');
  return c.json({ error: d.message, reason: d.reason, ...extra }, DROP_STATUS[d.reason]);
}

/** The first step of every route: reads the body as text, refusing (without reading it all) a body over the limit. */
async function readBody(c: Context, maxBytes: number): Promise<StepResult<string>> {
  const declared = Number(c.req.header('content-length') ?? NaN);
  const tooLarge = drop('body_too_large', `The request body is larger than ${Math.round(maxBytes / 1000)} KB (${maxBytes} bytes).`);
  if (Number.isFinite(declared) && declared > maxBytes) return { ok: false, drop: tooLarge };
  // With a declared length the HTTP parser stops the body there, so it can be read whole: the
  // Node adapter then reads it straight from the socket instead of through a web stream, which
  // cost more than parsing the batch. Chunked bodies are counted as they arrive.
  if (Number.isFinite(declared)) return pass(Buffer.from(await c.req.raw.arrayBuffer()).toString('utf8'));
  const stream = c.req.raw.body;
  if (!stream) return pass('');
  const read = await readCapped(stream, maxBytes);
  return read.complete ? pass(read.text) : { ok: false, drop: tooLarge };
}

/** A single hit's idempotency key (header, or `_tlk` for gtag), refused when malformed. */
function idempotencyKey(value: string | undefined): StepResult<string | null> {
  const key = cleanIdempotencyKey(value);
  return key === undefined ? refuse('malformed_body', 'Invalid idempotency key: 8 to 64 letters, digits, "-" or "_".') : pass(key);
}

/**
 * The debug endpoint's own limit per key (the secret, else the address), before the body is read
 * or validated.
 */
function checkDebugRate(limiter: DebugRateLimiter, c: Context, secret: string | undefined, trustProxy: boolean): StepResult<true> {
  const limitKey = isCollectorSecret(secret) ? `secret:${secret}` : `address:${clientAddress(c, trustProxy) ?? ''}`;
  if (limiter.take(limitKey, Date.now())) return pass(true);
  return refuse('rate_limited', `Too many debug requests: at most ${DEBUG_REQUESTS_PER_MINUTE} a minute per secret (or per address without one).`);
}

/** A Measurement Protocol request's context: its secret (if any) and measurement id name the website. */
function mpContext(c: Context, secret: string | undefined): IngestContext {
  const ctx = context(c, undefined, 'measurement_protocol');
  if (secret !== undefined) ctx.apiKey = secret;
  ctx.measurementId = c.req.query('measurement_id');
  return ctx;
}

function context(c: Context, siteKey: string | undefined, source: HitSource, trustProxy = false): IngestContext {
  return {
    siteKey,
    source,
    clientAddress: clientAddress(c, trustProxy),
    origin: c.req.header('origin'),
    referer: c.req.header('referer'),
    userAgent: c.req.header('user-agent'),
    receivedAtMs: Date.now(),
  };
}

/** The request URL as the engine should see it: without Tracklint's own parameters, secrets masked. */
function cleanUrl(c: Context, strip: string[], mask: string[] = []): string {
  const url = new URL(c.req.url);
  for (const p of strip) url.searchParams.delete(p);
  for (const p of mask) if (url.searchParams.has(p)) url.searchParams.set(p, 'redacted');
  return `${url.pathname}${url.search}`;
}

/** Answers one HTTP request from its hits' results: 200 when all are settled, 503 when any should be sent again. */
function answerBatch(c: Context, outcome: IngestResult) {
  if (outcome.refused) return refusal(c, outcome.refused);
  const results = outcome.results;
  const count = (s: HitResult['status']) => results.filter((r) => r.status === s).length;
  const body = { stored: count('stored'), duplicates: count('duplicate'), refused: count('refused'), results };
  const refusedHits = results.filter((r): r is Extract<HitResult, { status: 'refused' }> => r.status === 'refused');
  const retry = refusedHits.find((r) => RETRYABLE_REASONS.has(r.reason));
  if (retry) return refusal(c, { reason: retry.reason, message: retry.error }, body);
  const first = refusedHits[0];
  if (first && refusedHits.length === results.length && refusedHits.every((r) => r.reason === first.reason))
    return refusal(c, { reason: first.reason, message: first.error }, body);
  return c.json(body, 200);
}

/** Answers a single-hit request (direct /g/collect, /mp/collect). */
function answerSingle(c: Context, outcome: IngestResult) {
  if (outcome.refused) return refusal(c, outcome.refused);
  const r = outcome.results[0]!;
  if (r.status === 'refused') return refusal(c, { reason: r.reason, message: r.error });
  return c.json(r, 200);
}

/** Collector routes: the tracker script, gtag and Measurement Protocol endpoints, debug validation, metrics. */
export function createCollectorRoutes(collector: Collector, options: CollectorRouteOptions): Hono {
  const app = new Hono();
  const { pipeline } = collector;

  const collectorCors = cors({
    origin: (origin) => origin || '*',
    allowMethods: ['GET', 'POST', 'OPTIONS'],
    allowHeaders: ['content-type', 'idempotency-key'],
    exposeHeaders: ['retry-after'],
    credentials: false,
    maxAge: 86_400,
  });
  for (const p of COLLECT_PATHS) app.use(p, collectorCors);

  app.get('/t.js', (c) => {
    const site = c.req.query('site');
    if (!site) return c.json({ error: 'Missing site key: load /t.js?site=YOUR_SITE_KEY.' }, 400);
    const base = options.publicUrl() || new URL(c.req.url).origin;
    return c.body(trackerScript(base, site), 200, {
      'content-type': 'application/javascript; charset=utf-8',
      'cache-control': 'public, max-age=300',
      'access-control-allow-origin': '*',
    });
  });

  // The tracker's batches of mirrored requests.
  app.post('/collect/g', async (c) => {
    const ctx = context(c, c.req.query('site'), 'tracker', options.trustProxy);
    if (!ctx.siteKey) {
      const missing = await pipeline.resolveWebsite(undefined);
      if (!missing.ok) return refusal(c, missing.drop);
    }
    const text = await readBody(c, LIMITS.trackerBatchBytes);
    if (!text.ok) return unread(c, collector, text.drop);
    const parsed = parseTrackerBatch(text.value);
    if (!parsed.ok) return unread(c, collector, parsed.drop);
    return answerBatch(c, await pipeline.ingest(ctx, parsed.value));
  });

  // gtag's own format sent straight to Tracklint (e.g. from server-side tagging): one request, GET or POST.
  const direct = async (c: Context) => {
    const ctx = context(c, c.req.query('site'), 'gtag_direct', options.trustProxy);
    const text = c.req.method === 'POST' ? await readBody(c, LIMITS.gtagBytes) : pass('');
    if (!text.ok) return unread(c, collector, text.drop);
    const key = idempotencyKey(c.req.header('idempotency-key') ?? c.req.query('_tlk'));
    if (!key.ok) return unread(c, collector, key.drop);
    const hit: RawHit = { method: c.req.method, url: cleanUrl(c, ['site', '_tlk']), body: text.value || null, idempotencyKey: key.value };
    return answerSingle(c, await pipeline.ingest(ctx, [hit]));
  };
  app.get('/g/collect', direct);
  app.post('/g/collect', direct);

  // Measurement Protocol: a secret as api_secret (an organization API key or the website's own
  // Measurement Protocol secret), as GA4 requires. The site key is public and is not accepted.
  app.post('/mp/collect', async (c) => {
    const secret = c.req.query('api_secret');
    if (!isCollectorSecret(secret)) return refusal(c, await pipeline.refuseWithoutSecret(secret ?? c.req.query('site'), Date.now()));
    const ctx = mpContext(c, secret);
    const text = await readBody(c, LIMITS.mpBytes);
    if (!text.ok) return unread(c, collector, text.drop);
    const key = idempotencyKey(c.req.header('idempotency-key'));
    if (!key.ok) return unread(c, collector, key.drop);
    const hit: RawHit = { method: 'POST', url: cleanUrl(c, ['site'], ['api_secret']), body: text.value, idempotencyKey: key.value };
    return answerSingle(c, await pipeline.ingest(ctx, [hit]));
  });

  // Google's validation server, plus Tracklint's findings: the same steps as /mp/collect, with a
  // limit of its own and, as the last step, the validator's answer instead of storage. Nothing is
  // stored or counted. With a secret the website's own settings apply (custom rules, measurement
  // ids); without one, and with the public site key, only the built-in rules with default
  // settings: nothing of a tenant's.
  const debugLimiter = createDebugRateLimiter();
  app.post('/debug/mp/collect', async (c) => {
    const secret = c.req.query('api_secret');
    const limited = checkDebugRate(debugLimiter, c, secret, options.trustProxy ?? false);
    if (!limited.ok) return refusal(c, limited.drop);
    const text = await readBody(c, LIMITS.mpBytes);
    if (!text.ok) return refusal(c, text.drop);
    const ctx = mpContext(c, isCollectorSecret(secret) ? secret : undefined);
    const hit: RawHit = { method: 'POST', url: cleanUrl(c, ['site'], ['api_secret']), body: text.value, idempotencyKey: null };
    const answer = await pipeline.inspect(ctx, hit).catch((err: unknown): StepResult<never> => {
      // The validation thread restarting (or stopping): like a busy collector, the sender tries again.
      if (err instanceof ValidationUnavailable) return refuse('queue_full', 'The collector is busy; send the hits again in a second.');
      throw err;
    });
    if (!answer.ok) return refusal(c, answer.drop);
    return c.json(answer.value, 200);
  });

  app.get('/collector/metrics', async (c) => {
    if (!(await options.isOperator(c))) return c.json({ error: 'The collector metrics are for the server operator: send the service role key.' }, 401);
    return c.json(collector.metrics(), 200, { 'cache-control': 'no-store' });
  });

  return app;
}
