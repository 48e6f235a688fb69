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
