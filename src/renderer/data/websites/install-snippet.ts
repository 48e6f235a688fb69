/** What a customer pastes or calls to send their GA4 hits to Tracklint. */

function base(origin: string): string {
  return origin.replace(/\/+$/, '');
}

/**
 * The tracker script tag: it mirrors each GA4 request to Tracklint. It is loaded without `async`
 * and placed before the Google tag, so its hooks are in place before gtag sends the first hit.
 */
export function trackerSnippet(origin: string, siteKey: string): string {
  return `<script src="${base(origin)}/t.js?site=${encodeURIComponent(siteKey)}"></script>`;
}

/** The Measurement Protocol endpoint for server-side events (the site key as `site`). */
export function measurementProtocolUrl(origin: string, siteKey: string): string {
  return `${base(origin)}/mp/collect?site=${encodeURIComponent(siteKey)}`;
}

/** Google-style validation endpoint: answers with validation messages, stores nothing. */
export function debugMeasurementProtocolUrl(origin: string, siteKey: string): string {
  return `${base(origin)}/debug/mp/collect?site=${encodeURIComponent(siteKey)}`;
}

/** gtag's own format sent straight to Tracklint (server-side tagging). */
export function gtagCollectUrl(origin: string, siteKey: string): string {
  return `${base(origin)}/g/collect?site=${encodeURIComponent(siteKey)}`;
}
