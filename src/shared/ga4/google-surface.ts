/**
 * Google's request surface as a page running gtag.js / Google Tag Manager sends it (issue 22):
 * which host and path families are GA4 collection and which are not. A page with a Google tag
 * also sends Google Ads conversion and consent pings, Merchant Center pings, Floodlight
 * activities and loads tag scripts, often through the same first-party server-side GTM host. A
 * capture (HAR, tag monitor, mirror) holds them next to the GA4 hits; judging them as GA4 gives
 * a dozen false errors each. `recognizeNotGa4` names them so the engine can say what they are
 * (one information finding) and run no GA4 rule on them.
 *
 * One table, checked against Google's documentation (`source`) and real traffic (the corpora in
 * tests/fixtures/ga4) on `GOOGLE_SURFACE_CHECKED`. Path families match on any host, because
 * server-side GTM and the Google tag gateway forward the same paths from first-party hosts.
 */

export interface GoogleSurfaceEntry {
  /** Stable id, stored with results (`notGa4Collection.surface`). */
  id: string;
  /** What the request is, as a reader says it ("Google Ads conversion ping"). */
  what: string;
  /** Hosts it is seen on (documentation only; matching is by `host`/`path` below). */
  hosts: string;
  /** Paths (documentation only). */
  paths: string;
  /** True for GA4 collection (the engine validates these). */
  ga4: boolean;
  /** Google's page documenting the family, or the traffic it was seen on. */
  source: string;
  /** Host test (lower-case host), when the family is recognised by host. */
  host?: RegExp;
  /** Path test, when the family is recognised by path. Both set: both must match. */
  path?: RegExp;
}

export const GOOGLE_SURFACE_CHECKED = '2026-11-27';

const CSP = 'https://developers.google.com/tag-platform/security/guides/csp';

