/**
 * The one place the collector calls the GA4 engine (src/shared/ga4). Everything else in the
 * collector depends on the CollectorEngine interface below, so the engine's API plugs in here.
 */
import {
  createValidator,
  decodeRequest,
  historyKeysFor,
  tiersForPlan,
  toDebugValidationResponse,
  type CapturedRequest,
  type CustomRuleDefinition,
  type DecodeResult,
  type DecodedRequest,
  type RuleSettings,
  type ValidationHistory,
  type ValidationResult,
} from '../../shared/ga4';
import type { CollectorWebsite } from './websites';

/** Validates decoded requests for one website with its rule settings; history may be undefined (debug endpoint). */
export type WebsiteValidator = (req: DecodedRequest, history: ValidationHistory | undefined, nowMs: number) => ValidationResult;

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

/** The engine's settings for a website: its plan's rule tiers, its facts and its organization's custom rules. */
export function ruleSettingsFor(website: CollectorWebsite): RuleSettings {
  return {
    allowedTiers: tiersForPlan(website.plan),
    facts: {
      ...(website.measurementIds.length > 0 ? { measurementIds: website.measurementIds } : {}),
      allowedHosts: [website.domain],
    },
    customRules: website.customRules.map(
      (r): CustomRuleDefinition => ({ title: r.name, severity: r.severity, ...(r.definition as Partial<CustomRuleDefinition>), id: (r.definition as { id?: string }).id ?? r.id }) as CustomRuleDefinition,
    ),
  };
}

export function createEngineAdapter(): CollectorEngine {
  const defaults = createValidator({ allowedTiers: ['basic', 'advanced'] });
  return {
    decode: decodeRequest,
    historyKeys: historyKeysFor,
    validatorFor(website) {
      const validator = website ? createValidator(ruleSettingsFor(website)) : defaults;
      return (req, history, now) => validator.validateDecoded(req, history ? { history, now } : { now });
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
