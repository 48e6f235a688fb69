import type { StepResult } from './drop-reasons';
import { pass, refuse } from './drop-reasons';

/** One mirrored GA4 request as the tracker sends it. */
export interface RawHit {
  method: string;
  url: string;
  body: string | null;
  /** Chosen by the sender, one per mirrored request, so a retried hit is stored once. */
  idempotencyKey: string | null;
}

export const LIMITS = {
  /** One tracker batch (several mirrored requests). */
  trackerBatchBytes: 64 * 1024,
  /** gtag /g/collect sent straight to the collector. */
  gtagBytes: 64 * 1024,
  /** Google's Measurement Protocol limit. */
  mpBytes: 130_000,
  hitsPerBatch: 50,
  urlChars: 16 * 1024,
} as const;

const KEY_RE = /^[A-Za-z0-9_-]{8,64}$/;

/** Idempotency keys are short opaque tokens; anything else is ignored rather than trusted. */
export function cleanIdempotencyKey(value: unknown): string | null | undefined {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || !KEY_RE.test(value)) return undefined;
  return value;
}

/**
 * Parses the tracker's batch body: `{"v":1,"hits":[{"k":key,"m":"POST","u":url,"b":body}]}`.
 * All or nothing: one bad entry refuses the batch, so a sender bug is seen at once.
 */
export function parseTrackerBatch(text: string): StepResult<RawHit[]> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refuse('malformed_body', 'The batch is not valid JSON; expected {"v":1,"hits":[{"k","m","u","b"}]}.');
  }
  if (typeof json !== 'object' || json === null || !Array.isArray((json as { hits?: unknown }).hits))
    return refuse('malformed_body', 'The batch must be an object with a "hits" array.');
  const list = (json as { hits: unknown[] }).hits;
  if (list.length === 0) return refuse('malformed_body', 'The batch has no hits.');
  if (list.length > LIMITS.hitsPerBatch) return refuse('malformed_body', `A batch holds at most ${LIMITS.hitsPerBatch} hits; this one has ${list.length}.`);
  const hits: RawHit[] = [];
  for (let i = 0; i < list.length; i++) {
    const h = list[i] as Record<string, unknown> | null;
    if (typeof h !== 'object' || h === null) return refuse('malformed_body', `Hit ${i} is not an object.`);
    if (typeof h.u !== 'string' || h.u === '') return refuse('malformed_body', `Hit ${i} has no URL ("u").`);
    if (h.u.length > LIMITS.urlChars) return refuse('malformed_body', `Hit ${i} has a URL longer than ${LIMITS.urlChars} characters.`);
    if (h.m !== undefined && (typeof h.m !== 'string' || !/^(GET|POST)$/i.test(h.m))) return refuse('malformed_body', `Hit ${i} has an unsupported method; GA4 uses GET or POST.`);
    if (h.b !== undefined && h.b !== null && typeof h.b !== 'string') return refuse('malformed_body', `Hit ${i} has a body ("b") that is not a string.`);
    const key = cleanIdempotencyKey(h.k);
    if (key === undefined) return refuse('malformed_body', `Hit ${i} has an invalid idempotency key ("k"): 8 to 64 letters, digits, "-" or "_".`);
    hits.push({ method: typeof h.m === 'string' ? h.m.toUpperCase() : h.b ? 'POST' : 'GET', url: h.u, body: typeof h.b === 'string' ? h.b : null, idempotencyKey: key });
  }
  return pass(hits);
}

/** True for a GA4 collect URL the tracker may mirror (path /g/collect, not the Signals ping host). */
export function isGtagCollectUrl(url: string): boolean {
  try {
    const u = new URL(url, 'https://placeholder.invalid');
    return u.pathname.endsWith('/g/collect') && u.hostname !== 'stats.g.doubleclick.net';
  } catch {
    return false;
  }
}
