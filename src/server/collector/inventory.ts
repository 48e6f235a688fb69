import { INVENTORY_SEP, maskExample } from '../../shared/ga4/plan/inventory';
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

/** The hits' fields the inventory reads. */
export type InventoryHit = Pick<StoredHit, 'organizationId' | 'websiteId' | 'receivedAtMs' | 'inventory'>;

/**
 * Counters being aggregated, keyed by (website, hour, event, scope, name), with, per key, the raw
 * values already masked since they were started (bounded by EXAMPLES_TRIED).
 */
export interface InventoryCounters {
  rows: Map<string, InventoryRow>;
  tried: Map<string, string[]>;
}

export const emptyInventoryCounters = (): InventoryCounters => ({ rows: new Map(), tried: new Map() });

/** Adds the hits' inventory entries to the counters. */
export function countInventory(counters: InventoryCounters, hits: ReadonlyArray<InventoryHit>): void {
  const { rows, tried } = counters;
  for (const h of hits) {
    if (h.inventory.length === 0) continue;
    const hourMs = Math.floor(h.receivedAtMs / HOUR_MS) * HOUR_MS;
    const prefix = `${h.websiteId}|${hourMs}|`;
    for (const e of h.inventory) {
      const a = e.indexOf(INVENTORY_SEP);
      const b = e.indexOf(INVENTORY_SEP, a + 1);
      const c = e.indexOf(INVENTORY_SEP, b + 1);
      const d = e.indexOf(INVENTORY_SEP, c + 1);
      const key = prefix + e.slice(0, c);
      let row = rows.get(key);
      if (!row) {
        row = { organizationId: h.organizationId, websiteId: h.websiteId, hour: new Date(hourMs).toISOString(), eventName: e.slice(0, a), scope: e.slice(a + 1, b), name: e.slice(b + 1, c), hits: 0, types: [], examples: [], firstSeenMs: h.receivedAtMs, lastSeenMs: h.receivedAtMs };
        rows.set(key, row);
      }
      row.hits += 1;
      if (h.receivedAtMs < row.firstSeenMs) row.firstSeenMs = h.receivedAtMs;
      if (h.receivedAtMs > row.lastSeenMs) row.lastSeenMs = h.receivedAtMs;
      // Most entries repeat a type already seen: compare the slice in place before cutting it out.
      if (d > c + 1 && !hasType(row.types, e, c + 1, d)) row.types.push(e.slice(c + 1, d));
      if (row.examples.length < INVENTORY_EXAMPLES && row.scope !== 'event') {
        let raws = tried.get(key);
        if (raws === undefined) tried.set(key, (raws = []));
        if (raws.length < EXAMPLES_TRIED) {
          const raw = e.slice(d + 1);
          if (!raws.includes(raw)) {
            raws.push(raw);
            const ex = maskExample(row.name, raw);
            if (!row.examples.includes(ex)) row.examples.push(ex);
          }
        }
      }
    }
  }
}

/** True when `types` holds e[from, to). */
function hasType(types: readonly string[], e: string, from: number, to: number): boolean {
  for (const t of types) if (t.length === to - from && e.startsWith(t, from)) return true;
  return false;
}

/** Adds one counter into another of the same key (a flush that failed goes back into the next one). */
export function mergeInventoryRow(into: InventoryRow, from: InventoryRow): void {
  into.hits += from.hits;
  if (from.firstSeenMs < into.firstSeenMs) into.firstSeenMs = from.firstSeenMs;
  if (from.lastSeenMs > into.lastSeenMs) into.lastSeenMs = from.lastSeenMs;
  for (const t of from.types) if (!into.types.includes(t)) into.types.push(t);
  for (const x of from.examples) if (into.examples.length < INVENTORY_EXAMPLES && !into.examples.includes(x)) into.examples.push(x);
}

/** The counters as rows sorted by key, so concurrent writers lock them in the same order. */
export function inventoryRowsOf(counters: InventoryCounters): InventoryRow[] {
  return [...counters.rows.entries()].sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0)).map(([, r]) => r);
}

/** Aggregates hits' inventory entries into one row per (website, hour, event, scope, name), sorted by key. */
export function aggregateInventory(hits: ReadonlyArray<InventoryHit>): InventoryRow[] {
  const counters = emptyInventoryCounters();
  countInventory(counters, hits);
  return inventoryRowsOf(counters);
}

/** Upserts counters (additive, so any number of processes may write them): hits add up, types and examples merge (examples stay few). */
export const UPSERT_INVENTORY = `
  insert into public.tracking_inventory_hourly as r (organization_id, website_id, hour, event_name, scope, name, hits, types, examples, first_seen, last_seen)
  select o, w, h, e, s, n, c, string_to_array(t, ','), string_to_array(x, chr(1)), f, l
  from unnest($1::uuid[], $2::uuid[], $3::timestamptz[], $4::text[], $5::text[], $6::text[], $7::bigint[], $8::text[], $9::text[], $10::timestamptz[], $11::timestamptz[])
    as u(o, w, h, e, s, n, c, t, x, f, l)
  where exists (select 1 from public.websites site where site.id = u.w)
  on conflict (website_id, hour, event_name, scope, name) do update set
    hits = r.hits + excluded.hits,
    types = case when excluded.types <@ r.types then r.types else array(select distinct v from unnest(r.types || excluded.types) v order by v) end,
    examples = case when cardinality(r.examples) >= ${INVENTORY_EXAMPLES} or excluded.examples <@ r.examples then r.examples
                    else (array(select distinct v from unnest(r.examples || excluded.examples) v order by v))[1:${INVENTORY_EXAMPLES}] end,
    first_seen = least(r.first_seen, excluded.first_seen),
    last_seen = greatest(r.last_seen, excluded.last_seen)`;

export function inventoryParams(rows: readonly InventoryRow[]): unknown[] {
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
  ];
}
