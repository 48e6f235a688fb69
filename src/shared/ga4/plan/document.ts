/**
 * Reading a plan document someone hands us (a CLI --plan file, an import, a stored version):
 * every field checked, every limit enforced, every problem named, nothing half-accepted.
 */
import {
  EVENT_STATUSES,
  PARAMETER_TYPES,
  PLAN_FINDING_KINDS,
  PLAN_FORMAT,
  type PlanCustomDefinition,
  type PlanEvent,
  type PlanParameter,
  type TrackingPlanDocument,
} from './types';

/** Limits on one plan: far above real plans, low enough that a file cannot exhaust the server. */
export const PLAN_LIMITS = {
  events: 500,
  parametersPerEvent: 100,
  userProperties: 100,
  customDefinitions: 500,
  allowedValues: 500,
  textLength: 2000,
  patternLength: 500,
  /** Bytes of a plan file (JSON, CSV, schema bundle or custom definition list): the app API's body limit. */
  fileBytes: 256 * 1024,
} as const;

/** GA4 names: a letter, then letters, digits and underscores, at most 40 characters. */
export const PLAN_NAME_RE = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

export type PlanParseResult = { ok: true; plan: TrackingPlanDocument } | { ok: false; errors: string[] };

type Json = unknown;
const isRecord = (v: Json): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

function unknownKeys(value: Record<string, Json>, allowed: readonly string[], at: string, errors: string[]): void {
  for (const k of Object.keys(value)) if (!allowed.includes(k)) errors.push(`${at}: unknown field "${k}"`);
}

function optionalText(value: Json, at: string, errors: string[], max: number = PLAN_LIMITS.textLength): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') errors.push(`${at} must be text`);
  else if (value.length > max) errors.push(`${at} is longer than ${max} characters`);
  else return value;
  return undefined;
}

function optionalNumber(value: Json, at: string, errors: string[]): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) errors.push(`${at} must be a number`);
  else return value;
  return undefined;
}

const PARAMETER_FIELDS = ['name', 'type', 'required', 'allowedValues', 'pattern', 'minimum', 'maximum', 'maxLength', 'description'] as const;

/** Checks one parameter; `at` names it in errors. */
export function parseParameter(value: Json, at: string, errors: string[]): PlanParameter | undefined {
  if (!isRecord(value)) {
    errors.push(`${at} must be an object`);
    return undefined;
  }
  const before = errors.length;
  unknownKeys(value, PARAMETER_FIELDS, at, errors);
  const name = value.name;
  if (typeof name !== 'string' || !PLAN_NAME_RE.test(name)) errors.push(`${at}.name must be a GA4 name (a letter, then letters, digits or _, at most 40)`);
  const type = value.type;
  if (typeof type !== 'string' || !(PARAMETER_TYPES as readonly string[]).includes(type)) errors.push(`${at}.type must be one of ${PARAMETER_TYPES.join(', ')} (got ${JSON.stringify(type)})`);
  if (value.required !== undefined && typeof value.required !== 'boolean') errors.push(`${at}.required must be true or false`);
  let allowedValues: string[] | undefined;
  if (value.allowedValues !== undefined && value.allowedValues !== null) {
    const list = value.allowedValues;
    if (!Array.isArray(list) || list.some((v) => typeof v !== 'string' || v.length > 100)) errors.push(`${at}.allowedValues must be a list of texts of at most 100 characters`);
    else if (list.length > PLAN_LIMITS.allowedValues) errors.push(`${at}.allowedValues has more than ${PLAN_LIMITS.allowedValues} values`);
    else allowedValues = list as string[];
  }
  const pattern = optionalText(value.pattern, `${at}.pattern`, errors, PLAN_LIMITS.patternLength);
  if (pattern !== undefined) {
    try {
      new RegExp(pattern, 'u');
    } catch {
      errors.push(`${at}.pattern is not a valid regular expression`);
    }
  }
  const minimum = optionalNumber(value.minimum, `${at}.minimum`, errors);
  const maximum = optionalNumber(value.maximum, `${at}.maximum`, errors);
  if (minimum !== undefined && maximum !== undefined && minimum > maximum) errors.push(`${at}: minimum is above maximum`);
  const maxLength = optionalNumber(value.maxLength, `${at}.maxLength`, errors);
  if (maxLength !== undefined && (!Number.isInteger(maxLength) || maxLength < 1 || maxLength > 1000)) errors.push(`${at}.maxLength must be a whole number from 1 to 1000`);
  const description = optionalText(value.description, `${at}.description`, errors);
  if (errors.length > before) return undefined;
  const p: PlanParameter = { name: name as string, type: type as PlanParameter['type'] };
  if (value.required === true) p.required = true;
  if (allowedValues) p.allowedValues = allowedValues;
  if (pattern !== undefined) p.pattern = pattern;
  if (minimum !== undefined) p.minimum = minimum;
  if (maximum !== undefined) p.maximum = maximum;
  if (maxLength !== undefined) p.maxLength = maxLength;
  if (description !== undefined) p.description = description;
  return p;
}

