import { expect, type Locator, type Page } from '@playwright/test';

/** /app/api-keys. */
export class ApiKeysPageModel {
  readonly rows: Locator;

  constructor(private readonly page: Page) {
    this.rows = page.getByTestId('api-key-row');
  }

  async goto() {
    await this.page.goto('/app/api-keys');
    await expect(this.page.getByRole('main').getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();
  }

  /** Creates a key; scopes and websites (by label) are chosen in the form when given. */
  async create(name: string, options: { scopes?: Array<'Read' | 'Write' | 'Collect'>; websites?: string[] } = {}): Promise<string> {
    await this.page.getByRole('textbox', { name: 'Key name' }).fill(name);
    if (options.scopes) {
      for (const scope of ['Read', 'Write', 'Collect'] as const) {
        const box = this.page.getByRole('checkbox', { name: new RegExp(`^${scope}:`) });
        if (options.scopes.includes(scope)) await box.check();
        else await box.uncheck();
      }
    }
    for (const website of options.websites ?? []) {
      await this.page.getByRole('combobox', { name: 'Websites' }).click();
      await this.page.getByRole('option', { name: website }).click();
    }
    await this.page.getByRole('button', { name: 'Create key' }).click();
    const key = this.page.getByTestId('created-api-key');
    await expect(key).toHaveText(/^tlk_[0-9a-f]{64}$/);
    const text = (await key.textContent()) ?? '';
    await this.page.getByRole('button', { name: 'Done' }).click();
    return text;
  }
}
