/**
 * A plan as JSON Schemas (draft 2020-12), the way Segment Protocols, Avo and Snowplow keep them:
 * one schema per event (its parameters are `properties`, required ones in `required`, allowed
 * values as `enum`, `pattern`, `minimum`/`maximum`, `maxLength`; unplanned parameters are what
 * `additionalProperties: false` refuses), plus one for the user properties. The same schemas are
 * what the plan check validates hits with, and what the bundle export writes.
 */
import { parsePlanDocument, type PlanParseResult } from './document';
import { PLAN_FORMAT, type PlanEvent, type PlanParameter, type TrackingPlanDocument } from './types';

export const JSON_SCHEMA_DRAFT = 'https://json-schema.org/draft/2020-12/schema';
/** Plan fields JSON Schema has no keyword for (status, owner, triggers) travel under this one. */
export const PLAN_KEYWORD = 'x-tracklint';

export interface JsonSchema {
  [keyword: string]: unknown;
}

/** One parameter's schema. Allowed values are texts: numbers are compared by their text too. */
export function parameterSchema(p: PlanParameter): JsonSchema {
  const s: JsonSchema = { type: p.type };
  if (p.description !== undefined) s.description = p.description;
  if (p.allowedValues) s.enum = p.type === 'string' ? [...p.allowedValues] : p.allowedValues.map((v) => (p.type === 'boolean' ? v === 'true' : Number(v)));
  if (p.pattern !== undefined) s.pattern = p.pattern;
  if (p.minimum !== undefined) s.minimum = p.minimum;
  if (p.maximum !== undefined) s.maximum = p.maximum;
  if (p.maxLength !== undefined) s.maxLength = p.maxLength;
  return s;
}

function objectSchema(params: readonly PlanParameter[] | undefined): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const p of params ?? []) {
    properties[p.name] = parameterSchema(p);
    if (p.required) required.push(p.name);
  }
  const s: JsonSchema = { type: 'object', properties };
  if (required.length > 0) s.required = required;
  s.additionalProperties = false;
  return s;
}

/** The event's schema: its parameters, and `items` when it plans item parameters. */
export function eventSchema(ev: PlanEvent): JsonSchema {
  const s = objectSchema(ev.parameters);
  if (ev.itemParameters && ev.itemParameters.length > 0) (s.properties as Record<string, JsonSchema>).items = { type: 'array', items: objectSchema(ev.itemParameters) };
  const meta: Record<string, string> = { status: ev.status };
  if (ev.owner !== undefined) meta.owner = ev.owner;
  if (ev.triggers !== undefined) meta.triggers = ev.triggers;
  return { $schema: JSON_SCHEMA_DRAFT, title: ev.name, ...(ev.description !== undefined ? { description: ev.description } : {}), [PLAN_KEYWORD]: meta, ...s };
}

export function userPropertiesSchema(plan: TrackingPlanDocument): JsonSchema {
  return { $schema: JSON_SCHEMA_DRAFT, title: 'user_properties', ...objectSchema(plan.userProperties) };
}

export interface SchemaBundle {
  $schema: string;
  title?: string;
  [PLAN_KEYWORD]?: { format: string; version?: number | null };
  events: Record<string, JsonSchema>;
  user_properties: JsonSchema;
}

