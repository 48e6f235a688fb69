import { expect, type Locator, type Page } from '@playwright/test';
import { AppShell } from './app-shell';

/** /app/billing: the current plan, the plan cards and the invoices. */
export class BillingPage {
  readonly currentPlan: Locator;
  readonly attention: Locator;
  readonly invoices: Locator;

  constructor(private readonly page: Page) {
    this.currentPlan = page.getByTestId('billing-current-plan');
    this.attention = page.getByTestId('billing-attention');
    this.invoices = page.getByRole('table', { name: 'Invoices' });
  }

  async open(query = '') {
    await this.page.goto(`/app/billing${query}`);
    await new AppShell(this.page).expectPage('Billing & Plans');
  }

  planCard(plan: 'free' | 'starter' | 'pro' | 'enterprise'): Locator {
    return this.page.getByTestId(`plan-card-${plan}`);
  }

  async expectStatus(text: string | RegExp) {
    await expect(this.page.getByTestId('billing-status')).toContainText(text);
  }
}
