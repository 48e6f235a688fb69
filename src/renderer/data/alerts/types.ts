export type AlertRuleKind = 'failure_rate' | 'rule_failing' | 'volume_drop' | 'no_hits' | 'event_missing' | 'refused_hits' | 'usage' | 'tracking_drift';
/** The one severity vocabulary (src/shared/severity.ts). */
export type AlertSeverity = import('../../../shared/severity').SeverityLevel;
export type AlertStatus = 'open' | 'acknowledged' | 'resolved';
export type ChannelKind = 'email' | 'slack' | 'webhook';

/** A row of public.alerts. */
export interface AlertRow {
  id: string;
  organization_id: string;
  rule_id: string;
  website_id: string | null;
  subject: string;
  kind: AlertRuleKind;
  severity: AlertSeverity;
  status: AlertStatus;
  title: string;
  summary: string;
  details: Record<string, unknown>;
  link: string | null;
  opened_at: string;
  last_evaluated_at: string;
  acknowledged_at: string | null;
  acknowledged_by: string | null;
  resolved_at: string | null;
  resolved_by: string | null;
  resolution: 'auto' | 'manual' | null;
}

/** A row of public.alert_rules. */
export interface AlertRule {
  id: string;
  organization_id: string;
  website_id: string | null;
  name: string;
  kind: AlertRuleKind;
  params: Record<string, unknown>;
  severity: AlertSeverity;
  channel_ids: string[];
  enabled: boolean;
  is_default: boolean;
  created_at: string;
}

/** A row of public.alert_channels: the URL itself is never readable, only its hint. */
export interface AlertChannel {
  id: string;
  organization_id: string;
  name: string;
  kind: ChannelKind;
  email_recipients: string[];
  email_members: boolean;
  daily_digest: boolean;
  target_hint: string | null;
  enabled: boolean;
  is_default: boolean;
  created_at: string;
}

/** A row of public.alert_deliveries. */
export interface AlertDelivery {
  id: string;
  alert_id: string | null;
  channel_id: string;
  event: 'opened' | 'resolved' | 'test' | 'digest';
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}
