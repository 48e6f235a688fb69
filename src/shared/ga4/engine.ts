import { compileCustomRule, CUSTOM_RULE_LIMITS, type CompiledCustomRule, type DefinitionError } from './custom-rules';
import { StepBudgetExceeded, type StepBudget } from './safe-regex';
import { decodeRequest } from './decode';
import { googleFamilyOf, notGa4Message, type NotGa4Collection } from './google-surface';
import type { ValidationHistory } from './history';
import { ALL_RULES, ruleById } from './rules';
import type { Rule, RuleContext } from './rules/types';
import { compileFacts, type CompiledFacts, type RuleSettings } from './settings';
import type { PlanCheck } from './plan/check';
import type {
  CapturedRequest,
  ConsentInfo,
  DecodeError,
  DecodedEvent,
  DecodedRequest,
  Issue,
  NotEvaluated,
  PageInfo,
  PlanTier,
  RuleFamily,
  RuleTier,
  Severity,
  ValidationCode,
  ValidationResult,
  ValidationStatus,
} from './types';

export interface ValidateOptions {
  /** History for rules that compare with earlier hits. Without it those rules skip. */
  history?: ValidationHistory;
  /**
   * Time of the hit (ms). Default: the request's receivedAtMs (a live collector's clock, a HAR
   * entry's time, a file's recorded time), else `_p` when it is a millisecond timestamp. Never
   * the validator's own clock: an archived hit would look hours old.
   */
  now?: number;
  /**
   * What the hits of one request may still spend on custom rules together
   * (CUSTOM_RULE_LIMITS.stepsPerRequest), shared by every hit of the request: a hit gets at most
   * stepsPerHit of it, and what the hit spends is taken from it. Without it: stepsPerHit per hit.
   */
  requestBudget?: StepBudget;
}

/**
 * One rule as a validator runs it. Every field a hit reads is copied here, so the per-hit loop
 * and emit read one object shape (the rule objects themselves all differ in shape).
 */
interface ActiveRule {
  rule: Rule;
  id: string;
  family: RuleFamily;
  tier: RuleTier;
  checkRequest: Rule['checkRequest'];
  checkEvent: Rule['checkEvent'];
  severity: Severity;
  /** The website set this rule's severity: per-issue severities from the rule are ignored. */
  overridden: boolean;
  needsHistory: boolean;
  needsTime: boolean;
  /** Event names `checkEvent` applies to (undefined: every event). */
  events: ReadonlySet<string> | undefined;
  /** What an event must carry for `checkEvent` to report (see planEventRules): 0 for every event. */
  gate: number;
}

/**
 * The rules one kind of hit runs, in catalogue order: one plan per evidence state (history,
 * time) and wire format, so the per-hit loop neither tests flags nor calls rules that return at once.
 */
interface Plan {
  request: ActiveRule[];
  event: EventPlan;
}

/**
 * Event rules indexed by event name and by what an event must carry for a rule to report at all
 * (its items, one of some parameters): an event runs only the rules that can fire on it.
 */
interface EventPlan {
  /** What an event of any name outside `byName` runs. */
  anyEvent: NameEntry;
  /** The names some rule is restricted to (a handful: precomputed). */
  byName: ReadonlyMap<string, NameEntry>;
  /** The parameter gates of this validator: gate k is bit `2 << k` of ActiveRule.gate. */
  paramGates: ReadonlyArray<readonly string[]>;
}

/** The candidate rules of one event name, and their lists by the gates an event meets. */
interface NameEntry {
  rules: ActiveRule[];
  /** The gate bits some candidate needs (0: every event runs `rules`). */
  gates: number;
  /** By the mask of gates an event meets, built on first use (at most 2^gates lists). */
  byMask: Array<ActiveRule[] | undefined>;
}

/** ActiveRule.gate's bit for `onlyWithItems`; parameter gates take the bits above it. */
const ITEMS_GATE = 1;
/** Bits for parameter gates: more distinct gates than this run ungated (correct, only slower). */
const MAX_PARAM_GATES = 24;

function nameEntry(rules: ActiveRule[]): NameEntry {
  let gates = 0;
  for (const a of rules) gates |= a.gate;
  return { rules, gates, byMask: [] };
}

