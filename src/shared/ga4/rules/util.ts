import type { DecodedEvent, DecodedRequest, ParamValue } from '../types';

/** A number from a wire value (string or number); NaN when it is not one. Empty strings are not numbers. */
export function num(v: ParamValue | undefined): number {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string' || v.trim() === '') return NaN;
  return Number(v);
}

export function isFiniteNumber(v: ParamValue | undefined): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

export function nonEmpty(v: ParamValue | undefined): boolean {
  return v !== undefined && v !== null && v !== '';
}

/** How a param is spelled on the wire, for messages a person can act on. */
export function wireParam(req: DecodedRequest, ev: DecodedEvent, name: string): string {
  if (req.format === 'mp') return `params.${name}`;
  return ev.paramKinds[name] === 'number' ? `epn.${name}` : `ep.${name}`;
}

export function show(v: unknown, max = 60): string {
  const s = typeof v === 'string' ? v : JSON.stringify(v) ?? String(v);
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

/** Every string value of an event a person could have typed PII into, with its path. */
export function forEachStringValue(ev: DecodedEvent, at: string, fn: (value: string, path: string) => void): void {
  for (const k in ev.params) {
    const v = ev.params[k];
    if (typeof v === 'string') fn(v, `${at}.params.${k}`);
  }
  for (const k in ev.userProperties) {
    const v = ev.userProperties[k]?.value;
    if (typeof v === 'string') fn(v, `${at}.user_properties.${k}`);
  }
  for (let j = 0; j < ev.items.length; j++) {
    const item = ev.items[j] as Record<string, ParamValue>;
    for (const k in item) {
      const v = item[k];
      if (typeof v === 'string') fn(v, `${at}.items[${j}].${k}`);
    }
  }
}

/** Decodes up to twice, for values that were URL-encoded one or two extra times. */
export function deepDecode(s: string): string {
  let out = s;
  for (let i = 0; i < 2 && out.indexOf('%') !== -1; i++) {
    try {
      out = decodeURIComponent(out);
    } catch {
      break;
    }
  }
  return out;
}

const LOCAL_TLDS = ['.local', '.test', '.localhost', '.internal', '.example', '.invalid'];
const NON_PROD_FIRST_LABELS = new Set(['dev', 'staging', 'stage', 'test', 'local', 'preview', 'qa', 'uat', 'sandbox']);

/** Heuristic: a host that is clearly not production (localhost, IPs, reserved TLDs, dev./staging. prefixes). */
export function isNonProductionHost(host: string): boolean {
  if (host === 'localhost' || /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith('[')) return true;
  for (const tld of LOCAL_TLDS) if (host.endsWith(tld)) return true;
  const first = host.split('.')[0] ?? '';
  return NON_PROD_FIRST_LABELS.has(first);
}
