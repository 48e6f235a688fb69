import {
  createInMemoryHistory,
  createValidator,
  parseCaptureFile,
  type CapturedRequest,
  type PlanCheck,
  type ValidationResult,
} from '../../../shared/ga4';

/** What the visitor pasted: a request URL (+ body), or a capture (raw request file, HAR, MP JSON or a curl command). */
export type ValidationInput =
  | { mode: 'url'; url: string; body: string }
  | { mode: 'capture'; text: string; measurementId: string };

export interface InputCapture {
  label: string;
  request: CapturedRequest;
  /** An MP body without URL: measurement_id and api_secret are unknown, so rules about them do not apply. */
  bodyOnly?: boolean;
}

export type InputResult = { ok: true; captures: InputCapture[] } | { ok: false; error: string };

/** Splits a shell command into words, honouring single and double quotes and backslash line continuations. */
export function shellWords(command: string): string[] {
  const words: string[] = [];
  let current = '';
  let inWord = false;
  let quote: '"' | "'" | null = null;
  const text = command.replace(/\\\r?\n/g, ' ');
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === quote) quote = null;
      else if (ch === '\\' && quote === '"' && i + 1 < text.length && '"\\$`'.includes(text[i + 1]!)) current += text[++i];
      else current += ch;
      continue;
    }
    if (ch === "'" || ch === '"') {
      quote = ch;
      inWord = true;
    } else if (/\s/.test(ch)) {
      if (inWord) words.push(current);
      current = '';
      inWord = false;
    } else if (ch === '\\' && i + 1 < text.length) {
      current += text[++i];
      inWord = true;
    } else {
      current += ch;
      inWord = true;
    }
  }
  if (inWord) words.push(current);
  return words;
}

const DATA_FLAGS = new Set(['-d', '--data', '--data-raw', '--data-binary', '--data-ascii']);
const VALUE_FLAGS = new Set(['-H', '--header', '-A', '--user-agent', '-b', '--cookie', '-e', '--referer', '-u', '--user', '-o', '--output']);

/** Reads the URL, method, body and User-Agent of a `curl …` command (as "Copy as cURL" produces it). */
export function parseCurl(command: string): { ok: true; request: CapturedRequest } | { ok: false; error: string } {
  const words = shellWords(command.trim());
  if (words[0] !== 'curl') return { ok: false, error: 'A curl command starts with "curl".' };
  let url = '';
  let method = '';
  const body: string[] = [];
  const headers: Record<string, string> = {};
  for (let i = 1; i < words.length; i++) {
    const word = words[i]!;
    if (word === '-X' || word === '--request') method = (words[++i] ?? '').toUpperCase();
    else if (DATA_FLAGS.has(word)) body.push(words[++i] ?? '');
    else if (word === '-H' || word === '--header') {
      const header = words[++i] ?? '';
      const colon = header.indexOf(':');
      if (colon > 0) headers[header.slice(0, colon).trim().toLowerCase()] = header.slice(colon + 1).trim();
    } else if (word === '-A' || word === '--user-agent') headers['user-agent'] = words[++i] ?? '';
    else if (VALUE_FLAGS.has(word)) i++;
    else if (word === '--url') url = words[++i] ?? '';
    else if (!word.startsWith('-') && !url) url = word;
  }
  if (!url) return { ok: false, error: 'The curl command has no URL.' };
  const bodyText = body.join('&');
  return { ok: true, request: { method: method || (bodyText ? 'POST' : 'GET'), url, headers, body: bodyText } };
}

/** Turns the visitor's input into the requests to validate, or explains what is wrong with it. */
export function capturesFromInput(input: ValidationInput): InputResult {
  if (input.mode === 'url') {
    const url = input.url.trim();
    if (url === '') return { ok: false, error: 'Paste the URL of a GA4 request, e.g. https://www.google-analytics.com/g/collect?v=2&tid=G-…' };
    const body = input.body.trim();
    return { ok: true, captures: [{ label: 'Request', request: { method: body ? 'POST' : 'GET', url, body } }] };
  }
  const text = input.text.trim();
  if (text === '') return { ok: false, error: 'Paste a request: a Measurement Protocol JSON body, a HAR export, a curl command or a raw request.' };
  if (/^curl\s/.test(text)) {
    const curl = parseCurl(text);
    return curl.ok ? { ok: true, captures: [{ label: 'curl request', request: curl.request }] } : curl;
  }
  const measurementId = input.measurementId.trim();
  const parsed = parseCaptureFile(text, 'Pasted request', measurementId ? { measurementId } : {});
  if (!parsed.ok) return { ok: false, error: parsed.error };
  if (parsed.captures.length === 0) return { ok: false, error: 'The HAR export contains no GA4 requests (/g/collect, /mp/collect).' };
  return { ok: true, captures: parsed.captures.map((c) => ({ label: c.label, request: c.request, bodyOnly: c.bodyOnly })) };
}

export interface ValidationOptions {
  /** Run the EU consent rules (they need to know the site has EU visitors). */
  euTraffic: boolean;
  /** A pasted tracking plan (pasted-plan.ts): every event is checked against it too. */
  planCheck?: PlanCheck;
}

/**
 * Validates the captures in the browser with every rule tier. One in-memory history is shared,
 * so the requests of a HAR export are checked as one visit (e.g. duplicate transaction ids).
 */
export function validateCaptures(captures: readonly InputCapture[], options: ValidationOptions, nowMs = Date.now()): ValidationResult[] {
  const validator = createValidator({ allowedTiers: ['basic', 'advanced', 'custom'], facts: { euTraffic: options.euTraffic } }, options.planCheck ? { planCheck: options.planCheck } : {});
  const history = createInMemoryHistory({ now: () => nowMs });
  // A pasted request is usually archived: judge it by its own capture time (HAR entry, _p), never
  // by today's clock, or every old hit looks hours old (issue 9). Without one, clock rules are skipped.
  return captures.map((c) => validator.validate(c.request, { history }));
}
