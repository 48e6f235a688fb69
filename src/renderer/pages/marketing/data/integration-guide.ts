/**
 * Placeholders used by the integration guide. The host is the customer's Tracklint address
 * (the hosted service or a self-hosted server); the key identifies one website.
 * The collector paths must match the server's collector routes.
 */
export const GUIDE_PLACEHOLDERS = {
  host: 'https://YOUR-TRACKLINT-HOST',
  websiteKey: 'YOUR_WEBSITE_KEY',
  measurementId: 'G-XXXXXXXXXX',
} as const;

export const COLLECTOR_PATHS = {
  tracker: '/tracker.js',
  gtagCopy: '/collect/g/collect',
  measurementProtocol: '/collect/mp/collect',
} as const;

export function trackerSnippet(host: string = GUIDE_PLACEHOLDERS.host, websiteKey: string = GUIDE_PLACEHOLDERS.websiteKey): string {
  return `<script async src="${host}${COLLECTOR_PATHS.tracker}" data-website-key="${websiteKey}"></script>`;
}

export function measurementProtocolExample(
  host: string = GUIDE_PLACEHOLDERS.host,
  websiteKey: string = GUIDE_PLACEHOLDERS.websiteKey,
  measurementId: string = GUIDE_PLACEHOLDERS.measurementId,
): string {
  return [
    `curl -X POST "${host}${COLLECTOR_PATHS.measurementProtocol}?measurement_id=${measurementId}" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -H "X-Tracklint-Key: ${websiteKey}" \\`,
    `  -d '{"client_id":"123.456","events":[{"name":"purchase","params":{"session_id":"1700000000","engagement_time_msec":100,"transaction_id":"T-1001","value":25.5,"currency":"USD"}}]}'`,
  ].join('\n');
}
