/**
 * What a verdict rests on (issue 22, "the verdict must say what ran"). A plan that is not entitled
 * to a rule tier used to get a plain PASS on hits those rules would fail (a Free purchase without
 * transaction_id). The engine now also runs the withheld built-in tiers on such hits, but keeps
 * only a summary of what they found (counts per family and severity, never a finding's detail, so
 * the entitlement still means something), and the verdict says which families ran, how many checks
 * did not, and what the checks that did not run would have found.
 *
 * Cost: the withheld rules run exactly as they would on the plan that includes them (a Free hit
 * costs what a Starter hit costs); they run without history, so they never write to the history
 * (no history reads or writes are added per hit) and history rules stay "not run".
 */
import { decodeRequest } from './decode';
import { createValidator, type ValidateOptions, type ValidationSteps, type Validator, type ValidatorExtras } from './engine';
import { ALL_RULES } from './rules';
import type { RuleSettings } from './settings';
import type { CapturedRequest, DecodedRequest, PlanTier, RuleFamily, Severity, ValidationResult, ValidationStatus } from './types';

/** Counts of what the withheld checks found on one hit, by family and severity. */
export interface WithheldFinding {
  family: RuleFamily;
  severity: Severity;
  count: number;
}

/** The built-in checks a hit did not run for its plan, and what they would have found. Stored with each hit. */
export interface WithheldSummary {
  /** The plan the hit was validated under ("free"), when the caller named it. */
  plan?: string;
  /** The rule tiers the plan is not entitled to, whose built-in checks did not run. */
  tiers: PlanTier[];
  /** How many built-in checks did not run (rules switched off by the website are not counted). */
  checks: number;
  /** What they would have found, counts only, most severe first. Empty: nothing. */
  findings: WithheldFinding[];
}

export type VerdictResult = ValidationResult & { withheld?: WithheldSummary };

export interface EntitledValidator {
  readonly validator: Validator;
  validate(request: CapturedRequest, options?: ValidateOptions): VerdictResult;
  validateDecoded(request: DecodedRequest, options?: ValidateOptions): VerdictResult;
  /** validateDecoded in steps (see Validator.validateDecodedSteps). */
  validateDecodedSteps(request: DecodedRequest, options?: ValidateOptions): ValidationSteps<VerdictResult>;
}

const ALL_TIERS: readonly PlanTier[] = ['basic', 'advanced', 'custom'];
const SEVERITY_ORDER: readonly Severity[] = ['error', 'warning', 'info'];
const FAMILY_ORDER: readonly RuleFamily[] = ['basic', 'gdpr', 'ecommerce', 'session_attribution', 'data_quality'];

/** How many built-in checks a plan's tiers leave out (70 advanced checks on Free), for pages that show a plan's verdicts. */
export function checksNotRunFor(allowed: readonly PlanTier[]): { tiers: PlanTier[]; checks: number } {
  const tiers = ALL_TIERS.filter((t) => t !== 'custom' && !allowed.includes(t));
  return { tiers, checks: withheldRuleCount({}, tiers) };
}

/** Built-in rules of the tiers a plan does not include that the website has not switched off. */
function withheldRuleCount(settings: RuleSettings, withheld: readonly PlanTier[]): number {
  let n = 0;
  for (const rule of ALL_RULES) if (withheld.includes(rule.tier) && settings.rules?.[rule.id]?.enabled !== false) n++;
  return n;
}

/**
 * A validator for the plan's tiers (settings.allowedTiers) that also says what the other built-in
 * tiers would have found. Without allowedTiers (every tier) it is the plain validator.
 */
export function createEntitledValidator(settings: RuleSettings = {}, entitlement: { plan?: string } = {}, extras: ValidatorExtras = {}): EntitledValidator {
  // The tracking plan's check (extras) belongs to the validator that reports; the withheld tiers' shadow never sees it.
  const validator = createValidator(settings, extras);
  const allowed = settings.allowedTiers ?? ALL_TIERS;
  // Custom rules are the customer's own: there is nothing to withhold when the plan has none.
  const withheldTiers = ALL_TIERS.filter((t) => t !== 'custom' && !allowed.includes(t));
  const checks = withheldRuleCount(settings, withheldTiers);
  const shadow = checks > 0 ? createValidator({ ...settings, allowedTiers: withheldTiers, customRules: [] }) : undefined;
  const withWithheld = (result: ValidationResult, run: () => ValidationResult): VerdictResult => {
    if (!shadow || result.decodeError) return result;
    const out: VerdictResult = result;
    out.withheld = entitlement.plan ? { plan: entitlement.plan, tiers: withheldTiers, checks, findings: summarizeFindings(run()) } : { tiers: withheldTiers, checks, findings: summarizeFindings(run()) };
    return out;
  };
  return {
    validator,
    validate(request, options) {
      if (!shadow) return validator.validate(request, options);
      // Decoded once for both validators; an undecodable request gets the engine's own failure result.
      const decoded = decodeRequest(request);
      if (!decoded.ok) return validator.validate(request, options);
      return this.validateDecoded(decoded.request, options);
    },
    *validateDecodedSteps(request, options) {
      const result = yield* validator.validateDecodedSteps(request, options);
      if (!shadow || result.decodeError) return result;
      const shadowResult = yield* shadow.validateDecodedSteps(request, { now: options?.now });
      return withWithheld(result, () => shadowResult);
    },
    validateDecoded(request, options) {
      const result = validator.validateDecoded(request, options);
      // History-free on purpose (see the module comment): withheld history rules stay not run.
      return withWithheld(result, () => (shadow as Validator).validateDecoded(request, { now: options?.now }));
    },
  };
}

