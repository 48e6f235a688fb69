import { signatureHeader } from '../secrets';
import { SEVERITY_LEVEL_LABELS } from '../../../shared/severity';
import type { AlertMessage } from '../message';
import { postJson, type SendPolicy, type SendResult } from './send-result';

/** The JSON body receivers get: stable field names, snake_case like the data API. */
export function webhookBody(m: AlertMessage): Record<string, unknown> {
  return {
    id: m.deliveryId,
    type: m.event === 'test' ? 'test' : `alert.${m.event}`,
    sent_at: m.sentAt,
    organization: { id: m.organizationId, name: m.organizationName },
    website: m.websiteName,
    alert: {
      id: m.alert.id,
      kind: m.alert.kind,
      severity: m.alert.severity,
      // The word people read everywhere else (Critical, Warning, Info).
      severity_label: SEVERITY_LEVEL_LABELS[m.alert.severity],
      status: m.alert.status,
      title: m.alert.title,
      summary: m.alert.summary,
      details: m.alert.details,
      opened_at: m.alert.openedAt,
      resolved_at: m.alert.resolvedAt,
      resolution: m.alert.resolution,
    },
    link: m.link,
  };
}

/**
 * POSTs the body signed with the channel's secret: X-Tracklint-Signature is `t=<unix seconds>,v1=<hex>`
 * where hex is HMAC-SHA256(secret, "<t>.<raw body>"). Receivers recompute it and reject old timestamps.
 */
export function sendWebhook(url: string, secret: string, m: AlertMessage, nowMs: number, policy?: SendPolicy): Promise<SendResult> {
  const body = JSON.stringify(webhookBody(m));
  const t = Math.floor(nowMs / 1000);
  return postJson(url, body, { 'x-tracklint-signature': signatureHeader(secret, t, body), 'x-tracklint-timestamp': String(t), 'x-tracklint-delivery': m.deliveryId }, policy);
}
