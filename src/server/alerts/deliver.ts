import type { Database, SqlClient } from '../db/database';
import type { Mailer } from '../mail/mailer';
import { digestEmail } from './channels/digest';
import { sendEmail, sendMail } from './channels/email';
import type { SendResult } from './channels/send-result';
import { sendSlack } from './channels/slack';
import { sendWebhook } from './channels/webhook';
import type { Clock } from './clock';
import type { AlertMessage, DeliveryEvent } from './message';
import type { AlertSeverity } from './observation';
import type { ChannelSecrets } from './secrets';

export interface DeliveryDeps {
  db: Database;
  mailer: Mailer;
  secrets: ChannelSecrets;
  clock: Clock;
  publicUrl: () => string;
  /** Production: receivers' names are resolved at send time and internal addresses refused. */
  refusePrivateAddresses?: boolean;
}

interface DeliveryRow {
  id: string;
  organization_id: string;
  organization_name: string;
  event: DeliveryEvent | 'digest';
  digest_day: string | null;
  status: string;
  attempts: number;
  max_attempts: number;
  channel_id: string;
  channel_kind: 'email' | 'slack' | 'webhook';
  channel_enabled: boolean;
  email_recipients: string[];
  email_members: boolean;
  secret_version: number;
  url_encrypted: string | null;
  custom_alerts: boolean;
  alert_id: string | null;
  kind: string | null;
  severity: AlertSeverity | null;
  alert_status: string | null;
  title: string | null;
  summary: string | null;
  details: Record<string, unknown> | null;
  link: string | null;
  opened_at: Date | null;
  resolved_at: Date | null;
  resolution: string | null;
  website_name: string | null;
}

// The row is locked for the attempt: a duplicate job for the same delivery skips it instead of sending twice.
const LOAD = `
  select d.id, d.organization_id, o.name as organization_name, d.event, to_char(d.digest_day, 'YYYY-MM-DD') as digest_day, d.status, d.attempts, d.max_attempts,
         c.id as channel_id, c.kind as channel_kind, c.enabled as channel_enabled, c.email_recipients, c.email_members, c.secret_version,
         t.url_encrypted,
         public.plan_rank(tracklint_private.effective_plan(o)) >= public.plan_rank(public.feature_required_plan('custom_alerts')) as custom_alerts,
         a.id as alert_id, a.kind, a.severity, a.status as alert_status, a.title, a.summary, a.details, a.link, a.opened_at, a.resolved_at, a.resolution,
         coalesce(nullif(btrim(w.name), ''), w.domain) as website_name
  from public.alert_deliveries d
  join public.organizations o on o.id = d.organization_id
  join public.alert_channels c on c.id = d.channel_id
  left join public.alert_channel_targets t on t.channel_id = c.id
  left join public.alerts a on a.id = d.alert_id
  left join public.websites w on w.id = a.website_id
  where d.id = $1
  for update of d skip locked`;

const MEMBERS = `
  select u.email from public.user_organizations m join auth.users u on u.id = m.user_id
  where m.organization_id = $1 and m.status = 'active' and m.role in ('owner', 'admin') and u.email is not null
  order by u.email`;

const RECORD = `
  update public.alert_deliveries set attempts = attempts + 1, status = $2, last_status_code = $3, last_error = $4,
    attempt_log = attempt_log || jsonb_build_array(jsonb_build_object('at', $5::timestamptz, 'status_code', $3::int, 'error', $4::text)),
    sent_at = case when $2 = 'sent' then $5::timestamptz else sent_at end, updated_at = now()
  where id = $1`;

export type DeliveryOutcome = 'sent' | 'failed' | 'retry' | 'skipped';

