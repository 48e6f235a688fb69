import { expect, type Locator, type Page } from '@playwright/test';

/** /app/requests: the log and the request detail drawer. */
export class RequestsPage {
  readonly rows: Locator;
  readonly detail: Locator;

  constructor(private readonly page: Page) {
    this.rows = page.getByTestId('request-row');
    this.detail = page.getByTestId('request-detail');
  }

  async goto(search = '') {
    await this.page.goto(`/app/requests${search ? `?${search}` : ''}`);
    await expect(this.page.getByRole('main').getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible();
  }

  async open(index = 0) {
    await this.rows.nth(index).click();
    await expect(this.detail).toBeVisible();
  }

  /** What a log row says about the rules that ran on it (shown when some did not). */
  verdictCaption(index = 0): Locator {
    return this.rows.nth(index).getByTestId('verdict-caption');
  }

  /** The drawer's verdict: headline, checks not run, and what they would have found. */
  get verdict(): Locator {
    return this.detail.getByTestId('verdict');
  }

  finding(ruleId: string): Locator {
    return this.detail.locator(`[data-testid="finding"][data-rule-id="${ruleId}"]`);
  }
}
