import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createInMemoryHistory, createValidator, decodeRequest, parseCaptureFile, type CapturedRequest } from '../../../src/shared/ga4';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const HITS = path.join(repoRoot, 'tests/fixtures/ga4/shared-corpus/hits');

const corpus: CapturedRequest[] = readdirSync(HITS)
  .filter((f) => f.endsWith('.txt'))
  .sort()
  .flatMap((f) => {
    const parsed = parseCaptureFile(readFileSync(path.join(HITS, f), 'utf8'), f);
    return parsed.ok ? parsed.captures.map((c) => c.request) : [];
  });

const validator = createValidator({ facts: { euTraffic: true, measurementIds: ['G-ABC123'], allowedHosts: ['example.com'], currencies: ['EUR'] } });

/** Characters that matter to the parsers, mixed with arbitrary unicode. */
const wireChar = fc.oneof(
  fc.constantFrom('&', '=', '%', '~', '.', '\n', '\r', ' ', '+', '[', ']', '{', '}', '"', "'", ':', ',', '\\', '/', '?', '#', 'p', 'r', '1', 'e', 'n', '_'),
  fc.string({ unit: 'grapheme', maxLength: 1 }),
);
const wire = fc.array(wireChar, { maxLength: 200 }).map((a) => a.join(''));

/** A corpus request with a random edit: insert, delete or replace a slice of URL or body. */
const mutated = fc
  .tuple(fc.constantFrom(...corpus), fc.boolean(), fc.nat(), fc.nat(), wire)
  .map(([req, inBody, a, b, insert]) => {
    const target = inBody ? String(req.body ?? '') : req.url;
    const start = target.length === 0 ? 0 : a % target.length;
    const end = Math.min(target.length, start + (b % 40));
    const edited = target.slice(0, start) + insert + target.slice(end);
    return inBody ? { ...req, body: edited } : { ...req, url: edited };
  });

const arbitraryRequest = fc.record({
  method: fc.oneof(fc.constantFrom('GET', 'POST', 'PUT', ''), fc.string()),
  url: fc.oneof(
    wire,
    wire.map((q) => `https://www.google-analytics.com/g/collect?${q}`),
    wire.map((q) => `/mp/collect?${q}`),
    fc.webUrl({ withQueryParameters: true }),
  ),
  body: fc.oneof(wire, fc.json(), fc.uint8Array({ maxLength: 300 }), fc.constant(null)),
});

describe('decoder properties', () => {
  it('never throws and always returns a structured result, for arbitrary inputs', () => {
    fc.assert(
      fc.property(arbitraryRequest, (req) => {
        const result = decodeRequest(req);
        expect(typeof result.ok).toBe('boolean');
        if (!result.ok) expect(result.error.message.length).toBeGreaterThan(0);
      }),
      { numRuns: 1000 },
    );
  }, 60_000);

  it('never throws on mutated corpus requests, and validation never throws either', () => {
    const history = createInMemoryHistory({ maxEntries: 5000 });
    fc.assert(
      fc.property(mutated, (req) => {
        expect(() => decodeRequest(req)).not.toThrow();
        const result = validator.validate(req, { history, now: 1_750_000_000_000 });
        expect(['pass', 'warning', 'fail']).toContain(result.status);
        JSON.stringify(result);
      }),
      { numRuns: 1000 },
    );
  }, 60_000);

  it('is deterministic: the same bytes decode to the same model', () => {
    fc.assert(
      fc.property(fc.oneof(mutated, arbitraryRequest), (req) => {
        expect(JSON.stringify(decodeRequest(req))).toBe(JSON.stringify(decodeRequest(req)));
      }),
      { numRuns: 800 },
    );
  }, 60_000);

  it('stays bounded on huge and pathological inputs (no hang: each finishes in the test timeout)', () => {
    const many = Array.from({ length: 5000 }, (_, i) => `en=e${i}&pr${i}=id${i}~nm${'~'.repeat(50)}`).join('\n');
    const deepJson = '['.repeat(100_000) + ']'.repeat(100_000);
    const deepLiteral = '{a:'.repeat(50_000) + '1' + '}'.repeat(50_000);
    const items = Array.from({ length: 2000 }, (_, i) => `pr${i + 1}=id${i}`).join('&');
    const inputs: CapturedRequest[] = [
      { method: 'POST', url: '/g/collect?v=2', body: many },
      { method: 'POST', url: '/mp/collect', body: deepJson },
      { method: 'POST', url: '/mp/collect', body: deepLiteral },
      { method: 'GET', url: `/g/collect?${items}` },
      { method: 'GET', url: `/g/collect?dl=${'%25'.repeat(30_000)}&en=x` },
      { method: 'POST', url: '/g/collect', body: '&'.repeat(900_000) },
    ];
    for (const input of inputs) {
      const result = decodeRequest(input);
      if (result.ok) {
        expect(result.request.events.length).toBeLessThanOrEqual(500);
        for (const ev of result.request.events) expect(ev.items.length).toBeLessThanOrEqual(200);
        validator.validate(input);
      }
    }
  }, 60_000);
});
