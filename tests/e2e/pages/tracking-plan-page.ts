import { readFile } from 'node:fs/promises';
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

  /** Imports a file in the chosen format through the file chooser the Import button opens. */
  async importFile(format: 'JSON Schema bundle' | 'CSV spreadsheet' | 'GA4 custom definitions', name: string, content: string) {
    await this.page.getByRole('combobox', { name: 'File format' }).selectOption({ label: format });
    const chooser = this.page.waitForEvent('filechooser');
    await this.page.getByRole('button', { name: 'Import…' }).click();
    await (await chooser).setFiles({ name, mimeType: name.endsWith('.csv') ? 'text/csv' : 'application/json', buffer: Buffer.from(content) });
  }

  /** Exports in the chosen format; returns the downloaded file's name and text. */
  async exportFile(format: 'JSON Schema bundle' | 'CSV spreadsheet' | 'GA4 custom definitions'): Promise<{ name: string; text: string }> {
    await this.page.getByRole('combobox', { name: 'File format' }).selectOption({ label: format });
    const download = this.page.waitForEvent('download');
    await this.page.getByRole('button', { name: 'Export', exact: true }).click();
    const file = await download;
    return { name: file.suggestedFilename(), text: await readFile((await file.path())!, 'utf8') };
  }

  /** The severity select of a finding kind, by its title (PLAN_FINDING_TITLES). */
  severity(title: string): Locator {
    return this.page.getByRole('form', { name: 'Severity of plan findings' }).getByRole('combobox', { name: title });
  }

  async saveSeverities() {
    await this.page.getByRole('button', { name: 'Save severities' }).click();
  }

  /** The website checkboxes of "Websites that follow this plan" (only the checked or unchecked ones when asked). */
  sharedWith(checked?: boolean): Locator {
    return this.page.getByRole('group', { name: 'Websites that follow this plan' }).getByRole('checkbox', checked === undefined ? {} : { checked });
  }

  async saveWebsites() {
    await this.page.getByRole('button', { name: 'Save websites' }).click();
  }
}
