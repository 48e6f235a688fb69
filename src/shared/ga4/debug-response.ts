import type { Issue, ValidationCode, ValidationResult } from './types';

export interface DebugValidationMessage {
  fieldPath: string;
  description: string;
  validationCode: ValidationCode;
}

/** The body Google's `/debug/mp/collect` returns, plus Tracklint's own findings beside it. */
export interface DebugValidationResponse {
  validationMessages: DebugValidationMessage[];
  tracklint: {
    status: ValidationResult['status'];
    /** Findings Google's validation server does not report (consent, e-commerce quality, PII…). */
    findings: Array<Pick<Issue, 'ruleId' | 'severity' | 'path' | 'message'>>;
  };
}

/**
 * Google reports a field path relative to the payload and names the array for event-level
 * problems (e.g. `events` for a bad event name, `events[0].params.value` for a value).
 */
function googleFieldPath(issue: Issue): string {
  if (issue.ruleId === 'basic.event_name_syntax' || issue.ruleId === 'dq.reserved_event_name') return 'events';
  return issue.path;
}

/**
 * Renders a validation result as the `/debug/mp/collect` response. Issues that Google's server
 * would raise too (those carrying a validationCode, error or warning severity) become
 * validationMessages with Google's codes; everything else goes under `tracklint.findings`.
 */
export function toDebugValidationResponse(result: ValidationResult): DebugValidationResponse {
  const validationMessages: DebugValidationMessage[] = [];
  const findings: DebugValidationResponse['tracklint']['findings'] = [];
  for (const issue of result.issues) {
    if (issue.validationCode && issue.severity !== 'info' && issue.family !== 'custom')
      validationMessages.push({ fieldPath: googleFieldPath(issue), description: issue.message, validationCode: issue.validationCode });
    else findings.push({ ruleId: issue.ruleId, severity: issue.severity, path: issue.path, message: issue.message });
  }
  return { validationMessages, tracklint: { status: result.status, findings } };
}
