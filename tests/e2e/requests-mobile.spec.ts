import { expect, test } from '@playwright/test';
import { RequestsPage } from './pages/requests-page';
import { signUpAndConfirm, websiteWithOneFailingHit } from './support/flows';

// Issue 23, defect 8: at 375 px the requests log showed no findings and its filters filled the screen.
test.use({ viewport: { width: 375, height: 740 } });

test('on a phone the requests log shows each request\'s findings count and folds its filters away', async ({ page }) => {
  await signUpAndConfirm(page, 'mobile-log');
  await websiteWithOneFailingHit(page, 'phone', 'Phone Shop');

  const requests = new RequestsPage(page);
  await requests.goto();
  await expect(requests.rows).toHaveCount(1);
  const findings = requests.rows.first().getByTestId('request-findings');
  await expect(findings).toBeInViewport();
  await expect(findings).toHaveText(/^\d+ findings?$/);
  await expect(findings.getByLabel(/1 error/)).toBeVisible();

  // The filters are one button until opened.
  const toggle = page.getByTestId('requests-filters-toggle');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('search', { name: 'Filter requests' })).toBeHidden();
  await toggle.click();
  await expect(page.getByRole('search', { name: 'Filter requests' })).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  // No horizontal scrolling on the page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
