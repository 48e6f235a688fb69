import { expect, type Locator, type Page } from '@playwright/test';

/** Whether the page scrolls sideways: something is wider than the window. `soft`: report and go on (a walk over many pages names them all). */
export async function expectNoHorizontalOverflow(page: Page, label: string, { soft = false } = {}) {
  const measure = () => page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // The innermost element sticking out past the window's right edge names the cause in the failure.
    const outside = Array.from(document.body.querySelectorAll<HTMLElement>('*')).filter((el) => el.getBoundingClientRect().right > width + 1);
    const innermost = outside.filter((el) => !outside.some((other) => other !== el && el.contains(other)));
    const describe = (el: HTMLElement) => `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[data-testid=${el.getAttribute('data-testid')}]` : ''}.${el.className.toString().split(' ').slice(0, 2).join('.')} "${(el.textContent ?? '').slice(0, 40)}"`;
    return { overflow: document.documentElement.scrollWidth - width, culprit: innermost.slice(0, 3).map(describe).join(' | ') };
  });
  let last = await measure();
  if (last.overflow > 0) {
    // Right after a resize the page re-lays out over a few frames (the shell's transitions, charts
    // measuring their box): judge the settled layout, so only an overflow that stays fails.
    await expect
      .poll(async () => (last = await measure()).overflow, { timeout: 5_000 })
      .toBeLessThanOrEqual(0)
      .catch(() => undefined);
  }
  const { overflow, culprit } = last;
  (soft ? expect.soft : expect)(overflow, `${label}: page wider than the window by ${overflow}px (${culprit})`).toBeLessThanOrEqual(0);
}

/** Whether an element's own text is cut (ellipsis or clipped): its content is wider than its box. */
export async function expectTextNotCut(locator: Locator) {
  const cut = await locator.evaluate((element) => {
    const inner = Array.from(element.querySelectorAll<HTMLElement>('*')).concat(element as HTMLElement);
    return inner.some((node) => node.scrollWidth > node.clientWidth + 1 && getComputedStyle(node).overflow !== 'visible');
  });
  expect(cut, `text cut in ${await locator.innerText()}`).toBe(false);
}
