/**
 * Runs the real engine (basic and advanced rules, as on a Starter plan) over the demo's fixed
 * sample. Used by scripts/generate-demo-results.ts and by the demo's test, never by the page, so
 * /demo does not download the engine to show its output.
 */
import { createValidator, ruleById } from '../../../../shared/ga4';
import type { DemoSampleRequest } from './demo-sample';

export interface DemoFinding {
  ruleId: string;
  /** The rule's title, as the app's requests log shows it. */
  title: string;
  severity: 'error' | 'warning' | 'info';
  message: string;
  /** Why it matters and how to fix it (the catalogue's explanation). */
  explanation: string;
}

export interface DemoResult {
  id: string;
  event: string;
  status: 'pass' | 'warning' | 'fail';
  findings: DemoFinding[];
}

export function runDemoEngine(sample: readonly DemoSampleRequest[]): DemoResult[] {
  const validator = createValidator({ allowedTiers: ['basic', 'advanced'] });
  return sample.map(({ id, request }) => {
    const result = validator.validate(request);
    return {
      id,
      event: result.events.map((e) => e.name ?? '(no name)').join(', '),
      status: result.status,
      findings: result.issues.map((issue) => {
        const rule = ruleById(issue.ruleId);
        if (!rule) throw new Error(`The engine reported ${issue.ruleId}, which is not in the catalogue`);
        return { ruleId: issue.ruleId, title: rule.title, severity: issue.severity, message: issue.message, explanation: rule.explanation };
      }),
    };
  });
}
