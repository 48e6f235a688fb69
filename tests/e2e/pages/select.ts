import type { Page, Locator } from '@playwright/test';

/** Picks an option of a Mantine Select found by its accessible name (label or aria-label). */
export async function chooseOption(page: Page, name: string, option: string, scope: Page | Locator = page): Promise<void> {
  await scope.getByRole('combobox', { name, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
