/**
 * The demo's fixed sample: five GA4 requests a small shop's site sent, as captured, and how many
 * times each was seen per day over a week. Everything /demo shows (statuses, findings, rule names,
 * the chart, the KPIs) is the real engine's output over these requests (demo-results.ts, made by
 * `npx tsx scripts/generate-demo-results.ts`; tests/unit/renderer/marketing/demo.test.ts fails
 * when it drifts from the engine or the rule catalogue).
 */
import type { CapturedRequest } from '../../../../shared/ga4/types';

export const DEMO_ORGANIZATION = { name: 'Northwind Outdoor', website: 'shop.northwind.example' };

/** Oldest first: the days of the sample week. */
export const DEMO_DAYS = ['Nov 16', 'Nov 17', 'Nov 18', 'Nov 19', 'Nov 20', 'Nov 21', 'Nov 22'] as const;

export interface DemoSampleRequest {
  id: string;
  time: string;
  page: string;
  request: CapturedRequest;
  /** How many identical hits the site sent each day of DEMO_DAYS. */
  perDay: readonly number[];
}

// The time the sample's session started from (sid and _p), so session rules see a live session.
const RECEIVED_AT = Date.UTC(2024, 10, 22, 10, 42);
const SITE = 'https://shop.northwind.example';
// One browser's session: the Google tag's own parameters, consent granted.
const TAG = 'v=2&tid=G-NW4DEMO123&gtm=45je5b10v9&_p=1732272120000&gcs=G111&gcd=13r3r3r3r5l1&ul=en-us&sr=1440x900&sid=1732271900&sct=3&seg=1&_s=4';
const CID = 'cid=1843250911.1732010000';
const TENT = 'pr1=idTENT-2P~nmSummit%202P%20tent~pr249.9~qt1';

function hit(query: string, path: string, title: string): CapturedRequest {
  const url = `https://region1.google-analytics.com/g/collect?${query}&dl=${encodeURIComponent(SITE + path)}&dt=${encodeURIComponent(title)}`;
  return { method: 'POST', url, receivedAtMs: RECEIVED_AT };
}

export const DEMO_SAMPLE: readonly DemoSampleRequest[] = [
  {
    id: 'r1',
    time: 'Nov 22, 10:42 AM',
    page: '/checkout/thank-you',
    // A purchase sent by a hand-written dataLayer push: no transaction_id and no currency.
    request: hit(`${TAG}&${CID}&en=purchase&epn.value=249.9&${TENT}`, '/checkout/thank-you', 'Thank you for your order'),
    perDay: [61, 58, 70, 144, 131, 88, 60],
  },
  {
    id: 'r2',
    time: 'Nov 22, 10:41 AM',
    page: '/tents/summit-2p',
    // A newsletter link tagged with utm_campaign only.
    request: hit(`${TAG}&${CID}&en=page_view`, '/tents/summit-2p?utm_campaign=winter-sale', 'Summit 2P tent'),
    perDay: [240, 251, 266, 302, 331, 318, 323],
  },
  {
    id: 'r3',
    time: 'Nov 22, 10:41 AM',
    page: '/tents/summit-2p',
    request: hit(`${TAG}&${CID}&en=add_to_cart&cu=USD&epn.value=249.9&${TENT}`, '/tents/summit-2p', 'Summit 2P tent'),
    perDay: [1480, 1502, 1390, 1611, 1420, 1330, 840],
  },
  {
    id: 'r4',
    time: 'Nov 22, 10:39 AM',
    page: '/',
    // Sent before the Google tag had set its _ga cookie: no client id.
    request: hit(`${TAG}&en=page_view`, '/', 'Northwind Outdoor'),
    perDay: [30, 28, 35, 41, 37, 33, 25],
  },
  {
    id: 'r5',
    time: 'Nov 22, 10:38 AM',
    page: '/tents',
    request: hit(`${TAG}&${CID}&en=view_item_list&cu=USD&ep.item_list_name=Tents&${TENT}`, '/tents', 'Tents'),
    perDay: [5000, 5200, 5000, 5300, 4700, 4700, 2800],
  },
];
