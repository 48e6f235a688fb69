import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Picks an option of a Mantine Select. The dropdown is opened again if a re-render (data arriving
 * on a loaded machine) closed it before the option showed.
 */
export async function chooseOption(page: Page, name: string, option: string, scope: Page | Locator = page): Promise<void> {
  const box = scope.getByRole('combobox', { name, exact: true });
  const item = page.getByRole('option', { name: option, exact: true });
  await expect(async () => {
    if (!(await item.isVisible())) await box.click();
    await expect(item).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await item.click();
}
