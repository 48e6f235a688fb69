/**
 * The plan check: every event of a hit against the plan version the website follows. Pure and
 * browser-safe: the JSON Schema validator is handed in (SchemaCompiler), so this module neither
 * imports Ajv nor generates code. Ajv compiles with `new Function`, which the web app's
 * Content-Security-Policy (`script-src 'self'`) forbids, so Ajv compiles plans where code
 * generation is allowed: the collector and the CLI (ajv-compiler.ts). The browser (the public
 * validation page's pasted plan) uses the interpreter in interpreted-compiler.ts instead; the
 * request drawer shows the findings the collector stored with the hit.
 */
import { RESERVED_WEB_PARAM_NAMES, STANDARD_ITEM_FIELDS } from '../constants';
import type { DecodedEvent, DecodedRequest, Issue, ParamValue, Severity } from '../types';
import { describeParameter, planVersionLabel } from './document';
import { eventSchema, userPropertiesSchema, type JsonSchema } from './schema';
import { DEFAULT_PLAN_SEVERITIES, type PlanEvent, type PlanExpectation, type PlanFindingKind, type PlanParameter, type TrackingPlanDocument } from './types';

/** One failed keyword, as Ajv reports it (`instancePath` is a JSON Pointer into the validated data). */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}
/** A compiled schema: the errors of one value (empty: valid). */
export type CompiledSchema = (data: unknown) => readonly SchemaError[];
export type SchemaCompiler = (schema: JsonSchema) => CompiledSchema;

/** Events gtag.js sends by itself: a plan need not list them. */
const AUTOMATIC_EVENTS = new Set(['session_start', 'first_visit', 'user_engagement']);

/** Parameters GA4 fills in itself or that every hit carries; they are checked only when the plan lists them. */
const AUTOMATIC_PARAMS = new Set([
  'engagement_time_msec', 'session_id', 'debug_mode', 'page_location', 'page_referrer', 'page_title', 'language',
  'screen_resolution', 'ignore_referrer', 'session_number', 'session_engaged', 'timestamp_micros', 'non_interaction',
  'campaign', 'campaign_id', 'campaign_source', 'campaign_medium', 'campaign_term', 'campaign_content', 'source', 'medium', 'term', 'content',
]);

/** Parameters GA4's own reports read without a custom definition (recommended events and enhanced measurement). */
const STANDARD_EVENT_PARAMS = new Set([
  'currency', 'value', 'items', 'transaction_id', 'tax', 'shipping', 'coupon', 'payment_type', 'shipping_tier', 'item_list_id',
  'item_list_name', 'method', 'search_term', 'content_type', 'item_id', 'promotion_id', 'promotion_name', 'creative_name',
  'creative_slot', 'location_id', 'group_id', 'link_url', 'link_domain', 'link_classes', 'link_id', 'link_text', 'outbound',
  'file_name', 'file_extension', 'video_title', 'video_url', 'video_provider', 'video_current_time', 'video_duration',
  'video_percent', 'visible', 'percent_scrolled', 'form_id', 'form_name', 'form_destination', 'form_length', 'form_submit_text',
  'virtual_currency_name', 'level', 'level_name', 'character', 'score', 'achievement_id', 'success', 'lead_source',
  'unconvert_lead_reason', 'disqualified_lead_reason',
]);

export interface PlanCheck {
  readonly plan: TrackingPlanDocument;
  /** Appends this hit's plan findings to `issues`. */
  check(req: DecodedRequest, issues: Issue[]): void;
}

interface CompiledEvent {
  event: PlanEvent;
  validate: CompiledSchema;
  params: Map<string, PlanParameter>;
  items: Map<string, PlanParameter>;
  /** What a finding says the plan expects, written once per plan version rather than per finding. */
  expectedParams: string;
  expectedItems: string;
  described: Map<string, string>;
  describedItems: Map<string, string>;
}

const byName = (list: readonly PlanParameter[] | undefined) => new Map((list ?? []).map((p) => [p.name, p]));
const describedByName = (list: readonly PlanParameter[] | undefined) => new Map((list ?? []).map((p) => [p.name, describeParameter(p)]));

/** "parameters a, b, c" (at most 12 names), or "no parameters". */
function listed(what: string, names: readonly string[]): string {
  return names.length > 0 ? `${what}s ${names.slice(0, 12).join(', ')}${names.length > 12 ? ', …' : ''}` : `no ${what}s`;
}

function show(v: ParamValue | undefined): string {
  const s = typeof v === 'string' ? `"${v}"` : JSON.stringify(v) ?? 'nothing';
  return s.length > 60 ? `${s.slice(0, 57)}…` : s;
}

function kindOf(v: unknown): string {
  if (typeof v === 'number') return Number.isInteger(v) ? 'an integer' : 'a number';
  if (typeof v === 'string') return 'text';
  if (typeof v === 'boolean') return 'a boolean';
  if (Array.isArray(v)) return 'a list';
  return v === null ? 'null' : 'an object';
}

