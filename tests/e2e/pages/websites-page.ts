import { expect, type Locator, type Page } from '@playwright/test';

/** /app/websites and /app/websites/add. */
export class WebsitesPage {
  readonly installPanel: Locator;

  constructor(private readonly page: Page) {
    this.installPanel = page.getByTestId('install-panel');
  }

  async gotoAdd() {
    await this.page.goto('/app/websites/add');
    await expect(this.page.getByRole('main').getByRole('heading', { level: 1, name: 'Add website' })).toBeVisible();
  }

  async add(values: { name: string; domain: string; measurementIds: string }) {
    const form = this.page.getByRole('form', { name: 'Add a website' });
    await form.getByRole('textbox', { name: 'Name' }).fill(values.name);
    await form.getByRole('textbox', { name: 'Domain' }).fill(values.domain);
    await form.getByRole('textbox', { name: 'Measurement IDs' }).fill(values.measurementIds);
    await form.getByRole('button', { name: 'Add website' }).click();
    await expect(this.installPanel).toBeVisible();
  }

  /** The site key shown on the install panel. */
  async siteKey(): Promise<string> {
    const key = (await this.page.getByTestId('site-key').textContent())?.trim() ?? '';
    expect(key).toMatch(/^[A-Za-z0-9_-]{8,}$/);
    return key;
  }

  trackerSnippet(): Locator {
    return this.page.getByTestId('tracker-snippet');
  }

  async gotoList() {
    await this.page.goto('/app/websites');
    await expect(this.page.getByRole('main').getByRole('heading', { level: 1, name: 'Websites' })).toBeVisible();
  }

  row(domain: string): Locator {
    return this.page.getByTestId('website-row').filter({ hasText: domain });
  }
}
