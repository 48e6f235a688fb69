import { INVENTORY_STRIDE, maskExample } from '../../shared/ga4/plan/inventory';
import { pgSafeJson } from './pg-safe-json';
import { pgSafe, type StoredHit } from './stored-hit';

/** One hourly inventory counter (issue 25): an event, or one of its parameters, on one website. */
export interface InventoryRow {
  organizationId: string;
  websiteId: string;
  hour: string;
  eventName: string;
  scope: string;
  name: string;
  hits: number;
  types: string[];
  examples: string[];
  firstSeenMs: number;
  lastSeenMs: number;
  /**
   * The parameter's value set this hour: raw value → hits, for string values of at most
   * VALUE_SET_CHARS characters (masked when written). Emptied once it would pass VALUE_SET_MAX.
   */
  valueCounts: Map<string, number>;
  /** More than VALUE_SET_MAX distinct short values this hour (an id, a timestamp, a price as text): no value set. */
  highCardinality: boolean;
}

const HOUR_MS = 3_600_000;
/** Distinct masked examples kept per counter. */
export const INVENTORY_EXAMPLES = 3;
/**
 * Distinct raw values masked per counter and batch at most. Masking runs two regular expressions;
 * a parameter with one value (a currency, a page type) would otherwise be masked again on every
 * hit of the batch without ever adding an example.
 */
const EXAMPLES_TRIED = 8;
/**
 * Distinct values a parameter's hourly value set holds; one more and the parameter is
 * high-cardinality for that hour (ids, timestamps and prices must not flood the table). The
 * upsert applies the same bound when it merges the sets of several flushes and processes.
 */
export const VALUE_SET_MAX = 20;
/**
 * Distinct values a catalog row keeps (with their first and last seen) before the parameter is
 * high-cardinality there: more than an hour's VALUE_SET_MAX, since the row spans the weeks.
 */
export const CATALOG_VALUE_MAX = 50;
/** Longest value a value set counts: an enumeration's member, not a title, a URL or a search. */
const VALUE_SET_CHARS = 40;

/** The hits' fields the inventory reads. */
export type InventoryHit = Pick<StoredHit, 'organizationId' | 'websiteId' | 'receivedAtMs' | 'inventory'>;

/** A counter being aggregated, with the raw values already masked for examples since it started (bounded by EXAMPLES_TRIED). */
interface Counter extends InventoryRow {
  tried: string[];
}

/** One event's counters in one website and hour: the event itself, then its parameters by scope and name. */
interface EventCounters {
  event: Counter | undefined;
  param: Map<string, Counter>;
  item: Map<string, Counter>;
  user: Map<string, Counter>;
}

/**
 * Counters being aggregated: website → hour (ms) → event → scope → parameter name. Nested maps
 * keyed by the hit's own strings, so counting an entry builds no key (issue 25's budget: the
 * earlier single key, cut and concatenated per entry, was most of the inventory's cost).
 */
export interface InventoryCounters {
  byWebsite: Map<string, Map<number, Map<string, EventCounters>>>;
  /** Counters held. */
  size: number;
}

export const emptyInventoryCounters = (): InventoryCounters => ({ byWebsite: new Map(), size: 0 });

/** The counters of one website and hour, created when missing. */
function hourCounters(counters: InventoryCounters, websiteId: string, hourMs: number): Map<string, EventCounters> {
  let hours = counters.byWebsite.get(websiteId);
  if (hours === undefined) counters.byWebsite.set(websiteId, (hours = new Map()));
  let byEvent = hours.get(hourMs);
  if (byEvent === undefined) hours.set(hourMs, (byEvent = new Map()));
  return byEvent;
}

function eventCounters(byEvent: Map<string, EventCounters>, eventName: string): EventCounters {
  let e = byEvent.get(eventName);
  if (e === undefined) byEvent.set(eventName, (e = { event: undefined, param: new Map(), item: new Map(), user: new Map() }));
  return e;
}

