/**
 * A plan file in any of the formats people keep plans in, recognised by its content: a Tracklint
 * plan document (`"format": "tracklint-plan/1"`) or a JSON Schema bundle (`events` holding one
 * schema per event). CSV is read by csv.ts.
 */
import { parsePlanDocument, PLAN_LIMITS, type PlanParseResult } from './document';
import { schemaBundleToPlan } from './schema';

export function parsePlanJson(text: string): PlanParseResult {
  if (text.length > PLAN_LIMITS.fileBytes) return { ok: false, errors: [`the plan file is larger than ${PLAN_LIMITS.fileBytes.toLocaleString('en-US')} bytes`] };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, errors: ['the plan file is not valid JSON'] };
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && 'format' in value) return parsePlanDocument(value);
  return schemaBundleToPlan(value);
}
