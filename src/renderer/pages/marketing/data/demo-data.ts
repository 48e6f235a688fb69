/**
 * The read-only demo's sample organization: a week of a small shop's GA4 traffic as Tracklint
 * would show it. Static, so /demo works without an account, a server call or a database.
 */
export type DemoStatus = 'pass' | 'warning' | 'fail';

export interface DemoFinding {
  ruleId: string;
  severity: 'error' | 'warning' | 'info';
  message: string;
  fix: string;
}

export interface DemoRequest {
  id: string;
  time: string;
  event: string;
  page: string;
  status: DemoStatus;
  findings: DemoFinding[];
}

export const DEMO_ORGANIZATION = { name: 'Northwind Outdoor', website: 'shop.northwind.example' };

export const DEMO_KPIS = [
  { label: 'Requests (7 days)', value: '48,912' },
  { label: 'Pass rate', value: '94.6%' },
  { label: 'Critical', value: '612' },
  { label: 'Warnings', value: '2,031' },
] as const;

/** Requests per day by status, oldest first. */
export const DEMO_DAYS = [
  { period: 'Nov 16', pass: 6480, warning: 240, fail: 61 },
  { period: 'Nov 17', pass: 6702, warning: 251, fail: 58 },
  { period: 'Nov 18', pass: 6390, warning: 266, fail: 70 },
  { period: 'Nov 19', pass: 6911, warning: 302, fail: 144 },
  { period: 'Nov 20', pass: 6120, warning: 331, fail: 131 },
  { period: 'Nov 21', pass: 6030, warning: 318, fail: 88 },
  { period: 'Nov 22', pass: 3640, warning: 323, fail: 60 },
];

const CID_MISSING: DemoFinding = {
  ruleId: 'basic.cid_present',
  severity: 'error',
  message: 'The hit has no client ID (cid), so GA4 cannot tie it to a user.',
  fix: 'Make sure the Google tag loads before events fire, and that nothing strips the _ga cookie.',
};
const TRANSACTION_ID: DemoFinding = {
  ruleId: 'ecom.purchase_transaction_id',
  severity: 'error',
  message: 'A purchase without transaction_id cannot be deduplicated: refreshes count twice.',
  fix: 'Send the order number as transaction_id with every purchase event.',
};
const CURRENCY: DemoFinding = {
  ruleId: 'ecom.purchase_currency',
  severity: 'warning',
  message: 'value is set but currency is missing, so revenue is not reported.',
  fix: 'Add currency (ISO 4217, e.g. USD) next to value.',
};
const LONG_PARAM: DemoFinding = {
  ruleId: 'basic.param_value_length',
  severity: 'warning',
  message: 'page_title is 131 characters; GA4 cuts parameter values at 100.',
  fix: 'Shorten the value or send it in a custom dimension designed for long text.',
};

export const DEMO_REQUESTS: DemoRequest[] = [
  { id: 'r1', time: 'Nov 22, 10:42 AM', event: 'purchase', page: '/checkout/thank-you', status: 'fail', findings: [TRANSACTION_ID, CURRENCY] },
  { id: 'r2', time: 'Nov 22, 10:41 AM', event: 'page_view', page: '/tents/summit-2p', status: 'warning', findings: [LONG_PARAM] },
  { id: 'r3', time: 'Nov 22, 10:41 AM', event: 'add_to_cart', page: '/tents/summit-2p', status: 'pass', findings: [] },
  { id: 'r4', time: 'Nov 22, 10:39 AM', event: 'page_view', page: '/', status: 'fail', findings: [CID_MISSING] },
  { id: 'r5', time: 'Nov 22, 10:38 AM', event: 'view_item_list', page: '/tents', status: 'pass', findings: [] },
];

/** The rules that failed most this week, for the findings summary. */
export const DEMO_TOP_RULES = [
  { ruleId: 'basic.param_value_length', title: 'Parameter values within 100 characters', count: 1820 },
  { ruleId: 'ecom.purchase_transaction_id', title: 'Purchases carry a transaction ID', count: 402 },
  { ruleId: 'basic.cid_present', title: 'Every hit has a client ID', count: 210 },
  { ruleId: 'ecom.purchase_currency', title: 'Revenue has a currency', count: 211 },
];
