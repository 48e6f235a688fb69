import type { FileCapture } from './capture-files';
import { createValidator, type Validator } from './engine';
import { createInMemoryHistory } from './history';
import type { PlanCheck } from './plan/check';
import type { RuleSettings } from './settings';
import type { NotEvaluatedReason, ValidationResult } from './types';

export interface OfflineOptions {
  /**
   * Treat every capture (several files, a whole HAR) as one visitor's session, in order: history
   * rules (duplicates, funnel, session starts…) then compare each hit with the earlier ones.
   * Without it each capture is judged alone and history rules are not evaluated.
   */
  session?: boolean;
  /** A tracking plan compiled by the caller (plan/check.ts): every capture is also checked against it. */
  planCheck?: PlanCheck;
}

export interface OfflineRun {
  results: Array<{ capture: FileCapture; result: ValidationResult }>;
  /** Per reason, the rule ids not evaluated on at least one capture and how many checks that was. */
  notEvaluated: Record<NotEvaluatedReason, { checks: number; rules: string[] }>;
}

/**
 * Validates captured requests read from files (CLI, corpus scoring, the validation page): the
 * hits are archived, so clock rules use each capture's own time and history rules run only in
 * session mode. Pure: no I/O, no clock.
 */
export function validateCaptureFiles(captures: readonly FileCapture[], settings: RuleSettings = {}, options: OfflineOptions = {}): OfflineRun {
  const extras = options.planCheck ? { planCheck: options.planCheck } : {};
  const validator = createValidator(settings, extras);
  // Body-only MP files carry no URL: checks of the URL's measurement ID cannot apply to them.
  let bodyOnly: Validator | undefined;
  const history = options.session ? createInMemoryHistory() : undefined;
  const notEvaluated: OfflineRun['notEvaluated'] = {
    no_history: { checks: 0, rules: [] },
    no_capture_time: { checks: 0, rules: [] },
    no_tenant_fact: { checks: 0, rules: [] },
  };
  const results: OfflineRun['results'] = [];
  for (const capture of captures) {
    const v = capture.bodyOnly
      ? (bodyOnly ??= createValidator({ ...settings, rules: { ...settings.rules, 'basic.tid_format': { enabled: false }, 'basic.tid_expected': { enabled: false } } }, extras))
      : validator;
    const result = v.validate(capture.request, history ? { history } : {});
    for (const n of result.notEvaluated ?? []) {
      const bucket = notEvaluated[n.reason];
      bucket.checks++;
      if (!bucket.rules.includes(n.ruleId)) bucket.rules.push(n.ruleId);
    }
    results.push({ capture, result });
  }
  return { results, notEvaluated };
}
