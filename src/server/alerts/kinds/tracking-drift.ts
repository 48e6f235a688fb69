import type { SqlClient } from '../../db/database';
import { contradictingTypes, hourOfWeekBaseline, judgeValueSet, judgeVolume, sharePct, valuesOutsidePlan, type PlanType, type VolumeThresholds } from '../drift-baseline';
import { num, requestsLink, type AlertSeverity, type Observation, type TargetRow } from '../observation';
import { targetsCte } from '../targets';

// Websites with a published plan that a tracking_drift rule watches, on plans with tracking_plans
// (the plan check runs once per organization: it is the costly part). $1 is the evaluation time.
export const PLANS_SQL = `with ${targetsCte('tracking_drift')},
  entitled as materialized (
    select o.id from public.organizations o
    where o.id in (select organization_id from targets)
      and public.plan_rank(tracklint_private.effective_plan(o)) >= public.plan_rank(public.feature_required_plan('tracking_plans')))
  select t.*, pl.name as plan_name, v.id as version_id, v.number as version, v.published_at
  from targets t
  join entitled e on e.id = t.organization_id
  join public.tracking_plan_websites pw on pw.website_id = t.website_id
  join public.tracking_plans pl on pl.id = pw.plan_id
  cross join lateral (select v.id, v.number, v.published_at from public.tracking_plan_versions v
                      where v.plan_id = pw.plan_id and v.status = 'published' and v.published_at <= $1::timestamptz
                      order by v.number desc limit 1) v`;

// The watched websites, passed back to the drift queries as $2 (one JSON array, i = their index).
const WATCHED = `p as materialized (
    select * from jsonb_to_recordset($2::jsonb) as x(i int, website_id uuid, version_id uuid, published_at timestamptz, weeks int, min_hits int,
                                                     min_baseline numeric, min_share numeric, max_share numeric)),
  k as (select date_trunc('hour', $1::timestamptz) as cur, date_trunc('hour', $1::timestamptz) - interval '1 hour' as last)`;

// Planned events whose last complete hour is far from the median of the same hour of the same
// weekday over the rule's weeks (judgeVolume's test, set-based, so few rows come back). The event
// counters of those ten hours are read by hour (a partial index), not website by website: a
// website's own index range would cover all its hours.
export const VOLUME_SQL = `with ${WATCHED},
  hrs as (select k.cur as hour, -1 as w from k union all select k.last - make_interval(days => 7 * g), g from k, generate_series(0, 8) g),
  c as materialized (
    select i.website_id, i.event_name, jsonb_object_agg(h.w, i.hits) as by_week
    from hrs h join public.tracking_inventory_hourly i on i.hour = h.hour and i.scope = 'event' and i.name = ''
    group by i.website_id, i.event_name),
  v as (
    select p.i, p.website_id, p.weeks, p.min_baseline, p.min_share, p.max_share, e.name as event_name,
           coalesce((c.by_week ->> '0')::bigint, 0) as last_hour, coalesce((c.by_week ->> '-1')::bigint, 0) as current_hour,
           array(select coalesce((c.by_week ->> g::text)::bigint, 0) from generate_series(1, p.weeks) g order by g) as weekly
    from p join public.tracking_plan_events e on e.version_id = p.version_id and e.status <> 'deprecated'
    left join c on c.website_id = p.website_id and c.event_name = e.name),
  b as materialized (select v.*, (select percentile_cont(0.5) within group (order by w) from unnest(v.weekly) w) as baseline from v)
  select b.i, b.event_name, k.last as hour, b.last_hour, b.current_hour, b.weekly,
         case when b.last_hour = 0 then (select max(j.last_seen) from public.tracking_inventory_hourly j where j.website_id = b.website_id and j.event_name = b.event_name
                                          and j.scope = 'event' and j.name = '' and j.hour >= k.last - make_interval(days => 7 * b.weeks) and j.hour <= $1::timestamptz) end as last_seen
  from b cross join k
  where b.baseline >= b.min_baseline
    and ((b.last_hour = 0 and b.current_hour = 0) or (b.last_hour > 0 and b.last_hour * 100 < b.baseline * b.min_share) or b.last_hour * 100 > b.baseline * b.max_share)`;