function newCounter(organizationId: string, websiteId: string, hourMs: number, eventName: string, scope: string, name: string, atMs: number): Counter {
  return { organizationId, websiteId, hour: new Date(hourMs).toISOString(), eventName, scope, name, hits: 0, types: [], examples: [], firstSeenMs: atMs, lastSeenMs: atMs, valueCounts: new Map(), highCardinality: false, tried: [] };
}

/** Counts one more hit of `raw` in the counter's value set, or cuts the set off past VALUE_SET_MAX. */
function countValue(c: InventoryRow, raw: string, n: number): void {
  // Cut off: the set stays empty (merging counters calls this for each value of the other set).
  if (c.highCardinality) return;
  const seen = c.valueCounts.get(raw);
  if (seen !== undefined) c.valueCounts.set(raw, seen + n);
  else if (c.valueCounts.size < VALUE_SET_MAX) c.valueCounts.set(raw, n);
  else {
    c.highCardinality = true;
    c.valueCounts.clear();
  }
}

/**
 * Adds the hits' inventory entries (inventoryEntriesOf's flat list) to the counters.
 * `valueSets: false` counts no value sets (the bench measures what they cost this way).
 */
export function countInventory(counters: InventoryCounters, hits: ReadonlyArray<InventoryHit>, valueSets = true): void {
  let byEvent: Map<string, EventCounters> | undefined;
  let lastWebsite = '';
  let lastHourMs = -1;
  for (const h of hits) {
    const inv = h.inventory;
    if (inv.length === 0) continue;
    const at = h.receivedAtMs;
    const hourMs = Math.floor(at / HOUR_MS) * HOUR_MS;
    // A batch's hits mostly share the website and the hour: look those maps up only when they change.
    if (byEvent === undefined || h.websiteId !== lastWebsite || hourMs !== lastHourMs) {
      byEvent = hourCounters(counters, h.websiteId, hourMs);
      lastWebsite = h.websiteId;
      lastHourMs = hourMs;
    }
    let lastEvent: string | undefined;
    let ev: EventCounters | undefined;
    for (let i = 0; i < inv.length; i += INVENTORY_STRIDE) {
      const eventName = inv[i]!;
      // An event's entries are consecutive: one lookup per event, not per entry.
      if (ev === undefined || eventName !== lastEvent) {
        ev = eventCounters(byEvent, eventName);
        lastEvent = eventName;
      }
      const scope = inv[i + 1]!;
      let c: Counter | undefined;
      if (scope === 'event') {
        c = ev.event;
        if (c === undefined) {
          ev.event = c = newCounter(h.organizationId, h.websiteId, hourMs, eventName, 'event', '', at);
          counters.size += 1;
        }
      } else {
        const byName = scope === 'param' ? ev.param : scope === 'item' ? ev.item : ev.user;
        const name = inv[i + 2]!;
        c = byName.get(name);
        if (c === undefined) {
          byName.set(name, (c = newCounter(h.organizationId, h.websiteId, hourMs, eventName, scope, name, at)));
          counters.size += 1;
        }
      }
      c.hits += 1;
      if (at < c.firstSeenMs) c.firstSeenMs = at;
      if (at > c.lastSeenMs) c.lastSeenMs = at;
      if (scope === 'event') continue; // the event itself: no type, no value
      const type = inv[i + 3]!;
      if (!c.types.includes(type)) c.types.push(type);
      const raw = inv[i + 4]!;
      if (c.examples.length < INVENTORY_EXAMPLES && c.tried.length < EXAMPLES_TRIED && !c.tried.includes(raw)) {
        c.tried.push(raw);
        const ex = maskExample(c.name, raw);
        if (!c.examples.includes(ex)) c.examples.push(ex);
      }
      if (valueSets && !c.highCardinality && type === 'string' && raw.length <= VALUE_SET_CHARS) countValue(c, raw, 1);
    }
  }
}

