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
  /** Evaluation time in ms (the request's receivedAtMs when given, else the caller's clock). */
  readonly now: number;
  /** Distinct consent objects of the request (batched events usually share one). */
  readonly consents: ReadonlyArray<{ consent: ConsentInfo; event: DecodedEvent }>;
  /** Distinct page objects of the request. */
  readonly pages: ReadonlyArray<{ page: PageInfo; event: DecodedEvent }>;
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
}

export interface Rule extends RuleMeta {
  /** Runs once per request. */
  checkRequest?(ctx: RuleContext): void;
  /** Runs once per event; `at` is the event's path prefix (`events[0]`). */
  checkEvent?(ctx: RuleContext, ev: DecodedEvent, at: string): void;
}
