import { expect, type Locator, type Page } from '@playwright/test';
import { chooseOption } from './select';

/** /app/alerts: open alerts (most severe first) and the alert rules. */
export class AlertsPage {
  readonly openAlerts: Locator;

  constructor(private readonly page: Page) {
    this.openAlerts = page.getByTestId('open-alerts').getByTestId('alert-row');
  }

  async goto() {
    await this.page.goto('/app/alerts');
    await expect(this.page.getByRole('main').getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  }

  /** A "rule fails" alert rule for one website that also alerts on information-level findings. */
  async addRuleFailingWithInfo(name: string, websiteName: string) {
    await this.page.getByRole('tab', { name: 'Rules' }).click();
    await this.page.getByRole('button', { name: 'New rule' }).click();
    const form = this.page.getByRole('dialog', { name: 'New alert rule' });
    await form.getByRole('textbox', { name: 'Name' }).fill(name);
    await chooseOption(this.page, 'When', 'A rule fails', form);
    await form.getByLabel('At least (findings)').fill('1');
    await form.getByRole('switch', { name: 'Also alert on information-level findings' }).check();
    await chooseOption(this.page, 'Websites', websiteName, form);
    await form.getByRole('button', { name: 'Save rule' }).click();
    await expect(form).toBeHidden();
    await expect(this.page.getByTestId('alert-rule').filter({ hasText: name })).toContainText('info findings included');
    await this.page.getByRole('tab', { name: /^Alerts/ }).click();
  }
}