/** Adds one counter into another of the same key (a flush that failed goes back into the next one). */
function mergeInventoryRow(into: InventoryRow, from: InventoryRow): void {
  into.hits += from.hits;
  if (from.firstSeenMs < into.firstSeenMs) into.firstSeenMs = from.firstSeenMs;
  if (from.lastSeenMs > into.lastSeenMs) into.lastSeenMs = from.lastSeenMs;
  for (const t of from.types) if (!into.types.includes(t)) into.types.push(t);
  for (const x of from.examples) if (into.examples.length < INVENTORY_EXAMPLES && !into.examples.includes(x)) into.examples.push(x);
  if (from.highCardinality) {
    into.highCardinality = true;
    into.valueCounts.clear();
  } else if (!into.highCardinality) for (const [v, n] of from.valueCounts) countValue(into, v, n);
}

/** Merges counters that could not be written into those counted since. */
export function mergeInventoryCounters(into: InventoryCounters, from: InventoryCounters): void {
  const mergeOne = (now: Counter | undefined, row: Counter, set: (c: Counter) => void) => {
    if (now) mergeInventoryRow(now, row);
    else {
      set(row);
      into.size += 1;
    }
  };
  for (const [websiteId, hours] of from.byWebsite)
    for (const [hourMs, events] of hours) {
      const byEvent = hourCounters(into, websiteId, hourMs);
      for (const [eventName, e] of events) {
        const target = eventCounters(byEvent, eventName);
        if (e.event) mergeOne(target.event, e.event, (c) => (target.event = c));
        for (const scope of ['param', 'item', 'user'] as const)
          for (const [name, row] of e[scope]) mergeOne(target[scope].get(name), row, (c) => target[scope].set(name, c));
      }
    }
}