/** The same parameter (website, event, scope, name) in two row sources. */
const PARAM_HOURS = (j: string, w: string) => `${j}.website_id = ${w}.website_id and ${j}.event_name = ${w}.event_name and ${j}.scope = ${w}.scope and ${j}.name = ${w}.name`;

// What the window's traffic (the last complete hour and the current one) carries that the plan
// does not say: new events and parameters (first seen, within the rule's weeks, after the plan
// version was published: what the customer left out when publishing is not news), types that
// contradict the plan, values outside its list; and planned parameters that an event arriving at
// least min_hits times stopped carrying although they came with it in the week before. First seen,
// seen before publication and last carried come from the inventory catalog (one row per
// parameter), not from the weeks of hourly counters.
export const SCHEMA_SQL = `with ${WATCHED},
  win as materialized (
    select p.i, p.website_id, p.version_id, p.published_at, p.weeks, p.min_hits, i.event_name, i.scope, i.name, i.hits, i.types, i.examples
    -- The window's bounds written out (not k.last): the planner then sees two hours per website
    -- and reads them by primary key, where it otherwise scans the whole table.
    from p join public.tracking_inventory_hourly i on i.website_id = p.website_id
      and i.hour >= date_trunc('hour', $1::timestamptz) - interval '1 hour' and i.hour <= $1::timestamptz and i.scope <> 'user'),
  odd as (
    select w.i, w.website_id, w.published_at, w.weeks, w.event_name, w.scope, w.name, sum(w.hits)::bigint as hits,
           string_agg(array_to_string(w.types, ','), ',') as types, string_agg(array_to_string(w.examples, chr(1)), chr(1)) as examples,
           bool_or(pe.id is not null) as planned_event, max(pp.type) as planned_type,
           string_to_array(max(array_to_string(pp.allowed_values, chr(1))), chr(1)) as allowed_values
    from win w
    left join public.tracking_plan_events pe on pe.version_id = w.version_id and pe.name = w.event_name
    left join public.tracking_plan_parameters pp on pp.version_id = w.version_id and pp.event_id = pe.id and pp.name = w.name
      and pp.scope = case w.scope when 'param' then 'event' when 'item' then 'item' end
    where pp.id is null and w.scope = 'event' and pe.id is null and w.event_name not in ('session_start', 'first_visit', 'user_engagement')
       or pp.id is null and w.scope in ('param', 'item') and pe.id is not null
          and w.name not in ('engagement_time_msec', 'session_id', 'debug_mode', 'page_location', 'page_referrer', 'page_title')
       or pp.type in ('integer', 'number', 'boolean') and not (w.types <@ case pp.type when 'integer' then array['integer'] when 'number' then array['integer', 'number'] else array['boolean'] end)
       or pp.allowed_values is not null and not (w.examples <@ pp.allowed_values)
    group by w.i, w.website_id, w.published_at, w.weeks, w.event_name, w.scope, w.name),
  events as (
    select w.i, w.website_id, w.version_id, w.min_hits, w.event_name, sum(w.hits)::bigint as hits from win w where w.scope = 'event' group by 1, 2, 3, 4, 5),
  vanished as (
    select ev.i, ev.website_id, ev.event_name, pp.name, pp.required, ev.hits
    from events ev
    join public.tracking_plan_events pe on pe.version_id = ev.version_id and pe.name = ev.event_name and pe.status <> 'deprecated'
    join public.tracking_plan_parameters pp on pp.event_id = pe.id and pp.scope = 'event'
    where ev.hits >= ev.min_hits and not exists (select 1 from win w where w.i = ev.i and w.event_name = ev.event_name and w.scope = 'param' and w.name = pp.name))
  select 'schema' as part, o.i, o.event_name, o.scope, o.name, o.hits, o.types, o.examples, o.planned_event, o.planned_type, o.allowed_values, null::boolean as required,
         greatest(c.first_seen, k.last - make_interval(days => 7 * o.weeks)) as since
  from odd o cross join k
  left join public.tracking_inventory_catalog c on ${PARAM_HOURS('c', 'o')}
  -- New only if not seen in the rule's weeks before publication: first seen since it, or published
  -- before the weeks began (what arrived before the weeks is not the customer's omission).
  where o.planned_type is not null
     or c.first_seen is null or c.first_seen >= date_trunc('hour', o.published_at)
     or date_trunc('hour', o.published_at) <= k.last - make_interval(days => 7 * o.weeks)
  union all
  select 'vanished', x.i, x.event_name, 'param', x.name, x.hits, null, null, true, null, null, x.required, x.last_seen
  from (select v.*, c.last_seen from vanished v cross join k
        join public.tracking_inventory_catalog c on c.website_id = v.website_id and c.event_name = v.event_name and c.scope = 'param' and c.name = v.name
        where c.last_seen >= k.last - interval '7 days' and c.last_seen <= $1::timestamptz) x
  cross join k
  where x.last_seen is not null and x.last_seen < k.last`;

