import { expect, type Locator, type Page } from '@playwright/test';

/** The signed-in /app frame: top bar, sidebar, user menu. */
export class AppShell {
  readonly avatar: Locator;
  readonly planBadge: Locator;
  readonly navigation: Locator;

  constructor(private readonly page: Page) {
    this.avatar = page.getByTestId('org-avatar');
    this.planBadge = page.getByTestId('plan-badge');
    this.navigation = page.getByRole('navigation', { name: 'Main navigation' });
  }

  async expectPage(heading: string) {
    await expect(this.page.getByRole('main').getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }

  async openUserMenu() {
    await this.page.getByRole('button', { name: /Open user menu/ }).click();
  }

  async logOut() {
    await this.openUserMenu();
    await this.page.getByRole('menuitem', { name: 'Log out' }).click();
  }
}

/** The toast on screen with this title (only one shows at a time). */
export function toast(page: Page, title: string): Locator {
  return page.getByTestId('toast').filter({ hasText: title });
}
