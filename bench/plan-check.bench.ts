/**
 * What the traffic inventory and the plan check cost the collector's JavaScript per hit, on one
 * core, without I/O (issue 25): the per-hit pipeline (decode, validate with the engine, the stored
 * row and its COPY line, the inventory's counters per batch) for every gtag request of the corpus, without the inventory, with it, with
 * a plan built from the corpus's own inventory ("create the plan from traffic": the corpus
 * satisfies it) and with a hand-written plan the corpus violates; then the plan check and the
 * inventory entries alone. CPU time, best and median of BENCH_ROUNDS rounds in alternating order.
 * Prints figures; asserts nothing. `npm run bench` measures the same with Postgres and HTTP.
 *
 *   npx tsx bench/plan-check.bench.ts
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createValidator, decodeRequest, parseCaptureFile, type CapturedRequest, type DecodedRequest, type Issue } from '../src/shared/ga4';
import { countInventory, emptyInventoryCounters, inventoryParams, inventoryRowsOf } from '../src/server/collector/inventory';
import { toStoredHit, type HitEnvelope, type StoredHit } from '../src/server/collector/stored-hit';
import { compilePlanCheck, inventoryEntriesOf, INVENTORY_STRIDE, type PlanEvent, type PlanParameter, type TrackingPlanDocument } from '../src/shared/ga4/plan';
import { createAjvCompiler } from '../src/shared/ga4/plan/ajv-compiler';

const repoRoot = process.env.BENCH_REPO_ROOT ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HITS = path.join(repoRoot, 'tests/fixtures/ga4/shared-corpus/hits');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);

// The collector's traffic: every gtag request of the corpus, as `npm run bench` sends it.
const captures: CapturedRequest[] = readdirSync(HITS)
  .filter((f) => f.endsWith('.txt'))
  .sort()
  .flatMap((f) => {
    const parsed = parseCaptureFile(readFileSync(path.join(HITS, f), 'utf8'), f);
    return parsed.ok ? parsed.captures.map((c) => c.request) : [];
  })
  .filter((r) => r.url.includes('/g/collect') && decodeRequest(r).ok);
const decoded = new Map(captures.map((r) => [r, (decodeRequest(r) as { request: DecodedRequest }).request]));
const corpus = [...decoded.values()];

/** What tracking_plan_draft_from_traffic proposes from an inventory (the SQL, mirrored): type seen, required when every hit carried it. */
function planFromTraffic(reqs: readonly DecodedRequest[]): TrackingPlanDocument {
  const events = new Map<string, { hits: number; params: Map<string, { scope: string; hits: number; types: Set<string> }> }>();
  for (const r of reqs) {
    const entries = inventoryEntriesOf(r);
    for (let i = 0; i < entries.length; i += INVENTORY_STRIDE) {
      const [event, scope, name, type] = entries.slice(i, i + 4) as [string, string, string, string];
      let ev = events.get(event);
      if (!ev) events.set(event, (ev = { hits: 0, params: new Map() }));
      if (scope === 'event') {
        ev.hits += 1;
        continue;
      }
      if (scope === 'user') continue;
      const key = `${scope}:${name}`;
      let p = ev.params.get(key);
      if (!p) ev.params.set(key, (p = { scope, hits: 0, types: new Set() }));
      p.hits += 1;
      p.types.add(type);
    }
  }
  const skipped = new Set(['engagement_time_msec', 'session_id', 'debug_mode', 'page_location', 'page_referrer', 'page_title']);
  const typeOf = (types: Set<string>): PlanParameter['type'] =>
    types.size === 1 && types.has('integer') ? 'integer' : [...types].every((t) => t === 'integer' || t === 'number') ? 'number' : types.size === 1 && types.has('boolean') ? 'boolean' : 'string';
  const planEvents: PlanEvent[] = [];
  for (const [name, ev] of events) {
    if (['session_start', 'first_visit', 'user_engagement'].includes(name) || !/^[A-Za-z][A-Za-z0-9_]{0,39}$/.test(name)) continue;
    const parameters: PlanParameter[] = [];
    const itemParameters: PlanParameter[] = [];
    for (const [key, p] of ev.params) {
      const pname = key.slice(key.indexOf(':') + 1);
      if (skipped.has(pname) || !/^[A-Za-z][A-Za-z0-9_]{0,39}$/.test(pname)) continue;
      (p.scope === 'item' ? itemParameters : parameters).push({ name: pname, type: typeOf(p.types), required: p.scope === 'param' && p.hits >= ev.hits });
    }
    planEvents.push({ name, status: 'live', parameters, itemParameters });
  }
  return { format: 'tracklint-plan/1', version: 1, events: planEvents };
}

const violating: TrackingPlanDocument = {
  format: 'tracklint-plan/1',
  version: 1,
  events: ['page_view', 'view_item', 'add_to_cart', 'begin_checkout', 'purchase', 'scroll', 'click', 'form_submit', 'login', 'sign_up'].map((name) => ({
    name,
    status: 'live' as const,
    parameters: [
      { name: 'currency', type: 'string' as const, allowedValues: ['EUR', 'USD'] },
      { name: 'value', type: 'number' as const },
      { name: 'transaction_id', type: 'string' as const },
    ],
    itemParameters: [
      { name: 'item_id', type: 'string' as const, required: true },
      { name: 'price', type: 'number' as const },
      { name: 'quantity', type: 'integer' as const },
    ],
  })),
};

