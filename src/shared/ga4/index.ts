/**
 * Tracklint's GA4 validation engine: pure TypeScript, no I/O, importable by the server,
 * the collector, the CLI and the browser. See README.md in this folder.
 */
export { decodeRequest, MAX_BODY_CHARS, MAX_URL_CHARS } from './decode';
export { createValidator, validateRequest, validateDecoded, runSteps, BUDGET_MESSAGE, REQUEST_BUDGET_MESSAGE } from './engine';
export type { ValidateOptions, ValidationSteps, Validator, ValidatorExtras } from './engine';
export * from './plan';
export { ruleCatalogue, ruleById, evidenceOf } from './rules';
export type { RuleConfidence, RuleEvidence, RuleMeta } from './rules/types';
export { validateCaptureFiles } from './offline';
export type { OfflineOptions, OfflineRun } from './offline';
export { GOOGLE_PARAMS, isGoogleParam } from './google-params';
export type { GoogleParam } from './google-params';
export { GOOGLE_SURFACE, GOOGLE_SURFACE_CHECKED, googleFamilyOf } from './google-surface';
export type { GoogleSurfaceEntry, NotGa4Collection } from './google-surface';
export {
  createInMemoryHistory,
  historyKeysFor,
  type HistoryRecord,
  type InMemoryHistory,
  type InMemoryHistoryOptions,
  type ValidationHistory,
} from './history';
export { tiersForPlan, DEFAULT_PAYMENT_HOSTS } from './settings';
export type { RuleOverride, RuleSettings, TenantFacts } from './settings';
export {
  compileCustomRule,
  validateCustomRuleDefinition,
  parseFieldPath,
  CUSTOM_RULE_LIMITS,
} from './custom-rules';
export type { CompiledCustomRule, Condition, CustomRuleDefinition, DefinitionError, Scalar } from './custom-rules';
export { compileSafeRegex } from './safe-regex';
export type { SafeRegex } from './safe-regex';
export { toDebugValidationResponse } from './debug-response';
export type { DebugValidationMessage, DebugValidationResponse } from './debug-response';
export { parseCaptureFile } from './capture-files';
export type { CaptureFileKind, CaptureFileOptions, CaptureFileResult, FileCapture } from './capture-files';
export { decodeGcd, decodeGcdLetter, GCD_LETTERS, GCD_LETTERS_CHECKED } from './consent';
export type { GcdLetter } from './consent';
export type * from './types';
export { checksNotRunFor, createEntitledValidator, describeVerdict, FAMILY_NAMES, parseWithheld, rulesRunText, summarizeFindings } from './verdict';
export type { EntitledValidator, Verdict, VerdictResult, WithheldFinding, WithheldSummary } from './verdict';
export { problemTitle } from './problem-titles';
