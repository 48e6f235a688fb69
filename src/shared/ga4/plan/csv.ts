/**
 * A plan as a spreadsheet (CSV): one row per event and one per parameter.
 *
 *   event,parameter,scope,type,required,allowed values,description,status,owner,triggers
 *   purchase,,event,,,,Order completed,live,Checkout team,Thank-you page
 *   purchase,value,event,number,yes,range:0..100000,Order total,
 *   purchase,currency,event,string,yes,EUR|USD,,
 *   purchase,item_id,item,string,yes,,,
 *   ,customer_tier,user,string,no,gold|silver,,
 *
 * `allowed values` holds a list (`a|b|c`), `/pattern/`, `range:min..max` or `maxLength:N`,
 * several of them joined with `;`. `status` (planned, live, deprecated), `owner` and `triggers`
 * are read on event rows; those three columns and `allowed values` and `description` are optional.
 */
import Papa from 'papaparse';
import { parsePlanDocument, PLAN_LIMITS, type PlanParseResult } from './document';
import { PARAMETER_TYPES, PLAN_FORMAT, type PlanParameter, type TrackingPlanDocument } from './types';

export const CSV_COLUMNS = ['event', 'parameter', 'scope', 'type', 'required', 'allowed values', 'description', 'status', 'owner', 'triggers'] as const;

function allowedCell(p: PlanParameter): string {
  const parts: string[] = [];
  if (p.allowedValues) parts.push(p.allowedValues.join('|'));
  if (p.pattern !== undefined) parts.push(`/${p.pattern}/`);
  if (p.minimum !== undefined || p.maximum !== undefined) parts.push(`range:${p.minimum ?? ''}..${p.maximum ?? ''}`);
  if (p.maxLength !== undefined) parts.push(`maxLength:${p.maxLength}`);
  return parts.join(';');
}

export function planToCsv(plan: TrackingPlanDocument): string {
  const rows: string[][] = [[...CSV_COLUMNS]];
  const param = (event: string, scope: string, p: PlanParameter) => [event, p.name, scope, p.type, p.required ? 'yes' : 'no', allowedCell(p), p.description ?? '', '', '', ''];
  for (const ev of plan.events) {
    rows.push([ev.name, '', 'event', '', '', '', ev.description ?? '', ev.status, ev.owner ?? '', ev.triggers ?? '']);
    for (const p of ev.parameters ?? []) rows.push(param(ev.name, 'event', p));
    for (const p of ev.itemParameters ?? []) rows.push(param(ev.name, 'item', p));
  }
  for (const p of plan.userProperties ?? []) rows.push(param('', 'user', p));
  return `${Papa.unparse(rows, { newline: '\n' })}\n`;
}

/** Reads an `allowed values` cell into the parameter (as plan-document fields, checked later). */
function readAllowed(cell: string, out: Record<string, unknown>, at: string, errors: string[]): void {
  for (const part of cell.split(';').map((s) => s.trim()).filter(Boolean)) {
    if (part.length >= 2 && part.startsWith('/') && part.endsWith('/')) out.pattern = part.slice(1, -1);
    else if (part.startsWith('range:')) {
      const m = /^range:(-?[\d.]*)\.\.(-?[\d.]*)$/.exec(part);
      if (!m) errors.push(`${at}: "${part}" is not a range (range:min..max)`);
      else {
        if (m[1]) out.minimum = Number(m[1]);
        if (m[2]) out.maximum = Number(m[2]);
      }
    } else if (part.startsWith('maxLength:')) out.maxLength = Number(part.slice(10));
    else out.allowedValues = part.split('|').map((v) => v.trim());
  }
}

/** Reads a plan spreadsheet. Unknown columns, types or scopes, and duplicates are named errors. */
export function csvToPlan(text: string): PlanParseResult {
  if (text.length > PLAN_LIMITS.fileBytes) return { ok: false, errors: [`the CSV file is larger than ${PLAN_LIMITS.fileBytes.toLocaleString('en-US')} bytes`] };
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  if (parsed.errors.length > 0) return { ok: false, errors: parsed.errors.slice(0, 10).map((e) => `CSV row ${(e.row ?? 0) + 1}: ${e.message}`) };
  const [header, ...rows] = parsed.data;
  if (!header) return { ok: false, errors: ['the CSV file is empty'] };
  const columns = header.map((h) => h.trim().toLowerCase());
  const unknown = columns.filter((c) => !(CSV_COLUMNS as readonly string[]).includes(c));
  if (unknown.length > 0) return { ok: false, errors: [`unknown CSV column${unknown.length > 1 ? 's' : ''} ${unknown.map((c) => `"${c}"`).join(', ')} (expected ${CSV_COLUMNS.join(', ')})`] };
  for (const required of CSV_COLUMNS.slice(0, 5)) if (!columns.includes(required)) return { ok: false, errors: [`the CSV file has no "${required}" column`] };
  const errors: string[] = [];
  const events = new Map<string, Record<string, unknown> & { parameters: unknown[]; itemParameters: unknown[] }>();
  const userProperties: unknown[] = [];
  const eventRows = new Set<string>();
  const eventOf = (name: string) => {
    let ev = events.get(name);
    if (!ev) events.set(name, (ev = { name, status: 'planned', parameters: [], itemParameters: [] }));
    return ev;
  };
  rows.forEach((cells, i) => {
    const at = `CSV row ${i + 2}`;
    const cell = (c: (typeof CSV_COLUMNS)[number]) => (cells[columns.indexOf(c)] ?? '').trim();
    const event = cell('event');
    const parameter = cell('parameter');
    const scope = cell('scope') || (parameter ? 'event' : 'event');
    if (!['event', 'item', 'user'].includes(scope)) {
      errors.push(`${at}: unknown scope "${scope}" (event, item or user)`);
      return;
    }
    if (!parameter) {
      if (!event) {
        errors.push(`${at}: an event row needs an event name`);
        return;
      }
      const ev = eventOf(event);
      if (eventRows.has(event)) errors.push(`${at}: the event "${event}" has two event rows`);
      eventRows.add(event);
      if (cell('description')) ev.description = cell('description');
      if (cell('status')) ev.status = cell('status');
      if (cell('owner')) ev.owner = cell('owner');
      if (cell('triggers')) ev.triggers = cell('triggers');
      return;
    }
    const required = cell('required').toLowerCase();
    if (!['', 'yes', 'no', 'true', 'false', 'required', 'optional'].includes(required)) errors.push(`${at}: required must be yes or no (got "${cell('required')}")`);
    const type = cell('type');
    if (!(PARAMETER_TYPES as readonly string[]).includes(type)) errors.push(`${at}: unknown type "${type}" for "${parameter}" (string, integer, number or boolean)`);
    const p: Record<string, unknown> = { name: parameter, type };
    if (['yes', 'true', 'required'].includes(required)) p.required = true;
    if (cell('description')) p.description = cell('description');
    readAllowed(cell('allowed values'), p, at, errors);
    if (scope === 'user') userProperties.push(p);
    else if (!event) errors.push(`${at}: the parameter "${parameter}" needs an event`);
    else (scope === 'item' ? eventOf(event).itemParameters : eventOf(event).parameters).push(p);
  });
  if (errors.length > 0) return { ok: false, errors: errors.slice(0, 50) };
  const doc = {
    format: PLAN_FORMAT,
    events: [...events.values()].map(({ parameters, itemParameters, ...ev }) => ({
      ...ev,
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(itemParameters.length > 0 ? { itemParameters } : {}),
    })),
    ...(userProperties.length > 0 ? { userProperties } : {}),
  };
  return parsePlanDocument(doc);
}
