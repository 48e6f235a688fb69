import type { DecodedEvent, Issue, OfflineRun, ParamValue, RuleMeta, ValidationResult } from '../shared/ga4';

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

const EVIDENCE_LABEL: Record<NonNullable<RuleMeta['evidence']>, string> = {
  single_hit: 'single hit',
  history: 'history',
  tenant_facts: 'tenant facts',
  capture_time: 'capture time',
};

/** Issues with their rule's documentation link, evidence and confidence (for --json). */
export function withRuleMeta(issues: readonly Issue[], meta: ReadonlyMap<string, RuleMeta>): Array<Issue & { rule?: Pick<RuleMeta, 'reference' | 'evidence' | 'confidence'> }> {
  return issues.map((i) => {
    const m = meta.get(i.ruleId);
    return m ? { ...i, rule: { reference: m.reference, evidence: m.evidence, confidence: m.confidence } } : i;
  });
}

/** Says how many checks were not evaluated and why, so a clean report is not mistaken for a full one. */
export function formatNotEvaluated(notEvaluated: OfflineRun['notEvaluated']): string {
  const parts: string[] = [];
  const { no_history: h, no_capture_time: t, no_tenant_fact: f } = notEvaluated;
  if (h.checks > 0) parts.push(`${h.checks} need the visitor's earlier hits (${h.rules.length} rule${h.rules.length === 1 ? '' : 's'}; run with --session to treat the files as one session)`);
  if (t.checks > 0) parts.push(`${t.checks} need the time the hit was captured (${t.rules.length} rule${t.rules.length === 1 ? '' : 's'}; HAR files and "# captured-at:" lines give it)`);
  if (f.checks > 0) parts.push(`${f.checks} need website facts (${f.rules.length} rule${f.rules.length === 1 ? '' : 's'}: ${f.rules.slice(0, 4).join(', ')}${f.rules.length > 4 ? ', …' : ''}; pass --settings)`);
  const total = h.checks + t.checks + f.checks;
  return total === 0 ? 'Every check was evaluated.\n' : `${total} check${total === 1 ? '' : 's'} not evaluated: ${parts.join('; ')}.\n`;
}

/** A readable report for one request: what was decoded, then what is wrong. */
export function formatResult(label: string, result: ValidationResult, meta?: ReadonlyMap<string, RuleMeta>): string {
  const lines: string[] = [];
  const r = result.request;
  const what = r
    ? `${r.format === 'gtag' ? 'gtag /g/collect' : r.endpoint === 'mp_debug' ? 'Measurement Protocol (debug)' : 'Measurement Protocol'} ${r.method}${r.host ? ` ${r.host}` : ''}${r.measurementId ? `, ${r.measurementId}` : ''}${r.clientId ? `, client ${short(r.clientId, 30)}` : ''}`
    : result.notGa4Collection
      ? 'not GA4 collection (no GA4 rule ran)'
      : 'could not be decoded';
  lines.push(`== ${label}`);
  lines.push(`   ${what}`);
  const { error, warning, info } = result.counts;
  if (result.notGa4Collection) lines.push(`   status: NOT VALIDATED (${result.notGa4Collection.what})`);
  else lines.push(`   status: ${result.status.toUpperCase()} (${error} error${error === 1 ? '' : 's'}, ${warning} warning${warning === 1 ? '' : 's'}, ${info} info)`);
  if (result.decodeError) lines.push(`   decode error ${result.decodeError.code}: ${result.decodeError.message}`);
  if (result.events.length > 0) {
    lines.push('   events:');
    for (const ev of result.events) lines.push(`     ${describeEvent(ev)}`);
  }
  if (result.issues.length > 0) {
    lines.push('   issues:');
    const order = { error: 0, warning: 1, info: 2 };
    const sorted = [...result.issues].sort((a, b) => order[a.severity] - order[b.severity]);
    for (const i of sorted) {
      lines.push(`     ${SEVERITY_LABEL[i.severity]} ${i.ruleId}  ${i.path}  ${i.message}`);
      const m = meta?.get(i.ruleId);
      if (m?.evidence) lines.push(`             (${EVIDENCE_LABEL[m.evidence]}, ${m.confidence ?? 'high'} confidence; ${m.reference})`);
    }
  } else lines.push('   no issues');
  return `${lines.join('\n')}\n`;
}