/** In match order: the first entry whose host and path tests pass names the request. */
export const GOOGLE_SURFACE: readonly GoogleSurfaceEntry[] = [
  {
    id: 'ga4_signals',
    what: 'Google Signals / advertising copy of a GA4 hit (stats.g.doubleclick.net)',
    hosts: 'stats.g.doubleclick.net',
    paths: '/g/collect, /j/collect',
    ga4: false,
    source: `${CSP} (Google Analytics with Google Signals); Omnibug excludes it`,
    host: /^stats\.g\.doubleclick\.net$/,
  },
  {
    id: 'ga4_gtag',
    what: 'GA4 gtag.js hit',
    hosts: 'www.google-analytics.com, region1.google-analytics.com, analytics.google.com, any first-party (sGTM) host',
    paths: '/g/collect; tag gateway /<prefix>/ag/g/c, /<prefix>/ga/g/c; any first-party path carrying a v=2 payload for a G- id',
    ga4: true,
    source: 'https://developers.google.com/tag-platform/tag-manager/gateway',
    path: /\/g\/(collect|c)$/,
  },
  {
    id: 'ga4_mp',
    what: 'GA4 Measurement Protocol hit',
    hosts: 'www.google-analytics.com, region1.google-analytics.com, any relay',
    paths: '/mp/collect, /debug/mp/collect',
    ga4: true,
    source: 'https://developers.google.com/analytics/devguides/collection/protocol/ga4/sending-events',
    path: /\/mp\/collect$/,
  },
  {
    id: 'ads_ccm',
    what: 'Google tag conversion / consent ping (/ccm/…)',
    hosts: 'www.google.com, ad.doubleclick.net, first-party sGTM and tag gateway hosts (/<prefix>/g/d/ccm/…)',
    paths: '/ccm/collect, /ccm/s/collect, /ccm/conversion/<id>/, /ccm/form-data/<id>',
    ga4: false,
    source: `${CSP} (Google Ads conversions: www.google.com)`,
    path: /\/ccm\/(collect|s\/collect|conversion\/|form-data\/)/,
  },
  {
    id: 'ads_rmkt',
    what: 'Google Ads remarketing ping (/rmkt/collect)',
    hosts: 'www.google.com, first-party sGTM hosts',
    paths: '/rmkt/collect/<AW id>/',
    ga4: false,
    source: `${CSP} (Google Ads remarketing: www.google.com)`,
    path: /\/rmkt\/collect(\/|$)/,
  },
  {
    id: 'ua_collect',
    what: 'Universal Analytics hit (/j/collect; Universal Analytics stopped processing in July 2024)',
    hosts: 'www.google-analytics.com, region1.google-analytics.com',
    paths: '/j/collect, /r/collect',
    ga4: false,
    source: 'https://support.google.com/analytics/answer/11583528',
    host: /(^|\.)google-analytics\.com$/,
    path: /^\/(j|r)\/collect$/,
  },
  {
    id: 'ads_pagead',
    what: 'Google Ads conversion / remarketing ping (/pagead/…)',
    hosts: 'www.googleadservices.com, googleads.g.doubleclick.net, www.google.com, pagead2.googlesyndication.com, first-party sGTM hosts',
    paths: '/pagead/conversion/…, /pagead/1p-conversion/…, /pagead/viewthroughconversion/…, /pagead/1p-user-list/…, /pagead/landing, /pagead/form-data/…',
    ga4: false,
    source: `${CSP} (Google Ads conversions and remarketing)`,
    path: /\/pagead\//,
  },
  {
    id: 'ads_measurement',
    what: 'Google Ads conversion ping (/measurement/conversion)',
    hosts: 'www.google.com, first-party sGTM hosts',
    paths: '/measurement/conversion/…, /measurement/1p-conversion/…',
    ga4: false,
    source: `${CSP} (Google Ads conversions)`,
    path: /\/measurement\/(1p-)?conversion(\/|$)/,
  },
  {
    id: 'ads_audiences',
    what: 'Google Analytics audience ping for Google Ads remarketing (/ads/ga-audiences)',
    hosts: 'www.google.com, www.google.<country>',
    paths: '/ads/ga-audiences',
    ga4: false,
    source: `${CSP} (Google Analytics with Google Signals: www.google.<TLD>)`,
    path: /\/ads\/ga-audiences$/,
  },
  {
    id: 'ads_td',
    what: 'Google Ads remarketing (Protected Audience) ping (td.doubleclick.net)',
    hosts: 'td.doubleclick.net',
    paths: '/td/rul/…, /td/ga/rul, /td/fls/rul/…',
    ga4: false,
    source: `${CSP} (Google Ads remarketing: td.doubleclick.net)`,
    path: /^\/td\//,
  },
  {
    id: 'merchant_center',
    what: 'Google Merchant Center ping (/mc/collect)',
    hosts: 'www.merchant-center-analytics.goog, first-party sGTM hosts',
    paths: '/mc/collect',
    ga4: false,
    source: 'Merchant Center conversion pings sent by the Google tag (seen on GA4 pages)',
    path: /\/mc\/collect$/,
  },
  {
    id: 'merchant_center_host',
    what: 'Google Merchant Center ping',
    hosts: 'merchant-center-analytics.goog',
    paths: 'any',
    ga4: false,
    source: 'Merchant Center conversion pings sent by the Google tag (seen on GA4 pages)',
    host: /(^|\.)merchant-center-analytics\.goog$/,
  },
  {
    id: 'floodlight',
    what: 'Floodlight (Campaign Manager 360) activity',
    hosts: '<advertiser>.fls.doubleclick.net, ad.doubleclick.net',
    paths: '/activityi;…, /activity;…',
    ga4: false,
    source: `${CSP} (Floodlight: *.fls.doubleclick.net, ad.doubleclick.net)`,
    path: /\/activityi?;/,
  },
  {
    id: 'doubleclick',
    what: 'DoubleClick / Google Ads request (doubleclick.net)',
    hosts: '*.doubleclick.net',
    paths: 'any',
    ga4: false,
    source: `${CSP} (Google Ads and Floodlight domains)`,
    host: /(^|\.)doubleclick\.net$/,
  },
  {
    id: 'tag_loader',
    what: 'Google tag / Tag Manager script load (gtag.js, gtm.js), not a hit',
    hosts: 'www.googletagmanager.com, first-party sGTM and tag gateway hosts',
    paths: '/gtag/js, /gtm.js, /gtag/destination, /ns.html',
    ga4: false,
    source: 'https://developers.google.com/tag-platform/tag-manager/server-side/dependency-serving',
    path: /\/(gtag\/js|gtag\/destination|gtm\.js|ns\.html)$/,
  },
  {
    id: 'gtm_diagnostics',
    what: 'Google Tag Manager diagnostics ping (www.googletagmanager.com/a)',
    hosts: 'www.googletagmanager.com',
    paths: '/a, /td',
    ga4: false,
    source: `${CSP} (www.googletagmanager.com)`,
    host: /^www\.googletagmanager\.com$/,
    path: /^\/(a|td)$/,
  },
];

