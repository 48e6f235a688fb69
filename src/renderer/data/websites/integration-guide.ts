import { trackerSnippet as installTrackerSnippet } from './install-snippet';

/**
 * Placeholders and collector paths used by the integration guide. The host is the customer's
 * Tracklint address; the site key identifies one website. The paths mirror the server's
 * collector routes (src/server/collector/routes.ts): keep them in step.
 */
export const GUIDE_PLACEHOLDERS = {
  host: 'https://YOUR-TRACKLINT-HOST',
  siteKey: 'YOUR_SITE_KEY',
  /** Measurement Protocol needs a secret (a website's MP secret or an organization API key), never the public site key. */
  mpSecret: 'YOUR_MP_SECRET',
  measurementId: 'G-XXXXXXXXXX',
} as const;

export const COLLECTOR_PATHS = {
  tracker: '/t.js',
  trackerBatches: '/collect/g',
  gtagDirect: '/g/collect',
  measurementProtocol: '/mp/collect',
  debugMeasurementProtocol: '/debug/mp/collect',
} as const;

export function trackerSnippet(host: string = GUIDE_PLACEHOLDERS.host, siteKey: string = GUIDE_PLACEHOLDERS.siteKey): string {
  return installTrackerSnippet(host, siteKey);
}

export function measurementProtocolUrl(
  host: string = GUIDE_PLACEHOLDERS.host,
  secret: string = GUIDE_PLACEHOLDERS.mpSecret,
  measurementId: string = GUIDE_PLACEHOLDERS.measurementId,
  path: string = COLLECTOR_PATHS.measurementProtocol,
): string {
  return `${host}${path}?${new URLSearchParams({ measurement_id: measurementId, api_secret: secret }).toString()}`;
}

export function measurementProtocolExample(
  host: string = GUIDE_PLACEHOLDERS.host,
  secret: string = GUIDE_PLACEHOLDERS.mpSecret,
  measurementId: string = GUIDE_PLACEHOLDERS.measurementId,
): string {
  return [
    `curl -X POST "${measurementProtocolUrl(host, secret, measurementId)}" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '{`,
    `    "client_id": "123456789.1700000000",`,
    `    "events": [{`,
    `      "name": "purchase",`,
    `      "params": {`,
    `        "session_id": "1700000000",`,
    `        "engagement_time_msec": 100,`,
    `        "transaction_id": "T-1001",`,
    `        "value": 25.5,`,
    `        "currency": "USD"`,
    `      }`,
    `    }]`,
    `  }'`,
  ].join('\n');
}
