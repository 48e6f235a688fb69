/**
 * The only JavaScript of a static public page (marketing, docs, blog, pricing): the build
 * prerenders those pages to HTML and CSS (vite.web.config.ts) and gives them this entry instead of
 * the app's, so a phone paints and is usable without starting React, the router and Mantine. It
 * does what those pages need a script for:
 * - a signed-in visitor goes to the dashboard (the spec's redirect for public routes);
 * - the header's menu button opens the navigation on a phone;
 * - the og:url link-preview tag, which needs the site's origin.
 * Every link is a plain link: following one loads that page (static, or the app where it is needed).
 * It imports no module of the app, so the build makes it one small file of its own.
 */
import './public-page.css';

const DASHBOARD_PATH = '/app/dashboard';

/**
 * Whether browser storage holds a supabase-js session: it keys it `sb-<project>-auth-token` and
 * removes it on sign-out or when its refresh fails (the app's bootstrap reads the same key, in
 * app/bootstrap.ts mayHaveSession; a stale one ends on /login through the dashboard's guard).
 */
function hasStoredSession(): boolean {
  try {
    for (let index = 0; index < window.localStorage.length; index += 1) {
      if (/^sb-.+-auth-token$/.test(window.localStorage.key(index) ?? '')) return true;
    }
  } catch {
    // Storage blocked (privacy settings): nobody is signed in on this page.
  }
  return false;
}

/**
 * The menu button (Mantine's Burger, prerendered closed) shows the header's own navigation and
 * its Sign in / Start free links as a panel under the header: that markup is already there (the
 * wide-screen navigation and buttons, hidden on a phone by Mantine's responsive classes, which
 * are taken off while the menu is open), so nothing is rendered twice.
 */
function wireMenuButton(): void {
  const header = document.querySelector('header');
  const button = header?.querySelector<HTMLButtonElement>('button.mantine-Burger-root');
  const row = button?.parentElement;
  if (!header || !button || !row) return;
  const parts = [
    { element: row.querySelector('nav'), hiddenBy: 'mantine-visible-from-md' },
    { element: row.querySelector('a[href="/signup"]')?.parentElement, hiddenBy: 'mantine-visible-from-sm' },
  ].filter((part): part is { element: HTMLElement; hiddenBy: string } => part.element instanceof HTMLElement);
  parts.forEach((part) => part.element.setAttribute('data-public-menu', ''));
  const lines = button.querySelector('.mantine-Burger-burger');
  button.setAttribute('aria-expanded', 'false');
  const setOpen = (open: boolean) => {
    header.toggleAttribute('data-menu-open', open);
    parts.forEach((part) => part.element.classList.toggle(part.hiddenBy, !open));
    button.setAttribute('aria-expanded', String(open));
    button.setAttribute('aria-label', open ? 'Close menu' : 'Open menu');
    lines?.toggleAttribute('data-opened', open);
  };
  button.addEventListener('click', () => setOpen(!header.hasAttribute('data-menu-open')));
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !header.hasAttribute('data-menu-open')) return;
    setOpen(false);
    button.focus();
  });
}

/** og:url, the one link-preview tag the build cannot write: it needs the site's origin (usePageTitle sets the same in the app). */
function addPageUrl(): void {
  if (document.head.querySelector('meta[property="og:url"]')) return;
  const meta = document.createElement('meta');
  meta.setAttribute('property', 'og:url');
  meta.content = `${window.location.origin}${window.location.pathname}`;
  document.head.appendChild(meta);
}

if (hasStoredSession()) window.location.replace(DASHBOARD_PATH);
else {
  addPageUrl();
  wireMenuButton();
}
