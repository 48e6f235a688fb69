import type { ValidationHistory } from '../history';
import type { CompiledFacts } from '../settings';
import type {
  ConsentInfo,
  DecodedEvent,
  DecodedRequest,
  PageInfo,
  RuleFamily,
  RuleTier,
  Severity,
  ValidationCode,
} from '../types';

/**
 * What a rule sees. Rules report through `emit` instead of returning arrays, so a clean hit
 * allocates nothing per rule; the engine turns emits into issues with the rule's id and severity.
 */
export interface RuleContext {
  readonly req: DecodedRequest;
  readonly facts: CompiledFacts;
  /** Undefined when the caller passes no history: history rules then skip. */
  readonly history: ValidationHistory | undefined;
  /**
   * Time of the hit in ms: the caller's `now`, else the capture's own time (receivedAtMs: HAR
   * entry time, a file's recorded time), else `_p` when it is a millisecond timestamp. Undefined
   * when the hit carries no time: rules that need it are then not evaluated (never today's clock).
   */
  readonly now: number | undefined;
  /**
   * Where `now` came from. `page_load` (from `_p`) is only a lower bound of the hit's time: a page
   * left open can start a new session later, so "after the hit" checks need `capture`.
   */
  readonly clockSource: 'capture' | 'page_load' | undefined;
  /** Distinct consent objects of the request (batched events usually share one). */
  readonly consents: ReadonlyArray<{ consent: ConsentInfo; event: DecodedEvent }>;
  /** Distinct page objects of the request. */
  readonly pages: ReadonlyArray<{ page: PageInfo; event: DecodedEvent }>;
  /**
   * The own keys of a record of this hit (params, user properties, an item, a query…), in for-in
   * order, computed once per hit: for-in over a dictionary-mode record (the model's larger ones)
   * collects and sorts its keys on every loop, and a hit's rules walk the same records many times.
   */
  keysOf(record: object): readonly string[];
  /**
   * Work one rule leaves for another within this validation (the email/placeholder value scan of
   * the current event): it lives and dies with the validation, so nothing outlives a hit.
   */
  scratch: unknown;
  /**
   * Reports an issue. `severity` lets a rule report a milder (or harsher) case than its default,
   * e.g. a missing price vs a broken one; a website's severity override still wins.
   */
  emit(path: string, message: string, code?: ValidationCode, severity?: Severity): void;
}

export interface RuleMeta {
  /** Stable id, `family.snake_case`. Stored in results: never rename. */
  id: string;
  family: RuleFamily;
  tier: RuleTier;
  defaultSeverity: Severity;
  title: string;
  /** Why it matters and how to fix it. */
  explanation: string;
  reference: string;
  /** The rule reads/writes the history. */
  needsHistory?: boolean;
  /** The tenant fact the rule needs (documentation for the settings UI). */
  needsFact?: 'measurementIds' | 'allowedHosts' | 'euTraffic' | 'currencies';
  /** The rule compares with the time of the hit: without one it is not evaluated. */
  needsCaptureTime?: boolean;
  /** The evidence the rule needs (derived from the flags above). */
  evidence?: RuleEvidence;
  /** How often an expert agrees with the rule's findings on real traffic. */
  confidence?: RuleConfidence;
}

export type RuleEvidence = 'single_hit' | 'history' | 'tenant_facts' | 'capture_time';
export type RuleConfidence = 'high' | 'medium' | 'low';


export interface Rule extends RuleMeta {
  /**
   * The rule only ever reports on this wire format (its checks return at once on the other one):
   * the engine then does not call it for the other format. Not part of the catalogue.
   */
  onlyFormat?: 'gtag' | 'mp';
  /** `checkEvent` only ever reports on events with these names: the engine calls it for them only. */
  onlyEvents?: readonly string[];
  /** `checkEvent` only ever reports on events with at least one item: the engine skips it for the others. */
  onlyWithItems?: boolean;
  /**
   * `checkEvent` only ever reports on events that carry at least one of these parameters (a value
   * other than undefined): the plan indexes the rule under them and skips it for the other events.
   * They must be among the parameters the rule declares it reads (rules/reads.ts).
   */
  onlyWithParams?: readonly string[];
  /** Runs once per request. */
  checkRequest?(ctx: RuleContext): void;
  /** Runs once per event; `at` is the event's path prefix (`events[0]`). */
  checkEvent?(ctx: RuleContext, ev: DecodedEvent, at: string): void;
}
