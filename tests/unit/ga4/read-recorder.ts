/**
 * Records what one rule reads of the decoded model: the request and its events are wrapped in
 * proxies that note every event field and every parameter name the rule touches (through its `ev`
 * argument, `ctx.req.events`, `ctx.consents` or `ctx.pages`). Used to check that the rule
 * catalogue's `reads` declarations (src/shared/ga4/rules/reads.ts) are honest.
 */
import { createInMemoryHistory, decodeRequest, type CapturedRequest, type DecodedEvent, type DecodedRequest } from '../../../src/shared/ga4';
import type { Rule, RuleContext } from '../../../src/shared/ga4/rules/types';
import { compileFacts, type CompiledFacts } from '../../../src/shared/ga4/settings';
import type { ConsentInfo, PageInfo } from '../../../src/shared/ga4/types';
import { NOW } from './helpers';

export interface RecordedReads {
  /** Event fields read, besides `index` and `name` (free: the plan itself is keyed by name). */
  fields: Set<string>;
  /** Parameter names read one by one. */
  params: Set<string>;
  /** The rule listed the parameters (for-in, Object.keys, keysOf): it may read any of them. */
  allParams: boolean;
}

export function emptyReads(): RecordedReads {
  return { fields: new Set(), params: new Set(), allParams: false };
}

const FREE_FIELDS = new Set(['index', 'name']);

function recordingParams(params: object, rec: RecordedReads): object {
  return new Proxy(params, {
    get(target, key) {
      if (typeof key === 'string') rec.params.add(key);
      return Reflect.get(target, key) as unknown;
    },
    has(target, key) {
      if (typeof key === 'string') rec.params.add(key);
      return Reflect.has(target, key);
    },
    getOwnPropertyDescriptor(target, key) {
      if (typeof key === 'string') rec.params.add(key);
      return Reflect.getOwnPropertyDescriptor(target, key);
    },
    ownKeys(target) {
      rec.allParams = true;
      return Reflect.ownKeys(target);
    },
  });
}

function recordingEvent(ev: DecodedEvent, rec: RecordedReads): DecodedEvent {
  const params = recordingParams(ev.params, rec);
  const note = (key: string | symbol) => {
    if (typeof key === 'string' && !FREE_FIELDS.has(key)) rec.fields.add(key);
  };
  return new Proxy(ev, {
    get(target, key) {
      if (key === 'params') return params;
      note(key);
      // The target as receiver: the lazy `other` accessor finds its state by the event itself.
      return Reflect.get(target, key) as unknown;
    },
    has(target, key) {
      note(key);
      return Reflect.has(target, key);
    },
    getOwnPropertyDescriptor(target, key) {
      note(key);
      return Reflect.getOwnPropertyDescriptor(target, key);
    },
    ownKeys(target) {
      // A rule that lists an event's fields may read any of them.
      for (const key of Reflect.ownKeys(target)) note(key);
      rec.allParams = true;
      return Reflect.ownKeys(target);
    },
  });
}

/** The request with recording events (the same proxy for an event every time, so identities hold). */
function recordingRequest(req: DecodedRequest, rec: RecordedReads): { req: DecodedRequest; events: DecodedEvent[] } {
  const events = req.events.map((e) => recordingEvent(e, rec));
  return { req: new Proxy(req, { get: (target, key) => (key === 'events' ? events : (Reflect.get(target, key) as unknown)) }), events };
}

function distinct<T>(events: readonly DecodedEvent[], pick: (e: DecodedEvent) => T): Array<{ value: T; event: DecodedEvent }> {
  const out: Array<{ value: T; event: DecodedEvent }> = [];
  for (const event of events) {
    const value = pick(event);
    if (!out.some((o) => o.value === value)) out.push({ value, event });
  }
  return out;
}

/** A context like the engine's whose events record what the rule reads. */
function recordingContext(req: DecodedRequest, facts: CompiledFacts, history: ReturnType<typeof createInMemoryHistory>, rec: RecordedReads): { ctx: RuleContext; events: DecodedEvent[]; emitted: string[] } {
  const { req: wrapped, events } = recordingRequest(req, rec);
  const emitted: string[] = [];
  const ctx: RuleContext = {
    req: wrapped,
    facts,
    history,
    now: req.receivedAtMs ?? NOW,
    clockSource: 'capture',
    // Read through the recording events, so a rule that reads them pays for consent or page.
    get consents(): ReadonlyArray<{ consent: ConsentInfo; event: DecodedEvent }> {
      return distinct(events, (e) => e.consent).map(({ value, event }) => ({ consent: value, event }));
    },
    get pages(): ReadonlyArray<{ page: PageInfo; event: DecodedEvent }> {
      return distinct(events, (e) => e.page).map(({ value, event }) => ({ page: value, event }));
    },
    keysOf: (record) => Object.keys(record),
    scratch: undefined,
    emit: (p, message) => void emitted.push(`${p}: ${message}`),
  };
  return { ctx, events, emitted };
}

/**
 * Runs `rule` alone (no plan: every event, every format) on every request in order, on one
 * history, and returns what it read. `requests` are run twice so history rules see repeats.
 */
export function recordRuleReads(rule: Rule, requests: readonly CapturedRequest[], factsInput: Parameters<typeof compileFacts>[0]): RecordedReads {
  const rec = emptyReads();
  const facts = compileFacts(factsInput);
  const history = createInMemoryHistory({ now: () => NOW });
  const decoded = requests.flatMap((r) => {
    const d = decodeRequest(r);
    return d.ok ? [d.request] : [];
  });
  for (let pass = 0; pass < 2; pass++)
    for (const req of decoded) {
      const { ctx, events } = recordingContext(req, facts, history, rec);
      rule.checkRequest?.(ctx);
      if (rule.checkEvent) for (const ev of events) rule.checkEvent(ctx, ev, `events[${ev.index}]`);
    }
  return rec;
}
