/**
 * The tracker script in real Chromium: a page served by this test loads Tracklint's /t.js and a
 * stub gtag that sends real-format hits to a fake GA endpoint (another local server) by fetch,
 * sendBeacon, XMLHttpRequest and an image. Google's copies must arrive unchanged; Tracklint's
 * copies must be stored, validated, and readable by the owning organization only.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { createTenant, signUpConfirmed, type Persona, type Tenant } from '../support/personas';

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

interface GaHit {
  method: string;
  url: string;
  body: string;
}

let tenant: Tenant;
let outsider: Persona;
let site: { id: string; site_key: string };
let browser: Browser;
let gaServer: http.Server;
let pageServer: http.Server;
const gaHits: GaHit[] = [];

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

/** The page: Tracklint's tracker first (as the install guide says), then a stub gtag sending four hits four ways. */
function pageHtml(collector: string, siteKey: string, gaOrigin: string): string {
  const ga = `${gaOrigin}/g/collect?v=2&tid=G-BROWSER1&gtm=45je5580&_p=1700000000123&cid=555.1700000000&ul=en-us&sid=1700000000&sct=1&seg=1&dl=http%3A%2F%2F127.0.0.1%2Fshop&dt=Shop`;
  return `<!doctype html><html><head><title>Shop</title>
<script src="${collector}/t.js?site=${siteKey}"></script>
<script>
  window.results = {};
  (async () => {
    const r = await fetch(${JSON.stringify(ga + '&_s=1&en=page_view')}, { method: 'POST', body: '', keepalive: true, mode: 'no-cors' });
    window.results.fetchType = r.type;
    window.results.beacon = navigator.sendBeacon(${JSON.stringify(ga + '&_s=2')}, 'en=scroll&epn.percent_scrolled=90');
    const x = new XMLHttpRequest();
    x.open('POST', ${JSON.stringify(ga + '&_s=3&en=click')});
    x.onload = () => { window.results.xhr = x.status; };
    x.send('');
    const img = new Image();
    img.onload = () => { window.results.img = 'loaded'; };
    img.src = ${JSON.stringify(ga + '&_s=4&en=user_engagement&_et=1200')};
    fetch('${gaOrigin}/not-analytics', { mode: 'no-cors' });
    window.results.done = true;
  })();
</script></head><body><h1>Shop</h1></body></html>`;
}

beforeAll(async () => {
  [tenant, outsider] = await Promise.all([createTenant('browser', 'pro'), signUpConfirmed('browser-outsider')]);
  const { data, error } = await tenant.owner.client.from('websites').insert({ organization_id: tenant.orgId, name: 'Local shop', domain: '127.0.0.1' }).select('id, site_key').single();
  if (error) throw error;
  site = data as typeof site;

  const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
  gaServer = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url?.startsWith('/g/collect')) gaHits.push({ method: req.method ?? '', url: req.url, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(req.method === 'GET' ? 200 : 204, { 'access-control-allow-origin': '*', ...(req.method === 'GET' ? { 'content-type': 'image/gif' } : {}) });
      res.end(req.method === 'GET' ? gif : undefined);
    });
  });
  const gaPort = await listen(gaServer);
  pageServer = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(pageHtml(inject('serverUrl'), site.site_key, `http://127.0.0.1:${gaPort}`));
  });
  await listen(pageServer);
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  gaServer?.close();
  pageServer?.close();
});

describe('tracker in Chromium', () => {
  it('mirrors fetch, sendBeacon, XHR and image hits to Tracklint without changing what goes to Google', async () => {
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(`http://127.0.0.1:${(pageServer.address() as AddressInfo).port}/shop`);
    await page.waitForFunction(() => {
      const r = (window as unknown as { results: Record<string, unknown> }).results;
      return r.done && r.xhr !== undefined && r.img !== undefined;
    });
    const results = await page.evaluate(() => (window as unknown as { results: Record<string, unknown> }).results);
    // The page's own calls behaved exactly as without the tracker.
    expect(results).toMatchObject({ fetchType: 'opaque', beacon: true, xhr: 204, img: 'loaded' });
    expect(pageErrors).toEqual([]);

    // Google's endpoint got its four hits, untouched.
    await expect.poll(() => gaHits.length).toBe(4);
    const ga = gaHits.map((h) => `${h.method} ${new URLSearchParams(h.url.split('?')[1]).get('_s')} ${h.body}`).sort();
    expect(ga).toEqual(['GET 4 ', 'POST 1 ', 'POST 2 en=scroll&epn.percent_scrolled=90', 'POST 3 ']);

    // Tracklint stored the four copies, decoded and validated, for the owning organization.
    await expect
      .poll(async () => (await tenant.member.client.from('collected_requests').select('id').eq('website_id', site.id)).data?.length ?? 0, { timeout: 15_000 })
      .toBe(4);
    const { data: rows } = await tenant.member.client.from('collected_requests').select('event_names, source, origin_host, status, issues, method, measurement_id').eq('website_id', site.id);
    expect(rows!.map((r) => (r.event_names as string[])[0]).sort()).toEqual(['click', 'page_view', 'scroll', 'user_engagement']);
    for (const r of rows!) {
      expect(r).toMatchObject({ source: 'tracker', origin_host: '127.0.0.1', measurement_id: 'G-BROWSER1' });
      expect(['pass', 'warning', 'fail']).toContain(r.status);
      expect(Array.isArray(r.issues)).toBe(true);
    }
    expect(rows!.find((r) => (r.event_names as string[])[0] === 'user_engagement')!.method).toBe('GET');
    await page.close();

    // The first valid hit from its own domain marked the website as receiving traffic (issue 26:
    // ownership is verified by DNS, file or meta tag, not by a hit).
    const { data: websiteRow } = await tenant.member.client.from('websites').select('receiving_traffic_at').eq('id', site.id).single();
    expect(websiteRow!.receiving_traffic_at).not.toBeNull();

    // Nobody outside the organization sees them.
    const { data: foreign } = await outsider.client.from('collected_requests').select('id').eq('website_id', site.id);
    expect(foreign ?? []).toHaveLength(0);
  }, 60_000);
});
