import type { SqlClient } from '../../db/database';
import { contradictingTypes, hourOfWeekBaseline, judgeVolume, sharePct, valuesOutsidePlan, type PlanType, type VolumeThresholds } from '../drift-baseline';
import { num, requestsLink, type AlertSeverity, type Observation, type TargetRow } from '../observation';
import { targetsCte } from '../targets';

// Websites with a published plan that a tracking_drift rule watches, on plans with tracking_plans.
// $1 is the evaluation time; the window is the last complete hour and the current one.
const PLANS = `${targetsCte('tracking_drift')},
  plans as (
    select t.*, pl.name as plan_name, v.id as version_id, v.number as version, v.published_at,
           least(greatest(coalesce((t.params ->> 'weeks')::int, 4), 1), 8) as weeks
    from targets t
    join public.organizations o on o.id = t.organization_id
    join public.tracking_plan_websites pw on pw.website_id = t.website_id
    join public.tracking_plans pl on pl.id = pw.plan_id
    cross join lateral (select v.id, v.number, v.published_at from public.tracking_plan_versions v
                        where v.plan_id = pw.plan_id and v.status = 'published' and v.published_at <= $1::timestamptz
                        order by v.number desc limit 1) v
    where public.plan_rank(tracklint_private.effective_plan(o)) >= public.plan_rank(public.feature_required_plan('tracking_plans'))
  ),
  k as (select date_trunc('hour', $1::timestamptz) as cur, date_trunc('hour', $1::timestamptz) - interval '1 hour' as last)`;

// Planned events whose last complete hour is far from the median of the same hour of the same
// weekday over the rule's weeks (the same test as judgeVolume, set-based, to keep few rows).
const VOLUME_SQL = `with ${PLANS}
  select * from (
    select p.rule_id, p.organization_id, p.website_id, p.website_name, p.severity, p.params, p.plan_name, p.version, e.name as event_name, k.last as hour,
           x.last_hour, x.current_hour, x.weekly, (select percentile_cont(0.5) within group (order by w) from unnest(x.weekly) w) as baseline,
           (select max(j.last_seen) from public.tracking_inventory_hourly j where j.website_id = p.website_id and j.event_name = e.name and j.scope = 'event' and j.name = ''
              and j.hour >= k.last - make_interval(days => 7 * p.weeks) and j.hour <= $1::timestamptz) as last_seen
    from plans p cross join k
    join public.tracking_plan_events e on e.version_id = p.version_id and e.status <> 'deprecated'
    cross join lateral (
      select coalesce((select i.hits from public.tracking_inventory_hourly i where i.website_id = p.website_id and i.hour = k.last and i.event_name = e.name and i.scope = 'event' and i.name = ''), 0)::bigint as last_hour,
             coalesce((select i.hits from public.tracking_inventory_hourly i where i.website_id = p.website_id and i.hour = k.cur and i.event_name = e.name and i.scope = 'event' and i.name = ''), 0)::bigint as current_hour,
             array(select coalesce(i.hits, 0)::bigint from generate_series(1, p.weeks) g(w)
                   left join public.tracking_inventory_hourly i on i.website_id = p.website_id and i.hour = k.last - make_interval(days => 7 * g.w)
                     and i.event_name = e.name and i.scope = 'event' and i.name = '' order by g.w) as weekly
    ) x
  ) c
  where c.baseline >= coalesce((c.params ->> 'min_baseline')::numeric, 20)
    and ((c.last_hour = 0 and c.current_hour = 0)
      or (c.last_hour > 0 and c.last_hour * 100 < c.baseline * coalesce((c.params ->> 'min_share_pct')::numeric, 50))
      or c.last_hour * 100 > c.baseline * coalesce((c.params ->> 'max_share_pct')::numeric, 300))`;