/** Counts per family and severity of a result's findings, most severe first, then in family order. */
export function summarizeFindings(result: Pick<ValidationResult, 'issues'>): WithheldFinding[] {
  const issues = result.issues;
  if (issues.length === 0) return NONE;
  // A fixed grid of counters (severity × family) instead of a map: this runs on every withheld hit.
  const grid = new Array<number>(SEVERITY_ORDER.length * FAMILY_ORDER.length).fill(0);
  for (let i = 0; i < issues.length; i++) {
    const issue = issues[i] as ValidationResult['issues'][number];
    // Custom rules and the tracking plan are the customer's own, never withheld.
    if (issue.family === 'custom' || issue.family === 'plan') continue;
    grid[SEVERITY_ORDER.indexOf(issue.severity) * FAMILY_ORDER.length + FAMILY_ORDER.indexOf(issue.family)]!++;
  }
  const out: WithheldFinding[] = [];
  for (let k = 0; k < grid.length; k++) {
    const count = grid[k]!;
    if (count > 0) out.push({ family: FAMILY_ORDER[k % FAMILY_ORDER.length]!, severity: SEVERITY_ORDER[Math.floor(k / FAMILY_ORDER.length)]!, count });
  }
  return out;
}

/** Shared by every hit whose withheld checks found nothing: read-only by convention (it is stored and serialized, never changed). */
const NONE: WithheldFinding[] = [];

/** Reads a stored summary back (a jsonb column): anything malformed is treated as "everything ran". */
export function parseWithheld(value: unknown): WithheldSummary | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Partial<WithheldSummary>;
  if (!Array.isArray(v.tiers) || typeof v.checks !== 'number' || !Array.isArray(v.findings)) return null;
  const findings = v.findings.filter(
    (f): f is WithheldFinding =>
      typeof f === 'object' && f !== null && typeof f.count === 'number' && FAMILY_ORDER.includes(f.family) && SEVERITY_ORDER.includes(f.severity),
  );
  const tiers = v.tiers.filter((t): t is PlanTier => ALL_TIERS.includes(t));
  return typeof v.plan === 'string' ? { plan: v.plan, tiers, checks: v.checks, findings } : { tiers, checks: v.checks, findings };
}

/** Families in sentences ("2 e-commerce"). */
export const FAMILY_NAMES: Record<RuleFamily, string> = {
  basic: 'basic',
  gdpr: 'GDPR',
  ecommerce: 'e-commerce',
  session_attribution: 'session & attribution',
  data_quality: 'data quality',
};

const STATUS_WORD: Record<ValidationStatus, string> = { pass: 'PASS', warning: 'WARNING', fail: 'FAIL' };

/** A plan's name in sentences ("Free"). */
function planWord(plan: string): string {
  return plan.charAt(0).toUpperCase() + plan.slice(1).toLowerCase();
}

export interface Verdict {
  /** "PASS", or "PASS on basic rules" when some tiers did not run. */
  headline: string;
  /** "70 advanced checks not run on the Free plan", or null when everything ran. */
  notRun: string | null;
  /** Error-level findings the checks that did not run would have made, per family; empty when none. */
  serious: Array<{ family: RuleFamily; count: number }>;
  /** "Advanced checks that did not run would have found 2 critical problems: 1 e-commerce, 1 data quality." or null. */
  seriousText: string | null;
  /** True when the hit is known to be broken although the checks that ran passed it. */
  hiddenFailure: boolean;
}

/**
 * The words a verdict is shown with (request log, drawer, validation page). A hit whose
 * withheld checks found something error-level never reads as a plain PASS. `plan` names the plan
 * when the stored summary does not (it was validated under the summary's own plan).
 */
export function describeVerdict(status: ValidationStatus, withheld: WithheldSummary | null | undefined, plan: string): Verdict {
  if (!withheld || withheld.checks === 0) return { headline: STATUS_WORD[status], notRun: null, serious: [], seriousText: null, hiddenFailure: false };
  const ran = ALL_TIERS.filter((t) => t !== 'custom' && !withheld.tiers.includes(t));
  const tierWords = withheld.tiers.filter((t) => t !== 'custom').join(' and ');
  const serious = withheld.findings.filter((f) => f.severity === 'error').map((f) => ({ family: f.family, count: f.count }));
  const total = serious.reduce((n, f) => n + f.count, 0);
  const seriousText =
    total > 0
      ? `${capitalize(tierWords)} checks that did not run would have found ${total} critical ${total === 1 ? 'problem' : 'problems'}: ${serious.map((f) => `${f.count} ${FAMILY_NAMES[f.family]}`).join(', ')}.`
      : null;
  return {
    headline: `${STATUS_WORD[status]} on ${ran.join(' and ')} rules`,
    notRun: `${withheld.checks} ${tierWords} checks not run on the ${planWord(withheld.plan ?? plan)} plan`,
    serious,
    seriousText,
    hiddenFailure: total > 0,
  };
}

/** "basic and advanced rules", "basic, advanced and custom rules": the tiers a plan runs, in words. */
export function rulesRunText(tiers: readonly PlanTier[]): string {
  const words = ALL_TIERS.filter((t) => tiers.includes(t));
  return `${words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}` : (words[0] ?? 'no')} rules`;
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
