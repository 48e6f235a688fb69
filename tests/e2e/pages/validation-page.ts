import { expect, type Locator, type Page } from '@playwright/test';

/** The public /validation-page. */
export class ValidationPageModel {
  readonly results: Locator;

  constructor(private readonly page: Page) {
    this.results = page.getByTestId('validation-result');
  }

  async goto() {
    await this.page.goto('/validation-page');
    await expect(this.page.getByRole('heading', { level: 1, name: 'GA4 validation' })).toBeVisible();
  }

  async trySample(label: string) {
    await this.page.getByRole('region', { name: 'Sample requests' }).getByRole('button', { name: label }).click();
  }

  async validateCapture(text: string) {
    await this.page.getByRole('textbox', { name: 'Request', exact: true }).fill(text);
    await this.page.getByRole('button', { name: 'Validate' }).click();
  }

  async pastePlan(text: string) {
    await this.page.getByRole('textbox', { name: 'Paste a tracking plan (optional)' }).fill(text);
  }

  finding(ruleId: string): Locator {
    return this.results.locator(`[data-testid="finding"][data-rule-id="${ruleId}"]`);
  }
}
