import {
  createValidator,
  validateCustomRuleDefinition,
  type CustomRuleDefinition,
  type DefinitionError,
  type Issue,
  type Severity,
} from '../../../shared/ga4';
import { capturesFromInput } from '../../components/hits/validate-input';

/** The custom-rule form: fields the UI edits, plus the conditions as JSON text. */
export interface CustomRuleForm {
  name: string;
  description: string;
  severity: Severity;
  /** Event names the rule checks; empty = every event. */
  events: string[];
  /** `{ "when"?: Condition, "assert": Condition }` as typed. */
  conditions: string;
  enabled: boolean;
}

export const DEFAULT_CONDITIONS = `{
  "when": { "field": "params.value", "op": "gt", "value": 100 },
  "assert": { "field": "params.coupon", "op": "exists" }
}`;

/** A rule id from its name: "Big orders carry a coupon" → "big-orders-carry-a-coupon" (the engine's id rules). */
export function ruleIdFromName(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9_.-]+/g, '-')
    .replace(/^[^a-z0-9]+/, '')
    .replace(/-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/g, '');
  return slug || 'rule';
}

export type DefinitionResult =
  | { ok: true; definition: CustomRuleDefinition }
  | { ok: false; jsonError?: string; errors: DefinitionError[] };

/**
 * The engine definition for the form: id, title, severity and events from the fields, conditions
 * from the JSON. Every problem is returned with its path in the definition (`assert.all[1].pattern`).
 */
export function buildDefinition(form: CustomRuleForm, existingId?: string): DefinitionResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(form.conditions);
  } catch (err) {
    return { ok: false, jsonError: `The conditions are not valid JSON: ${err instanceof Error ? err.message : String(err)}`, errors: [] };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: false, jsonError: 'The conditions must be a JSON object with "assert" (and optionally "when").', errors: [] };
  }
  const { when, assert, message } = parsed as Record<string, unknown>;
  const extra = Object.keys(parsed).filter((k) => !['when', 'assert', 'message'].includes(k));
  const definition: Record<string, unknown> = {
    id: existingId ?? ruleIdFromName(form.name),
    title: form.name.trim(),
    severity: form.severity,
    ...(form.description.trim() ? { description: form.description.trim() } : {}),
    ...(form.events.length > 0 ? { events: form.events } : {}),
    ...(when !== undefined ? { when } : {}),
    assert,
    ...(typeof message === 'string' ? { message } : {}),
  };
  const errors = validateCustomRuleDefinition(definition);
  for (const key of extra) errors.push({ path: key, message: `"${key}" is not allowed here: use "when", "assert" and "message"` });
  if (form.name.trim() === '') errors.unshift({ path: 'title', message: 'Name is required' });
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, definition: definition as unknown as CustomRuleDefinition };
}

export type SampleTest =
  | { ok: true; issues: Issue[]; eventNames: string[]; checkedEvents: number }
  | { ok: false; error: string };

/** Runs only this custom rule on a sample request (any format the validation page reads), in the browser. */
export function testRuleOnSample(definition: CustomRuleDefinition, sample: string): SampleTest {
  const input = capturesFromInput({ mode: 'capture', text: sample, measurementId: '' });
  if (!input.ok) return input;
  const validator = createValidator({ allowedTiers: ['custom'], customRules: [definition], rules: {} });
  const issues: Issue[] = [];
  const eventNames: string[] = [];
  let checkedEvents = 0;
  for (const capture of input.captures) {
    const result = validator.validate(capture.request);
    if (result.decodeError) return { ok: false, error: result.decodeError.message };
    for (const ev of result.events) {
      eventNames.push(ev.name ?? '(not set)');
      if (!definition.events || definition.events.length === 0 || (ev.name !== undefined && definition.events.includes(ev.name))) checkedEvents++;
    }
    issues.push(...result.issues.filter((i) => i.tier === 'custom'));
  }
  return { ok: true, issues, eventNames, checkedEvents };
}

export function formFromDefinition(row: { name: string; description: string | null; severity: Severity; enabled: boolean; definition: CustomRuleDefinition }): CustomRuleForm {
  const d = row.definition;
  const conditions: Record<string, unknown> = {};
  if (d.when !== undefined) conditions.when = d.when;
  conditions.assert = d.assert;
  if (d.message !== undefined) conditions.message = d.message;
  return {
    name: row.name,
    description: row.description ?? '',
    severity: row.severity,
    events: d.events ?? [],
    conditions: JSON.stringify(conditions, null, 2),
    enabled: row.enabled,
  };
}