/** gtag sends every ep.* as text: "true"/"false" count as booleans where the plan says boolean. */
function coerce(value: ParamValue, planned: PlanParameter | undefined, gtag: boolean): ParamValue {
  if (gtag && planned?.type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

/**
 * Compiles a plan once (one schema per event and one for user properties) into a check. Compile
 * it once per plan version and reuse it: compiling is the expensive part.
 */
export function compilePlanCheck(plan: TrackingPlanDocument, compile: SchemaCompiler): PlanCheck {
  const version = planVersionLabel(plan);
  const events = new Map<string, CompiledEvent>();
  for (const ev of plan.events)
    events.set(ev.name, {
      event: ev,
      validate: compile(eventSchema(ev)),
      params: byName(ev.parameters),
      items: byName(ev.itemParameters),
      expectedParams: listed('parameter', (ev.parameters ?? []).map((p) => p.name)),
      expectedItems: listed('item parameter', (ev.itemParameters ?? []).map((p) => p.name)),
      described: describedByName(ev.parameters),
      describedItems: describedByName(ev.itemParameters),
    });
  const expectedEvents = listed('event', plan.events.filter((e) => e.status !== 'deprecated').map((e) => e.name));
  const userProps = byName(plan.userProperties);
  const describedUserProps = describedByName(plan.userProperties);
  const expectedUserProps = `user properties ${[...userProps.keys()].slice(0, 12).join(', ')}`;
  const validateUserProps = userProps.size > 0 ? compile(userPropertiesSchema(plan)) : undefined;
  const registered = plan.customDefinitions && plan.customDefinitions.length > 0 ? plan.customDefinitions : undefined;
  const registeredEvent = new Set(registered?.filter((d) => d.scope === 'event').map((d) => d.parameterName));
  const registeredUser = new Set(registered?.filter((d) => d.scope === 'user').map((d) => d.parameterName));
  const registeredItem = new Set(registered?.filter((d) => d.scope === 'item').map((d) => d.parameterName));
  const severity = (kind: PlanFindingKind): Severity | undefined => {
    const s = plan.severities?.[kind] ?? DEFAULT_PLAN_SEVERITIES[kind];
    return s === 'off' ? undefined : s;
  };
  const severities = new Map<PlanFindingKind, Severity | undefined>(Object.keys(DEFAULT_PLAN_SEVERITIES).map((k) => [k as PlanFindingKind, severity(k as PlanFindingKind)]));

  const emit = (issues: Issue[], kind: PlanFindingKind, ev: DecodedEvent, path: string, message: string, expectation: Omit<PlanExpectation, 'version' | 'versionId'>) => {
    const s = severities.get(kind);
    if (s === undefined) return;
    const planRef: PlanExpectation = { version, ...(plan.versionId !== undefined ? { versionId: plan.versionId } : {}), ...expectation };
    issues.push({
      ruleId: kind,
      severity: s,
      family: 'plan',
      tier: 'plan',
      path,
      message: `${message} (plan ${version}: ${expectation.expected})`,
      eventIndex: ev.index,
      eventName: ev.name,
      validationCode: undefined,
      plan: planRef,
    });
  };

  /** Maps one schema error of an event (or its items) to a finding. */
  const report = (issues: Issue[], ev: DecodedEvent, at: string, compiled: CompiledEvent, data: Record<string, unknown>, e: SchemaError) => {
    const name = ev.name as string;
    const segments = e.instancePath.split('/').slice(1);
    const inItems = segments[0] === 'items' && segments.length >= 2;
    const itemIndex = inItems ? Number(segments[1]) : -1;
    const described = inItems ? compiled.describedItems : compiled.described;
    const base = inItems ? `${at}.items[${itemIndex}]` : `${at}.params`;
    const what = inItems ? `item parameter` : 'parameter';
    const record = (inItems ? (data.items as Array<Record<string, unknown>>)[itemIndex] : data) as Record<string, unknown>;
    if (e.keyword === 'required') {
      const p = String(e.params.missingProperty);
      emit(issues, 'plan.missing_required_parameter', ev, `${base}.${p}`, `"${name}" is missing the required ${what} "${p}".`, { event: name, parameter: p, expected: described.get(p) ?? 'required' });
      return;
    }
    if (e.keyword === 'additionalProperty' || e.keyword === 'additionalProperties') {
      const p = String(e.params.additionalProperty);
      emit(issues, 'plan.unplanned_parameter', ev, `${base}.${p}`, `"${name}" sends the ${what} "${p}", which the plan does not list.`, {
        event: name,
        parameter: p,
        expected: inItems ? compiled.expectedItems : compiled.expectedParams,
      });
      return;
    }
    const p = inItems ? segments[2] : segments[0];
    if (p === undefined) return;
    const expected = described.get(p) ?? 'see plan';
    const value = record[p];
    if (e.keyword === 'type') {
      emit(issues, 'plan.parameter_type', ev, `${base}.${p}`, `"${name}" sends the ${what} "${p}" as ${kindOf(value)} (${show(value as ParamValue)}), not as ${String(e.params.type) === 'integer' ? 'an integer' : `${String(e.params.type) === 'boolean' ? 'a boolean' : `a ${String(e.params.type)}`}`}.`, { event: name, parameter: p, expected });
      return;
    }
    emit(issues, 'plan.value_not_allowed', ev, `${base}.${p}`, `"${name}" sends ${show(value as ParamValue)} as the ${what} "${p}", which the plan does not allow.`, { event: name, parameter: p, expected });
  };

  return {
    plan,
    check(req, issues) {
      const gtag = req.format === 'gtag';
      let userPropsChecked = false;
      for (const ev of req.events) {
        const name = ev.name;
        if (name === undefined || name === '') continue;
        const at = `events[${ev.index}]`;
        const compiled = events.get(name);
        if (!compiled) {
          if (!AUTOMATIC_EVENTS.has(name)) emit(issues, 'plan.unplanned_event', ev, `${at}.name`, `The event "${name}" is not in the tracking plan.`, { event: name, expected: expectedEvents });
        } else {
          if (compiled.event.status === 'deprecated') emit(issues, 'plan.deprecated_event', ev, `${at}.name`, `The event "${name}" is deprecated in the tracking plan.`, { event: name, expected: 'deprecated: stop sending it' });
          const data: Record<string, unknown> = {};
          for (const k of Object.keys(ev.params)) {
            const planned = compiled.params.get(k);
            if (!planned && AUTOMATIC_PARAMS.has(k)) continue;
            data[k] = coerce(ev.params[k] as ParamValue, planned, gtag);
          }
          // gtag sends the currency as `cu`, not as a parameter; the plan names it `currency`.
          if (ev.currency !== undefined && data.currency === undefined && ev.currencySource === 'cu') data.currency = ev.currency;
          if (ev.items.length > 0) data.items = ev.items.map((item) => {
            const out: Record<string, unknown> = {};
            for (const k of Object.keys(item)) out[k] = coerce(item[k] as ParamValue, compiled.items.get(k), gtag);
            return out;
          });
          for (const e of compiled.validate(data)) report(issues, ev, at, compiled, data, e);
        }
        if (registered) {
          for (const k of Object.keys(ev.params)) {
            if (AUTOMATIC_PARAMS.has(k) || STANDARD_EVENT_PARAMS.has(k) || RESERVED_WEB_PARAM_NAMES.has(k) || registeredEvent.has(k) || registeredItem.has(k)) continue;
            emit(issues, 'plan.unregistered_dimension', ev, `${at}.params.${k}`, `"${k}" is sent but not registered as a custom dimension or metric in GA4, so GA4 reports drop it.`, { event: name, parameter: k, expected: 'registered event-scoped custom dimensions or metrics' });
          }
          ev.items.forEach((item, i) => {
            for (const k of Object.keys(item)) {
              if (STANDARD_ITEM_FIELDS.has(k) || registeredItem.has(k)) continue;
              emit(issues, 'plan.unregistered_dimension', ev, `${at}.items[${i}].${k}`, `The item parameter "${k}" is sent but not registered as an item-scoped custom dimension in GA4.`, { event: name, parameter: k, expected: 'registered item-scoped custom dimensions' });
            }
          });
        }
        if (!userPropsChecked && Object.keys(ev.userProperties).length > 0) {
          // User properties ride on every event of a hit: judged once per hit, on the first that carries them.
          userPropsChecked = true;
          const data: Record<string, unknown> = {};
          for (const [k, up] of Object.entries(ev.userProperties)) data[k] = coerce(up.value, userProps.get(k), gtag);
          if (validateUserProps)
            for (const e of validateUserProps(data)) {
              const p = e.keyword === 'required' ? String(e.params.missingProperty) : e.keyword === 'additionalProperties' ? String(e.params.additionalProperty) : (e.instancePath.split('/')[1] ?? '');
              const path = `${at}.user_properties.${p}`;
              const expected = describedUserProps.get(p) ?? expectedUserProps;
              if (e.keyword === 'required') emit(issues, 'plan.missing_required_parameter', ev, path, `The hit is missing the required user property "${p}".`, { parameter: p, expected });
              else if (e.keyword === 'additionalProperties') emit(issues, 'plan.unplanned_parameter', ev, path, `The hit sends the user property "${p}", which the plan does not list.`, { parameter: p, expected });
              else if (e.keyword === 'type') emit(issues, 'plan.parameter_type', ev, path, `The user property "${p}" is sent as ${kindOf(data[p])} (${show(data[p] as ParamValue)}).`, { parameter: p, expected });
              else emit(issues, 'plan.value_not_allowed', ev, path, `The user property "${p}" is ${show(data[p] as ParamValue)}, which the plan does not allow.`, { parameter: p, expected });
            }
          if (registered)
            for (const k of Object.keys(data))
              if (!registeredUser.has(k)) emit(issues, 'plan.unregistered_dimension', ev, `${at}.user_properties.${k}`, `The user property "${k}" is sent but not registered as a user-scoped custom dimension in GA4.`, { parameter: k, expected: 'registered user-scoped custom dimensions' });
        }
      }
    },
  };
}