// The value sets of the planned parameters of planned events (tracking_inventory_values_hourly,
// kept per hour by the collector) that the catalog marks as candidates, for parameters that were
// low-cardinality in every hour of the window (the last complete hour and the current one): the window's set by hour and summed; the
// baseline, sampled like the volume baseline (the same hour yesterday and the same hour of the same
// weekday over the rule's weeks: point lookups, not weeks of hours per parameter); the window's
// values the catalog (tracking_inventory_catalog: one row per parameter, values with their first
// seen) first saw in the window (checked only for values the sample lacks; a high-cardinality
// catalog row counts as carrying them, its values being unknown); and whether the set is still
// growing (a value first seen in the same hour yesterday: a date, a campaign id, whose new values
// are not news). Only parameters with something to judge come back.
/** Hits per value summed over a jsonb array of value sets (in memory: the rows were read once). */
const SUMMED = (sets: string) =>
  `(select coalesce(jsonb_object_agg(x.key, x.n), '{}'::jsonb) from (select e.key, sum(e.value::bigint) as n from jsonb_array_elements(${sets}) s, jsonb_each_text(s) e group by e.key) x)`;
/** Epoch seconds of a timestamp expression, as the catalog keeps values' first and last seen. */
const EPOCH = (t: string) => `extract(epoch from ${t})::bigint`;
/** When the catalog row `c` first saw value `v` (null: never, or the row is missing). */
const VALUE_FIRST_SEEN = (v: string) => `(c.value_seen -> ${v} ->> 0)::bigint`;
export const VALUE_SET_SQL = `with ${WATCHED},
  planned as (
    select p.i, p.website_id, p.weeks, e.name as event_name, case pp.scope when 'event' then 'param' else 'item' end as scope, pp.name, pp.allowed_values
    from p join public.tracking_plan_events e on e.version_id = p.version_id and e.status <> 'deprecated'
    join public.tracking_plan_parameters pp on pp.event_id = e.id and pp.scope in ('event', 'item')),
  -- Only parameters whose catalog row says there may be something to judge read their hours: it
  -- arrived in the window, and a value was first seen in it, or one seen in the baseline weeks was
  -- not seen since the window began, or one seen in it is outside the planned list (or its values
  -- are not kept). A stable set costs one catalog row.
  candidates as (
    select w.* from planned w cross join k
    join public.tracking_inventory_catalog c on ${PARAM_HOURS('c', 'w')}
    where c.last_seen >= k.last
      and (c.high_cardinality or exists (
        select 1 from jsonb_each(c.value_seen) e
        where (e.value ->> 0)::bigint >= ${EPOCH('k.last')}
           or (e.value ->> 1)::bigint < ${EPOCH('k.last')} and (e.value ->> 1)::bigint >= ${EPOCH('k.last - make_interval(days => 7 * w.weeks)')}
           or w.allowed_values is not null and (e.value ->> 1)::bigint >= ${EPOCH('k.last')} and e.key <> all(w.allowed_values)))),
  win as materialized (
    select w.*, c.hours
    from candidates w cross join k
    cross join lateral (select jsonb_agg(jsonb_build_object('hour', j.hour, 'counts', j.value_counts) order by j.hour) as hours, bool_or(j.high_cardinality) as high
                        from public.tracking_inventory_values_hourly j where ${PARAM_HOURS('j', 'w')} and j.hour >= k.last and j.hour <= $1::timestamptz) c
    where c.high is false),
  sampled as materialized (
    select w.*, ${SUMMED(`jsonb_path_query_array(w.hours, '$[*].counts')`)} as current, ${SUMMED('b.sets')} as baseline
    from win w cross join k
    cross join lateral (select array[k.last - interval '24 hours'] || array(select k.last - make_interval(days => 7 * g) from generate_series(1, w.weeks) g) as hrs) h
    cross join lateral (select bool_or(j.high_cardinality) as high, jsonb_agg(j.value_counts) as sets
                        from public.tracking_inventory_values_hourly j where ${PARAM_HOURS('j', 'w')} and j.hour = any(h.hrs)) b
    where b.high is not true),
  judged as (
    -- Unseen: first seen by the catalog in the window (or not at all), unless it is high-cardinality.
    select s.*, array(select v from jsonb_object_keys(s.current) v
                      where not s.baseline ? v and not coalesce(c.high_cardinality, false) and coalesce(${VALUE_FIRST_SEEN('v')} >= ${EPOCH('k.last')}, true) order by v) as unseen,
           c.value_seen as catalog_values
    from sampled s cross join k
    left join public.tracking_inventory_catalog c on ${PARAM_HOURS('c', 's')})
  select j.i, j.event_name, j.scope, j.name, j.allowed_values, j.hours, j.current, j.baseline, j.unseen,
         -- Still growing: a value first seen in the same hour yesterday (a date, a campaign id).
         case when cardinality(j.unseen) > 0 then exists (
           select 1 from jsonb_each(j.catalog_values) e cross join k
           where (e.value ->> 0)::bigint >= ${EPOCH("k.last - interval '24 hours'")} and (e.value ->> 0)::bigint < ${EPOCH("k.last - interval '23 hours'")})
         else false end as growing
  from judged j
  where cardinality(j.unseen) > 0
     or exists (select 1 from jsonb_object_keys(j.baseline) v where not j.current ? v)
     or j.allowed_values is not null and exists (select 1 from jsonb_object_keys(j.current) v where v <> all(j.allowed_values))`;