/** The export: one schema per event under `events`, plus `user_properties`. */
export function planToSchemaBundle(plan: TrackingPlanDocument, title?: string): SchemaBundle {
  const events: Record<string, JsonSchema> = {};
  for (const ev of plan.events) events[ev.name] = eventSchema(ev);
  return {
    $schema: JSON_SCHEMA_DRAFT,
    ...(title !== undefined ? { title } : {}),
    [PLAN_KEYWORD]: { format: PLAN_FORMAT, ...(plan.version !== undefined ? { version: plan.version } : {}) },
    events,
    user_properties: userPropertiesSchema(plan),
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const PARAM_KEYWORDS = new Set(['type', 'description', 'enum', 'pattern', 'minimum', 'maximum', 'maxLength']);
const OBJECT_KEYWORDS = new Set(['$schema', 'title', 'description', 'type', 'properties', 'required', 'additionalProperties', PLAN_KEYWORD]);

/** A parameter from its schema, in the plan document's shape (checked later by parsePlanDocument). */
function parameterFromSchema(name: string, s: unknown, required: boolean, at: string, errors: string[]): Record<string, unknown> | undefined {
  if (!isRecord(s)) {
    errors.push(`${at} must be a schema object`);
    return undefined;
  }
  for (const k of Object.keys(s)) if (!PARAM_KEYWORDS.has(k)) errors.push(`${at}: the keyword "${k}" is not supported for a parameter (use ${[...PARAM_KEYWORDS].join(', ')})`);
  const p: Record<string, unknown> = { name, type: s.type };
  if (required) p.required = true;
  if (s.enum !== undefined) {
    if (!Array.isArray(s.enum) || s.enum.some((v) => typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean')) errors.push(`${at}.enum must list texts, numbers or booleans`);
    else p.allowedValues = s.enum.map(String);
  }
  for (const k of ['pattern', 'minimum', 'maximum', 'maxLength', 'description'] as const) if (s[k] !== undefined) p[k] = s[k];
  return p;
}

function parametersFromObjectSchema(s: unknown, at: string, errors: string[], allowItems: boolean): { parameters: unknown[]; itemParameters?: unknown[]; meta?: Record<string, unknown> } {
  const out: { parameters: unknown[]; itemParameters?: unknown[]; meta?: Record<string, unknown> } = { parameters: [] };
  if (!isRecord(s)) {
    errors.push(`${at} must be a schema object`);
    return out;
  }
  for (const k of Object.keys(s)) if (!OBJECT_KEYWORDS.has(k)) errors.push(`${at}: the keyword "${k}" is not supported here`);
  if (s.type !== undefined && s.type !== 'object') errors.push(`${at}.type must be "object"`);
  const properties = s.properties ?? {};
  if (!isRecord(properties)) {
    errors.push(`${at}.properties must be an object`);
    return out;
  }
  const required = s.required ?? [];
  if (!Array.isArray(required) || required.some((r) => typeof r !== 'string')) errors.push(`${at}.required must be a list of parameter names`);
  const req = new Set(Array.isArray(required) ? (required as string[]) : []);
  for (const r of req) if (!(r in properties)) errors.push(`${at}.required names "${r}", which is not in properties`);
  if (s.additionalProperties !== undefined && s.additionalProperties !== false) errors.push(`${at}.additionalProperties must be false (a plan lists every parameter it allows)`);
  for (const [name, ps] of Object.entries(properties)) {
    if (allowItems && name === 'items') {
      if (!isRecord(ps) || ps.type !== 'array' || !isRecord(ps.items)) errors.push(`${at}.properties.items must be {"type": "array", "items": {...}}`);
      else out.itemParameters = parametersFromObjectSchema(ps.items, `${at}.properties.items.items`, errors, false).parameters;
      continue;
    }
    const p = parameterFromSchema(name, ps, req.has(name), `${at}.properties.${name}`, errors);
    if (p) out.parameters.push(p);
  }
  if (isRecord(s[PLAN_KEYWORD])) out.meta = s[PLAN_KEYWORD];
  return out;
}

/**
 * Reads a schema bundle back into a plan. Only the keywords the plan uses are accepted: a schema
 * using others (`oneOf`, `$ref`, …) would be checked differently than the plan says, so it is refused.
 */
export function schemaBundleToPlan(bundle: unknown): PlanParseResult {
  const errors: string[] = [];
  if (!isRecord(bundle)) return { ok: false, errors: ['the schema bundle must be a JSON object'] };
  for (const k of Object.keys(bundle)) if (!['$schema', 'title', 'events', 'user_properties', PLAN_KEYWORD].includes(k)) errors.push(`bundle: unknown field "${k}"`);
  if (bundle.$schema !== undefined && bundle.$schema !== JSON_SCHEMA_DRAFT) errors.push(`bundle.$schema must be "${JSON_SCHEMA_DRAFT}"`);
  if (!isRecord(bundle.events)) return { ok: false, errors: [...errors, 'bundle.events must be an object of one schema per event'] };
  const events: unknown[] = [];
  for (const [name, s] of Object.entries(bundle.events)) {
    const at = `events.${name}`;
    if (isRecord(s) && s.$schema !== undefined && s.$schema !== JSON_SCHEMA_DRAFT) errors.push(`${at}.$schema must be "${JSON_SCHEMA_DRAFT}"`);
    const { parameters, itemParameters, meta } = parametersFromObjectSchema(s, at, errors, true);
    const ev: Record<string, unknown> = { name, status: meta?.status ?? 'planned' };
    if (isRecord(s) && typeof s.description === 'string') ev.description = s.description;
    if (meta?.owner !== undefined) ev.owner = meta.owner;
    if (meta?.triggers !== undefined) ev.triggers = meta.triggers;
    if (parameters.length > 0) ev.parameters = parameters;
    if (itemParameters && itemParameters.length > 0) ev.itemParameters = itemParameters;
    events.push(ev);
  }
  const userProperties = bundle.user_properties === undefined ? [] : parametersFromObjectSchema(bundle.user_properties, 'user_properties', errors, false).parameters;
  if (errors.length > 0) return { ok: false, errors: errors.slice(0, 50) };
  const meta = isRecord(bundle[PLAN_KEYWORD]) ? bundle[PLAN_KEYWORD] : {};
  return parsePlanDocument({ format: PLAN_FORMAT, events, ...(userProperties.length > 0 ? { userProperties } : {}), ...(typeof meta.version === 'number' ? { version: meta.version } : {}) });
}