// What the window's traffic carries that the plan does not say: new events and parameters (first
// seen, within the rule's weeks, after the plan version was published: what the customer left
// out when publishing is not news), types that contradict the plan, values outside its list.
const SCHEMA_SQL = `with ${PLANS},
  seen as (
    select p.rule_id, p.website_id, i.event_name, i.scope, i.name, sum(i.hits)::bigint as hits,
           string_agg(array_to_string(i.types, ','), ',') as types, string_agg(array_to_string(i.examples, chr(1)), chr(1)) as examples
    from plans p cross join k
    join public.tracking_inventory_hourly i on i.website_id = p.website_id and i.hour >= k.last and i.hour <= $1::timestamptz and i.scope <> 'user'
    group by p.rule_id, p.website_id, i.event_name, i.scope, i.name
  )
  select c.*, (select min(j.first_seen) from public.tracking_inventory_hourly j where j.website_id = c.website_id and j.event_name = c.event_name and j.scope = c.scope and j.name = c.name
                 and j.hour >= c.since) as started
  from (
    select p.rule_id, p.organization_id, p.website_id, p.website_name, p.severity, p.params, p.plan_name, p.version, p.published_at,
           k.last - make_interval(days => 7 * p.weeks) as since,
           s.event_name, s.scope, s.name, s.hits, s.types, s.examples, pe.id is not null as planned_event, pp.type as planned_type, pp.allowed_values
    from seen s join plans p on p.rule_id = s.rule_id and p.website_id = s.website_id cross join k
    left join public.tracking_plan_events pe on pe.version_id = p.version_id and pe.name = s.event_name
    left join public.tracking_plan_parameters pp on pp.version_id = p.version_id and pp.event_id = pe.id and pp.name = s.name
      and pp.scope = case s.scope when 'param' then 'event' when 'item' then 'item' end
    where (pp.id is null and s.scope = 'event' and pe.id is null and s.event_name not in ('session_start', 'first_visit', 'user_engagement')
            or pp.id is null and s.scope in ('param', 'item') and pe.id is not null
               and s.name not in ('engagement_time_msec', 'session_id', 'debug_mode', 'page_location', 'page_referrer', 'page_title'))
          and not exists (select 1 from public.tracking_inventory_hourly j where j.website_id = s.website_id and j.event_name = s.event_name and j.scope = s.scope
                            and j.name = s.name and j.hour >= k.last - make_interval(days => 7 * p.weeks) and j.hour < date_trunc('hour', p.published_at))
       or pp.type in ('integer', 'number', 'boolean') and not (string_to_array(s.types, ',') <@ case pp.type when 'integer' then array['integer'] when 'number' then array['integer', 'number'] else array['boolean'] end)
       or pp.allowed_values is not null and not (string_to_array(s.examples, chr(1)) <@ pp.allowed_values)
  ) c`;

// Planned event parameters the event stopped carrying: the event arrived (at least min_hits
// times in the window) without them, although they came with it in the week before.
const VANISHED_SQL = `with ${PLANS},
  events as (
    select p.rule_id, p.website_id, i.event_name, sum(i.hits)::bigint as hits
    from plans p cross join k
    join public.tracking_inventory_hourly i on i.website_id = p.website_id and i.hour >= k.last and i.hour <= $1::timestamptz and i.scope = 'event' and i.name = ''
    group by p.rule_id, p.website_id, i.event_name
  )
  select p.rule_id, p.organization_id, p.website_id, p.website_name, p.severity, p.params, p.plan_name, p.version, pe.name as event_name, pp.name, pp.required, ev.hits, x.last_seen
  from plans p cross join k
  join public.tracking_plan_events pe on pe.version_id = p.version_id and pe.status <> 'deprecated'
  join events ev on ev.rule_id = p.rule_id and ev.website_id = p.website_id and ev.event_name = pe.name and ev.hits >= coalesce((p.params ->> 'min_hits')::int, 10)
  join public.tracking_plan_parameters pp on pp.event_id = pe.id and pp.scope = 'event'
  cross join lateral (select max(j.last_seen) as last_seen from public.tracking_inventory_hourly j where j.website_id = p.website_id and j.event_name = pe.name and j.scope = 'param'
                        and j.name = pp.name and j.hour >= k.last - interval '7 days' and j.hour <= $1::timestamptz) x
  where x.last_seen is not null and x.last_seen < k.last`;

// The latest requests that show a change, for the alert: the event, the event with a parameter, or without it.
const EXAMPLES_SQL = `
  select q.n, array(
    select r.id::text from public.collected_requests r
    where r.website_id = q.website_id and r.received_at <= $1::timestamptz and r.received_at > $1::timestamptz - interval '8 days' and r.event_names @> array[q.event_name]
      and jsonb_path_exists(r.events::jsonb, (case q.mode when 'event' then '$[*] ? (@.name == $e)'
                                                  when 'with' then '$[*] ? (@.name == $e && exists(@.params.keyvalue() ? (@.key == $p)))'
                                                  when 'item' then '$[*] ? (@.name == $e && exists(@.items[*].keyvalue() ? (@.key == $p)))'
                                                  else '$[*] ? (@.name == $e && !exists(@.params.keyvalue() ? (@.key == $p)))' end)::jsonpath,
                            jsonb_build_object('e', q.event_name, 'p', q.param))
    order by r.received_at desc limit 3) as ids
  from unnest($2::int[], $3::uuid[], $4::text[], $5::text[], $6::text[]) as q(n, website_id, event_name, param, mode)`;

