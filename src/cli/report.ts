import type { DecodedEvent, Issue, ParamValue, ValidationResult } from '../shared/ga4';

const SEVERITY_LABEL: Record<Issue['severity'], string> = { error: 'ERROR  ', warning: 'WARNING', info: 'INFO   ' };

function short(v: ParamValue | undefined, max = 40): string {
  const s = typeof v === 'string' ? v : JSON.stringify(v) ?? '';
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

function describeEvent(ev: DecodedEvent): string {
  const parts: string[] = [];
  const params = Object.entries(ev.params);
  if (params.length > 0) parts.push(`params ${params.slice(0, 8).map(([k, v]) => `${k}=${short(v, 30)}`).join(', ')}${params.length > 8 ? `, +${params.length - 8} more` : ''}`);
  if (ev.currency) parts.push(`currency ${ev.currency}`);
  if (ev.items.length > 0) parts.push(`${ev.items.length} item${ev.items.length === 1 ? '' : 's'} (${ev.items.slice(0, 3).map((i) => short(i.item_id ?? i.item_name ?? '?', 20)).join(', ')})`);
  const ups = Object.keys(ev.userProperties);
  if (ups.length > 0) parts.push(`user properties ${ups.join(', ')}`);
  if (ev.page.location) parts.push(`page ${short(ev.page.location, 60)}`);
  return `[${ev.index}] ${ev.name ?? '(no name)'}${parts.length > 0 ? `  ${parts.join('; ')}` : ''}`;
}

/** A readable report for one request: what was decoded, then what is wrong. */
export function formatResult(label: string, result: ValidationResult): string {
  const lines: string[] = [];
  const r = result.request;
  const what = r
    ? `${r.format === 'gtag' ? 'gtag /g/collect' : r.endpoint === 'mp_debug' ? 'Measurement Protocol (debug)' : 'Measurement Protocol'} ${r.method}${r.host ? ` ${r.host}` : ''}${r.measurementId ? `, ${r.measurementId}` : ''}${r.clientId ? `, client ${short(r.clientId, 30)}` : ''}`
    : 'could not be decoded';
  lines.push(`== ${label}`);
  lines.push(`   ${what}`);
  const { error, warning, info } = result.counts;
  lines.push(`   status: ${result.status.toUpperCase()} (${error} error${error === 1 ? '' : 's'}, ${warning} warning${warning === 1 ? '' : 's'}, ${info} info)`);
  if (result.decodeError) lines.push(`   decode error ${result.decodeError.code}: ${result.decodeError.message}`);
  if (result.events.length > 0) {
    lines.push('   events:');
    for (const ev of result.events) lines.push(`     ${describeEvent(ev)}`);
  }
  if (result.issues.length > 0) {
    lines.push('   issues:');
    const order = { error: 0, warning: 1, info: 2 };
    const sorted = [...result.issues].sort((a, b) => order[a.severity] - order[b.severity]);
    for (const i of sorted) lines.push(`     ${SEVERITY_LABEL[i.severity]} ${i.ruleId}  ${i.path}  ${i.message}`);
  } else lines.push('   no issues');
  return `${lines.join('\n')}\n`;
}