function parseParameters(value: Json, at: string, max: number, errors: string[]): PlanParameter[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) {
    errors.push(`${at} must be a list`);
    return undefined;
  }
  if (value.length > max) {
    errors.push(`${at} has more than ${max} entries`);
    return undefined;
  }
  const seen = new Set<string>();
  const out: PlanParameter[] = [];
  value.forEach((v, i) => {
    const p = parseParameter(v, `${at}[${i}]`, errors);
    if (!p) return;
    if (seen.has(p.name)) errors.push(`${at}: the parameter "${p.name}" is named twice`);
    seen.add(p.name);
    out.push(p);
  });
  return out;
}

const EVENT_FIELDS = ['name', 'status', 'description', 'owner', 'triggers', 'parameters', 'itemParameters'] as const;
const DOCUMENT_FIELDS = ['format', 'planId', 'versionId', 'version', 'events', 'userProperties', 'customDefinitions', 'severities'] as const;

function parseEvent(value: Json, at: string, errors: string[]): PlanEvent | undefined {
  if (!isRecord(value)) {
    errors.push(`${at} must be an object`);
    return undefined;
  }
  const before = errors.length;
  unknownKeys(value, EVENT_FIELDS, at, errors);
  const name = value.name;
  if (typeof name !== 'string' || !PLAN_NAME_RE.test(name)) errors.push(`${at}.name must be a GA4 event name (a letter, then letters, digits or _, at most 40)`);
  const status = value.status ?? 'planned';
  if (typeof status !== 'string' || !(EVENT_STATUSES as readonly string[]).includes(status)) errors.push(`${at}.status must be one of ${EVENT_STATUSES.join(', ')}`);
  const description = optionalText(value.description, `${at}.description`, errors);
  const owner = optionalText(value.owner, `${at}.owner`, errors, 200);
  const triggers = optionalText(value.triggers, `${at}.triggers`, errors);
  const parameters = parseParameters(value.parameters, `${at}.parameters`, PLAN_LIMITS.parametersPerEvent, errors);
  const itemParameters = parseParameters(value.itemParameters, `${at}.itemParameters`, PLAN_LIMITS.parametersPerEvent, errors);
  if (errors.length > before) return undefined;
  const ev: PlanEvent = { name: name as string, status: status as PlanEvent['status'] };
  if (description !== undefined) ev.description = description;
  if (owner !== undefined) ev.owner = owner;
  if (triggers !== undefined) ev.triggers = triggers;
  if (parameters && parameters.length > 0) ev.parameters = parameters;
  if (itemParameters && itemParameters.length > 0) ev.itemParameters = itemParameters;
  return ev;
}

/** Checks a custom definition list entry. */
export function parseCustomDefinition(value: Json, at: string, errors: string[]): PlanCustomDefinition | undefined {
  if (!isRecord(value)) {
    errors.push(`${at} must be an object`);
    return undefined;
  }
  const before = errors.length;
  unknownKeys(value, ['kind', 'scope', 'parameterName', 'displayName'], at, errors);
  if (value.kind !== 'dimension' && value.kind !== 'metric') errors.push(`${at}.kind must be dimension or metric`);
  if (value.scope !== 'event' && value.scope !== 'user' && value.scope !== 'item') errors.push(`${at}.scope must be event, user or item`);
  if (typeof value.parameterName !== 'string' || !PLAN_NAME_RE.test(value.parameterName)) errors.push(`${at}.parameterName must be a GA4 name`);
  const displayName = optionalText(value.displayName, `${at}.displayName`, errors, 82);
  if (errors.length > before) return undefined;
  const d: PlanCustomDefinition = { kind: value.kind as PlanCustomDefinition['kind'], scope: value.scope as PlanCustomDefinition['scope'], parameterName: value.parameterName as string };
  if (displayName !== undefined) d.displayName = displayName;
  return d;
}