// The latest requests that show a change, for the alert: the event, the event with a parameter, or without it.
const EXAMPLES_SQL = `
  select q.n, array(
    select r.id::text from public.collected_requests r
    where r.website_id = q.website_id and r.received_at <= $1::timestamptz and r.received_at > $1::timestamptz - interval '8 days' and r.event_names @> array[q.event_name]
      and jsonb_path_exists(r.events::jsonb, (case q.mode when 'event' then '$[*] ? (@.name == $e)'
                                                  when 'with' then '$[*] ? (@.name == $e && exists(@.params.keyvalue() ? (@.key == $p)))'
                                                  when 'item' then '$[*] ? (@.name == $e && exists(@.items[*].keyvalue() ? (@.key == $p)))'
                                                  when 'value' then '$[*] ? (@.name == $e && exists(@.params.keyvalue() ? (@.key == $p && @.value == $v)))'
                                                  when 'item_value' then '$[*] ? (@.name == $e && exists(@.items[*].keyvalue() ? (@.key == $p && @.value == $v)))'
                                                  else '$[*] ? (@.name == $e && !exists(@.params.keyvalue() ? (@.key == $p)))' end)::jsonpath,
                            jsonb_build_object('e', q.event_name, 'p', q.param, 'v', q.value))
    order by r.received_at desc limit 3) as ids
  from unnest($2::int[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[]) as q(n, website_id, event_name, param, mode, value)`;

type Row = TargetRow & { plan_name: string; version_id: string; version: number; published_at: Date };

/** One drift, before the example request ids are looked up. */
interface Drift {
  row: Row;
  subject: string;
  title: string;
  summary: string;
  details: Record<string, unknown>;
  event: string;
  examples: { param: string; mode: 'event' | 'with' | 'item' | 'without' | 'value' | 'item_value'; value?: string };
}

const thresholdsOf = (params: Record<string, unknown>): VolumeThresholds => ({
  minBaseline: num(params, 'min_baseline', 20),
  minSharePct: num(params, 'min_share_pct', 50),
  maxSharePct: num(params, 'max_share_pct', 300),
});

