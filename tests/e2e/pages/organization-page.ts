import { expect, type Locator, type Page } from '@playwright/test';
import { chooseOption } from './select';

/** /app/organization and /app/organization/create. */
export class OrganizationPage {
  readonly settingsForm: Locator;

  constructor(private readonly page: Page) {
    this.settingsForm = page.getByRole('form', { name: 'Organization settings' });
  }

  async goto() {
    await this.page.goto('/app/organization');
    await expect(this.page.getByRole('main').getByRole('heading', { level: 1, name: 'Organization' })).toBeVisible();
  }

  async rename(name: string) {
    await this.settingsForm.getByRole('textbox', { name: 'Organization name' }).fill(name);
    await this.settingsForm.getByRole('button', { name: 'Save changes' }).click();
  }

  async deleteOrganization(confirmName: string) {
    await this.page.getByRole('button', { name: 'Delete organization' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Delete organization' });
    const confirm = dialog.getByRole('button', { name: 'Delete permanently' });
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Organization name' }).fill(confirmName);
    await confirm.click();
  }

  async create(values: { name: string; slug: string; plan: 'Free' | 'Starter' | 'Pro' }) {
    await this.page.goto('/app/organization/create');
    const form = this.page.getByRole('form', { name: 'Create organization' });
    await form.getByRole('textbox', { name: 'Organization name' }).fill(values.name);
    await form.getByRole('textbox', { name: 'Organization slug' }).fill(values.slug);
    await chooseOption(this.page, 'Plan', values.plan, form);
    await form.getByRole('button', { name: 'Create organization' }).click();
  }
}
