/**
 * The one place the collector calls the GA4 engine (src/shared/ga4). Everything else in the
 * collector depends on the CollectorEngine interface below, so the engine's API plugs in here.
 */
import {
  createEntitledValidator,
  compilePlanCheck,
  createValidator,
  parsePlanDocument,
  type PlanCheck,
  decodeRequest,
  historyKeysFor,
  tiersForPlan,
  toDebugValidationResponse,
  type CapturedRequest,
  type CustomRuleDefinition,
  type DecodeResult,
  type DecodedRequest,
  type RuleOverride,
  type RuleSettings,
  type ValidationHistory,
  type ValidationResult,
  type ValidationSteps,
  type VerdictResult,
} from '../../shared/ga4';
import type { StepBudget } from '../../shared/ga4/safe-regex';
import { INPUT_LIMITS, jsonDepth } from '../http/input-limits';
import { createAjvCompiler } from '../../shared/ga4/plan/ajv-compiler';
import type { CollectorWebsite } from './websites';

/**
 * Validates decoded requests for one website with its rule settings; history may be undefined (debug
 * endpoint). `requestBudget`: what the hit's request has left for custom rules (shared by its hits).
 * In steps that pause after each event (run them with validation.ts's `runInSlices`, or `runSteps`).
 */
export type WebsiteValidator = (req: DecodedRequest, history: ValidationHistory | undefined, nowMs: number, requestBudget?: StepBudget) => ValidationSteps<VerdictResult>;

export interface DebugResponse {
  validationMessages: unknown[];
  [extra: string]: unknown;
}

export interface CollectorEngine {
  decode(request: CapturedRequest): DecodeResult;
  /** Every history key validation may read for this request (to prefetch them per batch). */
  historyKeys(request: DecodedRequest): string[];
  /** A validator compiled for the website's settings (plan tiers, facts, custom rules); null: default settings. */
  validatorFor(website: CollectorWebsite | null): WebsiteValidator;
  /** Google's /debug/mp/collect answer plus Tracklint's findings. */
  debugResponse(decoded: DecodeResult, result: ValidationResult | undefined): DebugResponse;
}

/**
 * The engine's settings for a website: its plan's rule tiers, its facts (measurement ids, domain,
 * EU traffic, currencies), its rule overrides (website_rule_settings) and its organization's
 * enabled custom rules (custom_rules; the row's severity wins over the definition's).
 */
export function ruleSettingsFor(website: CollectorWebsite): RuleSettings {
  const rules: Record<string, RuleOverride> = {};
  for (const [id, o] of Object.entries(website.ruleOverrides)) rules[id] = o.severity ? { enabled: o.enabled, severity: o.severity } : { enabled: o.enabled };
  return {
    allowedTiers: tiersForPlan(website.plan),
    rules,
    facts: {
      ...(website.measurementIds.length > 0 ? { measurementIds: website.measurementIds } : {}),
      allowedHosts: [website.domain],
      euTraffic: website.euTraffic,
      ...(website.currencies.length > 0 ? { currencies: website.currencies } : {}),
    },
    customRules: website.customRules.map((r): CustomRuleDefinition => {
      const def = (typeof r.definition === 'object' && r.definition !== null ? r.definition : {}) as Partial<CustomRuleDefinition>;
      // A definition the engine cannot compile is reported in validator.customRuleErrors and skipped, never fatal.
      return { ...def, id: def.id ?? r.id, title: def.title ?? r.name, severity: r.severity, enabled: true } as CustomRuleDefinition;
    }),
  };
}

/** Compiled plans kept per process: enough for every plan in use, bounded against churn. */
const MAX_COMPILED_PLANS = 2_000;

/**
 * Compiles each published plan version once (Ajv is the costly part) and hands the same check to
 * every website that follows it, however often the websites are re-read. A plan's severities and
 * registered custom definitions are part of the key: they change without a new version.
 */