/** The rule's baseline weeks (1 to 8; the table's trigger checks the same bounds). */
const weeksOf = (params: Record<string, unknown>) => Math.min(Math.max(Math.round(num(params, 'weeks', 4)), 1), 8);

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const planEntry = (r: Row, entry: string) => `${r.plan_name} v${r.version}: ${entry}`;

/** The watched websites as the drift queries read them ($2). */
export function watchedJson(plans: Row[]): string {
  return JSON.stringify(
    plans.map((r, i) => {
      const t = thresholdsOf(r.params);
      return {
        i,
        website_id: r.website_id,
        version_id: r.version_id,
        published_at: r.published_at,
        weeks: weeksOf(r.params),
        min_hits: num(r.params, 'min_hits', 10),
        min_baseline: t.minBaseline,
        min_share: t.minSharePct,
        max_share: t.maxSharePct,
      };
    }),
  );
}

async function volumeDrifts(client: SqlClient, at: Date, plans: Row[], watched: string): Promise<Drift[]> {
  const { rows } = await client.query<{ i: number; event_name: string; hour: Date; last_hour: string; current_hour: string; weekly: string[]; last_seen: Date | null }>(VOLUME_SQL, [at, watched]);
  const out: Drift[] = [];
  for (const v of rows) {
    const r = plans[v.i]!;
    const weekly = v.weekly.map(Number);
    const baseline = hourOfWeekBaseline(weekly);
    const lastHour = Number(v.last_hour);
    const change = judgeVolume({ lastHour, currentHour: Number(v.current_hour), baseline }, thresholdsOf(r.params));
    if (!change) continue;
    const hour = v.hour.toISOString().slice(11, 16);
    const pct = sharePct(lastHour, baseline);
    const started = change === 'stopped' ? iso(v.last_seen) ?? v.hour.toISOString() : v.hour.toISOString();
    out.push({
      row: r,
      subject: `volume:${v.event_name}`,
      event: v.event_name,
      title:
        change === 'stopped'
          ? `${r.website_name}: ${v.event_name} stopped arriving`
          : `${r.website_name}: ${v.event_name} ${change === 'fell' ? 'fell' : 'jumped'} to ${pct}% of its usual volume`,
      summary: `${lastHour} ${v.event_name} events in the hour from ${hour} UTC against a usual ${baseline} (median of the same hour on the same weekday over the last ${weekly.length} weeks: ${weekly.join(', ')})${change === 'stopped' ? `; last seen ${started}` : ''}. Planned in ${planEntry(r, v.event_name)}.`,
      details: { change, event_name: v.event_name, started_at: started, hour: v.hour.toISOString(), current: lastHour, baseline, weekly, share_pct: pct, plan: r.plan_name, plan_version: r.version, plan_entry: `event ${v.event_name}` },
      examples: { param: '', mode: 'event' },
    });
  }
  return out;
}

interface SchemaRow {
  part: 'schema' | 'vanished';
  i: number;
  event_name: string;
  scope: string;
  name: string;
  hits: string;
  types: string | null;
  examples: string | null;
  planned_event: boolean;
  planned_type: PlanType | null;
  allowed_values: string[] | null;
  required: boolean | null;
  since: Date | null;
}

