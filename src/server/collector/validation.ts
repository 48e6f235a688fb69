import type { Logger } from '../logger';
import type { DecodedRequest } from '../../shared/ga4/types';
import type { CollectorEngine, WebsiteValidator } from './engine-adapter';
import { drop, pass, refuse, type Drop, type DropReason, type StepResult } from './drop-reasons';
import type { HistoryCache, HistoryUndo } from './history-cache';
import type { HistoryWrite } from './sink';
import { toStoredHit, type HitEnvelope, type StoredHit } from './stored-hit';
import { uuidv7 } from './uuid7';
import type { CollectorWebsite } from './websites';

/** Longest stretch of validation between two turns of the event loop. */
const VALIDATION_SLICE_MS = 4;

/** One admitted hit to decode and validate; `seq` names it until it is settled. */
export interface ValidationInput {
  seq: number;
  website: CollectorWebsite;
  method: string;
  envelope: HitEnvelope;
}

/** A validated hit (with the history records to persist with it), or why it cannot be stored. */
export type ValidationOutcome =
  /** `undoable`: validating it changed the history, so `settle` must be told whether it was stored. */
  | { seq: number; stored: StoredHit; historyWrites: HistoryWrite[]; undoable: boolean; refusal?: undefined }
  | { seq: number; refusal: Drop };

/**
 * The validate step of the writer: decode, check the measurement id, read the engine's history and
 * run the rules. Runs in the collector's thread (`HitValidation`) or in a thread of its own
 * (`ValidationThread`); both keep what validating each hit wrote to the history until the writer
 * knows whether the hit was stored.
 */
export interface HitValidator {
  /** Outcomes in input order. Throws only before any hit was validated (history unreadable): the hits are validated again later. */
  validate(hits: readonly ValidationInput[]): Promise<ValidationOutcome[]>;
  /** Called once for every undoable hit validate() returned: kept, or taken back out of the history (refused, duplicate). */
  settle(seq: number, kept: boolean): void;
  stop(): Promise<void>;
}

/** Validation cannot run right now (its thread is restarting): the hits wait and are validated again, like a database outage. */
export class ValidationUnavailable extends Error {
  readonly retryable = true;
}

export function decodeHit(engine: CollectorEngine, input: ValidationInput): StepResult<DecodedRequest> {
  const { envelope } = input;
  const headers: Record<string, string> = {};
  if (envelope.userAgent) headers['user-agent'] = envelope.userAgent;
  const result = engine.decode({ method: input.method, url: envelope.url, body: envelope.body, headers, receivedAtMs: envelope.receivedAtMs });
  if (result.ok) return pass(result.request);
  const reason: DropReason = result.error.code === 'INVALID_JSON' || result.error.code === 'JSON_NOT_OBJECT' ? 'invalid_json' : result.error.code === 'BODY_TOO_LARGE' ? 'body_too_large' : 'not_ga4';
  return refuse(reason, result.error.message);
}

export function checkMeasurementId(website: CollectorWebsite, decoded: DecodedRequest): StepResult<DecodedRequest> {
  const tid = decoded.measurementId;
  if (tid === undefined || website.measurementIds.length === 0 || website.measurementIds.includes(tid)) return pass(decoded);
  return refuse('measurement_id_mismatch', `Measurement ID ${tid} is not registered for this website (registered: ${website.measurementIds.join(', ')}).`);
}

/** Validation in the calling thread, with the history cache it is given. */
export class HitValidation implements HitValidator {
  private readonly validators = new Map<string, { validator: WebsiteValidator; website: CollectorWebsite }>();
  /** What validating each stored hit changed in the history, until the hit is settled. */
  private readonly undo = new Map<number, HistoryUndo[]>();
  /** Settles when the last group given to validate() has run its rules (or failed). */
  private rulesDone: Promise<void> = Promise.resolve();

  constructor(
    private readonly engine: CollectorEngine,
    private readonly history: HistoryCache,
    private readonly log: Logger,
  ) {}

  /** Hits validated and not settled yet (each holds its history undo). */
  get unsettled(): number {
    return this.undo.size;
  }

  private validatorFor(website: CollectorWebsite): WebsiteValidator {
    const cached = this.validators.get(website.id);
    // A website re-read from Postgres is a new object: recompile when its settings may have changed.
    if (cached && cached.website === website) return cached.validator;
    const validator = this.engine.validatorFor(website);
    if (this.validators.size > 10_000) this.validators.clear();
    this.validators.set(website.id, { validator, website });
    return validator;
  }

  async validate(hits: readonly ValidationInput[]): Promise<ValidationOutcome[]> {
    const decoded = hits.map((h) => {
      const d = decodeHit(this.engine, h);
      return d.ok ? checkMeasurementId(h.website, d.value) : d;
    });
    const keysBySite = new Map<string, Set<string>>();
    hits.forEach((h, i) => {
      const d = decoded[i]!;
      if (!d.ok) return;
      let set = keysBySite.get(h.website.id);
      if (!set) keysBySite.set(h.website.id, (set = new Set()));
      for (const k of this.engine.historyKeys(d.value)) set.add(k);
    });
    // Groups are validated strictly in the order they were given, each after the previous one's
    // rules ran (later hits read what earlier ones wrote); only reading the history from Postgres
    // overlaps the previous group's rules.
    const previous = this.rulesDone;
    let done!: () => void;
    this.rulesDone = new Promise<void>((resolve) => (done = resolve));
    try {
      await this.history.prefetchBatch(keysBySite);
      await previous;
      return await this.runRules(hits, decoded);
    } finally {
      // Also when the history could not be read: the next group still waits for the previous one's rules.
      void previous.then(done);
    }
  }

  private async runRules(hits: readonly ValidationInput[], decoded: Array<StepResult<DecodedRequest> | undefined>): Promise<ValidationOutcome[]> {
    const out: ValidationOutcome[] = [];
    let slice = performance.now();
    for (let i = 0; i < hits.length; i++) {
      const h = hits[i]!;
      const d = decoded[i]!;
      // Drop the model as soon as it is validated: it is large, and kept until the group ends it
      // would survive garbage collections.
      decoded[i] = undefined;
      if (!d.ok) {
        out.push({ seq: h.seq, refusal: d.drop });
        continue;
      }
      // Validation is CPU work on the event loop: yield every few milliseconds so database replies
      // and new requests are handled meanwhile. By time, not by count: one request can cost a
      // hundred times another.
      if (performance.now() - slice > VALIDATION_SLICE_MS) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        slice = performance.now();
      }
      const writes: HistoryWrite[] = [];
      const undo: HistoryUndo[] = [];
      try {
        const result = this.validatorFor(h.website)(d.value, this.history.view(h.website.id, writes, undo), h.envelope.receivedAtMs);
        out.push({ seq: h.seq, stored: toStoredHit(uuidv7(h.envelope.receivedAtMs), h.envelope, d.value, result), historyWrites: writes, undoable: undo.length > 0 });
        if (undo.length > 0) this.undo.set(h.seq, undo);
      } catch (err) {
        // An engine failure on one hit must not hold back the others (nor be retried forever).
        this.history.revert(undo);
        this.log.error({ error: err instanceof Error ? err.message : String(err) }, 'collector: a hit could not be validated');
        out.push({ seq: h.seq, refusal: drop('store_failed', 'This hit could not be stored.') });
      }
    }
    return out;
  }

  settle(seq: number, kept: boolean): void {
    const undo = this.undo.get(seq);
    if (undo === undefined) return;
    this.undo.delete(seq);
    if (!kept) this.history.revert(undo);
  }

  async stop(): Promise<void> {}
}