type Row = TargetRow & { plan_name: string; version: number };

/** One drift, before the example request ids are looked up. */
interface Drift {
  row: Row;
  subject: string;
  title: string;
  summary: string;
  details: Record<string, unknown>;
  event: string;
  examples: { param: string; mode: 'event' | 'with' | 'item' | 'without' };
}

const thresholdsOf = (params: Record<string, unknown>): VolumeThresholds => ({
  minBaseline: num(params, 'min_baseline', 20),
  minSharePct: num(params, 'min_share_pct', 50),
  maxSharePct: num(params, 'max_share_pct', 300),
});

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const planEntry = (r: Row, entry: string) => `${r.plan_name} v${r.version}: ${entry}`;

async function volumeDrifts(client: SqlClient, at: Date): Promise<Drift[]> {
  const { rows } = await client.query<Row & { event_name: string; hour: Date; last_hour: string; current_hour: string; weekly: string[]; last_seen: Date | null }>(VOLUME_SQL, [at]);
  const out: Drift[] = [];
  for (const r of rows) {
    const weekly = r.weekly.map(Number);
    const baseline = hourOfWeekBaseline(weekly);
    const lastHour = Number(r.last_hour);
    const change = judgeVolume({ lastHour, currentHour: Number(r.current_hour), baseline }, thresholdsOf(r.params));
    if (!change) continue;
    const hour = r.hour.toISOString().slice(11, 16);
    const pct = sharePct(lastHour, baseline);
    const started = change === 'stopped' ? iso(r.last_seen) ?? r.hour.toISOString() : r.hour.toISOString();
    out.push({
      row: r,
      subject: `volume:${r.event_name}`,
      event: r.event_name,
      title:
        change === 'stopped'
          ? `${r.website_name}: ${r.event_name} stopped arriving`
          : `${r.website_name}: ${r.event_name} ${change === 'fell' ? 'fell' : 'jumped'} to ${pct}% of its usual volume`,
      summary: `${lastHour} ${r.event_name} events in the hour from ${hour} UTC against a usual ${baseline} (median of the same hour on the same weekday over the last ${weekly.length} weeks: ${weekly.join(', ')})${change === 'stopped' ? `; last seen ${started}` : ''}. Planned in ${planEntry(r, r.event_name)}.`,
      details: { change, event_name: r.event_name, started_at: started, hour: r.hour.toISOString(), current: lastHour, baseline, weekly, share_pct: pct, plan: r.plan_name, plan_version: r.version, plan_entry: `event ${r.event_name}` },
      examples: { param: '', mode: 'event' },
    });
  }
  return out;
}