/** Reads a `tracklint-plan/1` document. Unknown fields, duplicates and bad values are errors. */
export function parsePlanDocument(value: Json): PlanParseResult {
  const errors: string[] = [];
  if (!isRecord(value)) return { ok: false, errors: ['the plan must be a JSON object'] };
  if (value.format !== PLAN_FORMAT) return { ok: false, errors: [`the plan's "format" must be "${PLAN_FORMAT}"`] };
  unknownKeys(value, DOCUMENT_FIELDS, 'plan', errors);
  const events: PlanEvent[] = [];
  if (!Array.isArray(value.events)) errors.push('plan.events must be a list');
  else if (value.events.length > PLAN_LIMITS.events) errors.push(`plan.events has more than ${PLAN_LIMITS.events} events`);
  else {
    const seen = new Set<string>();
    value.events.forEach((v, i) => {
      const ev = parseEvent(v, `events[${i}]`, errors);
      if (!ev) return;
      if (seen.has(ev.name)) errors.push(`events: the event "${ev.name}" is named twice`);
      seen.add(ev.name);
      events.push(ev);
    });
  }
  const userProperties = parseParameters(value.userProperties, 'userProperties', PLAN_LIMITS.userProperties, errors);
  const customDefinitions: PlanCustomDefinition[] = [];
  if (value.customDefinitions !== undefined && value.customDefinitions !== null) {
    if (!Array.isArray(value.customDefinitions) || value.customDefinitions.length > PLAN_LIMITS.customDefinitions) errors.push(`customDefinitions must be a list of at most ${PLAN_LIMITS.customDefinitions}`);
    else value.customDefinitions.forEach((v, i) => {
      const d = parseCustomDefinition(v, `customDefinitions[${i}]`, errors);
      if (d) customDefinitions.push(d);
    });
  }
  const severities: TrackingPlanDocument['severities'] = {};
  if (value.severities !== undefined && value.severities !== null) {
    if (!isRecord(value.severities)) errors.push('severities must be an object');
    else
      for (const [k, v] of Object.entries(value.severities)) {
        if (!(PLAN_FINDING_KINDS as readonly string[]).includes(k)) errors.push(`severities: unknown finding kind "${k}"`);
        else if (v !== 'error' && v !== 'warning' && v !== 'info' && v !== 'off') errors.push(`severities.${k} must be error, warning, info or off`);
        else severities[k as keyof typeof severities] = v;
      }
  }
  if (value.version !== undefined && value.version !== null && (typeof value.version !== 'number' || !Number.isInteger(value.version))) errors.push('plan.version must be a whole number');
  if (errors.length > 0) return { ok: false, errors: errors.slice(0, 50) };
  const plan: TrackingPlanDocument = { format: PLAN_FORMAT, events };
  if (typeof value.planId === 'string') plan.planId = value.planId;
  if (typeof value.versionId === 'string') plan.versionId = value.versionId;
  if (typeof value.version === 'number') plan.version = value.version;
  if (userProperties && userProperties.length > 0) plan.userProperties = userProperties;
  if (customDefinitions.length > 0) plan.customDefinitions = customDefinitions;
  if (Object.keys(severities).length > 0) plan.severities = severities;
  return { ok: true, plan };
}

/** "v3" for a published version, "draft" otherwise. */
/** How many events and parameters (event, item and user) a plan holds, as import answers report. */
export function planCounts(plan: TrackingPlanDocument): { events: number; parameters: number } {
  const parameters = plan.events.reduce((n, e) => n + (e.parameters?.length ?? 0) + (e.itemParameters?.length ?? 0), 0) + (plan.userProperties?.length ?? 0);
  return { events: plan.events.length, parameters };
}

export function planVersionLabel(plan: TrackingPlanDocument): string {
  return typeof plan.version === 'number' ? `v${plan.version}` : 'draft';
}

/** A parameter's plan entry in words: `number, required, one of EUR, USD`. */
export function describeParameter(p: PlanParameter): string {
  const parts: string[] = [p.type, p.required ? 'required' : 'optional'];
  if (p.allowedValues) parts.push(`one of ${p.allowedValues.slice(0, 10).join(', ')}${p.allowedValues.length > 10 ? ', …' : ''}`);
  if (p.pattern !== undefined) parts.push(`matching /${p.pattern}/`);
  if (p.minimum !== undefined) parts.push(`at least ${p.minimum}`);
  if (p.maximum !== undefined) parts.push(`at most ${p.maximum}`);
  if (p.maxLength !== undefined) parts.push(`at most ${p.maxLength} characters`);
  return parts.join(', ');
}
