import { expect, type Locator, type Page } from '@playwright/test';

/** /app/tracking-plan: the plan, its draft to review, versions and coverage. */
export class TrackingPlanPage {
  readonly draftTable: Locator;
  readonly version: Locator;
  readonly coverage: Locator;
  readonly driftTimeline: Locator;

  constructor(private readonly page: Page) {
    this.draftTable = page.getByTestId('draft-table');
    this.version = page.getByTestId('plan-version');
    this.coverage = page.getByTestId('plan-coverage');
    this.driftTimeline = page.getByTestId('drift-timeline');
  }

  async goto() {
    await this.page.goto('/app/tracking-plan');
    await expect(this.page.getByRole('main').getByRole('heading', { level: 1, name: 'Tracking plan' })).toBeVisible();
  }

  async createFromTraffic() {
    await this.page.getByRole('button', { name: 'Create the plan from traffic' }).click();
    await expect(this.draftTable).toBeVisible();
  }

  event(name: string): Locator {
    return this.page.locator(`[data-testid="draft-event"][data-event-name="${name}"]`);
  }

  parameter(path: string): Locator {
    return this.page.locator(`[data-testid="draft-parameter"][data-parameter="${path}"]`);
  }

  async rejectParameter(path: string) {
    await this.page.getByRole('button', { name: `Reject parameter ${path}` }).click();
    await expect(this.parameter(path)).toHaveCount(0);
  }

  async publish() {
    await this.page.getByRole('button', { name: 'Publish draft' }).click();
  }
}
