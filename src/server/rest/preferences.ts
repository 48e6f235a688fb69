import { RestError } from './errors';
import type { Range } from './query-types';

/** The Prefer header (RFC 7240) as PostgREST understands it; the first value of each kind wins. */
export interface Preferences {
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  return?: 'representation' | 'minimal' | 'headers-only';
  params?: 'single-object';
  count?: 'exact' | 'planned' | 'estimated';
  tx?: 'commit' | 'rollback';
  handling?: 'strict' | 'lenient';
  maxAffected?: number;
  invalid: string[];
}

const accepted: Record<string, [keyof Preferences, string][]> = {};
for (const [key, values] of [
  ['resolution', ['merge-duplicates', 'ignore-duplicates']],
  ['missing', ['default', 'null']],
  ['return', ['representation', 'minimal', 'headers-only']],
  ['params', ['single-object']],
  ['count', ['exact', 'planned', 'estimated']],
  ['tx', ['commit', 'rollback']],
  ['handling', ['strict', 'lenient']],
] as const) {
  for (const value of values) accepted[`${key}=${value}`] = [[key, value]];
}

export function parsePreferences(headerValues: string | null | undefined): Preferences {
  const prefs: Preferences = { invalid: [] };
  const record = prefs as unknown as Record<string, unknown>;
  for (const raw of (headerValues ?? '').split(',')) {
    const item = raw.trim();
    if (item === '') continue;
    const known = accepted[item];
    if (known) {
      for (const [key, value] of known) if (record[key] === undefined) record[key] = value;
      continue;
    }
    const maxAffected = /^max-affected=(\d+)$/.exec(item);
    if (maxAffected) {
      prefs.maxAffected ??= Number(maxAffected[1]);
      continue;
    }
    prefs.invalid.push(item);
  }
  if (prefs.handling === 'strict' && prefs.invalid.length > 0) {
    throw new RestError(400, 'PGRST122', 'Invalid preferences given with handling=strict', `Invalid preferences: ${prefs.invalid.join(', ')}`);
  }
  return prefs;
}

/** Which applied preferences to echo, in PostgREST's order; callers pass only those that apply to the action. */
export function preferenceAppliedHeader(
  prefs: Preferences,
  applies: Partial<Record<'resolution' | 'missing' | 'return' | 'params' | 'count' | 'tx', boolean>>,
): string | undefined {
  const values: string[] = [];
  if (applies.resolution && prefs.resolution) values.push(`resolution=${prefs.resolution}`);
  if (applies.missing && prefs.missing) values.push(`missing=${prefs.missing}`);
  if (applies.return && prefs.return) values.push(`return=${prefs.return}`);
  if (applies.params && prefs.params) values.push(`params=${prefs.params}`);
  if (applies.count && prefs.count) values.push(`count=${prefs.count}`);
  if (prefs.tx) values.push(`tx=${prefs.tx}`);
  if (prefs.handling) values.push(`handling=${prefs.handling}`);
  if (prefs.handling === 'strict' && prefs.maxAffected !== undefined) values.push(`max-affected=${prefs.maxAffected}`);
  return values.length > 0 ? values.join(', ') : undefined;
}

/** Parses `Range: 0-9` (with `Range-Unit: items`); anything else means "all rows". */
export function parseRangeHeader(value: string | undefined): Range | undefined {
  if (!value) return undefined;
  const m = /^\s*(?:items=)?(\d+)-(\d*)\s*$/.exec(value);
  if (!m) return undefined;
  const from = Number(m[1]);
  if (m[2] === '' || m[2] === undefined) return { offset: from };
  const to = Number(m[2]);
  if (to < from) {
    throw new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
    );
  }
  return { offset: from, limit: to - from + 1 };
}

/** The intersection of two ranges, as PostgREST combines the Range header with limit/offset. */
export function intersectRanges(a: Range | undefined, b: Range | undefined): Range | undefined {
  if (!a) return b;
  if (!b) return a;
  const lower = Math.max(a.offset, b.offset);
  const upperA = a.limit === undefined ? Infinity : a.offset + a.limit - 1;
  const upperB = b.limit === undefined ? Infinity : b.offset + b.limit - 1;
  const upper = Math.min(upperA, upperB);
  return upper === Infinity ? { offset: lower } : { offset: lower, limit: Math.max(0, upper - lower + 1) };
}

/** Content-Range as PostgREST writes it: `lower-upper/total`, `*` where unknown or empty. */
export function contentRange(lower: number, upper: number, total: number | undefined): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total === undefined ? '*' : total}`;
}