export function createPlanCache(onInvalid: (websiteId: string, errors: string[]) => void = () => {}): (website: CollectorWebsite) => PlanCheck | undefined {
  const compiled = new Map<string, PlanCheck | null>();
  const compiler = createAjvCompiler();
  return (website) => {
    const doc = website.trackingPlan;
    if (doc === null || doc === undefined) return undefined;
    const key = JSON.stringify(doc);
    let check = compiled.get(key);
    if (check === undefined) {
      const parsed = parsePlanDocument(doc);
      if (parsed.ok) check = compilePlanCheck(parsed.plan, compiler);
      else {
        // Stored plans are checked on their way in; one that is not readable is skipped, never fatal.
        onInvalid(website.id, parsed.errors);
        check = null;
      }
      if (compiled.size >= MAX_COMPILED_PLANS) compiled.delete(compiled.keys().next().value as string);
      compiled.set(key, check);
    }
    return check ?? undefined;
  };
}

/** Validators kept by what they were compiled from, at most (the oldest is dropped past it). */
export const MAX_COMPILED_VALIDATORS = 1_000;

/**
 * Compiles once per distinct key: a website is re-read from Postgres every 30 s (a new object),
 * and compiling an organization's custom rules takes tens to hundreds of milliseconds of the
 * event loop in one piece (50 rules of 8 patterns: 56-170 ms on a loaded 2-core machine, issue
 * 26), so an unchanged rule set must not be compiled again.
 */
export function createCompileCache<T>(max: number = MAX_COMPILED_VALIDATORS): (key: string, compile: () => T) => T {
  const cache = new Map<string, T>();
  return (key, compile) => {
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const value = compile();
    if (cache.size >= max) cache.delete(cache.keys().next().value as string);
    cache.set(key, value);
    return value;
  };
}

export function createEngineAdapter(): CollectorEngine {
  const defaults = createValidator({ allowedTiers: ['basic', 'advanced'] });
  const planFor = createPlanCache();
  // Compiled once per website version (a website re-read from Postgres is a new object): the debug
  // endpoint asks for one per request, and compiling custom rules is work on the event loop.
  const compiled = new WeakMap<CollectorWebsite, ReturnType<typeof createEntitledValidator>>();
  const bySettings = createCompileCache<ReturnType<typeof createEntitledValidator>>();
  const compileFor = (website: CollectorWebsite) => {
    const settings = ruleSettingsFor(website);
    const validator = bySettings(JSON.stringify([website.plan, settings, website.trackingPlan ?? null]), () => {
      const planCheck = planFor(website);
      return createEntitledValidator(settings, { plan: website.plan }, planCheck ? { planCheck } : {});
    });
    compiled.set(website, validator);
    return validator;
  };
  return {
    decode(request) {
      // JSON.parse copes with 5,000 levels, but the engine's walkers recurse over the events and
      // would overflow the stack on that hit (a 500): refuse it as unreadable JSON instead.
      if (typeof request.body === 'string' && jsonDepth(request.body) > INPUT_LIMITS.maxJsonDepth) {
        return { ok: false, error: { code: 'INVALID_JSON', message: `The JSON body is nested deeper than ${INPUT_LIMITS.maxJsonDepth} levels.` } };
      }
      return decodeRequest(request);
    },
    historyKeys: historyKeysFor,
    validatorFor(website) {
      // A website's plan may withhold tiers: the entitled validator says what they would have found.
      const validator = website ? (compiled.get(website) ?? compileFor(website)) : defaults;
      return (req, history, now, requestBudget) => validator.validateDecodedSteps(req, history ? { history, now, requestBudget } : { now, requestBudget });
    },
    debugResponse(decoded, result) {
      if (!decoded.ok) {
        // Google answers an unreadable body with a validation message too, never with an HTTP error.
        return { validationMessages: [{ fieldPath: '', description: decoded.error.message, validationCode: 'VALUE_INVALID' }], tracklint: { status: 'fail', findings: [] } };
      }
      return result ? { ...toDebugValidationResponse(result) } : { validationMessages: [] };
    },
  };
}
