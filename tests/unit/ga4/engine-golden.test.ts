/**
 * Golden test of the GA4 engine: every request of both corpora (tests/fixtures/ga4/shared-corpus/hits and
 * tests/fixtures/ga4/corpus/hits), validated with default and custom settings, without and with
 * history (in order, twice, so history rules fire), must give exactly the findings recorded in
 * engine-golden.expected.txt, and decode to exactly the same model (a digest of the decoded events).
 * It pins the engine's behaviour while its hot paths are optimised.
 *
 *   GOLDEN_UPDATE=1 npx vitest run --project unit tests/unit/ga4/engine-golden.test.ts   (rewrite the expected file; the run then fails on purpose)
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  createInMemoryHistory,
  createValidator,
  decodeRequest,
  parseCaptureFile,
  validateRequest,
  type CapturedRequest,
  type RuleSettings,
  type ValidationResult,
  type Validator,
} from '../../../src/shared/ga4';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const EXPECTED = path.join(here, 'engine-golden.expected.txt');
const DIRS = [path.join(repoRoot, 'tests/fixtures/ga4/shared-corpus/hits'), path.join(repoRoot, 'tests/fixtures/ga4/corpus/hits')];

interface Named {
  name: string;
  request: CapturedRequest;
}

const requests: Named[] = DIRS.flatMap((dir) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .flatMap((f) => {
      const parsed = parseCaptureFile(readFileSync(path.join(dir, f), 'utf8'), f);
      return parsed.ok ? parsed.captures.map((c, i) => ({ name: `${path.basename(dir)}/${f}#${i}`, request: c.request })) : [];
    }),
);

const CUSTOM: RuleSettings = {
  facts: {
    euTraffic: true,
    measurementIds: ['G-F9XM71K45T', 'G-123456'],
    allowedHosts: ['bestbytes.com', 'example.com'],
    paymentHosts: ['pay.example.org'],
    currencies: ['EUR', 'USD'],
  },
  rules: {
    'basic.cid_present': { severity: 'info' },
    'gdpr.consent_mode_v2_present': { enabled: false },
    'dq.bot_ua': { severity: 'error' },
  },
  customRules: [
    { id: 'purchase-coupon', title: 'Purchases carry a coupon field', events: ['purchase'], assert: { field: 'params.coupon', op: 'exists' } },
    { id: 'sku-format', title: 'SKUs look like SKU_123', assert: { field: 'items[*].item_id', op: 'matches', pattern: '^(SKU_)?[A-Za-z0-9]+$' } },
  ],
};
const BASIC_ONLY: RuleSettings = { allowedTiers: ['basic'], facts: { euTraffic: false } };

function digest(s: string): string {
  return createHash('sha256').update(s).digest('hex').slice(0, 16);
}

function describeResult(name: string, r: ValidationResult): string[] {
  const lines = [`${name} ${r.status} e${r.counts.error} w${r.counts.warning} i${r.counts.info} events=${digest(JSON.stringify(r.events))}`];
  if (r.decodeError) lines.push(`  decodeError ${r.decodeError.code}: ${r.decodeError.message}`);
  if (r.notEvaluated) lines.push(`  notEvaluated ${r.notEvaluated.map((n) => `${n.ruleId}:${n.reason}`).join(',')}`);
  for (const i of r.issues)
    lines.push(`  ${i.ruleId} | ${i.severity} | ${i.family}/${i.tier} | ${i.path} | ev=${i.eventIndex ?? '-'} ${i.eventName ?? '-'} | ${i.validationCode ?? '-'} | ${i.message}`);
  return lines;
}

function run(): string {
  const out: string[] = [];
  // Decoding alone: the whole decoded model (notes, query, envelope, events).
  for (const { name, request } of requests) {
    const d = decodeRequest(request);
    out.push(`decode ${name} ${d.ok ? `ok ${digest(JSON.stringify(d.request))} notes=${d.request.notes.length}` : `fail ${d.error.code}`}`);
  }
  const configs: Array<[string, Validator]> = [
    ['default', createValidator()],
    ['custom', createValidator(CUSTOM)],
    ['basic', createValidator(BASIC_ONLY)],
  ];
  for (const [label, v] of configs) {
    for (const { name, request } of requests) out.push(...describeResult(`[${label}] ${name}`, v.validate(request)));
    // With history: every request twice in order (duplicates, session order, consent changes), a fixed clock.
    const history = createInMemoryHistory({ now: () => 1_750_000_000_000 });
    for (let pass = 0; pass < 2; pass++)
      for (const { name, request } of requests) out.push(...describeResult(`[${label}+history#${pass}] ${name}`, v.validate(request, { history })));
    // A fixed `now` (clock rules evaluated for every hit).
    for (const { name, request } of requests) out.push(...describeResult(`[${label}+now] ${name}`, v.validate(request, { now: 1_709_286_700_000 })));
  }
  // The cached entry point with the same settings object, twice: its findings match the others'
  // (whether the second call reused the compiled validator is not observable here).
  for (let i = 0; i < 2; i++)
    for (const { name, request } of requests.slice(0, 10)) out.push(...describeResult(`[validateRequest#${i}] ${name}`, validateRequest(request, CUSTOM)));
  return `${out.join('\n')}\n`;
}

describe('GA4 engine golden findings', () => {
  it('covers both corpora', () => {
    expect(requests.length).toBeGreaterThan(80);
  });

  it('gives exactly the recorded findings and decoded model for every corpus request', () => {
    const actual = run();
    if (process.env.GOLDEN_UPDATE === '1') {
      writeFileSync(EXPECTED, actual);
      // Recording is never a pass: the new file has to be reviewed and the test run again without the flag.
      throw new Error(`recorded ${EXPECTED}: review its diff, then run again without GOLDEN_UPDATE`);
    }
    expect(existsSync(EXPECTED), `${EXPECTED} is missing: record it with GOLDEN_UPDATE=1 (from an engine known to be right)`).toBe(true);
    const expected = readFileSync(EXPECTED, 'utf8');
    // Compare line by line first so a failure names the first differing finding.
    const a = actual.split('\n');
    const e = expected.split('\n');
    const first = a.findIndex((line, i) => line !== e[i]);
    expect(first === -1 ? null : { line: first + 1, actual: a[first], expected: e[first] }).toBeNull();
    expect(a.length).toBe(e.length);
  });
});