function schemaDrift(r: Row, s: SchemaRow, outside: OutsideSets): Drift[] {
  const hits = Number(s.hits);
  const started = iso(s.since);
  const base = { plan: r.plan_name, plan_version: r.version, event_name: s.event_name, started_at: started, hits };
  if (s.part === 'vanished') {
    return [
      {
        row: r,
        subject: `param_vanished:${s.event_name}.${s.name}`,
        event: s.event_name,
        title: `${r.website_name}: ${s.event_name} lost its ${s.name} parameter`,
        summary: `${s.event_name} arrived ${hits} times since the last complete hour without ${s.name} (last carried ${started}); ${planEntry(r, `${s.event_name}.${s.name}`)} plans it${s.required ? ' as required' : ''}.`,
        details: { change: 'parameter_vanished', ...base, parameter: s.name, plan_entry: `${s.event_name}.${s.name}${s.required ? ' (required)' : ''}` },
        examples: { param: s.name, mode: 'without' },
      },
    ];
  }
  if (s.scope === 'event') {
    return [
      {
        row: r,
        subject: `new_event:${s.event_name}`,
        event: s.event_name,
        title: `${r.website_name}: new event ${s.event_name}, not in the plan`,
        summary: `${s.event_name} arrived ${hits} times since the last complete hour (first seen ${started}); ${r.plan_name} v${r.version} does not plan it.`,
        details: { change: 'new_event', ...base, plan_entry: null },
        examples: { param: '', mode: 'event' },
      },
    ];
  }
  const paramMode = s.scope === 'item' ? ('item' as const) : ('with' as const);
  const kind = s.scope === 'item' ? 'item parameter' : 'parameter';
  if (s.planned_type === null) {
    return [
      {
        row: r,
        subject: `new_param:${s.event_name}.${s.scope}.${s.name}`,
        event: s.event_name,
        title: `${r.website_name}: new ${kind} ${s.name} on ${s.event_name}`,
        summary: `${s.event_name} carried ${s.name} ${hits} times since the last complete hour (first seen ${started}); ${planEntry(r, `event ${s.event_name}`)} has no such ${kind}.`,
        details: { change: 'new_parameter', ...base, parameter: s.name, scope: s.scope, plan_entry: `event ${s.event_name}` },
        examples: { param: s.name, mode: paramMode },
      },
    ];
  }
  const out: Drift[] = [];
  const types = contradictingTypes(s.planned_type, (s.types ?? '').split(','));
  if (types.length) {
    out.push({
      row: r,
      subject: `param_type:${s.event_name}.${s.scope}.${s.name}`,
      event: s.event_name,
      title: `${r.website_name}: ${s.event_name}.${s.name} arrives as ${types.join(', ')}`,
      summary: `${s.name} on ${s.event_name} arrived as ${types.join(', ')} since the last complete hour; ${planEntry(r, `${s.event_name}.${s.name}`)} says ${s.planned_type}.`,
      details: { change: 'parameter_type', ...base, parameter: s.name, scope: s.scope, types_seen: types, plan_entry: `${s.event_name}.${s.name}: ${s.planned_type}` },
      examples: { param: s.name, mode: paramMode },
    });
  }
  const allowed = s.allowed_values;
  if (allowed) {
    // Values outside the list: the examples, and every value the hourly value sets saw.
    const fromSets = outside.get(paramKey(s.i, s.event_name, s.scope, s.name));
    outside.delete(paramKey(s.i, s.event_name, s.scope, s.name));
    const values = valuesOutsidePlan(allowed, [...(s.examples ?? '').split('\u0001'), ...(fromSets?.values ?? [])]);
    if (values.length) out.push(outsidePlanDrift(r, { event: s.event_name, scope: s.scope, name: s.name, hits, started }, allowed, values));
  }
  return out;
}

async function schemaDrifts(client: SqlClient, at: Date, plans: Row[], watched: string, outside: OutsideSets): Promise<Drift[]> {
  const { rows } = await client.query<SchemaRow>(SCHEMA_SQL, [at, watched]);
  return rows.flatMap((s) => schemaDrift(plans[s.i]!, s, outside));
}

/** A parameter with an allowed list arriving with values outside it (`values:`), from the examples, the value sets or both. */
function outsidePlanDrift(r: Row, p: { event: string; scope: string; name: string; hits: number; started: string | null }, allowed: readonly string[], values: string[]): Drift {
  return {
    row: r,
    subject: `values:${p.event}.${p.scope}.${p.name}`,
    event: p.event,
    title: `${r.website_name}: ${p.event}.${p.name} has values outside the plan`,
    summary: `${p.name} on ${p.event} arrived with ${values.map((v) => `"${v}"`).join(', ')} since the last complete hour; ${planEntry(r, `${p.event}.${p.name}`)} allows ${allowed.slice(0, 10).join(', ')}.`,
    details: { change: 'value_set', plan: r.plan_name, plan_version: r.version, event_name: p.event, started_at: p.started, hits: p.hits, parameter: p.name, scope: p.scope, values_seen: values, plan_entry: `${p.event}.${p.name} in [${allowed.join(', ')}]` },
    examples: { param: p.name, mode: p.scope === 'item' ? 'item' : 'with' },
  };
}