function eventPlan(rules: ActiveRule[], paramGates: ReadonlyArray<readonly string[]>): EventPlan {
  const byName = new Map<string, NameEntry>();
  for (const a of rules)
    for (const name of a.events ?? []) if (!byName.has(name)) byName.set(name, nameEntry(rules.filter((r) => r.events === undefined || r.events.has(name))));
  return { anyEvent: nameEntry(rules.filter((a) => a.events === undefined)), byName, paramGates };
}

function planEventRules(plan: EventPlan, ev: DecodedEvent): ActiveRule[] {
  const name = ev.name;
  const entry = (name !== undefined && plan.byName.get(name)) || plan.anyEvent;
  const gates = entry.gates;
  if (gates === 0) return entry.rules;
  let mask = 0;
  if ((gates & ITEMS_GATE) !== 0 && ev.items.length > 0) mask |= ITEMS_GATE;
  if (gates > ITEMS_GATE) {
    const params = ev.params;
    const paramGates = plan.paramGates;
    for (let k = 0; k < paramGates.length; k++) {
      const bit = 2 << k;
      if ((gates & bit) === 0) continue;
      const names = paramGates[k] as readonly string[];
      for (let i = 0; i < names.length; i++)
        if (params[names[i] as string] !== undefined) {
          mask |= bit;
          break;
        }
    }
  }
  let list = entry.byMask[mask];
  if (list === undefined) {
    list = entry.rules.filter((a) => (a.gate & mask) === a.gate);
    entry.byMask[mask] = list;
  }
  return list;
}

/** The gate bits of a rule's declaration, registering a new parameter gate in `paramGates`. */
function gateOf(rule: Rule, paramGates: Array<readonly string[]>): number {
  let gate = rule.onlyWithItems ? ITEMS_GATE : 0;
  const names = rule.onlyWithParams;
  if (names !== undefined && names.length > 0) {
    const key = names.join('\n');
    let k = paramGates.findIndex((g) => g.join('\n') === key);
    if (k === -1 && paramGates.length < MAX_PARAM_GATES) k = paramGates.push(names) - 1;
    if (k !== -1) gate |= 2 << k;
  }
  return gate;
}

/** `events[0]`, `events[1]`…: built once per index, not per hit. */
const EVENT_PATHS: string[] = [];
function eventPath(index: number): string {
  let at = EVENT_PATHS[index];
  if (at === undefined) {
    at = `events[${index}]`;
    if (index < 1000) EVENT_PATHS[index] = at;
  }
  return at;
}

export interface Validator {
  /** Ids of the rules this validator runs (built-in and custom). */
  readonly activeRuleIds: readonly string[];
  /** Custom rules that failed to compile (they are skipped). */
  readonly customRuleErrors: ReadonlyArray<{ id: string; errors: DefinitionError[] }>;
  validate(request: CapturedRequest, options?: ValidateOptions): ValidationResult;
  validateDecoded(request: DecodedRequest, options?: ValidateOptions): ValidationResult;
  /**
   * The same validation in steps: it pauses after each event's rules, so a server can give its
   * event loop a turn between slices of a large hit (issue 26). `runSteps` runs it to the end at once.
   */
  validateDecodedSteps(request: DecodedRequest, options?: ValidateOptions): ValidationSteps<ValidationResult>;
}

/** Validation that pauses (yields undefined) between events and returns its result at the end. */
export type ValidationSteps<T> = Generator<undefined, T, undefined>;

