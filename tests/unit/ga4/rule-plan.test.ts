/**
 * The engine's rule plans skip a rule where its declaration says it cannot report (`onlyFormat`,
 * `onlyEvents`, `onlyWithItems`, `onlyWithParams`); most rules also check the same in their own code. This pins that
 * the two agree: every declared rule, called directly (no plan), on requests of the other format,
 * on events renamed to names outside its list, on events stripped of their items, and on events
 * stripped of the parameters it is indexed under, reports nothing. A declaration narrower than its rule would otherwise silently drop findings.
 */
import { describe, expect, it } from 'vitest';
import { createInMemoryHistory, decodeRequest, type CapturedRequest, type DecodedEvent, type DecodedRequest } from '../../../src/shared/ga4';
import { ALL_RULES } from '../../../src/shared/ga4/rules';
import type { Rule, RuleContext } from '../../../src/shared/ga4/rules/types';
import { compileFacts } from '../../../src/shared/ga4/settings';
import { FACTS, NOW } from './helpers';
import { corpusAndFixtureRequests } from './corpus-requests';
import { RULE_FIXTURES } from './rule-fixtures';

const captured: CapturedRequest[] = corpusAndFixtureRequests();
const decoded: DecodedRequest[] = captured.flatMap((r) => {
  const d = decodeRequest(r);
  return d.ok ? [d.request] : [];
});

const facts = compileFacts({ ...FACTS, allowedHosts: [...(FACTS.allowedHosts ?? []), 'bestbytes.com', 'example.com'] });

/** A context like the engine's, counting what a rule reports. */
function context(req: DecodedRequest, history: ReturnType<typeof createInMemoryHistory>): RuleContext & { emitted: string[] } {
  const distinct = <T>(pick: (e: DecodedEvent) => T) => {
    const out: Array<{ value: T; event: DecodedEvent }> = [];
    for (const event of req.events) if (!out.some((o) => o.value === pick(event))) out.push({ value: pick(event), event });
    return out;
  };
  const emitted: string[] = [];
  return {
    req,
    facts,
    history,
    now: req.receivedAtMs ?? NOW,
    clockSource: 'capture',
    consents: distinct((e) => e.consent).map(({ value, event }) => ({ consent: value, event })),
    pages: distinct((e) => e.page).map(({ value, event }) => ({ page: value, event })),
    keysOf: (record) => Object.keys(record),
    scratch: undefined,
    emit: (p, message) => void emitted.push(`${p}: ${message}`),
    emitted,
  };
}

/** What the rule reports on `req` (events replaced by `events`), run twice on one history so history rules see a repeat. */
function findings(rule: Rule, req: DecodedRequest, events: DecodedEvent[], withRequest: boolean): string[] {
  const history = createInMemoryHistory();
  const out: string[] = [];
  const variant = { ...req, events } as DecodedRequest;
  for (let round = 0; round < 2; round++) {
    const ctx = context(variant, history);
    if (withRequest) rule.checkRequest?.(ctx);
    for (const ev of events) rule.checkEvent?.(ctx, ev, `events[${ev.index}]`);
    out.push(...ctx.emitted);
  }
  return out;
}

const NAMES: Array<string | undefined> = [undefined, '', 'page_view', 'zz_custom_event', ...new Set(ALL_RULES.flatMap((r) => r.onlyEvents ?? []))];

function renamed(ev: DecodedEvent, name: string | undefined): DecodedEvent {
  const copy = { ...ev };
  if (name === undefined) delete copy.name;
  else copy.name = name;
  return copy;
}

/** The event without these parameters (the same record kind, the other keys in their order). */
function withoutParams(ev: DecodedEvent, names: readonly string[]): DecodedEvent {
  const params = Object.assign(Object.create(Object.getPrototypeOf(ev.params) as object | null) as DecodedEvent['params'], ev.params);
  const paramKinds = Object.assign(Object.create(Object.getPrototypeOf(ev.paramKinds) as object | null) as DecodedEvent['paramKinds'], ev.paramKinds);
  for (const name of names) {
    delete params[name];
    delete paramKinds[name];
  }
  return { ...ev, params, paramKinds };
}

const declared = ALL_RULES.filter((r) => r.onlyFormat !== undefined || r.onlyEvents !== undefined || r.onlyWithItems === true || r.onlyWithParams !== undefined);

describe('rule plan declarations agree with the rules', () => {
  it('covers requests of both formats, with and without items', () => {
    expect(decoded.some((r) => r.format === 'gtag') && decoded.some((r) => r.format === 'mp')).toBe(true);
    expect(decoded.some((r) => r.events.some((e) => e.items.length > 0))).toBe(true);
    expect(declared.length).toBeGreaterThan(20);
  });

  it('every declared rule reports on its own fixture when called without a plan (the harness calls rules for real)', () => {
    for (const rule of declared) {
      const fixture = RULE_FIXTURES.find((f) => f.id === rule.id);
      if (!fixture) continue;
      const history = createInMemoryHistory();
      const emitted: string[] = [];
      for (const r of [...(fixture.fail.before ?? []), fixture.fail.req]) {
        const d = decodeRequest(r);
        if (!d.ok) continue;
        const ctx = context(d.request, history);
        rule.checkRequest?.(ctx);
        for (const ev of d.request.events) rule.checkEvent?.(ctx, ev, `events[${ev.index}]`);
        emitted.push(...ctx.emitted);
      }
      expect(emitted.length, rule.id).toBeGreaterThan(0);
    }
  });

  for (const rule of declared)
    it(`${rule.id} reports nothing outside ${[rule.onlyFormat, rule.onlyEvents?.join('/'), rule.onlyWithItems ? 'events with items' : undefined, rule.onlyWithParams ? `events with ${rule.onlyWithParams.join(' or ')}` : undefined].filter(Boolean).join(', ')}`, () => {
      for (const req of decoded) {
        if (rule.onlyFormat !== undefined && req.format !== rule.onlyFormat) {
          expect(findings(rule, req, req.events, true), `${rule.id} on ${req.format}: ${req.url.slice(0, 80)}`).toEqual([]);
          continue;
        }
        if (rule.onlyEvents !== undefined) {
          const allowed = new Set(rule.onlyEvents);
          for (const name of NAMES) {
            if (name !== undefined && allowed.has(name)) continue;
            const events = req.events.map((e) => renamed(e, name));
            expect(findings(rule, req, events, false), `${rule.id} on events named ${String(name)}: ${req.url.slice(0, 80)}`).toEqual([]);
          }
        }
        if (rule.onlyWithItems) {
          const events = req.events.map((e) => ({ ...e, items: [], itemKeys: [] }));
          expect(findings(rule, req, events, false), `${rule.id} on events without items: ${req.url.slice(0, 80)}`).toEqual([]);
        }
        if (rule.onlyWithParams) {
          const events = req.events.map((e) => withoutParams(e, rule.onlyWithParams ?? []));
          expect(findings(rule, req, events, false), `${rule.id} on events without ${rule.onlyWithParams.join('/')}: ${req.url.slice(0, 80)}`).toEqual([]);
        }
      }
    });
});
