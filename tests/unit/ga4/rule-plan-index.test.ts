/**
 * The engine's event-rule plan is indexed by event name (`onlyEvents`), by items (`onlyWithItems`)
 * and by parameters (`onlyWithParams`): a validator never calls a declared rule's `checkEvent` for
 * an event outside its declaration. rule-plan.test.ts pins that such a call would report nothing;
 * this file pins that the call is not made at all (the index is what saves the work): every
 * declared rule's check is wrapped in a recorder, every corpus and fixture request is validated
 * with history and a clock, and each recorded event must meet the declaration. Without the index
 * (every event rule called for every event) the recorders see page_view, scroll… and it fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInMemoryHistory, createValidator, type CapturedRequest, type DecodedEvent } from '../../../src/shared/ga4';
import { ALL_RULES } from '../../../src/shared/ga4/rules';
import type { Rule } from '../../../src/shared/ga4/rules/types';
import { corpusAndFixtureRequests } from './corpus-requests';
import { FACTS, NOW } from './helpers';

type CheckEvent = NonNullable<Rule['checkEvent']>;

const indexed = ALL_RULES.filter((r) => r.checkEvent !== undefined && (r.onlyEvents !== undefined || r.onlyWithItems === true || r.onlyWithParams !== undefined));

/** The events each indexed rule was called with. */
const calls = new Map<string, DecodedEvent[]>();
/** Every event the validators saw (through a rule that runs for every event). */
const seen: DecodedEvent[] = [];
const originals = new Map<Rule, CheckEvent>();
/** Calls are recorded while validating with history and a clock (every plan then runs every rule). */
let recording = false;

function meetsDeclaration(rule: Rule, ev: DecodedEvent): boolean {
  if (rule.onlyEvents !== undefined && (ev.name === undefined || !rule.onlyEvents.includes(ev.name))) return false;
  if (rule.onlyWithItems === true && ev.items.length === 0) return false;
  if (rule.onlyWithParams !== undefined && !rule.onlyWithParams.some((p) => ev.params[p] !== undefined)) return false;
  return true;
}

beforeAll(() => {
  // createValidator copies each rule's checkEvent when it compiles: wrap them before.
  const mutable = ALL_RULES as Rule[];
  for (const rule of mutable) {
    const check = rule.checkEvent;
    if (check === undefined) continue;
    originals.set(rule, check);
    const list: DecodedEvent[] = [];
    calls.set(rule.id, list);
    rule.checkEvent = (ctx, ev, at) => {
      if (recording) list.push(ev);
      check(ctx, ev, at);
    };
  }
  const requests: CapturedRequest[] = corpusAndFixtureRequests();
  const settings = { facts: { ...FACTS, allowedHosts: [...(FACTS.allowedHosts ?? []), 'bestbytes.com', 'example.com'] } };
  // Every tenant fact is set, so no rule is left out for want of one.
  const validator = createValidator(settings);
  const history = createInMemoryHistory({ now: () => NOW });
  recording = true;
  for (const r of requests) validator.validate(r, { history, now: NOW });
  recording = false;
  // basic.en_present runs for every event of every request: what the validators saw.
  seen.push(...(calls.get('basic.en_present') ?? []));
});

afterAll(() => {
  for (const [rule, check] of originals) rule.checkEvent = check;
});

describe('the event-rule plan runs a rule only on the events its declaration allows', () => {
  it('sees events of many names, with and without items', () => {
    expect(indexed.length).toBeGreaterThan(10);
    expect(new Set(seen.map((e) => e.name)).size).toBeGreaterThan(10);
    expect(seen.some((e) => e.items.length === 0) && seen.some((e) => e.items.length > 0)).toBe(true);
  });

  for (const rule of indexed)
    it(`${rule.id} is called for its events only, and for each of them`, () => {
      const got = calls.get(rule.id) ?? [];
      const outside = got.filter((ev) => !meetsDeclaration(rule, ev));
      expect(outside.map((ev) => ev.name), rule.id).toEqual([]);
      // The plan skips nothing the declaration allows (history and time are given, so every plan runs it).
      const allowed = seen.filter((ev) => meetsDeclaration(rule, ev));
      if (rule.onlyFormat === undefined) expect(got.length, rule.id).toBe(allowed.length);
      // The corpus has events the rule is skipped for, so the assertion above is not vacuous.
      expect(seen.length - allowed.length, rule.id).toBeGreaterThan(0);
    });
});