interface ValueSetRow {
  i: number;
  event_name: string;
  scope: 'param' | 'item';
  name: string;
  allowed_values: string[] | null;
  hours: Array<{ hour: string; counts: Record<string, number> }>;
  current: Record<string, number>;
  baseline: Record<string, number>;
  unseen: string[];
  growing: boolean;
}

const quoted = (values: readonly string[], max = 10) => values.slice(0, max).map((v) => `"${v}"`).join(', ') + (values.length > max ? ` and ${values.length - max} more` : '');

/** New values and vanished values of each planned parameter's value set, against its baseline weeks. */
function valueSetDrift(r: Row, v: ValueSetRow, weeks: number, windowStart: Date): Drift[] {
  const window = v.current;
  const change = judgeValueSet({ window, baseline: v.baseline, unseen: v.unseen, growing: v.growing, allowed: v.allowed_values, minHits: num(r.params, 'min_hits', 10) });
  if (!change) return [];
  const entry = `${v.event_name}.${v.name}`;
  const kind = v.scope === 'item' ? 'item parameter' : 'parameter';
  const usual = Object.entries(v.baseline).sort((a, b) => b[1] - a[1]).map(([value]) => value);
  const base = { plan: r.plan_name, plan_version: r.version, event_name: v.event_name, parameter: v.name, scope: v.scope, usual_values: usual.slice(0, 10), plan_entry: entry };
  const out: Drift[] = [];
  if (change.newValues.length) {
    const isNew = new Set(change.newValues);
    const first = v.hours.find((h) => Object.keys(h.counts).some((value) => isNew.has(value)));
    const hits = change.newValues.reduce((n, value) => n + (window[value] ?? 0), 0);
    out.push({
      row: r,
      subject: `new_values:${v.event_name}.${v.scope}.${v.name}`,
      event: v.event_name,
      title: `${r.website_name}: ${entry} has new values ${quoted(change.newValues, 3)}`,
      summary: `The ${kind} ${v.name} on ${v.event_name} arrived with ${quoted(change.newValues)} (${hits} hits) since the last complete hour, never seen in the ${weeks} weeks before (usual values: ${quoted(usual)}); planned in ${planEntry(r, entry)}.`,
      details: { change: 'new_values', ...base, new_values: change.newValues, hits, started_at: first ? new Date(first.hour).toISOString() : null },
      examples: { param: v.name, mode: v.scope === 'item' ? 'item_value' : 'value', value: change.newValues[0]! },
    });
  }
  if (change.vanished.length) {
    const hits = Object.values(window).reduce((n, c) => n + c, 0);
    out.push({
      row: r,
      subject: `values_vanished:${v.event_name}.${v.scope}.${v.name}`,
      event: v.event_name,
      title: `${r.website_name}: ${entry} no longer arrives with ${quoted(change.vanished, 3)}`,
      summary: `The ${kind} ${v.name} on ${v.event_name} arrived ${hits} times since the last complete hour without ${quoted(change.vanished)}, which it usually carries (usual values over the last ${weeks} weeks: ${quoted(usual)}); planned in ${planEntry(r, entry)}.`,
      details: { change: 'values_vanished', ...base, vanished_values: change.vanished, hits, started_at: windowStart.toISOString() },
      examples: { param: v.name, mode: v.scope === 'item' ? 'item' : 'with' },
    });
  }
  return out;
}

/** Values outside a planned list that the window's value sets saw, by watched website and parameter (paramKey). */
type OutsideSets = Map<string, { set: ValueSetRow; values: string[]; hits: number; started: string | null }>;
const paramKey = (i: number, event: string, scope: string, name: string) => `${i}|${event}|${scope}|${name}`;