/** Runs validation steps to the end without pausing. */
export function runSteps<T>(steps: ValidationSteps<T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

const DECODE_RULE_ID = 'basic.request_decodable';
/** Says what a request that is not GA4 collection is (google-surface.ts), at information level. */
const ENDPOINT_RULE_ID = 'basic.endpoint_known';

/** What a validator runs besides the rules, compiled by the caller (not JSON, unlike RuleSettings). */
export interface ValidatorExtras {
  /** The website's tracking plan (plan/check.ts), compiled once per plan version. */
  planCheck?: PlanCheck;
}

/** Built-in rules skipped for lack of evidence, computed once: a hit only picks the lists that apply. */
interface SkippedRules {
  missingFact: NotEvaluated[];
  historyOnly: NotEvaluated[];
  timeOnly: NotEvaluated[];
}

/** The built-in rules the settings enable (tiers, overrides, facts), split by what they check. */
function compileBuiltInRules(tiers: ReadonlySet<PlanTier>, overrides: NonNullable<RuleSettings['rules']>, facts: CompiledFacts) {
  const requestRules: ActiveRule[] = [];
  const eventRules: ActiveRule[] = [];
  const activeRuleIds: string[] = [];
  const skipped: SkippedRules = { missingFact: [], historyOnly: [], timeOnly: [] };
  // Parameter gates (onlyWithParams) in order of first use; each becomes one bit of an event's mask.
  const paramGates: Array<readonly string[]> = [];
  for (const rule of ALL_RULES) {
    if (!tiers.has(rule.tier)) continue;
    const o = overrides[rule.id];
    if (o?.enabled === false) continue;
    if (rule.needsFact && !factConfigured(facts, rule.needsFact)) {
      skipped.missingFact.push({ ruleId: rule.id, reason: 'no_tenant_fact' });
      continue;
    }
    const active: ActiveRule = {
      rule,
      id: rule.id,
      family: rule.family,
      tier: rule.tier,
      // Rules never use `this`: their checks are plain functions of (ctx, event).
      checkRequest: rule.checkRequest,
      checkEvent: rule.checkEvent,
      severity: o?.severity ?? rule.defaultSeverity,
      overridden: o?.severity !== undefined,
      needsHistory: rule.needsHistory === true,
      needsTime: rule.needsCaptureTime === true,
      events: rule.onlyEvents ? new Set(rule.onlyEvents) : undefined,
      gate: gateOf(rule, paramGates),
    };
    if (active.needsHistory) skipped.historyOnly.push({ ruleId: rule.id, reason: 'no_history' });
    else if (active.needsTime) skipped.timeOnly.push({ ruleId: rule.id, reason: 'no_capture_time' });
    if (rule.checkRequest) requestRules.push(active);
    if (rule.checkEvent) eventRules.push(active);
    activeRuleIds.push(rule.id);
  }
  return { requestRules, eventRules, activeRuleIds, skipped, paramGates };
}

/** The rules reported as not evaluated, for each combination of history and capture time a hit may have. */
function skipListsOf({ missingFact, historyOnly, timeOnly }: SkippedRules) {
  const timeAndHistory = [...historyOnly.filter((n) => ruleById(n.ruleId)?.needsCaptureTime), ...timeOnly].map((n) => ({ ruleId: n.ruleId, reason: 'no_capture_time' as const }));
  return {
    none: freeze(missingFact),
    noHistory: freeze([...missingFact, ...historyOnly]),
    noTime: freeze([...missingFact, ...timeAndHistory]),
    neither: freeze([...missingFact, ...historyOnly, ...timeOnly]),
  };
}

/** The rules that run, per kind of hit. Plans by index: (history ? 1 : 0) + (time ? 2 : 0) + (mp ? 4 : 0). */
function rulePlans(requestRules: readonly ActiveRule[], eventRules: readonly ActiveRule[], paramGates: ReadonlyArray<readonly string[]>): Plan[] {
  const plans: Plan[] = [];
  for (let i = 0; i < 8; i++) {
    const history = (i & 1) !== 0;
    const time = (i & 2) !== 0;
    const format = (i & 4) !== 0 ? 'mp' : 'gtag';
    const runs = (a: ActiveRule) => (history || !a.needsHistory) && (time || !a.needsTime) && (a.rule.onlyFormat === undefined || a.rule.onlyFormat === format);
    plans.push({ request: requestRules.filter(runs), event: eventPlan(eventRules.filter(runs), paramGates) });
  }
  return plans;
}

/** Compiles the enabled custom rules within the rule set's allowance of states; adds their ids to activeRuleIds. */
function compileCustomRules(definitions: NonNullable<RuleSettings['customRules']>, overrides: NonNullable<RuleSettings['rules']>, activeRuleIds: string[]) {
  const custom: CompiledCustomRule[] = [];
  const customRuleErrors: Array<{ id: string; errors: DefinitionError[] }> = [];
  let statesLeft: number = CUSTOM_RULE_LIMITS.statesPerRuleSet;
  for (const def of definitions) {
    if (def && def.enabled === false) continue;
    const compiled = compileCustomRule(def, statesLeft);
    if (!compiled.ok) {
      customRuleErrors.push({ id: typeof def?.id === 'string' ? def.id : '?', errors: compiled.errors });
      continue;
    }
    statesLeft -= compiled.states;
    const o = overrides[compiled.rule.ruleId];
    if (o?.enabled === false) continue;
    custom.push(o?.severity ? { ...compiled.rule, severity: o.severity } : compiled.rule);
    activeRuleIds.push(compiled.rule.ruleId);
  }
  return { custom, customRuleErrors };
}

/** The rule set a website's settings enable, compiled once: what every hit of a validator shares. */
function compileRuleSet(settings: RuleSettings) {
  const tiers = new Set<PlanTier>(settings.allowedTiers ?? ['basic', 'advanced', 'custom']);
  const overrides = settings.rules ?? {};
  const facts = compileFacts(settings.facts);
  const builtIn = compileBuiltInRules(tiers, overrides, facts);
  const activeRuleIds = builtIn.activeRuleIds;
  const skipLists = skipListsOf(builtIn.skipped);
  const plans = rulePlans(builtIn.requestRules, builtIn.eventRules, builtIn.paramGates);
  const decodeRule = tiers.has('basic') && overrides[DECODE_RULE_ID]?.enabled !== false;
  const decodeSeverity = overrides[DECODE_RULE_ID]?.severity ?? 'error';
  const endpointRule = tiers.has('basic') && overrides[ENDPOINT_RULE_ID]?.enabled !== false;
  const { custom, customRuleErrors } = tiers.has('custom') ? compileCustomRules(settings.customRules ?? [], overrides, activeRuleIds) : { custom: [], customRuleErrors: [] };
  return { facts, activeRuleIds, skipLists, plans, decodeRule, decodeSeverity, endpointRule, custom, customRuleErrors };
}

/**
 * Compiles settings once (enabled rules, severities, facts, custom rules) into a validator.
 * Reuse one validator per website: per hit, the engine then only walks arrays.
 */
export function createValidator(settings: RuleSettings = {}, extras: ValidatorExtras = {}): Validator {
  const planCheck = extras.planCheck;
  // Plain locals, as before the split: the per-hit closures below read them without a property load.
  const { facts, activeRuleIds, skipLists, plans, decodeRule, decodeSeverity, endpointRule, custom, customRuleErrors } = compileRuleSet(settings);

  // The gate before every rule: a Google request that is not GA4 collection (an Ads or Merchant
  // Center ping, a tag script) gets one information finding and no GA4 rule. `validate` passes
  // through decodeRequest, which applies the same gate; a caller's own decoded request is checked here.
  function notGa4Of(req: DecodedRequest): ValidationResult | undefined {
    const family = googleFamilyOf(req.host, req.path);
    return family ? notGa4Result({ surface: family.id, what: notGa4Message(family) }, endpointRule) : undefined;
  }

  function startRun(req: DecodedRequest, options: ValidateOptions | undefined): RuleRun {
    const captured = options?.now ?? req.receivedAtMs;
    const now = captured ?? pageLoadTime(req);
    const history = options?.history;
    const ctx = new Context(req, facts, history, now, captured !== undefined ? 'capture' : now !== undefined ? 'page_load' : undefined, []);
    const plan = plans[(history ? 1 : 0) + (now !== undefined ? 2 : 0) + (req.format === 'mp' ? 4 : 0)] as Plan;
    const skipped = history ? (now === undefined ? skipLists.noTime : skipLists.none) : now === undefined ? skipLists.neither : skipLists.noHistory;
    return new RuleRun(req, ctx, plan, custom, options?.requestBudget, planCheck, skipped);
  }

  function* validateDecodedSteps(req: DecodedRequest, options?: ValidateOptions): ValidationSteps<ValidationResult> {
    const notGa4 = notGa4Of(req);
    if (notGa4) return notGa4;
    return yield* runInSteps(startRun(req, options));
  }

  return {
    activeRuleIds,
    customRuleErrors,
    validateDecodedSteps,
    // Without pauses, the same steps run as plain loops: a generator's resumes were a tenth of a hit's cost.
    validateDecoded: (req, options) => notGa4Of(req) ?? runToEnd(startRun(req, options)),
    validate(request, options) {
      const decoded = decodeRequest(request);
      if (!decoded.ok) {
        if (decoded.error.notGa4) return notGa4Result(decoded.error.notGa4, endpointRule);
        return decodeFailure(decoded.error, decodeRule ? decodeSeverity : undefined);
      }
      // decodeRequest already refused every non-GA4 family.
      return runToEnd(startRun(decoded.request, options));
    },
  };
}

/**
 * One hit's validation, as steps: each request rule, each event's built-in rules, each custom rule
 * on an event, then the result. `runInSteps` pauses between them (the collector gives its event
 * loop a turn between slices of a large hit, issue 26); `runToEnd` runs the same steps in plain
 * loops. Both call the steps in the same order, so they give the same result.
 */
class RuleRun {
  private readonly issues: Issue[];
  /** What this hit may spend on custom rules (see CUSTOM_RULE_LIMITS.stepsPerHit), no more than its request has left. */
  readonly allowance: number;
  /** One budget for every custom rule on every event of this hit; undefined without custom rules. */
  readonly budget: StepBudget | undefined;
  private notEvaluated: Set<string> | undefined = undefined;

  constructor(
    readonly req: DecodedRequest,
    private readonly ctx: Context,
    readonly plan: Plan,
    readonly custom: readonly CompiledCustomRule[],
    private readonly requestBudget: StepBudget | undefined,
    private readonly planCheck: PlanCheck | undefined,
    private readonly skipped: readonly NotEvaluated[],
  ) {
    this.issues = ctx.issues;
    this.allowance = requestBudget === undefined ? CUSTOM_RULE_LIMITS.stepsPerHit : Math.max(0, Math.min(CUSTOM_RULE_LIMITS.stepsPerHit, requestBudget.remaining));
    this.budget = custom.length > 0 ? { remaining: this.allowance } : undefined;
  }

  requestRule(a: ActiveRule): void {
    this.ctx.begin(a, undefined);
    (a.checkRequest as NonNullable<Rule['checkRequest']>)(this.ctx);
  }

  eventRules(ev: DecodedEvent, at: string): void {
    const ctx = this.ctx;
    const rules = planEventRules(this.plan.event, ev);
    for (let i = 0; i < rules.length; i++) {
      const a = rules[i] as ActiveRule;
      ctx.begin(a, ev);
      (a.checkEvent as NonNullable<Rule['checkEvent']>)(ctx, ev, at);
    }
  }

  /** Runs custom rule `c` on `ev`; false when it did not run (another event name, or the budget was spent before it). */
  customRule(c: CompiledCustomRule, ev: DecodedEvent, at: string): boolean {
    if (c.events && (ev.name === undefined || !c.events.has(ev.name))) return false;
    const budget = this.budget as StepBudget;
    if (budget.remaining < 0) {
      (this.notEvaluated ??= new Set()).add(c.ruleId);
      return false;
    }
    let holds: boolean;
    try {
      holds = (c.when !== null && !c.when(ev, this.req, budget)) || c.assert(ev, this.req, budget);
    } catch (err) {
      if (!(err instanceof StepBudgetExceeded)) throw err;
      (this.notEvaluated ??= new Set()).add(c.ruleId);
      holds = true;
    }
    if (!holds)
      this.issues.push({
        ruleId: c.ruleId,
        severity: c.severity,
        family: 'custom',
        tier: 'custom',
        path: c.field ? `${at}.${c.field}` : at,
        message: c.message,
        eventIndex: ev.index,
        eventName: ev.name,
        validationCode: undefined,
      });
    return true;
  }

  finish(): ValidationResult {
    const issues = this.issues;
    const budget = this.budget;
    if (budget !== undefined && this.requestBudget !== undefined) this.requestBudget.remaining -= this.allowance - budget.remaining;
    if (this.notEvaluated) {
      // The request's cap, when it (not the hit's own budget) is what ran out.
      const message = this.allowance < CUSTOM_RULE_LIMITS.stepsPerHit ? REQUEST_BUDGET_MESSAGE : BUDGET_MESSAGE;
      for (const ruleId of this.notEvaluated) issues.push(budgetIssue(ruleId, message));
    }
    if (this.planCheck !== undefined) this.planCheck.check(this.req, issues);
    const result = buildResult(issues, this.req.events, summarize(this.req));
    if (this.skipped.length > 0) result.notEvaluated = this.skipped;
    return result;
  }
}

/**
 * Above this many events, a hit pauses after each request rule (they walk every event of the hit);
 * at or below it, once after all of them (together they cost a few microseconds on such a hit, and
 * each pause is a generator resume, and in the collector a check of the clock).
 */
const PAUSE_EACH_REQUEST_RULE_ABOVE_EVENTS = 8;

/** A hit's steps with a pause after the request rules (each of them on a large hit), each event's built-in rules and each custom rule that ran. */
function* runInSteps(run: RuleRun): ValidationSteps<ValidationResult> {
  const requestPlan = run.plan.request;
  const events = run.req.events;
  const pauseEach = events.length > PAUSE_EACH_REQUEST_RULE_ABOVE_EVENTS;
  for (let i = 0; i < requestPlan.length; i++) {
    run.requestRule(requestPlan[i] as ActiveRule);
    if (pauseEach) yield;
  }
  if (!pauseEach) yield;
  const custom = run.custom;
  for (let e = 0; e < events.length; e++) {
    const ev = events[e] as DecodedEvent;
    const at = eventPath(ev.index);
    run.eventRules(ev, at);
    // A pause after each event: the caller decides whether to give the event loop a turn.
    yield;
    if (run.budget === undefined) continue;
    // A custom rule can spend most of the hit's budget on one event: a pause after each.
    for (let i = 0; i < custom.length; i++) if (run.customRule(custom[i] as CompiledCustomRule, ev, at)) yield;
  }
  return run.finish();
}

/** The same steps as runInSteps, without pauses. */
function runToEnd(run: RuleRun): ValidationResult {
  const requestPlan = run.plan.request;
  for (let i = 0; i < requestPlan.length; i++) run.requestRule(requestPlan[i] as ActiveRule);
  const events = run.req.events;
  const custom = run.custom;
  for (let e = 0; e < events.length; e++) {
    const ev = events[e] as DecodedEvent;
    const at = eventPath(ev.index);
    run.eventRules(ev, at);
    if (run.budget === undefined) continue;
    for (let i = 0; i < custom.length; i++) run.customRule(custom[i] as CompiledCustomRule, ev, at);
  }
  return run.finish();
}

class Context implements RuleContext {
  private active: ActiveRule | undefined;
  private event: DecodedEvent | undefined;
  private consentList: Array<{ consent: ConsentInfo; event: DecodedEvent }> | undefined;
  private pageList: Array<{ page: PageInfo; event: DecodedEvent }> | undefined;

  constructor(
    readonly req: DecodedRequest,
    readonly facts: CompiledFacts,
    readonly history: ValidationHistory | undefined,
    readonly now: number | undefined,
    readonly clockSource: 'capture' | 'page_load' | undefined,
    /** The hit's findings, in the order they are found (RuleRun adds custom rules' and the plan check's). */
    readonly issues: Issue[],
  ) {}

  /**
   * keysOf cache: the first records of a hit (params, user properties, param kinds, query…) in
   * a short identity-scanned list, which beats a Map for a handful; the rest (items) in a Map.
   */
  scratch: unknown = undefined;

  private keyRecords: object[] = [];
  private keyLists: Array<readonly string[]> = [];
  private keyMap: Map<object, readonly string[]> | undefined = undefined;

  keysOf(record: object): readonly string[] {
    const records = this.keyRecords;
    for (let i = 0; i < records.length; i++) if (records[i] === record) return this.keyLists[i] as readonly string[];
    let keys = this.keyMap?.get(record);
    if (keys !== undefined) return keys;
    keys = Object.keys(record);
    if (records.length < 8) {
      records.push(record);
      this.keyLists.push(keys);
    } else (this.keyMap ??= new Map()).set(record, keys);
    return keys;
  }

  begin(active: ActiveRule, event: DecodedEvent | undefined): void {
    this.active = active;
    this.event = event;
  }

  get consents(): ReadonlyArray<{ consent: ConsentInfo; event: DecodedEvent }> {
    if (!this.consentList) {
      const list: Array<{ consent: ConsentInfo; event: DecodedEvent }> = [];
      for (const event of this.req.events) {
        let seen = false;
        for (let i = 0; i < list.length && !seen; i++) seen = (list[i] as { consent: ConsentInfo }).consent === event.consent;
        if (!seen) list.push({ consent: event.consent, event });
      }
      this.consentList = list;
    }
    return this.consentList;
  }

  get pages(): ReadonlyArray<{ page: PageInfo; event: DecodedEvent }> {
    if (!this.pageList) {
      const list: Array<{ page: PageInfo; event: DecodedEvent }> = [];
      for (const event of this.req.events) {
        let seen = false;
        for (let i = 0; i < list.length && !seen; i++) seen = (list[i] as { page: PageInfo }).page === event.page;
        if (!seen) list.push({ page: event.page, event });
      }
      this.pageList = list;
    }
    return this.pageList;
  }

  emit(path: string, message: string, code?: ValidationCode, severity?: Severity): void {
    const a = this.active as ActiveRule;
    const ev = this.event ?? eventFromPath(this.req, path);
    // Every field present, undefined when unset (JSON omits it): all issues share one hidden class.
    this.issues.push({
      ruleId: a.id,
      severity: severity && !a.overridden ? severity : a.severity,
      family: a.family,
      tier: a.tier,
      path,
      message,
      eventIndex: ev?.index,
      eventName: ev?.name,
      validationCode: code || undefined,
    });
  }
}

function freeze<T>(list: T[]): readonly T[] {
  return Object.freeze(list.map((x) => Object.freeze(x)));
}

function factConfigured(facts: CompiledFacts, fact: NonNullable<Rule['needsFact']>): boolean {
  if (fact === 'euTraffic') return facts.euTraffic;
  return facts[fact] !== null;
}

// _p is a millisecond timestamp in current gtag (13 digits); older tags send a random number.
const MIN_P_MS = Date.UTC(2015, 0, 1);
const MAX_P_MS = Date.UTC(2100, 0, 1);

/** The page-load time from `_p`, when it is one. */
export function pageLoadTime(req: DecodedRequest): number | undefined {
  const p = req.pageLoadId;
  if (p === undefined || p.length !== 13 || !/^\d+$/.test(p)) return undefined;
  const ms = Number(p);
  return ms >= MIN_P_MS && ms < MAX_P_MS ? ms : undefined;
}

/** Formatted once: toLocaleString is costly, and budgetIssue runs on hits already over budget. */
export const BUDGET_MESSAGE = `Not evaluated: this hit needed more than the ${CUSTOM_RULE_LIMITS.stepsPerHit.toLocaleString('en-US')} steps custom rules may spend on one hit. Simplify the rule's patterns or narrow it with "events" or "when".`;

/** A request's hits share a cap too: a batch of hits each under the per-hit budget cannot multiply it. */
export const REQUEST_BUDGET_MESSAGE = `Not evaluated: the hits of this request together needed more than the ${CUSTOM_RULE_LIMITS.stepsPerRequest.toLocaleString('en-US')} steps custom rules may spend on one request. Send fewer hits per request, simplify the rule's patterns or narrow it with "events" or "when".`;

/** Said once per rule, so a user sees which custom rules this hit was too costly for. */
function budgetIssue(ruleId: string, message: string): Issue {
  return {
    ruleId,
    severity: 'info',
    family: 'custom',
    tier: 'custom',
    path: '',
    message,
    eventIndex: undefined,
    eventName: undefined,
    validationCode: undefined,
  };
}

function eventFromPath(req: DecodedRequest, path: string): DecodedEvent | undefined {
  if (!path.startsWith('events[')) return undefined;
  const idx = Number(path.slice(7, path.indexOf(']')));
  const events = req.events;
  // Events are in index order, so the event is nearly always at its index (no closure per finding).
  const at = events[idx];
  if (at !== undefined && at.index === idx) return at;
  for (let i = 0; i < events.length; i++) if ((events[i] as DecodedEvent).index === idx) return events[i];
  return undefined;
}

function summarize(req: DecodedRequest): ValidationResult['request'] {
  const s: NonNullable<ValidationResult['request']> = {
    format: req.format,
    endpoint: req.endpoint,
    method: req.method,
    host: req.host,
    eventCount: req.events.length,
  };
  if (req.measurementId !== undefined) s.measurementId = req.measurementId;
  const cid = req.clientId ?? req.appInstanceId;
  if (cid !== undefined) s.clientId = cid;
  if (req.userId !== undefined) s.userId = req.userId;
  return s;
}

function buildResult(issues: Issue[], events: DecodedEvent[], request: ValidationResult['request'], decodeError?: DecodeError): ValidationResult {
  const counts = { error: 0, warning: 0, info: 0 };
  for (let k = 0; k < issues.length; k++) {
    const severity = (issues[k] as Issue).severity;
    if (severity === 'error') counts.error++;
    else if (severity === 'warning') counts.warning++;
    else counts.info++;
  }
  const status: ValidationStatus = counts.error > 0 ? 'fail' : counts.warning > 0 ? 'warning' : 'pass';
  const result: ValidationResult = { status, counts, issues, events };
  if (request) result.request = request;
  if (decodeError) result.decodeError = decodeError;
  return result;
}

/**
 * A request that is not GA4 collection: no rule ran, so nothing is judged; one information
 * finding says what the request is (unless the website switched basic.endpoint_known off).
 */
function notGa4Result(notGa4: NotGa4Collection, report: boolean): ValidationResult {
  const issues: Issue[] = [];
  if (report)
    issues.push({
      ruleId: ENDPOINT_RULE_ID,
      severity: 'info',
      family: 'basic',
      tier: 'basic',
      path: 'url',
      message: notGa4.what,
      eventIndex: undefined,
      eventName: undefined,
      validationCode: undefined,
    });
  const result = buildResult(issues, [], undefined);
  result.notGa4Collection = { surface: notGa4.surface, what: notGa4.what };
  return result;
}

function decodeFailure(error: DecodeError, severity: Severity | undefined): ValidationResult {
  const issues: Issue[] = [];
  if (severity) {
    const rule = ruleById(DECODE_RULE_ID) as Rule;
    issues.push({
      ruleId: DECODE_RULE_ID,
      severity,
      family: rule.family as RuleFamily,
      tier: rule.tier as RuleTier,
      path: error.code === 'INVALID_JSON' || error.code === 'JSON_NOT_OBJECT' || error.code === 'BODY_TOO_LARGE' ? 'body' : 'url',
      message: error.message,
      eventIndex: undefined,
      eventName: undefined,
      validationCode: 'VALUE_INVALID',
    });
  }
  // A request that cannot be decoded is never a pass, even with the decode rule switched off.
  const result = buildResult(issues, [], undefined, error);
  result.status = 'fail';
  return result;
}

const validatorCache = new WeakMap<RuleSettings, Validator>();
const DEFAULT_SETTINGS: RuleSettings = {};

/** Decodes and validates one request. Compiled settings are cached per settings object. */
export function validateRequest(request: CapturedRequest, settings: RuleSettings = DEFAULT_SETTINGS, options?: ValidateOptions): ValidationResult {
  return validatorFor(settings).validate(request, options);
}

/** Validates an already-decoded request. */
export function validateDecoded(request: DecodedRequest, settings: RuleSettings = DEFAULT_SETTINGS, options?: ValidateOptions): ValidationResult {
  return validatorFor(settings).validateDecoded(request, options);
}

function validatorFor(settings: RuleSettings): Validator {
  let v = validatorCache.get(settings);
  if (!v) {
    v = createValidator(settings);
    validatorCache.set(settings, v);
  }
  return v;
}
