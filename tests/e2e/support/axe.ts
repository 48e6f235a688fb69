import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG 2.1 A/AA rule sets: what "accessible" means for the product. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Serious and critical axe violations on the page as it is now, one entry per rule. */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    // Experimental in axe 4.10, so off by default; a link's name must contain its visible text (WCAG 2.5.3).
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      // A few nodes are enough to find the culprit; the full list would drown the report.
      targets: violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')} :: ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`),
    }));
}

/** Fails (softly, so every route of a table is reported in one run) when axe finds serious or critical violations. */
export async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  const findings = await seriousViolations(page);
  expect.soft(findings, `axe on ${label}`).toEqual([]);
}
