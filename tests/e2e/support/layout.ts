import { expect, type Locator, type Page } from '@playwright/test';

/** Whether the page scrolls sideways: something is wider than the window. */
export async function expectNoHorizontalOverflow(page: Page, label: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${label}: page wider than the window by ${overflow}px`).toBeLessThanOrEqual(0);
}

/** Whether an element's own text is cut (ellipsis or clipped): its content is wider than its box. */
export async function expectTextNotCut(locator: Locator) {
  const cut = await locator.evaluate((element) => {
    const inner = Array.from(element.querySelectorAll<HTMLElement>('*')).concat(element as HTMLElement);
    return inner.some((node) => node.scrollWidth > node.clientWidth + 1 && getComputedStyle(node).overflow !== 'visible');
  });
  expect(cut, `text cut in ${await locator.innerText()}`).toBe(false);
}