/** What a first-party request without a GA4 payload is, when no family above names it. */
export const FIRST_PARTY_NOT_GA4: GoogleSurfaceEntry = {
  id: 'first_party_not_ga4',
  what: 'Request without a GA4 v=2 payload (e.g. a server-side GTM loader or custom client path)',
  hosts: 'any host but Google collection hosts',
  paths: 'any path that is not a GA4 endpoint',
  ga4: false,
  source: 'https://developers.google.com/tag-platform/tag-manager/server-side/custom-domain',
};

export interface NotGa4Collection {
  /** GOOGLE_SURFACE id. */
  surface: string;
  /** What the request is. */
  what: string;
}

/** A long base64 / base64url token: the encoded payload of an sGTM custom loader or client. */
const ENCODED_PAYLOAD = /(^|[=/?&])[A-Za-z0-9+/_-]{48,}={0,2}($|[&/])/;

/** A path that ends in a script file: a tag loaded from a first-party host. */
const SCRIPT_PATH = /\.js$/;

/**
 * The non-GA4 family of a Google request, by host and path, or undefined (GA4 collection, or not
 * a Google family). Cheap: one pass over a dozen anchored tests.
 */
export function googleFamilyOf(host: string, path: string): GoogleSurfaceEntry | undefined {
  // Nearly every hit: /g/collect or /mp/collect on a host other than stats.g.doubleclick.net.
  if ((path.endsWith('/g/collect') || path.endsWith('/mp/collect')) && host !== 'stats.g.doubleclick.net') return undefined;
  for (let i = 0; i < GOOGLE_SURFACE.length; i++) {
    const s = GOOGLE_SURFACE[i] as GoogleSurfaceEntry;
    if (s.host !== undefined && !s.host.test(host)) continue;
    if (s.path !== undefined && !s.path.test(path)) continue;
    return s.ga4 ? undefined : s;
  }
  return undefined;
}

/** The finding's text: what it is and that it was not validated. */
export function notGa4Message(entry: Pick<GoogleSurfaceEntry, 'what'>, detail?: string): string {
  return `${entry.what}${detail ? ` ${detail}` : ''}, not a GA4 hit; not validated.`;
}

/**
 * What a request that is not GA4 collection is: a Google family by host and path, else (for a
 * request the decoder found no GA4 payload in) a first-party path, with a word on its payload.
 */
export function describeNotGa4(host: string, path: string, rawQuery: string, body: string): NotGa4Collection {
  const family = googleFamilyOf(host, path);
  if (family) return { surface: family.id, what: notGa4Message(family) };
  const shown = path.length > 60 ? `${path.slice(0, 57)}…` : path || '/';
  const payload = SCRIPT_PATH.test(path)
    ? 'a script load'
    : ENCODED_PAYLOAD.test(rawQuery) || ENCODED_PAYLOAD.test(path) || ENCODED_PAYLOAD.test(body.slice(0, 4096))
      ? 'an encoded (base64) payload'
      : 'no GA4 v=2 payload';
  return {
    surface: FIRST_PARTY_NOT_GA4.id,
    what: `Request to "${shown}"${host ? ` on ${host}` : ''} with ${payload} (e.g. a server-side GTM loader or custom client), not a GA4 hit; not validated.`,
  };
}
