import { expect, type Page } from '@playwright/test';
import type { TestAccount } from '../support/test-data';
import { chooseOption } from './select';

const planName = (plan: string) => plan.charAt(0).toUpperCase() + plan.slice(1);

export class SignupPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/signup');
    await expect(this.page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  }

  async signUp(account: TestAccount) {
    await this.page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
    await this.page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
    await this.page.getByRole('textbox', { name: 'Full name', exact: true }).fill(account.fullName);
    await this.page.getByRole('textbox', { name: 'Organization name', exact: true }).fill(account.organizationName);
    // The slug follows the name until edited; make it unique for this test.
    await expect(this.page.getByRole('textbox', { name: 'Organization slug', exact: true })).toHaveValue('acme-analytics');
    await this.page.getByRole('textbox', { name: 'Organization slug', exact: true }).fill(account.organizationSlug);
    if (account.plan !== 'free') await chooseOption(this.page, 'Plan', planName(account.plan));
    await this.page.getByRole('button', { name: 'Create account' }).click();
  }
}
