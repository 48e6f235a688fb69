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

/** What the Measurement Protocol URLs show in place of a secret the user creates (and sees once). */
export const MP_SECRET_PLACEHOLDER = 'YOUR_MP_SECRET';

/**
 * The Measurement Protocol endpoint for server-side events. Like GA4 it needs a secret as
 * `api_secret`: the site key is public (it is in every page) and is refused there.
 */
export function measurementProtocolUrl(origin: string, measurementId = 'G-XXXXXXX', secret = MP_SECRET_PLACEHOLDER): string {
  return `${base(origin)}/mp/collect?measurement_id=${encodeURIComponent(measurementId)}&api_secret=${encodeURIComponent(secret)}`;
}

/** Google-style validation endpoint: answers with validation messages, stores nothing. With the secret it applies the website's own rules. */
export function debugMeasurementProtocolUrl(origin: string, measurementId = 'G-XXXXXXX', secret = MP_SECRET_PLACEHOLDER): string {
  return `${base(origin)}/debug/mp/collect?measurement_id=${encodeURIComponent(measurementId)}&api_secret=${encodeURIComponent(secret)}`;
}
