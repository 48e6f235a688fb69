/**
 * The plan check's browser-safe JSON Schema validator: @cfworker/json-schema (draft 2020-12),
 * an interpreter that walks the schema for each value and never generates code, so it runs under
 * the web app's Content-Security-Policy (`script-src 'self'`, no 'unsafe-eval') where Ajv's
 * `new Function` cannot. The public validation page checks a pasted plan with it.
 *
 * It reports errors in Ajv's shape (SchemaError: keyword, instancePath, params), so the plan check
 * maps them to the same findings; tests/unit/ga4/plan/plan-check-equivalence.test.ts proves the
 * two give identical findings. The collector and the CLI keep Ajv: compiled code is faster per hit.
 */
import { Validator, type OutputUnit, type Schema } from '@cfworker/json-schema';
import type { SchemaCompiler, SchemaError } from './check';
import type { JsonSchema } from './schema';

/** cfworker's instance locations are URI fragments ("#/items/0/a%20b"); Ajv's paths are JSON Pointers ("/items/0/a b"). */
function pointerSegments(location: string): string[] {
  return location
    .replace(/^#/, '')
    .split('/')
    .slice(1)
    .map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'));
}

const toPointer = (segments: readonly string[]) => segments.map((s) => `/${s.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

/** The property cfworker names in a `required` error ('Instance does not have required property "x".'). */
const REQUIRED_RE = /^Instance does not have required property "(.*)"\.$/s;
/** The key cfworker names when `additionalProperties` refuses one ('Property "x" does not match additional properties schema.'). */
const ADDITIONAL_RE = /^Property "(.*)" does not match additional properties schema\.$/s;
/** The type a `type` error expected ('Instance type "string" is invalid. Expected "number".'). */
const TYPE_RE = /Expected "(.*)"\.$/s;

/**
 * cfworker's output units as Ajv reports the same failures. cfworker adds a summary unit for each
 * applicator (`properties`, `items`) above the errors inside it, where Ajv reports only the
 * failing keywords: those are dropped. A key refused by `additionalProperties: false` comes as the
 * `additionalProperties` unit (at the object, naming the key, as Ajv's) followed by a `false`
 * unit at the key: the first is kept, the second dropped. The names come from cfworker's error
 * texts, the only place it gives them; the version is pinned and the equivalence test would fail
 * if a text changed.
 */
function asAjvErrors(units: readonly OutputUnit[], schema: JsonSchema): RankedError[] {
  const errors: RankedError[] = [];
  const push = (error: SchemaError, rank: number) => errors.push({ error, rank });
  let refusedAt: string | null = null;
  for (const unit of units) {
    const segments = pointerSegments(unit.instanceLocation);
    const instancePath = toPointer(segments);
    switch (unit.keyword) {
      case 'properties':
      case 'items':
        break;
      case 'additionalProperties': {
        const key = ADDITIONAL_RE.exec(unit.error)?.[1] ?? '';
        refusedAt = toPointer([...segments, key]);
        push({ keyword: 'additionalProperties', instancePath, params: { additionalProperty: key } }, 1);
        break;
      }
      case 'false':
        if (instancePath !== refusedAt) push({ keyword: 'false schema', instancePath, params: {} }, 5);
        break;
      case 'required': {
        const missing = REQUIRED_RE.exec(unit.error)?.[1];
        push({ keyword: 'required', instancePath, params: missing === undefined ? {} : { missingProperty: missing } }, 0);
        break;
      }
      case 'type': {
        const type = TYPE_RE.exec(unit.error)?.[1];
        push({ keyword: 'type', instancePath, params: { type } }, typeCheckedInGroup(schemaAt(schema, unit.keywordLocation), type) ? 4 : 2);
        break;
      }
      case 'enum':
        push({ keyword: 'enum', instancePath, params: {} }, 3);
        break;
      default:
        push({ keyword: unit.keyword, instancePath, params: {} }, 5);
    }
  }
  return errors;
}

interface RankedError {
  error: SchemaError;
  /** Where Ajv reports it among the failures at the same value (lower first). */
  rank: number;
}

/** Ajv's keyword groups per type: a `type` failure is reported in its group, after `enum`, when the schema uses one of them. */
const TYPE_GROUPS: Readonly<Record<string, readonly string[]>> = {
  number: ['maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum', 'multipleOf'],
  string: ['maxLength', 'minLength', 'pattern', 'format'],
  array: ['maxItems', 'minItems', 'items', 'prefixItems', 'contains', 'uniqueItems'],
  object: ['required', 'properties', 'additionalProperties', 'patternProperties', 'maxProperties', 'minProperties', 'propertyNames'],
};

function typeCheckedInGroup(schema: JsonSchema | undefined, type: string | undefined): boolean {
  const group = type === undefined ? undefined : TYPE_GROUPS[type];
  return schema !== undefined && group !== undefined && group.some((k) => k in schema);
}

/** The schema holding the keyword at a cfworker keyword location ("#/properties/a/type" → the schema of a). */
function schemaAt(schema: JsonSchema, keywordLocation: string): JsonSchema | undefined {
  let at: unknown = schema;
  for (const segment of pointerSegments(keywordLocation).slice(0, -1)) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<string, unknown>)[segment];
  }
  return typeof at === 'object' && at !== null ? (at as JsonSchema) : undefined;
}

/**
 * Puts the errors in Ajv's order, so both validators give the findings in the same order too.
 * Both walk the value depth first and visit properties in the schema's order; they differ in
 * what comes first at one value. Ajv: `required`, then `additionalProperties`, then the
 * properties; at a scalar `type` first, unless the schema uses a keyword of the type's group
 * (TYPE_GROUPS: `maxLength` for a string, `minimum` for a number), then `enum` comes first. cfworker: `required`, the properties, then `additionalProperties`;
 * `type` first. The sort key walks the path: at each step a value's own errors (by rank) come
 * before its children, and children keep the order cfworker met them in.
 */
function inAjvOrder(errors: RankedError[]): SchemaError[] {
  const firstSeen = new Map<string, number>();
  const keys = errors.map(({ error: e, rank }, index) => {
    const segments = e.instancePath === '' ? [] : e.instancePath.split('/').slice(1);
    const key: number[] = [];
    let prefix = '';
    for (const segment of segments) {
      prefix += `/${segment}`;
      if (!firstSeen.has(prefix)) firstSeen.set(prefix, index);
      key.push(1, firstSeen.get(prefix)!);
    }
    key.push(0, rank, index);
    return key;
  });
  const order = errors.map((_, i) => i);
  order.sort((a, b) => {
    const ka = keys[a]!;
    const kb = keys[b]!;
    for (let i = 0; i < Math.min(ka.length, kb.length); i++) if (ka[i] !== kb[i]) return ka[i]! - kb[i]!;
    return ka.length - kb.length;
  });
  return order.map((i) => errors[i]!.error);
}

export function createInterpretedCompiler(): SchemaCompiler {
  return (schema) => {
    // shortCircuit false: every error of a value, as Ajv's allErrors reports them.
    const validator = new Validator(schema as Schema, '2020-12', false);
    return (data) => {
      const result = validator.validate(data);
      return result.valid ? [] : inAjvOrder(asAjvErrors(result.errors, schema));
    };
  };
}
