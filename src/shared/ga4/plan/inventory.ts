/**
 * The inventory of what traffic sends (issue 25): per hit, one compact entry per event, per event
 * parameter, per item parameter and per user property, with the type seen and the raw value (for
 * a few masked examples and the value sets of short, low-cardinality parameters). The collector aggregates the entries of each stored batch into hourly
 * counters; nothing ever scans the request log for them.
 */
import { PHONE_KEYS, PII_QUERY_KEYS } from '../constants';
import type { DecodedRequest, ParamValue } from '../types';

export type InventoryScope = 'event' | 'param' | 'item' | 'user';
export type InventoryType = 'string' | 'integer' | 'number' | 'boolean' | 'other';

/** Longest raw example kept per entry (masked and cut again when aggregated). */
const EXAMPLE_CHARS = 60;
/** Fields per entry in the flat list inventoryEntriesOf returns: event, scope, name, type, raw value. */
export const INVENTORY_STRIDE = 5;

function typeOf(v: ParamValue): InventoryType {
  if (typeof v === 'string') return 'string';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  if (typeof v === 'boolean') return 'boolean';
  return 'other';
}

function example(v: ParamValue): string {
  const s = typeof v === 'string' ? v : JSON.stringify(v) ?? '';
  return s.length > EXAMPLE_CHARS ? s.slice(0, EXAMPLE_CHARS) : s;
}

/**
 * The hit's inventory entries as one flat list, INVENTORY_STRIDE fields each: event name, scope,
 * parameter name, type seen and raw value (scope `event` has '' for the last three). The fields
 * are the decoded hit's own strings (parameter names as Object.keys gives them), nothing is
 * concatenated: counting an entry is a few map lookups on strings whose hashes are already known
 * (issue 25's budget).
 */
export function inventoryEntriesOf(req: DecodedRequest): string[] {
  const out: string[] = [];
  for (const ev of req.events) {
    const name = ev.name;
    if (name === undefined || name === '') continue;
    out.push(name, 'event', '', '', '');
    for (const k of Object.keys(ev.params)) {
      const v = ev.params[k] as ParamValue;
      out.push(name, 'param', k, typeOf(v), example(v));
    }
    // gtag carries the currency as `cu`: inventoried as the parameter GA4 calls it.
    if (ev.currencySource === 'cu' && ev.currency !== undefined && !('currency' in ev.params)) out.push(name, 'param', 'currency', 'string', example(ev.currency));
    const seenItem = new Set<string>();
    for (const item of ev.items)
      for (const k of Object.keys(item)) {
        if (seenItem.has(k)) continue;
        seenItem.add(k);
        const v = item[k] as ParamValue;
        out.push(name, 'item', k, typeOf(v), example(v));
      }
    for (const k of Object.keys(ev.userProperties)) {
      const v = (ev.userProperties[k] as { value: ParamValue }).value;
      out.push(name, 'user', k, typeOf(v), example(v));
    }
  }
  return out;
}

const EMAIL_RE = /[^\s@]+@([^\s@]+\.[^\s@]+)/g;
const LONG_DIGITS_RE = /\d{7,}/g;

/**
 * An example value safe to show: parameters whose name says personal data are hidden entirely;
 * e-mail addresses keep only their domain, long digit runs (phone, card, account numbers) are hidden.
 */
export function maskExample(name: string, value: string): string {
  const n = name.toLowerCase();
  if (PII_QUERY_KEYS.has(n) || PHONE_KEYS.has(n) || n.includes('email') || n.includes('phone')) return '[masked]';
  // EMAIL_RE backtracks over the whole value from every position without an "@" (quadratic):
  // skip it when there is none. A batch masks thousands of examples on the event loop (issue 26).
  const masked = value.includes('@') ? value.replace(EMAIL_RE, '…@$1') : value;
  return masked.replace(LONG_DIGITS_RE, (d) => '#'.repeat(Math.min(d.length, 12)));
}