/** The value-set query's rows, and the values outside each planned list they saw (for the `values:` drift). */
async function valueSets(client: SqlClient, at: Date, watched: string): Promise<{ rows: ValueSetRow[]; outside: OutsideSets }> {
  const { rows } = await client.query<ValueSetRow>(VALUE_SET_SQL, [at, watched]);
  const outside: OutsideSets = new Map();
  for (const v of rows) {
    if (!v.allowed_values) continue;
    const values = valuesOutsidePlan(v.allowed_values, Object.keys(v.current));
    if (!values.length) continue;
    const first = v.hours.find((h) => values.some((value) => Object.hasOwn(h.counts, value)));
    outside.set(paramKey(v.i, v.event_name, v.scope, v.name), { set: v, values, hits: values.reduce((n, value) => n + Number(v.current[value] ?? 0), 0), started: first ? new Date(first.hour).toISOString() : null });
  }
  return { rows, outside };
}

/**
 * Drift of each watched website's traffic from its published tracking plan and its usual volume,
 * from the hourly inventory counters (set-based queries over all websites at once). Drift alerts
 * still open whose change is gone are observed as not firing, so they resolve.
 */
export async function observeTrackingDrift(client: SqlClient, at: Date): Promise<Observation[]> {
  const plans = (await client.query<Row>(PLANS_SQL, [at])).rows;
  const watched = watchedJson(plans);
  const drifts: Drift[] = [];
  if (plans.length) {
    drifts.push(...(await volumeDrifts(client, at, plans, watched)));
    const sets = await valueSets(client, at, watched);
    drifts.push(...(await schemaDrifts(client, at, plans, watched, sets.outside)));
    // Values outside a list that only the value sets saw (the examples missed them).
    for (const { set: v, ...o } of sets.outside.values()) {
      drifts.push(outsidePlanDrift(plans[v.i]!, { event: v.event_name, scope: v.scope, name: v.name, hits: o.hits, started: o.started }, v.allowed_values!, o.values));
    }
    const windowStart = new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000 - 3_600_000);
    for (const v of sets.rows) drifts.push(...valueSetDrift(plans[v.i]!, v, weeksOf(plans[v.i]!.params), windowStart));
  }
  const examples = drifts.length
    ? (
        await client.query<{ n: number; ids: string[] }>(EXAMPLES_SQL, [
          at,
          drifts.map((_, i) => i),
          drifts.map((d) => d.row.website_id),
          drifts.map((d) => d.event),
          drifts.map((d) => d.examples.param),
          drifts.map((d) => d.examples.mode),
          drifts.map((d) => d.examples.value ?? ''),
        ])
      ).rows
    : [];
  const idsOf = new Map(examples.map((e) => [e.n, e.ids]));
  const firing: Observation[] = drifts.map((d, i) => ({
    ruleId: d.row.rule_id,
    organizationId: d.row.organization_id,
    websiteId: d.row.website_id,
    subject: d.subject,
    kind: 'tracking_drift',
    firing: true,
    severity: d.row.severity,
    title: d.title,
    summary: d.summary,
    details: { ...d.details, example_request_ids: idsOf.get(i) ?? [] },
    link: requestsLink(d.row.website_id, { event: d.event }, 24 * 60),
  }));
  const key = (ruleId: string, websiteId: string | null, subject: string) => `${ruleId}|${websiteId ?? ''}|${subject}`;
  const firingKeys = new Set(firing.map((o) => key(o.ruleId, o.websiteId, o.subject)));
  const { rows: open } = await client.query<{ rule_id: string; organization_id: string; website_id: string; subject: string; severity: AlertSeverity; title: string; details: Record<string, unknown> }>(
    `select rule_id, organization_id, website_id, subject, severity, title, details from public.alerts where kind = 'tracking_drift' and status <> 'resolved'`,
  );
  const cleared: Observation[] = open
    .filter((a) => !firingKeys.has(key(a.rule_id, a.website_id, a.subject)))
    .map((a) => ({
      ruleId: a.rule_id,
      organizationId: a.organization_id,
      websiteId: a.website_id,
      subject: a.subject,
      kind: 'tracking_drift',
      firing: false,
      severity: a.severity,
      title: a.title,
      summary: `Traffic is back to the plan: ${a.title.replace(/^[^:]*: /, '')} no longer holds at ${at.toISOString()}.`,
      details: { ...a.details, resolved_at: at.toISOString() },
      link: null,
    }));
  return [...firing, ...cleared];
}
