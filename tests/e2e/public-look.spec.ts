import { expect, test, type Locator, type Page } from '@playwright/test';
import { toast } from './pages/app-shell';
import { SignupPage } from './pages/signup-page';
import { ValidationPageModel } from './pages/validation-page';
import { newAccount } from './support/test-data';

/**
 * The pages a prospect sees before paying look finished: every component there has its styles,
 * from the first paint and without JavaScript (issue 23, defects 1 to 3).
 */

/**
 * The contrast ratio (WCAG) between a control's text and what is behind it: its own background
 * or, where that is transparent, the nearest ancestor's. Unstyled Mantine buttons on a prerendered
 * page were white text on a transparent background over white: 1:1.
 */
async function textContrast(control: Locator): Promise<number> {
  return control.evaluate((element) => {
    const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const channel = (c: number) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    let background = [255, 255, 255];
    for (let node: Element | null = element; node; node = node.parentElement) {
      const [r, g, b, alpha = 1] = rgb(getComputedStyle(node).backgroundColor);
      if (alpha > 0.5) {
        background = [r ?? 0, g ?? 0, b ?? 0];
        break;
      }
    }
    const text = luminance(rgb(getComputedStyle(element).color));
    const behind = luminance(background);
    return (Math.max(text, behind) + 0.05) / (Math.min(text, behind) + 0.05);
  });
}

async function expectReadable(control: Locator, label: string) {
  await expect(control, label).toBeVisible();
  expect(await textContrast(control), `${label}: contrast of its text`).toBeGreaterThanOrEqual(4.5);
}

/** A filled button: its own background differs from the page's white. */
async function expectFilled(control: Locator, label: string) {
  const background = await control.evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(background, `${label}: background`).not.toMatch(/^rgba?\(255, 255, 255|rgba\(0, 0, 0, 0\)|^transparent$/);
}

test.describe('prerendered marketing pages with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the header, hero and pricing buttons are painted with their styles', async ({ page }) => {
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const header = page.getByRole('banner');
      if (width === 1440) {
        await expectReadable(header.getByRole('link', { name: 'Sign in' }), `header Sign in at ${width}px`);
        await expectReadable(header.getByRole('link', { name: 'Start free' }), `header Start free at ${width}px`);
        await expectFilled(header.getByRole('link', { name: 'Start free' }), `header Start free at ${width}px`);
      }
      const hero = page.getByRole('main');
      await expectReadable(hero.getByRole('link', { name: 'Start free' }).first(), `hero Start free at ${width}px`);
      await expectFilled(hero.getByRole('link', { name: 'Start free' }).first(), `hero Start free at ${width}px`);
      await expectReadable(hero.getByRole('link', { name: 'See the demo' }), `hero See the demo at ${width}px`);

      await page.goto('/pricing');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const planButtons = page.getByRole('main').locator('a.mantine-Button-root');
      expect(await planButtons.count(), 'plan buttons on /pricing').toBeGreaterThanOrEqual(3);
      for (const button of await planButtons.all()) await expectReadable(button, `/pricing ${await button.innerText()} at ${width}px`);
    }
  });
});

/** No control of the page is drawn taller than a control can be (the checkbox icon was 700 px tall). */
async function expectControlsOfNormalSize(page: Page) {
  const tallest = await page.getByRole('main').evaluate((main) =>
    Array.from(main.querySelectorAll<HTMLElement | SVGElement>('form input, form button, form svg'))
      .map((element) => ({ what: `${element.tagName} ${element.getAttribute('aria-label') ?? element.textContent?.slice(0, 30) ?? ''}`, height: element.getBoundingClientRect().height }))
      .sort((a, b) => b.height - a.height)[0],
  );
  expect(tallest?.height ?? 0, `tallest control: ${tallest?.what}`).toBeLessThanOrEqual(40);
}

test('the public validation page draws its mode choice and EU checkbox as the app does', async ({ page }) => {
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await new ValidationPageModel(page).goto();
    await expectControlsOfNormalSize(page);
    // The mode choice is a segmented control: its radios are hidden behind styled labels, not bare browser radios.
    const radios = page.getByRole('radio');
    expect(await radios.count()).toBe(2);
    for (const radio of await radios.all()) expect(await radio.evaluate((element) => getComputedStyle(element).opacity)).toBe('0');
    const euCheckbox = page.getByRole('checkbox', { name: /visitors in the EU/ });
    expect(await euCheckbox.evaluate((element) => getComputedStyle(element).appearance)).toBe('none');
    await euCheckbox.check();
    await expectControlsOfNormalSize(page);
  }
});

test('toasts on the auth pages are drawn as toasts', async ({ page }) => {
  const signup = new SignupPage(page);
  await signup.goto();
  await signup.signUp(newAccount('toast-look'));
  const created = toast(page, 'Account created!');
  await expect(created).toBeVisible();
  const look = await created.evaluate((element) => {
    const style = getComputedStyle(element);
    return { shadow: style.boxShadow, radius: parseFloat(style.borderTopLeftRadius), padding: parseFloat(style.paddingLeft), background: style.backgroundColor };
  });
  expect(look.shadow, 'a toast has a shadow').not.toBe('none');
  expect(look.radius, 'a toast has rounded corners').toBeGreaterThan(0);
  expect(look.padding, 'a toast has padding').toBeGreaterThan(0);
  expect(look.background).toBe('rgb(255, 255, 255)');
  // Its close button is a small round button, not a bare ×.
  const close = created.getByRole('button');
  const box = await close.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(20);
});
