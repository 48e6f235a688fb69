import type { Logger } from '../logger';
import type { DecodedRequest } from '../../shared/ga4/types';
import { CUSTOM_RULE_LIMITS } from '../../shared/ga4/custom-rules';
import type { StepBudget } from '../../shared/ga4/safe-regex';
import type { ValidationSteps } from '../../shared/ga4/engine';
import type { CollectorEngine, DebugResponse, WebsiteValidator } from './engine-adapter';
import { drop, pass, refuse, type Drop, type DropReason, type StepResult } from './drop-reasons';
import type { HistoryCache, HistoryUndo } from './history-cache';
import type { HistoryWrite } from './sink';
import { toStoredHit, type HitEnvelope, type RequestRef, type StoredHit, type StoredHitOptions } from './stored-hit';
import { uuidv7 } from './uuid7';
import type { CollectorWebsite } from './websites';
import type { QueuedHit } from './writer';

/** Longest stretch of validation between two turns of the event loop. */
const VALIDATION_SLICE_MS = 4;

/**
 * When this turn of the event loop started validating, shared by every caller (hits of the writer,
 * debug requests): several requests resumed in the same turn share one slice, so N concurrent
 * requests cannot hold the loop for N slices. Cleared by an immediate at the end of the turn.
 */
let turnStart: number | undefined;

function turnSpent(): boolean {
  const now = performance.now();
  if (turnStart === undefined) {
    turnStart = now;
    setImmediate(() => (turnStart = undefined));
    return false;
  }
  return now - turnStart > VALIDATION_SLICE_MS;
}

/**
 * Gives the event loop a turn when this turn has run validation for longer than
 * VALIDATION_SLICE_MS, so database replies and new requests are handled meanwhile. By time, not
 * by count: one hit can cost a hundred times another.
 */
export async function pauseIfTurnSpent(): Promise<void> {
  while (turnSpent()) await new Promise<void>((resolve) => setImmediate(resolve));
}

/** Runs validation steps (they pause after each event) to the end, in slices (pauseIfTurnSpent). */
export async function runInSlices<T>(steps: ValidationSteps<T>): Promise<T> {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    // An await only once the turn is spent: a hit has dozens of steps, and an await after each
    // (a promise and a microtask every time) cost more than many of the steps themselves.
    if (turnSpent()) await pauseIfTurnSpent();
  }
}

/** Requests whose hits are not all validated yet, at most (the oldest is forgotten past it). */
const MAX_OPEN_REQUESTS = 10_000;

/**
 * The per-request cap on custom rules (CUSTOM_RULE_LIMITS.stepsPerRequest): one budget per HTTP
 * request, shared by its hits in the order they are validated, forgotten with its last hit.
 */
export class RequestBudgets {
  private readonly open = new Map<number, { budget: StepBudget; hitsLeft: number }>();

  /** The budget of the hit's request (undefined for a hit without one: only the per-hit budget applies). */
  forHit(ref: RequestRef | undefined): StepBudget | undefined {
    if (ref === undefined) return undefined;
    let entry = this.open.get(ref.id);
    if (entry === undefined) {
      if (this.open.size >= MAX_OPEN_REQUESTS) this.open.delete(this.open.keys().next().value as number);
      entry = { budget: { remaining: CUSTOM_RULE_LIMITS.stepsPerRequest }, hitsLeft: ref.hits };
      this.open.set(ref.id, entry);
    }
    entry.hitsLeft -= 1;
    if (entry.hitsLeft <= 0) this.open.delete(ref.id);
    return entry.budget;
  }

  get size(): number {
    return this.open.size;
  }
}

/** One admitted hit to decode and validate; `seq` names it until it is settled. */
export interface ValidationInput {
  seq: number;
  website: CollectorWebsite;
  method: string;
  envelope: HitEnvelope;
}

/** A hit between admission and storage: what the validate step needs of it. */
export type AdmittedHit = Omit<ValidationInput, 'seq'>;

/** One request to the debug endpoint: validated without history, nothing kept. */
export interface DebugInput {
  /** The website whose settings apply; null: the built-in rules with default settings. */
  website: CollectorWebsite | null;
  method: string;
  url: string;
  body: string;
  userAgent: string;
  receivedAtMs: number;
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
  /** The debug endpoint's final step: Google's answer plus Tracklint's findings for one request; nothing is stored or remembered. */
  debug(input: DebugInput): Promise<DebugResponse>;
  stop(): Promise<void>;
}

/**
 * The writer's prepare hook: validates the queued hits not validated yet (every hit is validated
 * once, across retries) and records each one's outcome on it.
 */