function messageOf(row: DeliveryRow & { event: DeliveryEvent }, publicUrl: string, now: Date): AlertMessage {
  const alertsUrl = `${publicUrl}/app/alerts`;
  return {
    deliveryId: row.id,
    event: row.event,
    organizationId: row.organization_id,
    organizationName: row.organization_name,
    websiteName: row.website_name,
    alert: {
      id: row.alert_id,
      kind: row.kind ?? 'test',
      severity: row.severity ?? 'info',
      status: row.alert_status ?? 'open',
      title: row.title ?? 'Test notification',
      summary: row.summary ?? 'This channel works.',
      details: row.details ?? {},
      openedAt: row.opened_at?.toISOString() ?? null,
      resolvedAt: row.resolved_at?.toISOString() ?? null,
      resolution: row.resolution,
    },
    link: row.link ? `${publicUrl}${row.link}` : alertsUrl,
    alertsUrl,
    sentAt: now.toISOString(),
  };
}

/** Sends one message through one channel. Shared by deliveries and "send test". */
export async function sendThroughChannel(
  client: SqlClient,
  deps: Pick<DeliveryDeps, 'mailer' | 'secrets' | 'refusePrivateAddresses'>,
  channel: { id: string; kind: 'email' | 'slack' | 'webhook'; organizationId: string; emailRecipients: string[]; emailMembers: boolean; secretVersion: number; urlEncrypted: string | null },
  message: AlertMessage,
  nowMs: number,
): Promise<SendResult> {
  if (channel.kind === 'email') {
    const members = channel.emailMembers ? (await client.query<{ email: string }>(MEMBERS, [channel.organizationId])).rows.map((r) => r.email) : [];
    return sendEmail(deps.mailer, [...new Set([...members, ...channel.emailRecipients])], message);
  }
  if (!channel.urlEncrypted) return { ok: false, statusCode: null, error: 'The channel has no URL; save one first' };
  let url: string;
  try {
    url = deps.secrets.decryptUrl(channel.urlEncrypted);
  } catch {
    return { ok: false, statusCode: null, error: 'The channel URL cannot be read; save it again' };
  }
  const policy = { refusePrivateAddresses: deps.refusePrivateAddresses ?? false };
  if (channel.kind === 'slack') return sendSlack(url, message, policy);
  return sendWebhook(url, deps.secrets.signingSecret(channel.id, channel.secretVersion), message, nowMs, policy);
}

/**
 * One attempt at one delivery. Returns 'retry' when it failed and attempts remain (the job then
 * fails so the queue retries it with backoff), 'failed' after the last attempt, 'skipped' when
 * another worker holds it or it is no longer pending.
 */
export async function attemptDelivery(deps: DeliveryDeps, deliveryId: string): Promise<DeliveryOutcome> {
  return deps.db.transaction(async (client) => {
    const row = (await client.query<DeliveryRow>(LOAD, [deliveryId])).rows[0];
    if (!row || row.status !== 'pending') return 'skipped';
    const now = deps.clock();
    let result: SendResult;
    if (!row.channel_enabled) result = { ok: false, statusCode: null, error: 'The channel is turned off' };
    else if (row.channel_kind !== 'email' && !row.custom_alerts) result = { ok: false, statusCode: null, error: 'Slack and webhook channels need a plan with custom alerts' };
    else if (row.event === 'digest') {
      const recipients = row.email_members ? (await client.query<{ email: string }>(MEMBERS, [row.organization_id])).rows.map((r) => r.email) : [];
      const until = new Date(`${row.digest_day}T08:00:00Z`);
      result = await sendMail(deps.mailer, [...new Set([...recipients, ...row.email_recipients])], await digestEmail(client, row.organization_id, row.organization_name, until, deps.publicUrl()));
    } else
      result = await sendThroughChannel(
        client,
        deps,
        {
          id: row.channel_id,
          kind: row.channel_kind,
          organizationId: row.organization_id,
          emailRecipients: row.email_recipients,
          emailMembers: row.email_members,
          secretVersion: row.secret_version,
          urlEncrypted: row.url_encrypted,
        },
        messageOf(row as DeliveryRow & { event: DeliveryEvent }, deps.publicUrl(), now),
        now.getTime(),
      );
    const final = result.ok || row.attempts + 1 >= row.max_attempts || !row.channel_enabled;
    const status = result.ok ? 'sent' : final ? 'failed' : 'pending';
    await client.query(RECORD, [row.id, status, result.statusCode, result.error, now]);
    return result.ok ? 'sent' : final ? 'failed' : 'retry';
  });
}