async function schemaDrifts(client: SqlClient, at: Date): Promise<Drift[]> {
  const { rows } = await client.query<
    Row & { event_name: string; scope: string; name: string; hits: string; types: string | null; examples: string | null; planned_event: boolean; planned_type: PlanType | null; allowed_values: string[] | null; started: Date | null }
  >(SCHEMA_SQL, [at]);
  const out: Drift[] = [];
  for (const r of rows) {
    const hits = Number(r.hits);
    const started = iso(r.started);
    const base = { plan: r.plan_name, plan_version: r.version, event_name: r.event_name, started_at: started, hits };
    const paramMode = r.scope === 'item' ? ('item' as const) : ('with' as const);
    const label = r.scope === 'item' ? `item parameter ${r.name}` : `parameter ${r.name}`;
    if (r.scope === 'event') {
      out.push({
        row: r,
        subject: `new_event:${r.event_name}`,
        event: r.event_name,
        title: `${r.website_name}: new event ${r.event_name}, not in the plan`,
        summary: `${r.event_name} arrived ${hits} times since the last complete hour (first seen ${started}); ${r.plan_name} v${r.version} does not plan it.`,
        details: { change: 'new_event', ...base, plan_entry: null },
        examples: { param: '', mode: 'event' },
      });
      continue;
    }
    if (r.planned_type === null) {
      out.push({
        row: r,
        subject: `new_param:${r.event_name}.${r.scope}.${r.name}`,
        event: r.event_name,
        title: `${r.website_name}: new ${label} on ${r.event_name}`,
        summary: `${r.event_name} carried ${r.name} ${hits} times since the last complete hour (first seen ${started}); ${planEntry(r, `event ${r.event_name}`)} has no such ${label.split(' ').slice(0, -1).join(' ')}.`,
        details: { change: 'new_parameter', ...base, parameter: r.name, scope: r.scope, plan_entry: `event ${r.event_name}` },
        examples: { param: r.name, mode: paramMode },
      });
      continue;
    }
    const types = contradictingTypes(r.planned_type, (r.types ?? '').split(','));
    if (types.length) {
      out.push({
        row: r,
        subject: `param_type:${r.event_name}.${r.scope}.${r.name}`,
        event: r.event_name,
        title: `${r.website_name}: ${r.event_name}.${r.name} arrives as ${types.join(', ')}`,
        summary: `${r.name} on ${r.event_name} arrived as ${types.join(', ')} since the last complete hour; ${planEntry(r, `${r.event_name}.${r.name}`)} says ${r.planned_type}.`,
        details: { change: 'parameter_type', ...base, parameter: r.name, scope: r.scope, types_seen: types, plan_entry: `${r.event_name}.${r.name}: ${r.planned_type}` },
        examples: { param: r.name, mode: paramMode },
      });
    }
    const values = r.allowed_values ? valuesOutsidePlan(r.allowed_values, (r.examples ?? '').split('\u0001')) : [];
    if (values.length) {
      out.push({
        row: r,
        subject: `values:${r.event_name}.${r.scope}.${r.name}`,
        event: r.event_name,
        title: `${r.website_name}: ${r.event_name}.${r.name} has values outside the plan`,
        summary: `${r.name} on ${r.event_name} arrived with ${values.map((v) => `"${v}"`).join(', ')} since the last complete hour; ${planEntry(r, `${r.event_name}.${r.name}`)} allows ${r.allowed_values!.slice(0, 10).join(', ')}.`,
        details: { change: 'value_set', ...base, parameter: r.name, scope: r.scope, values_seen: values, plan_entry: `${r.event_name}.${r.name} in [${r.allowed_values!.join(', ')}]` },
        examples: { param: r.name, mode: paramMode },
      });
    }
  }
  return out;
}

async function vanishedDrifts(client: SqlClient, at: Date): Promise<Drift[]> {
  const { rows } = await client.query<Row & { event_name: string; name: string; required: boolean; hits: string; last_seen: Date }>(VANISHED_SQL, [at]);
  return rows.map((r) => ({
    row: r,
    subject: `param_vanished:${r.event_name}.${r.name}`,
    event: r.event_name,
    title: `${r.website_name}: ${r.event_name} lost its ${r.name} parameter`,
    summary: `${r.event_name} arrived ${Number(r.hits)} times since the last complete hour without ${r.name} (last carried ${iso(r.last_seen)}); ${planEntry(r, `${r.event_name}.${r.name}`)} plans it${r.required ? ' as required' : ''}.`,
    details: { change: 'parameter_vanished', event_name: r.event_name, parameter: r.name, started_at: iso(r.last_seen), hits: Number(r.hits), plan: r.plan_name, plan_version: r.version, plan_entry: `${r.event_name}.${r.name}${r.required ? ' (required)' : ''}` },
    examples: { param: r.name, mode: 'without' },
  }));
}

/**
 * Drift of each watched website's traffic from its published tracking plan and its usual volume,
 * from the hourly inventory counters (three set-based queries over all websites). Drift alerts
 * still open whose change is gone are observed as not firing, so they resolve.
 */
export async function observeTrackingDrift(client: SqlClient, at: Date): Promise<Observation[]> {
  const drifts = [...(await volumeDrifts(client, at)), ...(await schemaDrifts(client, at)), ...(await vanishedDrifts(client, at))];
  const examples = drifts.length
    ? (
        await client.query<{ n: number; ids: string[] }>(EXAMPLES_SQL, [
          at,
          drifts.map((_, i) => i),
          drifts.map((d) => d.row.website_id),
          drifts.map((d) => d.event),
          drifts.map((d) => d.examples.param),
          drifts.map((d) => d.examples.mode),
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
