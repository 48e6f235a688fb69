/**
 * What /demo shows, derived from the fixed sample (demo-sample.ts) and the engine's output over it
 * (demo-results.ts): nothing here is typed in by hand, so the demo cannot drift from the product.
 * Static, so /demo works without an account, a server call or a database.
 */
import { DEMO_RESULTS } from './demo-results';
import { DEMO_DAYS, DEMO_ORGANIZATION, DEMO_SAMPLE } from './demo-sample';
import type { DemoFinding, DemoResult } from './demo-engine';

export { DEMO_ORGANIZATION };
export type { DemoFinding };
export type DemoStatus = DemoResult['status'];

export interface DemoRequest {
  id: string;
  time: string;
  event: string;
  page: string;
  status: DemoStatus;
  findings: DemoFinding[];
}

const resultOf = (id: string): DemoResult => {
  const result = DEMO_RESULTS.find((r) => r.id === id);
  if (!result) throw new Error(`demo-results.ts has no result for ${id}: run npx tsx scripts/generate-demo-results.ts`);
  return result;
};

export const DEMO_REQUESTS: DemoRequest[] = DEMO_SAMPLE.map((s) => {
  const r = resultOf(s.id);
  return { id: s.id, time: s.time, page: s.page, event: r.event, status: r.status, findings: r.findings };
});

const weekly = (id: string) => DEMO_SAMPLE.find((s) => s.id === id)!.perDay.reduce((a, b) => a + b, 0);

/** Requests per day by status, oldest first. */
export const DEMO_DAY_SERIES = DEMO_DAYS.map((period, day) => {
  const row = { period, pass: 0, warning: 0, fail: 0 };
  for (const s of DEMO_SAMPLE) row[resultOf(s.id).status] += s.perDay[day] ?? 0;
  return row;
});

const total = DEMO_SAMPLE.reduce((sum, s) => sum + weekly(s.id), 0);
const passed = DEMO_REQUESTS.filter((r) => r.status === 'pass').reduce((sum, r) => sum + weekly(r.id), 0);
const findingsOf = (severity: DemoFinding['severity']) =>
  DEMO_REQUESTS.reduce((sum, r) => sum + r.findings.filter((f) => f.severity === severity).length * weekly(r.id), 0);
const integer = new Intl.NumberFormat('en-US');

export const DEMO_KPIS = [
  { label: 'Requests (7 days)', value: integer.format(total) },
  { label: 'Pass rate', value: `${((passed / total) * 100).toFixed(1)}%` },
  { label: 'Critical', value: integer.format(findingsOf('error')) },
  { label: 'Warnings', value: integer.format(findingsOf('warning')) },
] as const;

/** The rules that failed most this week, for the findings summary. */
export const DEMO_TOP_RULES = (() => {
  const byRule = new Map<string, { ruleId: string; title: string; count: number }>();
  for (const r of DEMO_REQUESTS) {
    for (const f of r.findings) {
      const entry = byRule.get(f.ruleId) ?? { ruleId: f.ruleId, title: f.title, count: 0 };
      entry.count += weekly(r.id);
      byRule.set(f.ruleId, entry);
    }
  }
  return [...byRule.values()].sort((a, b) => b.count - a.count);
})();
