import { MantineProvider } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ruleById, ruleCatalogue } from '../../../../src/shared/ga4';
import { DEMO_DAY_SERIES, DEMO_KPIS, DEMO_REQUESTS, DEMO_TOP_RULES } from '../../../../src/renderer/pages/marketing/data/demo-data';
import { runDemoEngine } from '../../../../src/renderer/pages/marketing/data/demo-engine';
import { DEMO_RESULTS } from '../../../../src/renderer/pages/marketing/data/demo-results';
import { DEMO_SAMPLE } from '../../../../src/renderer/pages/marketing/data/demo-sample';
import { DemoPage } from '../../../../src/renderer/pages/marketing/pages/DemoPage';
import { ruleTitle } from '../../../../src/renderer/components/rule-labels';

// Issue 23, defect 7: the demo is the product's own output, so it cannot cite a rule that does not exist.
function renderDemo(): string {
  return renderToString(
    <MantineProvider>
      <MemoryRouter initialEntries={['/demo']}>
        <DemoPage />
      </MemoryRouter>
    </MantineProvider>,
  );
}

const RULE_ID = /\b(?:basic|ecom|sess|attr|dq|gdpr)\.[a-z0-9_]+\b/g;

describe('the demo', () => {
  it('is the engine output over the fixed sample (regenerate with npx tsx scripts/generate-demo-results.ts)', () => {
    expect(runDemoEngine(DEMO_SAMPLE)).toEqual(DEMO_RESULTS);
  });

  it('cites only rules of the catalogue, under the names the app gives them', () => {
    const findings = DEMO_REQUESTS.flatMap((r) => r.findings);
    expect(findings.length).toBeGreaterThan(0);
    for (const f of [...findings, ...DEMO_TOP_RULES]) {
      expect(ruleById(f.ruleId), f.ruleId).toBeDefined();
      expect(f.title).toBe(ruleTitle(f.ruleId));
    }
  });

  it('every rule id on the rendered page exists, and its name is shown beside it', () => {
    const html = renderDemo();
    const ids = new Set(html.match(RULE_ID) ?? []);
    expect(ids.size).toBeGreaterThan(0);
    const known = new Set(ruleCatalogue().map((r) => r.id));
    for (const id of ids) {
      expect(known.has(id), `${id} is not in the rule catalogue`).toBe(true);
      expect(html).toContain(ruleTitle(id).replace(/&/g, '&amp;').replace(/"/g, '&quot;'));
    }
  });

  it('derives the chart and the KPIs from the sample: the days add up to the week', () => {
    const week = DEMO_DAY_SERIES.reduce((sum, d) => sum + d.pass + d.warning + d.fail, 0);
    expect(DEMO_KPIS[0].value).toBe(week.toLocaleString('en-US'));
    expect(DEMO_SAMPLE.reduce((sum, s) => sum + s.perDay.reduce((a, b) => a + b, 0), 0)).toBe(week);
  });

  it('draws its legend with a colour swatch per series', () => {
    const html = renderDemo();
    expect(html.match(/data-testid="demo-legend-swatch"/g)).toHaveLength(3);
    expect(html).toContain('background:var(--mantine-color-red-6)');
  });
});
