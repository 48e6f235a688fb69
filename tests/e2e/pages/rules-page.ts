import { expect, type Locator, type Page } from '@playwright/test';

/** /app/rules/{basic,advanced,custom}. */
export class RulesPage {
  constructor(private readonly page: Page) {}

  async goto(tier: 'basic' | 'advanced' | 'custom', heading: string) {
    await this.page.goto(`/app/rules/${tier}`);
    await expect(this.page.getByRole('main').getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }

  card(ruleId: string): Locator {
    return this.page.locator(`[data-testid="rule-card"][data-rule-id="${ruleId}"]`);
  }

  enabledSwitch(ruleId: string): Locator {
    return this.card(ruleId).getByRole('switch');
  }

  editor(): Locator {
    return this.page.getByRole('dialog');
  }

  conditions(): Locator {
    return this.editor().getByRole('textbox', { name: 'Conditions (JSON)' });
  }

  /** Switches the conditions to the JSON view (the builder shows by default). */
  async showJson() {
    await this.editor().getByText('JSON', { exact: true }).click();
    await expect(this.conditions()).toBeVisible();
  }

  async showBuilder() {
    await this.editor().getByText('Builder', { exact: true }).click();
    await expect(this.editor().getByTestId('condition-builder')).toBeVisible();
  }
}
