import { compilePlanCheck, createInterpretedCompiler, csvToPlan, parsePlanJson, planCounts, planVersionLabel, type PlanCheck } from '../../../shared/ga4';

/** A plan pasted on the public validation page, compiled for the browser, or why it cannot be. */
export type PastedPlan = { ok: true; check: PlanCheck; summary: string } | { ok: false; error: string };

/**
 * Reads a pasted tracking plan in any format the app exports (a Tracklint plan document, a JSON
 * Schema bundle, or the CSV spreadsheet: JSON starts with "{") and compiles it with the
 * interpreted JSON Schema validator: the page's CSP forbids the code generation Ajv needs, and
 * the interpreter gives the collector's findings (plan-check-equivalence.test.ts).
 */
export function compilePastedPlan(text: string): PastedPlan {
  const trimmed = text.trim();
  const parsed = trimmed.startsWith('{') ? parsePlanJson(trimmed) : csvToPlan(trimmed);
  if (!parsed.ok) return { ok: false, error: `The tracking plan cannot be used: ${parsed.errors.slice(0, 3).join('; ')}${parsed.errors.length > 3 ? ` (and ${parsed.errors.length - 3} more)` : ''}` };
  const counts = planCounts(parsed.plan);
  return {
    ok: true,
    check: compilePlanCheck(parsed.plan, createInterpretedCompiler()),
    summary: `Checked against the pasted tracking plan (${planVersionLabel(parsed.plan)}): ${counts.events} event${counts.events === 1 ? '' : 's'}, ${counts.parameters} parameter${counts.parameters === 1 ? '' : 's'}.`,
  };
}
