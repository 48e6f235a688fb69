import { SEVERITY_LEVEL_LABELS } from '../../shared/severity';
import type { AlertSeverity } from './observation';

export type DeliveryEvent = 'opened' | 'resolved' | 'test';

/** Everything a channel needs to tell people about one alert event, already worded. */
export interface AlertMessage {
  deliveryId: string;
  event: DeliveryEvent;
  organizationId: string;
  organizationName: string;
  websiteName: string | null;
  alert: {
    id: string | null;
    kind: string;
    severity: AlertSeverity;
    status: string;
    title: string;
    summary: string;
    details: Record<string, unknown>;
    openedAt: string | null;
    resolvedAt: string | null;
    resolution: string | null;
  };
  /** Absolute link to the requests behind the alert (or to the alerts page). */
  link: string;
  alertsUrl: string;
  sentAt: string;
}

/** One line saying what happened, for subjects and Slack's fallback text. */
export function headline(m: AlertMessage): string {
  if (m.event === 'test') return `Test notification from Tracklint for ${m.organizationName}`;
  const prefix = m.event === 'resolved' ? 'Resolved' : `${SEVERITY_LEVEL_LABELS[m.alert.severity]} alert`;
  return `${prefix}: ${m.alert.title}`;
}

/** The event's wording: what the person should know in one sentence. */
export function eventText(m: AlertMessage): string {
  if (m.event === 'test') return 'This is a test. Alerts of the rules that use this channel will arrive like this.';
  if (m.event === 'resolved') return m.alert.resolution === 'manual' ? 'This alert was resolved by hand.' : 'The condition has cleared; the alert resolved itself.';
  return m.alert.summary;
}

/** Builds the message of a test send, so a test looks like the real thing. */
export function testMessage(deliveryId: string, organizationId: string, organizationName: string, publicUrl: string, now: Date): AlertMessage {
  return {
    deliveryId,
    event: 'test',
    organizationId,
    organizationName,
    websiteName: null,
    alert: {
      id: null,
      kind: 'test',
      severity: 'info',
      status: 'open',
      title: 'Test notification',
      summary: 'This channel works.',
      details: {},
      openedAt: now.toISOString(),
      resolvedAt: null,
      resolution: null,
    },
    link: `${publicUrl}/app/alerts`,
    alertsUrl: `${publicUrl}/app/alerts`,
    sentAt: now.toISOString(),
  };
}
