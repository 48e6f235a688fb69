import type { CapturedRequest, TenantFacts } from '../../../src/shared/ga4';

/** Fixed evaluation time so session and timestamp rules are deterministic. */
export const NOW = Date.UTC(2026, 5, 1, 12, 0, 0);
export const SID = String(Math.floor(NOW / 1000) - 600);
export const MID = 'G-TEST12345';

export const FACTS: TenantFacts = {
  measurementIds: [MID],
  allowedHosts: ['shop.example.com'],
  euTraffic: true,
  currencies: ['EUR', 'USD'],
};

/** A clean, realistic gtag page_view that passes every rule. */
export const BASE: Readonly<Record<string, string>> = {
  v: '2',
  tid: MID,
  gtm: '45je5580h2v9219555710za200',
  _p: '1780315000000',
  gcs: 'G111',
  gcd: '13r3r3r2r5l1',
  npa: '0',
  dma: '1',
  dma_cps: 'syphamo',
  cid: '123456789.1700000000',
  ul: 'en-us',
  sr: '1920x1080',
  uafvl: 'Chromium;141.0.7390.37|Google%20Chrome;141.0.7390.37',
  _s: '2',
  sid: SID,
  sct: '2',
  seg: '1',
  dl: 'https://shop.example.com/p/shirt',
  dt: 'Shirt',
  en: 'page_view',
  _et: '1200',
};

export const PURCHASE: Readonly<Record<string, string>> = {
  en: 'purchase',
  cu: 'EUR',
  'ep.transaction_id': 'T1',
  'epn.value': '20',
  pr1: 'idSKU1~nmShirt~pr10~qt2',
};

export interface GtagOptions {
  body?: string[];
  method?: string;
  origin?: string;
  path?: string;
  /** Appended verbatim (for malformed encodings). */
  rawQuery?: string;
  headers?: Record<string, string>;
  at?: number;
}

/** Builds a /g/collect request from BASE plus overrides (null removes a param). */
export function gtag(overrides: Record<string, string | null> = {}, opts: GtagOptions = {}): CapturedRequest {
  const params: Record<string, string> = { ...BASE };
  for (const [k, v] of Object.entries(overrides)) {
    if (v === null) delete params[k];
    else params[k] = v;
  }
  const query = Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  const req: CapturedRequest = {
    method: opts.method ?? 'POST',
    url: `${opts.origin ?? 'https://region1.google-analytics.com'}${opts.path ?? '/g/collect'}?${query}${opts.rawQuery ?? ''}`,
    body: opts.body ? opts.body.join('\n') : '',
    receivedAtMs: opts.at ?? NOW,
  };
  if (opts.headers) req.headers = opts.headers;
  return req;
}

export const MP_BASE = {
  client_id: '123456789.1700000000',
  timestamp_micros: (NOW - 60_000) * 1000,
  consent: { ad_user_data: 'GRANTED', ad_personalization: 'GRANTED' },
  events: [{ name: 'login', params: { method: 'Google', session_id: SID, engagement_time_msec: 100 } }],
};

/** Builds a Measurement Protocol request; `payload` replaces MP_BASE keys (undefined removes). */
export function mp(payload: Record<string, unknown> = {}, opts: { path?: string; rawBody?: string; at?: number } = {}): CapturedRequest {
  const body: Record<string, unknown> = { ...MP_BASE };
  for (const [k, v] of Object.entries(payload)) {
    if (v === undefined) delete body[k];
    else body[k] = v;
  }
  return {
    method: 'POST',
    url: `https://www.google-analytics.com${opts.path ?? '/mp/collect'}?measurement_id=${MID}&api_secret=s3cret`,
    headers: { 'content-type': 'application/json' },
    body: opts.rawBody ?? JSON.stringify(body),
    receivedAtMs: opts.at ?? NOW,
  };
}

export function mpEvent(name: string, params: Record<string, unknown> = {}): Record<string, unknown> {
  return { name, params: { session_id: SID, engagement_time_msec: 100, ...params } };
}