export function validateQueued(validator: HitValidator): (batch: QueuedHit<AdmittedHit>[]) => Promise<void> {
  return async (batch) => {
    const todo = batch.filter((h) => h.stored === undefined && h.refusal === undefined);
    if (todo.length === 0) return;
    const outcomes = await validator.validate(todo.map((h) => ({ seq: h.seq, website: h.admitted.website, method: h.admitted.method, envelope: h.admitted.envelope })));
    outcomes.forEach((o, i) => {
      const h = todo[i]!;
      if (o.refusal !== undefined) h.refusal = o.refusal;
      else {
        h.stored = o.stored;
        h.historyWrites = o.historyWrites;
        h.undoable = o.undoable;
      }
    });
  };
}

/**
 * Decodes and validates one debug request with the engine, in the calling thread, in slices like
 * the writer's hits (pauseIfTurnSpent, runInSlices): a debug request cannot hold the event loop either (issue 26).
 */
export async function debugWith(engine: CollectorEngine, input: DebugInput): Promise<DebugResponse> {
  await pauseIfTurnSpent();
  const decoded = engine.decode({ method: input.method, url: input.url, body: input.body, headers: { 'user-agent': input.userAgent }, receivedAtMs: input.receivedAtMs });
  await pauseIfTurnSpent();
  const result = decoded.ok ? await runInSlices(engine.validatorFor(input.website)(decoded.request, undefined, input.receivedAtMs)) : undefined;
  return engine.debugResponse(decoded, result);
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
  /** What each request's hits have left for custom rules. */
  private readonly requestBudgets = new RequestBudgets();
  /** Settles when the last group given to validate() has run its rules (or failed). */
  private rulesDone: Promise<void> = Promise.resolve();

  constructor(
    private readonly engine: CollectorEngine,
    private readonly history: HistoryCache,
    private readonly log: Logger,
    private readonly stored: StoredHitOptions = {},
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
    // Groups are validated strictly in the order they were given, each after the previous one's
    // rules ran (later hits read what earlier ones wrote); only decoding and reading the history
    // from Postgres overlap the previous group's rules. Taken before the first await, so a later
    // group cannot take this one's place.
    const previous = this.rulesDone;
    let done!: () => void;
    this.rulesDone = new Promise<void>((resolve) => (done = resolve));
    try {
      // Decoding a large body is work on the event loop too (the JSON depth check, the parse, the
      // decoder): a group of them yields between slices like the rules do.
      const decoded: Array<StepResult<DecodedRequest>> = [];
      for (const h of hits) {
        await pauseIfTurnSpent();
        const d = decodeHit(this.engine, h);
        decoded.push(d.ok ? checkMeasurementId(h.website, d.value) : d);
      }
      const keysBySite = new Map<string, Set<string>>();
      hits.forEach((h, i) => {
        const d = decoded[i]!;
        if (!d.ok) return;
        let set = keysBySite.get(h.website.id);
        if (!set) keysBySite.set(h.website.id, (set = new Set()));
        for (const k of this.engine.historyKeys(d.value)) set.add(k);
      });
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
    for (let i = 0; i < hits.length; i++) {
      const h = hits[i]!;
      const d = decoded[i]!;
      // Drop the model as soon as it is validated: it is large, and kept until the group ends it
      // would survive garbage collections.
      decoded[i] = undefined;
      // Every hit of the request counts towards forgetting its budget, refused ones too.
      const requestBudget = this.requestBudgets.forHit(h.envelope.request);
      if (!d.ok) {
        out.push({ seq: h.seq, refusal: d.drop });
        continue;
      }
      // Validation is CPU work on the event loop: yield between slices.
      await pauseIfTurnSpent();
      const writes: HistoryWrite[] = [];
      const undo: HistoryUndo[] = [];
      try {
        // The rules pause after each event: a large hit is validated over several slices.
        const result = await runInSlices(this.validatorFor(h.website)(d.value, this.history.view(h.website.id, writes, undo), h.envelope.receivedAtMs, requestBudget));
        // Building the stored row of a large hit (its events as JSON, its inventory) is a slice of its own.
        await pauseIfTurnSpent();
        out.push({ seq: h.seq, stored: toStoredHit(uuidv7(h.envelope.receivedAtMs), h.envelope, d.value, result, this.stored), historyWrites: writes, undoable: undo.length > 0 });
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

  async debug(input: DebugInput): Promise<DebugResponse> {
    return debugWith(this.engine, input);
  }

  async stop(): Promise<void> {}
}
