import { expect, type Page } from '@playwright/test';

/**
 * A GA4 page_view as gtag sends it for the website's domain and measurement id.
 * `withoutClientId` drops cid (an error finding); `longParam` adds a 120-character parameter (a warning).
 */
export function pageViewHit(domain: string, measurementId: string, variant: 'withoutClientId' | 'longParam'): string {
  const params = new URLSearchParams({
    v: '2',
    tid: measurementId,
    gtm: '45je5641v9184715813za200',
    _p: '1749196701069',
    gcs: 'G111',
    cid: '584335997.1746564151',
    ul: 'en-us',
    sr: '1728x1117',
    _s: '1',
    sid: '1749196701',
    sct: '1',
    seg: '0',
    dl: `https://${domain}/products?utm_source=newsletter&utm_medium=email`,
    dt: 'Products',
    en: 'page_view',
    _et: '12',
  });
  if (variant === 'withoutClientId') params.delete('cid');
  else params.set('ep.page_type', 'a'.repeat(120));
  return params.toString();
}

/** Sends one hit to the collector as the website's visitors' browsers would. */
export async function sendHit(page: Page, siteKey: string, domain: string, measurementId: string, variant: 'withoutClientId' | 'longParam') {
  const response = await page.request.post(`/g/collect?site=${siteKey}&${pageViewHit(domain, measurementId, variant)}`, {
    headers: { origin: `https://${domain}`, 'content-type': 'text/plain' },
    data: '',
  });
  expect(response.status(), await response.text()).toBe(200);
}

export const DESKTOP_CHROME_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
export const HEADLESS_CHROME_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36';

/**
 * A current gtag hit (its own page load, a session that started a minute ago) for the website,
 * with the event's own parameters: no finding but the ones the event itself causes.
 */
export function gtagHit(domain: string, measurementId: string, event: Record<string, string>, index = 0): string {
  const now = Date.now();
  return new URLSearchParams({
    v: '2',
    tid: measurementId,
    _p: String(now + index),
    cid: '584335997.1746564151',
    ul: 'en-us',
    sr: '1728x1117',
    _s: '1',
    sid: String(Math.floor(now / 1000) - 60),
    sct: '1',
    seg: '1',
    dl: `https://${domain}/`,
    dt: 'Shop',
    _et: '12',
    ...event,
  }).toString();
}

/** A purchase without transaction_id, a value without currency, and an email address sent as a user property (issue 22). */
export const BROKEN_PURCHASE = { en: 'purchase', 'epn.value': '42.5', 'up.email': 'jane@example.com' };

/** Sends gtag hits to the collector with the given browser's User-Agent. */
export async function sendGtagHits(page: Page, siteKey: string, domain: string, hits: string[], userAgent: string) {
  for (const hit of hits) {
    const response = await page.request.post(`/g/collect?site=${siteKey}&${hit}`, {
      headers: { origin: `https://${domain}`, 'content-type': 'text/plain', 'user-agent': userAgent },
      data: '',
    });
    expect(response.status(), await response.text()).toBe(200);
  }
}
