import { expect, type Page } from '@playwright/test';

export class LoginPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/login');
    await this.expectShown();
  }

  async expectShown() {
    await expect(this.page).toHaveURL(/\/login$/);
    await expect(this.page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  }

  async signIn(email: string, password: string) {
    await this.page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await this.page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }
}