const byText = <T>(a: [string, T], b: [string, T]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/** The counters as rows sorted by website, hour, event, scope and name, so concurrent writers lock them in the same order. */
export function inventoryRowsOf(counters: InventoryCounters): InventoryRow[] {
  const out: InventoryRow[] = [];
  for (const [, hours] of [...counters.byWebsite].sort(byText))
    for (const [, events] of [...hours].sort((a, b) => a[0] - b[0]))
      for (const [, e] of [...events].sort(byText)) {
        if (e.event) out.push(e.event);
        // Scopes in text order, as the key (website, hour, event, scope, name) sorts them.
        for (const scope of ['item', 'param', 'user'] as const) for (const [, row] of [...e[scope]].sort(byText)) out.push(row);
      }
  return out;
}

/** Aggregates hits' inventory entries into one row per (website, hour, event, scope, name), sorted. */
export function aggregateInventory(hits: ReadonlyArray<InventoryHit>): InventoryRow[] {
  const counters = emptyInventoryCounters();
  countInventory(counters, hits);
  return inventoryRowsOf(counters);
}

/**
 * A counter's value set as written: values masked as the examples are (two raw values may mask
 * to one), as JSON text; null when the counter has none to write.
 */
export function valueSetJson(row: InventoryRow): string | null {
  if (row.highCardinality) return '{}';
  if (row.valueCounts.size === 0) return null;
  const masked = new Map<string, number>();
  for (const [raw, n] of row.valueCounts) {
    const v = pgSafe(maskExample(row.name, raw));
    masked.set(v, (masked.get(v) ?? 0) + n);
  }
  // fromEntries defines own properties: a value such as "__proto__" stays a key. pgSafeJson: an MP
  // value may hold a lone surrogate, which jsonb refuses, and one such value would fail the flush
  // of every website's counters.
  return pgSafeJson(JSON.stringify(Object.fromEntries(masked)));
}

/**
 * Upserts counters (additive, so any number of processes may write them): hits add up, types and
 * examples merge (examples stay few); then, in the same statement, the parameters' hourly value
 * sets (tracking_inventory_values_hourly, whose rows hang off the counters' rows): counts add up,
 * and a set that would pass VALUE_SET_MAX values, or that any writer cut off, becomes
 * high-cardinality and empty; then the catalog (tracking_inventory_catalog: one row per website,
 * event, scope and name with first and last seen, types and values' first and last seen, which the
 * drift evaluator reads instead of the hours). All follow the rows' order (sorted), so writers lock alike.
 */
export const UPSERT_INVENTORY = `
  with u as (
    select * from unnest($1::uuid[], $2::uuid[], $3::timestamptz[], $4::text[], $5::text[], $6::text[], $7::bigint[], $8::text[], $9::text[], $10::timestamptz[], $11::timestamptz[], $12::jsonb[], $13::boolean[])
      with ordinality as u(o, w, h, e, s, n, c, t, x, f, l, vs, hc, ord)),
  counted as (
    insert into public.tracking_inventory_hourly as r (organization_id, website_id, hour, event_name, scope, name, hits, types, examples, first_seen, last_seen)
    select o, w, h, e, s, n, c, string_to_array(t, ','), string_to_array(x, chr(1)), f, l
    from u
    where exists (select 1 from public.websites site where site.id = u.w)
    order by u.ord
    on conflict (website_id, hour, event_name, scope, name) do update set
      hits = r.hits + excluded.hits,
      types = case when excluded.types <@ r.types then r.types else array(select distinct v from unnest(r.types || excluded.types) v order by v) end,
      examples = case when cardinality(r.examples) >= ${INVENTORY_EXAMPLES} or excluded.examples <@ r.examples then r.examples
                      else (array(select distinct v from unnest(r.examples || excluded.examples) v order by v))[1:${INVENTORY_EXAMPLES}] end,
      first_seen = least(r.first_seen, excluded.first_seen),
      last_seen = greatest(r.last_seen, excluded.last_seen)
    returning r.website_id, r.hour, r.event_name, r.scope, r.name),
  valued as (
  insert into public.tracking_inventory_values_hourly as r (organization_id, website_id, hour, event_name, scope, name, value_counts, high_cardinality)
  select u.o, u.w, u.h, u.e, u.s, u.n, u.vs, u.hc
  from u join counted k on k.website_id = u.w and k.hour = u.h and k.event_name = u.e and k.scope = u.s and k.name = u.n
  where u.vs is not null
  order by u.ord
  on conflict (website_id, event_name, scope, name, hour) do update set
    (value_counts, high_cardinality) = (
      select coalesce(m.v, '{}'::jsonb), m.v is null
      from (select tracklint_private.merge_value_counts(r.value_counts, r.high_cardinality, excluded.value_counts, excluded.high_cardinality, ${VALUE_SET_MAX}) as v) m)
    returning 1),
  -- The catalog (one row per website, event, scope and name, catalogParams): after the counters
  -- (the initplan waits for them), in key order, so writers lock alike.
  catalogued as (
    insert into public.tracking_inventory_catalog as r (organization_id, website_id, event_name, scope, name, first_seen, last_seen, types, value_seen, high_cardinality)
    select c.o, c.w, c.e, c.s, c.n, c.f, c.l, string_to_array(c.t, ','), coalesce(c.vs, '{}'::jsonb), c.hc
    from unnest($14::uuid[], $15::uuid[], $16::text[], $17::text[], $18::text[], $19::timestamptz[], $20::timestamptz[], $21::text[], $22::jsonb[], $23::boolean[])
      with ordinality as c(o, w, e, s, n, f, l, t, vs, hc, ord)
    where (select count(*) from counted) >= 0 and exists (select 1 from public.websites site where site.id = c.w)
    order by c.ord
    on conflict (website_id, event_name, scope, name) do update set
      first_seen = least(r.first_seen, excluded.first_seen),
      last_seen = greatest(r.last_seen, excluded.last_seen),
      types = case when excluded.types <@ r.types then r.types else array(select distinct v from unnest(r.types || excluded.types) v order by v) end,
      -- A batch without values (an event, a number) leaves the row's values as they are.
      (value_seen, high_cardinality) = (
        select case when m.keep then r.value_seen else coalesce(m.v, '{}'::jsonb) end, case when m.keep then r.high_cardinality else m.v is null end
        from (select x.keep, case when x.keep then null
                                  else tracklint_private.merge_catalog_values(r.value_seen, r.high_cardinality, excluded.value_seen, excluded.high_cardinality, ${CATALOG_VALUE_MAX}) end as v
              from (select excluded.value_seen = '{}'::jsonb and not excluded.high_cardinality as keep) x) m)
    returning 1)
  select (select count(*) from valued) as valued, (select count(*) from catalogued) as catalogued`;

export function inventoryParams(rows: readonly InventoryRow[]): unknown[] {
  return [...counterParams(rows), ...catalogParams(rows)];
}

function counterParams(rows: readonly InventoryRow[]): unknown[] {
  return [
    rows.map((r) => r.organizationId),
    rows.map((r) => r.websiteId),
    rows.map((r) => r.hour),
    rows.map((r) => pgSafe(r.eventName)),
    rows.map((r) => r.scope),
    rows.map((r) => pgSafe(r.name)),
    rows.map((r) => r.hits),
    rows.map((r) => r.types.join(',')),
    rows.map((r) => pgSafe(r.examples.map((x) => x.replaceAll('\u0001', ' ')).join('\u0001'))),
    rows.map((r) => new Date(r.firstSeenMs).toISOString()),
    rows.map((r) => new Date(r.lastSeenMs).toISOString()),
    rows.map(valueSetJson),
    rows.map((r) => r.highCardinality),
  ];
}

/** One catalog row as written: the batch's counters of one website, event, scope and name folded together. */
export interface CatalogRow {
  organizationId: string;
  websiteId: string;
  eventName: string;
  scope: string;
  name: string;
  firstSeenMs: number;
  lastSeenMs: number;
  types: Set<string>;
  /** Masked value -> [first, last] seen, epoch seconds (the counter's own first and last seen). */
  values: Map<string, [number, number]>;
  highCardinality: boolean;
}

/** The batch's counters folded into catalog rows (several hours of one parameter become one row), in key order. */
export function catalogRowsOf(rows: readonly InventoryRow[]): CatalogRow[] {
  const byKey = new Map<string, CatalogRow>();
  for (const r of rows) {
    const key = `${r.websiteId}\u0000${r.eventName}\u0000${r.scope}\u0000${r.name}`;
    let c = byKey.get(key);
    if (!c) {
      c = { organizationId: r.organizationId, websiteId: r.websiteId, eventName: r.eventName, scope: r.scope, name: r.name, firstSeenMs: r.firstSeenMs, lastSeenMs: r.lastSeenMs, types: new Set(), values: new Map(), highCardinality: false };
      byKey.set(key, c);
    }
    c.firstSeenMs = Math.min(c.firstSeenMs, r.firstSeenMs);
    c.lastSeenMs = Math.max(c.lastSeenMs, r.lastSeenMs);
    for (const t of r.types) c.types.add(t);
    if (c.highCardinality || r.highCardinality) {
      c.highCardinality = true;
      c.values.clear();
      continue;
    }
    const [first, last] = [Math.floor(r.firstSeenMs / 1000), Math.floor(r.lastSeenMs / 1000)];
    for (const raw of r.valueCounts.keys()) {
      const v = pgSafe(maskExample(r.name, raw));
      const seen = c.values.get(v);
      c.values.set(v, seen ? [Math.min(seen[0], first), Math.max(seen[1], last)] : [first, last]);
    }
    if (c.values.size > CATALOG_VALUE_MAX) {
      c.highCardinality = true;
      c.values.clear();
    }
  }
  // Sorted as the primary key (website, event, scope, name) orders them.
  return [...byKey.entries()].sort(byText).map(([, c]) => c);
}

function catalogParams(rows: readonly InventoryRow[]): unknown[] {
  const cat = catalogRowsOf(rows);
  return [
    cat.map((c) => c.organizationId),
    cat.map((c) => c.websiteId),
    cat.map((c) => pgSafe(c.eventName)),
    cat.map((c) => c.scope),
    cat.map((c) => pgSafe(c.name)),
    cat.map((c) => new Date(c.firstSeenMs).toISOString()),
    cat.map((c) => new Date(c.lastSeenMs).toISOString()),
    cat.map((c) => [...c.types].sort().join(',')),
    // No values: '{}' unless cut off (the upsert keeps the row's values when a batch brings none).
    cat.map((c) => pgSafeJson(JSON.stringify(Object.fromEntries(c.values)))),
    cat.map((c) => c.highCardinality),
  ];
}
