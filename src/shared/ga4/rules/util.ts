import type { DecodedEvent, DecodedRequest, ParamValue } from '../types';
import { lazyQueryMemo, queryHas } from '../form';

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
/** Preview / deployment hosts of common platforms: never a site's production host. */
const PREVIEW_SUFFIXES = ['.vercel.app', '.netlify.app', '.pages.dev', '.ngrok.io', '.ngrok-free.app', '.loca.lt', '.web.app', '.firebaseapp.com', '.herokuapp.com', '.azurestaticapps.net', '.github.io', '.gitpod.io', '.csb.app'];
// dev, staging, stage, stg, test, testing, qa, uat, preview, sandbox, local, develop(ment), optionally numbered or hyphen-joined.
const NON_PROD_LABEL = /(^|-)(dev|develop|development|staging|stage|stg|test|testing|qa|uat|preview|sandbox|local|demo)\d*(-|$)/;

/** Heuristic: a host that is clearly not production (localhost, IPs, reserved TLDs, dev/staging labels, preview platforms). */
export function isNonProductionHost(rawHost: string): boolean {
  const host = rawHost.replace(/:\d+$/, '').toLowerCase();
  if (host === 'localhost' || /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith('[')) return true;
  for (const tld of LOCAL_TLDS) if (host.endsWith(tld)) return true;
  for (const s of PREVIEW_SUFFIXES) if (host.endsWith(s)) return true;
  const labels = host.split('.');
  // Only labels left of the registrable domain: "test.com" itself may be a production site.
  for (let i = 0; i < labels.length - 2; i++) if (NON_PROD_LABEL.test(labels[i] as string)) return true;
  return false;
}

/** A Universal Analytics (v1) payload sent to /g/collect: one root cause, reported by basic.version. */
export function isUniversalAnalyticsPayload(req: DecodedRequest): boolean {
  if (req.format !== 'gtag') return false;
  const memo = lazyQueryMemo(req);
  if (memo === undefined) return universalAnalytics(req);
  return (memo.universalAnalytics ??= universalAnalytics(req));
}

function universalAnalytics(req: DecodedRequest): boolean {
  // v=1 alone is only a wrong version (basic.version); UA's own parameters or property id make it a UA hit.
  return (queryHas(req, 't') && (queryHas(req, '_v') || queryHas(req, 'tid'))) || req.measurementId?.startsWith('UA-') === true;
}

const PLACEHOLDER_WORDS = new Set(['undefined', 'null', 'nan', '[object object]']);
// {{Variable}}, %%macro%%, ${var}, [[var]], __VAR__, <VAR>
const TEMPLATE_TOKEN = /\{\{[^}]*\}\}|%%[^%]+%%|\$\{[^}]*\}|\[\[[^\]]*\]\]|^__[A-Z0-9_]+__$|^<[A-Z0-9_]+>$/;
// "undefined-ProductsCarousel", "list_null", "NaN €": a placeholder glued to other text.
const GLUED_PLACEHOLDER = /(^|[-_ /:|])(undefined|null|NaN)([-_ /:|]|$)/;

/**
 * Anything a placeholder needs somewhere (a template bracket or percent sign, a leading _ or <, or
 * one of the words): one native scan rejects ordinary values before the two precise patterns.
 */
const PLACEHOLDER_HINT = /[{%[]|^[_<]|undefined|null|NaN/;

/**
 * Placeholder measurement ids as Google's snippets and guides print them (G-XXXXXXXXXX in the
 * Measurement Protocol and gtag guides, GA_MEASUREMENT_ID and TAG_ID in the gtag snippets,
 * MEASUREMENT_ID / <MEASUREMENT_ID> / YOUR_MEASUREMENT_ID in tutorials) and unreplaced template tokens. Seven or more X (G-XXXXXXX, G-XXXXXXXXXX) is the
 * documented shape; a shorter run (G-XXXXX) in a browser hit is how people redact a real id when they
 * quote it, while in Measurement Protocol code and guides any all-X id is a placeholder.
 */
const PLACEHOLDER_ID = /^G-(X{7,}|0{7,}|YOUR\b.*)$|MEASUREMENT_ID|^(G-)?TAG_ID$|^YOUR[_-]|^<[^>]*>$|^\$\{|^\{\{|^%.*%$/i;

/** In Measurement Protocol code and guides an id of only X is always a placeholder (G-XXX, G-XXXXXX). */
const MP_PLACEHOLDER_ID = /^G-X+$/i;

export function isPlaceholderMeasurementId(id: string, format: 'gtag' | 'mp' = 'gtag'): boolean {
  return PLACEHOLDER_ID.test(id) || (format === 'mp' && MP_PLACEHOLDER_ID.test(id));
}

/** Values a data layer variable produces when it was not set: undefined, NaN, {{…}}, undefined-Something… */
export function isPlaceholderValue(v: string): boolean {
  const t = v.trim();
  const n = t.length;
  if (n === 0 || n > 200) return false;
  // The words are 3, 4, 9 and 15 characters long ("nan", "null", "undefined", "[object object]").
  if ((n === 3 || n === 4 || n === 9 || n === 15) && PLACEHOLDER_WORDS.has(t.toLowerCase())) return true;
  if (!PLACEHOLDER_HINT.test(t)) return false;
  return TEMPLATE_TOKEN.test(t) || GLUED_PLACEHOLDER.test(t);
}
