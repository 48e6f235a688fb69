import { expect, test } from '@playwright/test';
import { toast } from './pages/app-shell';
import { RulesPage } from './pages/rules-page';
import { chooseOption } from './pages/select';
import { expectNoSeriousViolations } from './support/axe';
import { signUpAndConfirm } from './support/flows';

test('a custom rule built visually round-trips with its JSON, is tested on a sample and saved', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpAndConfirm(page, 'builder', 'pro');
  const rules = new RulesPage(page);
  await rules.goto('custom', 'Custom rules');
  await page.getByRole('button', { name: 'New custom rule' }).click();
  const editor = rules.editor();
  await editor.getByRole('textbox', { name: 'Name' }).fill('Purchases carry a coupon in euros');

  // The builder shows the starting conditions: a precondition and one requirement.
  const builder = editor.getByTestId('condition-builder');
  await expect(builder.getByLabel('Field of when, condition 1', { exact: true })).toHaveValue('params.value');
  await expect(builder.getByLabel('Field of assert, condition 1', { exact: true })).toHaveValue('params.coupon');
  // A second requirement: the currency is one of EUR.
  await builder.getByRole('group', { name: 'Each checked event must have (assert)' }).getByRole('button', { name: 'Add condition' }).first().click();
  await builder.getByLabel('Field of assert, condition 2', { exact: true }).fill('params.currency');
  await chooseOption(page, 'Operator of assert, condition 2', 'is one of');
  await builder.getByLabel('Values of assert, condition 2', { exact: true }).fill('EUR');
  await builder.getByLabel('Values of assert, condition 2', { exact: true }).press('Enter');

  await expectNoSeriousViolations(page, 'custom rule builder');
  // At phone width the builder's rows wrap instead of widening the dialog.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect.poll(() => editor.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await expectNoSeriousViolations(page, 'custom rule builder at 375 px');
  await page.setViewportSize({ width: 1440, height: 900 });

  await rules.showJson();
  const json = JSON.parse(await rules.conditions().inputValue()) as unknown;
  expect(json).toEqual({
    when: { field: 'params.value', op: 'gt', value: 100 },
    assert: { all: [{ field: 'params.coupon', op: 'exists' }, { field: 'params.currency', op: 'in', values: ['EUR'] }] },
  });
  // Power users edit the JSON; the builder shows the edit.
  await rules.conditions().fill(JSON.stringify({ ...(json as object), when: { field: 'params.value', op: 'gt', value: 10 } }, null, 2));
  await rules.showBuilder();
  await expect(builder.getByLabel('Number of when, condition 1', { exact: true })).toHaveValue('10');
  await expect(builder.getByLabel('Field of assert, condition 2', { exact: true })).toHaveValue('params.currency');

  // JSON that does not parse keeps the JSON view and says why.
  await rules.showJson();
  await rules.conditions().fill('{ "assert": ');
  await editor.getByText('Builder', { exact: true }).click();
  await expect(editor.getByTestId('builder-unavailable')).toHaveText('Fix the JSON first: it does not parse.');
  await rules.conditions().fill(JSON.stringify({ when: { field: 'params.value', op: 'gt', value: 10 }, assert: { all: [{ field: 'params.coupon', op: 'exists' }, { field: 'params.currency', op: 'in', values: ['EUR'] }] } }));
  await rules.showBuilder();

  await editor.getByRole('textbox', { name: 'Sample request' }).fill('METHOD: GET\nURL: /g/collect?v=2&tid=G-X&cid=1.2&en=purchase&cu=USD&epn.value=150');
  await editor.getByRole('button', { name: 'Run test' }).click();
  await expect(page.getByTestId('sample-test-result').locator('[data-rule-id="custom.purchases-carry-a-coupon-in-euros"]').first()).toBeVisible();
  await editor.getByRole('button', { name: 'Create rule' }).click();
  await expect(toast(page, 'Custom rule saved')).toBeVisible();
  await expect(page.getByTestId('custom-rule-row')).toContainText('Purchases carry a coupon in euros');
});
