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

/**
 * Waits for running CSS transitions and animations to end. A drawer still fading in paints its
 * text blended with the page below, and axe would measure those in-between colours (a CI run
 * reported blue 8 on gray 0 as #2377c4 on #f8f8f8, 4.38:1, while the drawer was opening).
 */
async function settleTransitions(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // A spinner's infinite animation never finishes: only wait for the ones that end.
    const ending = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** Serious and critical axe violations on the page as it is now, one entry per rule. */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  await settleTransitions(page);
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