const compiler = createAjvCompiler();
const fit = compilePlanCheck(planFromTraffic(corpus), compiler);
const broken = compilePlanCheck(violating, compiler);
const settings = { facts: { allowedHosts: ['example.com'] } };
const plain = createValidator(settings);
const withFit = createValidator(settings, { planCheck: fit });
const withBroken = createValidator(settings, { planCheck: broken });
const now = 1_750_000_000_000;
const envelope = (r: CapturedRequest): HitEnvelope => ({ receivedAtMs: now, organizationId: '00000000-0000-4000-8000-000000000001', websiteId: '00000000-0000-4000-8000-000000000002', idempotencyKey: 'k', source: 'tracker', originHost: 'example.com', url: r.url, body: typeof r.body === 'string' ? r.body : null, userAgent: null });
const envelopes = new Map(captures.map((r) => [r, envelope(r)]));

/**
 * The inventory as the collector keeps it (inventory-accumulator.ts): each batch of 20 hits counted
 * into the process's counters, and every 500 hits (a flush) the counters' rows and statement
 * parameters; no I/O. `valueSets: false` counts no value sets.
 */
const inventoryCounting = (valueSets: boolean) => {
  const batch: StoredHit[] = [];
  let counters = emptyInventoryCounters();
  let counted = 0;
  return (stored: StoredHit) => {
    batch.push(stored);
    if (batch.length === 20) {
      countInventory(counters, batch, valueSets);
      counted += batch.length;
      batch.length = 0;
    }
    if (counted >= 500) {
      const rows = inventoryRowsOf(counters);
      if (rows.length > 0) sink += inventoryParams(rows).length;
      counters = emptyInventoryCounters();
      counted = 0;
    }
  };
};

/** The collector's per-hit JavaScript (decode, validate, the stored row and its COPY line) and the inventory's counting. */
const pipeline = (validator: typeof plain, inventory: boolean, valueSets = true) => {
  const count = inventoryCounting(valueSets);
  return (r: CapturedRequest) => {
    const d = decodeRequest(r);
    if (!d.ok) return;
    const result = validator.validateDecoded(d.request, { now });
    const stored = toStoredHit('0190b6a0-0000-7000-8000-000000000000', envelopes.get(r)!, d.request, result, { inventory });
    sink += stored.copyLine.length;
    count(stored);
  };
};

/** The inventory's counting alone, on hits already validated (their entries built): what countInventory and the flush cost per hit, without the pipeline's noise. */
const storedHits = new Map(captures.map((r) => [r, toStoredHit('0190b6a0-0000-7000-8000-000000000000', envelopes.get(r)!, decoded.get(r)!, plain.validateDecoded(decoded.get(r)!, { now }), { inventory: true })]));
const countersAlone = (valueSets: boolean) => {
  const count = inventoryCounting(valueSets);
  return (r: CapturedRequest) => count(storedHits.get(r)!);
};

let sink = 0;
const variants: Array<{ name: string; fn: (r: CapturedRequest) => void; times: number[] }> = [
  { name: 'per-hit pipeline, no inventory, no plan', fn: pipeline(plain, false), times: [] },
  { name: 'per-hit pipeline, inventory, no plan', fn: pipeline(plain, true), times: [] },
  { name: 'per-hit pipeline, inventory without value sets', fn: pipeline(plain, true, false), times: [] },
  { name: 'per-hit pipeline, inventory, plan from traffic', fn: pipeline(withFit, true), times: [] },
  { name: 'per-hit pipeline, inventory, violated plan', fn: pipeline(withBroken, true), times: [] },
  { name: 'plan check alone, plan from traffic', fn: (r) => { const out: Issue[] = []; fit.check(decoded.get(r)!, out); sink += out.length; }, times: [] },
  { name: 'plan check alone, violated plan', fn: (r) => { const out: Issue[] = []; broken.check(decoded.get(r)!, out); sink += out.length; }, times: [] },
  { name: 'inventory entries alone', fn: (r) => void (sink += inventoryEntriesOf(decoded.get(r)!).length), times: [] },
  { name: 'inventory counters alone (count + flush)', fn: countersAlone(true), times: [] },
  { name: 'inventory counters alone, no value sets', fn: countersAlone(false), times: [] },
];

// BENCH_ONLY=3: only that variant (to profile it with --cpu-prof).
if (process.env.BENCH_ONLY !== undefined) variants.splice(0, variants.length, variants[Number(process.env.BENCH_ONLY)]!);
const findings = (check: typeof fit) => corpus.reduce((n, r) => { const out: Issue[] = []; check.check(r, out); return n + out.length; }, 0);
console.log(`${corpus.length} corpus requests; plan findings per request: plan from traffic ${(findings(fit) / corpus.length).toFixed(2)}, violated plan ${(findings(broken) / corpus.length).toFixed(2)}`);

const REPEAT = 100;
for (let round = 0; round < ROUNDS; round++)
  for (const v of round % 2 === 0 ? variants : [...variants].reverse()) {
    const start = process.cpuUsage();
    for (let i = 0; i < REPEAT; i++) for (const r of captures) v.fn(r);
    const used = process.cpuUsage(start);
    v.times.push((used.user + used.system) / (REPEAT * captures.length));
  }
const median = (v: { times: number[] }) => [...v.times].sort((a, b) => a - b)[Math.floor(v.times.length / 2)]!;
for (const v of variants) {
  const sorted = [...v.times].sort((a, b) => a - b);
  console.log(`${v.name.padEnd(48)} best ${sorted[0]!.toFixed(2).padStart(6)} µs  median ${median(v).toFixed(2).padStart(6)} µs per request`);
}
const base = median(variants[0]!);
if (process.env.BENCH_ONLY === undefined) for (const v of variants.slice(1, 5)) console.log(`${v.name.replace('per-hit pipeline, ', '').padEnd(36)} ${((median(v) / base - 1) * 100).toFixed(1).padStart(6)}% against no inventory, no plan (medians)`);
if (sink === -1) console.log(sink);
